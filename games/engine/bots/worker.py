"""A bot in a process of its own, on a chosen engine build (pure or compiled).

One process runs one build of the engine (:mod:`games.engine.compiled`), so to seat the strong
bot on the compiled engine against the strong bot on the pure engine the arena runs each in a
worker process: level ``strong@compiled`` or ``strong@pure`` (any level, ``@`` a build).

The protocol, JSON lines over the worker's standard input and output: the worker first writes
``{"ready": "<build it runs>"}``; then for each line ``{"kind": "match"|"hand",
"observation": <the seat's observation, JSON form>, "seed": <seed>}`` it writes
``{"action": "<notation>"}`` (or ``{"error": "<message>"}``). The observation is the seat's own
(``observe(seat, memory=True)``), typed again in the worker, so the bot sees what it sees in a
single process and nothing else. End of input ends the worker.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from games.engine.bots.players import Bot, make_bot
from games.engine.bots.view import AnyObservation
from games.engine.observation import MatchObservation, Observation

REPO = Path(__file__).resolve().parents[3]
BUILDS = ("pure", "compiled")


def _typed(kind: str, data: dict[str, Any]) -> AnyObservation:
    if kind == "match":
        return MatchObservation.from_json(data)
    if kind == "hand":
        return Observation.from_json(data)
    return data


class WorkerBot:
    """A bot of ``level`` played by a worker process on engine build ``build``: it answers
    :meth:`act` as a :class:`~games.engine.bots.players.Bot` does (it is no subclass: an
    interpreted class cannot derive from the compiled one)."""

    def __init__(
        self,
        level: str,
        build: str,
        budget_ms: float | None = None,
        iterations: int | None = None,
    ) -> None:
        if build not in BUILDS:
            raise ValueError(f"Unknown engine build {build!r}; builds: {', '.join(BUILDS)}.")
        self.level = f"{level}@{build}"
        argv = [sys.executable, "-m", "games.engine.bots.worker", level]
        if budget_ms is not None:
            argv += ["--budget-ms", str(budget_ms)]
        if iterations is not None:
            argv += ["--iterations", str(iterations)]
        env = {**os.environ, "TUTE_ENGINE": build, "PYTHONPATH": str(REPO)}
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=REPO
        )
        ready = self._read()
        if ready.get("ready") != build:
            self.close()
            raise RuntimeError(f"The {build} engine worker did not start: {ready}")

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"The {self.level} worker stopped (exit {self.proc.poll()}).")
        data: dict[str, Any] = json.loads(line)
        return data

    def act(self, observation: AnyObservation, seed: int | str | None = None) -> str:
        if isinstance(observation, MatchObservation):
            kind, data = "match", observation.to_json()
        elif isinstance(observation, Observation):
            kind, data = "hand", observation.to_json()
        else:
            kind, data = "json", dict(observation)
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"kind": kind, "observation": data, "seed": seed}) + "\n")
        self.proc.stdin.flush()
        reply = self._read()
        if "action" not in reply:
            raise RuntimeError(f"The {self.level} worker failed: {reply.get('error')}")
        return str(reply["action"])

    def close(self) -> None:
        """End the worker process."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            self.proc.kill()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def serve(bot: Bot, lines: IO[str], out: IO[str]) -> None:
    """Answer each request line of ``lines`` on ``out`` (the worker's loop)."""
    from games.engine import BUILD

    out.write(json.dumps({"ready": BUILD}) + "\n")
    out.flush()
    for line in lines:
        try:
            req = json.loads(line)
            obs = _typed(str(req["kind"]), req["observation"])
            answer: dict[str, Any] = {"action": bot.act(obs, seed=req.get("seed"))}
        except Exception as exc:
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(answer) + "\n")
        out.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.bots.worker")
    parser.add_argument("level")
    parser.add_argument("--budget-ms", type=float, default=None)
    parser.add_argument("--iterations", type=int, default=None)
    args = parser.parse_args(argv)
    serve(make_bot(args.level, args.budget_ms, args.iterations), sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
