"""``python -m league.pairing``: the conformance interface; ``… bench``: the benchmark."""

from __future__ import annotations

import sys

from league.pairing import bench, conformance


def main(argv: list[str]) -> int:
    """Dispatch on the first argument: none for the interface, ``bench`` for the benchmark."""
    if not argv:
        return conformance.main()
    if argv == ["bench"]:
        return bench.main()
    print("usage: python -m league.pairing [bench]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
