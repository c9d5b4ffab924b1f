"""The engine's command line: ``python -m games.engine <command> ...``.

Commands: ``simulate`` (random players play whole matches; a summary), ``bench`` (random
hands per second and the cost of ``legal_actions`` / ``apply_action`` per variant), and the
bots' ``arena`` and ``bench-bots`` (:mod:`games.engine.bots.arena`), and
``analyse-bench`` (:mod:`games.engine.analysis.bench`). Each command
is one function decorated with :func:`command`: it adds its parser and names the function that
runs it; the logic lives in its own module (:mod:`games.engine.simulate`,
:mod:`games.engine.bench`), imported only when that command runs. Adding a command is adding
one such function::

    @command
    def arena(sub: Subparsers) -> None:
        from games.engine.bots import arena
        p = sub.add_parser("arena", help="bots against bots on duplicate deals")
        arena.add_arena_arguments(p)
        p.set_defaults(run=arena.arena_main)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

Subparsers = Any  # argparse's _SubParsersAction, private in typeshed
#: The functions that add a command, in the order ``--help`` lists them.
COMMANDS: list[Callable[[Subparsers], None]] = []


def command(add: Callable[[Subparsers], None]) -> Callable[[Subparsers], None]:
    """Register a function that adds one subcommand (its parser and ``run``)."""
    COMMANDS.append(add)
    return add


@command
def simulate(sub: Subparsers) -> None:
    from games.engine import simulate as module

    p = sub.add_parser(
        "simulate",
        help="random players play whole matches; print a summary",
        description=module.__doc__.split("\n\n")[0] if module.__doc__ else None,
    )
    module.add_arguments(p)
    p.set_defaults(run=module.main)


@command
def bench(sub: Subparsers) -> None:
    from games.engine import bench as module

    p = sub.add_parser(
        "bench",
        help="random hands per second and the cost of each call",
        description=module.__doc__.split("\n\n")[0] if module.__doc__ else None,
    )
    module.add_arguments(p)
    p.set_defaults(run=module.main)


@command
def arena(sub: Subparsers) -> None:
    from games.engine.bots import arena as module

    p = sub.add_parser(
        "arena", help="bots against bots on duplicate deals; win rates with Wilson 95%% intervals"
    )
    module.add_arena_arguments(p)
    p.set_defaults(run=module.arena_main)


@command
def bench_bots(sub: Subparsers) -> None:
    from games.engine.bots import arena as module

    p = sub.add_parser("bench-bots", help="the strong bot's decision time (median, p95)")
    module.add_bench_arguments(p)
    p.set_defaults(run=module.bench_main)


@command
def analyse_bench(sub: Subparsers) -> None:
    from games.engine.analysis import bench as module

    p = sub.add_parser("analyse-bench", help="hand analysis time per hand (median, p95)")
    module.add_arguments(p)
    p.set_defaults(run=module.main)


def build_parser() -> argparse.ArgumentParser:
    """The parser with every registered command."""
    parser = argparse.ArgumentParser(
        prog="python -m games.engine", description="The Tute rules engine's command line."
    )
    sub = parser.add_subparsers(dest="command", required=True, title="commands")
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the command; its exit status."""
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except BrokenPipeError:  # the output was piped into a reader that stopped (head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
