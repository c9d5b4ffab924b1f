"""The engine's optional compiled build (mypyc): which build runs (the build command is
:mod:`games.engine.build`).

The pure-Python engine is the source and the fallback. ``python -m games.engine.build`` (or
``make engine-compiled``) compiles the modules of :data:`COMPILED` with mypyc into
``build/engine-compiled/`` beside the repository (never in place: mypyc's ``.so`` files next to
the sources would shadow them for good). That folder holds the extension modules, mypyc's shared
library and ``manifest.json``: the modules, the Python ABI and a hash of every engine source.

When :mod:`games.engine` is imported, :func:`select` picks the build, from ``TUTE_ENGINE``:

* ``pure``: the pure engine, whatever is built;
* ``compiled``: the compiled build, or an ``ImportError`` saying why it cannot be used;
* unset or ``auto``: the compiled build when it is built and up to date (its sources' hashes
  match), else the pure engine (a stale build is skipped with a warning).

The compiled modules are loaded by a finder put first on ``sys.meta_path``, so one process runs
one build; :data:`ACTIVE` says which. Django, the Celery workers and the bots pick it up without
further setting. ``TUTE_ENGINE_DIR`` names another build folder.

Modules kept pure are listed with the reason in :data:`PURE` (entry points that check their
arguments' types themselves, programs run with ``python -m``, exceptions, the benchmark's loop).
What is compiled: cards, actions, rules, the deal, values, observations and copies, the hand and
match class hierarchy (``hooks``, ``state``, ``match``, ``variants/``: mypyc native classes, see
docs/engine.md "Compiled build") and the bots.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

ENGINE = Path(__file__).resolve().parent
REPO = ENGINE.parents[1]
#: The default build folder (gitignored).
DEFAULT_DIR = REPO / "build" / "engine-compiled"
#: mypyc's shared library of the build (a top-level module ``tute_engine__mypyc``).
GROUP = "tute_engine"
#: Engine modules never compiled (paths relative to ``games/engine``; a folder ends in ``/``),
#: with the reason.
PURE = {
    "__init__.py": "chooses the build",
    "__main__.py": "command line",
    "build.py": "the build command",
    "compiled.py": "chooses the build",
    "conformance.py": "run as a program (python -m): a compiled module has no code object",
    "bots/arena.py": "run as a program (python -m)",
    "bots/worker.py": "run as a program (python -m)",
    "bench.py": "the benchmark's own loop stays pure, so that it measures the engine",
    "simulate.py": "command line",
    "errors.py": "exceptions deriving from ValueError/KeyError (mypyc: not implemented)",
    "variant.py": "entry point: checks its arguments' types itself",
    "records.py": "entry point: checks a record's shape itself",
    "native.py": "mypyc's decorators without mypy_extensions at run time (pure fallback)",
    "bots/__init__.py": "package",
}
#: Packages left out entirely (pure): owned elsewhere, or not yet compiled.
PURE_PACKAGES = ("analysis",)

#: Which build this process runs: ``"pure"`` or ``"compiled"`` (set by :func:`select`).
ACTIVE = "pure"
#: Why the compiled build is not used (empty when it is).
REASON = ""


def sources() -> list[Path]:
    """Every engine source the build depends on (the pure ones too: they are type-checked
    with the compiled ones), sorted."""
    out = []
    for path in sorted(ENGINE.rglob("*.py")):
        rel = path.relative_to(ENGINE)
        if rel.parts[0] in PURE_PACKAGES or rel.as_posix() == "__main__.py":
            continue
        out.append(path)
    return out


def is_pure(rel: str) -> bool:
    """Whether the module at ``rel`` (relative to ``games/engine``) stays pure."""
    return any(rel == k or (k.endswith("/") and rel.startswith(k)) for k in PURE)


def compiled_sources() -> list[Path]:
    """The modules compiled, as paths."""
    return [p for p in sources() if not is_pure(p.relative_to(ENGINE).as_posix())]


#: The compiled modules, as paths relative to ``games/engine`` (for the documentation).
def compiled_names() -> list[str]:
    return [p.relative_to(ENGINE).as_posix() for p in compiled_sources()]


def source_hash() -> str:
    """One hash over every source of :func:`sources` (names and contents)."""
    h = hashlib.sha256()
    for path in sources():
        h.update(path.relative_to(ENGINE).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def build_dir() -> Path:
    return Path(os.environ.get("TUTE_ENGINE_DIR") or DEFAULT_DIR)


def _suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def read_manifest(folder: Path) -> dict[str, object] | None:
    try:
        data = json.loads((folder / "manifest.json").read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def check(folder: Path) -> tuple[dict[str, str], str]:
    """The compiled modules of ``folder`` (module name to file) if usable, else ``({}, why)``."""
    manifest = read_manifest(folder)
    if manifest is None:
        return {}, f"no compiled build in {folder} (make engine-compiled)"
    if manifest.get("suffix") != _suffix():
        return {}, f"the build in {folder} is for another Python ({manifest.get('suffix')})"
    if manifest.get("sources") != source_hash():
        return {}, f"the build in {folder} is stale: the engine changed (make engine-compiled)"
    modules = manifest.get("modules")
    if not isinstance(modules, dict) or not modules:
        return {}, f"the manifest in {folder} lists no modules"
    files = {str(k): str(v) for k, v in modules.items()}
    missing = [f for f in files.values() if not (folder / f).exists()]
    if missing:
        return {}, f"the build in {folder} lacks {missing[0]}"
    return files, ""


class CompiledFinder:
    """A meta path finder loading the compiled build's extension modules by name."""

    def __init__(self, folder: Path, files: dict[str, str]) -> None:
        self.folder = folder
        self.files = files

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        rel = self.files.get(fullname)
        if rel is None:
            return None
        return importlib.util.spec_from_file_location(fullname, self.folder / rel)


def select() -> str:
    """Choose the build for this process (once) from ``TUTE_ENGINE``; ``"pure"`` or
    ``"compiled"``. Called by ``games/engine/__init__.py`` before any other engine import."""
    global ACTIVE, REASON
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return ACTIVE
    want = os.environ.get("TUTE_ENGINE", "auto").strip().lower() or "auto"
    if want not in ("auto", "pure", "compiled"):
        raise ImportError(f"TUTE_ENGINE={want!r}: use pure, compiled or auto.")
    if want == "pure":
        ACTIVE, REASON = "pure", "TUTE_ENGINE=pure"
        return ACTIVE
    folder = build_dir()
    files, why = check(folder)
    if not files:
        ACTIVE, REASON = "pure", why
        if want == "compiled":
            raise ImportError(f"TUTE_ENGINE=compiled: {why}")
        if "stale" in why or "another Python" in why:
            warnings.warn(f"using the pure engine: {why}", RuntimeWarning, stacklevel=2)
        return ACTIVE
    sys.meta_path.insert(0, CompiledFinder(folder, files))
    ACTIVE, REASON = "compiled", ""
    return ACTIVE


def describe() -> str:
    """One line: the build this process runs (and why not the compiled one)."""
    if ACTIVE == "compiled":
        return f"compiled (mypyc, {build_dir()})"
    return f"pure ({REASON})" if REASON else "pure"


select()  # on import, before any other engine module (games/engine/__init__.py imports us first)
