"""Build the engine's compiled modules: ``python -m games.engine.build`` (``make engine-compiled``).

Compiles :func:`~games.engine.compiled.compiled_sources` with mypyc (``--strict``) in a copy of
the sources, then keeps only the extension modules, mypyc's shared library and a manifest in the
build folder (see :mod:`games.engine.compiled`, which chooses the build at import).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from games.engine.compiled import (
    ENGINE,
    GROUP,
    _suffix,
    build_dir,
    check,
    compiled_sources,
    source_hash,
    sources,
)

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
paths = sys.argv[1:]
sys.argv = [sys.argv[0], "build_ext", "--inplace", "--parallel", "{jobs}"]
setup(name="tute_engine_compiled", py_modules=[],
      ext_modules=mypycify(["--strict", *paths], opt_level="{opt}", group_name="{group}"))
"""


def build(folder: Path, jobs: int = 2, opt: str = "3", quiet: bool = False) -> dict[str, str]:
    """Compile :func:`compiled_sources` with mypyc into ``folder``; the module files built."""
    digest = source_hash()
    stage = folder / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    (stage / "games").mkdir(parents=True)
    (stage / "games" / "__init__.py").write_text("")
    for path in sources():
        dest = stage / "games" / "engine" / path.relative_to(ENGINE)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
    paths = [
        (Path("games") / "engine" / p.relative_to(ENGINE)).as_posix() for p in compiled_sources()
    ]
    script = _SETUP.format(jobs=jobs, opt=opt, group=GROUP)
    out = subprocess.DEVNULL if quiet else None
    subprocess.run(
        [sys.executable, "-c", script, *paths],
        cwd=stage,
        check=True,
        stdout=out,
        env={**os.environ, "MYPY_FORCE_COLOR": "0"},
    )
    suffix = _suffix()
    files: dict[str, str] = {}
    lib = folder / "lib"
    if lib.exists():
        shutil.rmtree(lib)
    lib.mkdir(parents=True)
    for rel in paths:
        module = rel.removesuffix(".py").replace("/", ".")
        built = stage / (rel.removesuffix(".py") + suffix)
        target = lib / built.relative_to(stage)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)
        files[module] = target.relative_to(folder).as_posix()
    shared = next(stage.glob(f"{GROUP}__mypyc*{suffix}"))
    shutil.copy2(shared, lib / shared.name)
    files[f"{GROUP}__mypyc"] = (lib / shared.name).relative_to(folder).as_posix()
    manifest = {"suffix": suffix, "sources": digest, "modules": files}
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))
    shutil.rmtree(stage)
    return files


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.engine.build",
        description="Compile the engine with mypyc into build/engine-compiled (docs/engine.md).",
    )
    parser.add_argument("--dir", type=Path, default=None, help="build folder")
    parser.add_argument("--jobs", type=int, default=2, help="C compilers run at once")
    parser.add_argument("--opt", default="3", help="C optimisation level (0-3)")
    parser.add_argument(
        "--if-stale", action="store_true", help="do nothing when the build is up to date"
    )
    args = parser.parse_args(argv)
    folder: Path = args.dir or build_dir()
    if args.if_stale and check(folder)[0]:
        print(f"compiled engine up to date in {folder}")
        return 0
    start = time.monotonic()
    files = build(folder, jobs=args.jobs, opt=args.opt)
    print(
        f"compiled {len(files) - 1} engine modules with mypyc into {folder} "
        f"in {time.monotonic() - start:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
