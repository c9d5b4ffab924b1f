"""The engine's command line: ``python -m games.engine simulate|bench``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine import __main__ as cli
from games.engine.bench import bench_variant, format_header, format_row
from games.engine.errors import InvalidOptionError
from games.engine.simulate import format_summary, parse_option, simulate

REPO = Path(__file__).resolve().parents[2]


def test_simulate_counts_every_hand_and_match() -> None:
    s = simulate("cabrero", players=4, games=5, seed="t")
    assert s.matches == 5 and len(s.hands_per_match) == 5
    assert s.hands == sum(s.hands_per_match) == sum(s.reasons.values())
    assert all(sum(c.values()) == 5 for c in s.places)
    assert sum(s.lost) >= s.hands  # at least one loser a hand
    assert all(0 < s.played[seat] <= s.hands for seat in range(4))


def test_simulate_is_deterministic_for_a_seed() -> None:
    a = simulate("chancho", players=3, games=3, seed=9)
    b = simulate("chancho", players=3, games=3, seed=9)
    assert format_summary(a) == format_summary(b)


def test_simulate_six_players_the_dealer_plays_fewer_hands() -> None:
    s = simulate("cabrero", players=6, games=3, seed=2)
    assert all(s.played[seat] < s.hands for seat in range(6))


@pytest.mark.parametrize(
    "text,expected",
    [
        ("tiebreak=true", ("tiebreak", True)),
        ("tiebreak=False", ("tiebreak", False)),
        ("games=5", ("games", 5)),
        ("mode=fast", ("mode", "fast")),
        (" x = on ", ("x", True)),
    ],
)
def test_parse_option(text: str, expected: tuple[str, Any]) -> None:
    assert parse_option(text) == expected


@pytest.mark.parametrize("text", ["tiebreak", "=true", ""])
def test_parse_option_refuses_text_without_a_name_and_value(text: str) -> None:
    with pytest.raises(InvalidOptionError):
        parse_option(text)


def test_cli_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(
        [
            "simulate",
            "--variant",
            "cabrero",
            "--players",
            "4",
            "--games",
            "3",
            "--seed",
            "1",
            "--option",
            "tiebreak=true",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "Tute Cabrero (cabrero), 4 players" in out and "tiebreak=true" in out
    for word in ("hands:", "forties", "twenties", "tutes", "capotes", "lost %", "place 1"):
        assert word in out


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--variant", "escoba", "--players", "4"], "Unknown variant 'escoba'"),
        (["--variant", "cabrero", "--players", "7"], "not 7"),
        (["--variant", "cabrero", "--players", "4", "--option", "speed=1"], "no option 'speed'"),
        (["--variant", "cabrero", "--players", "4", "--option", "tiebreak=7"], "true or false"),
        (["--variant", "cabrero", "--players", "3", "--option", "trump_rotation=true"], "three"),
    ],
)
def test_cli_simulate_setup_errors_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["simulate", "--games", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_bench_variant_measures_hands_and_calls() -> None:
    r = bench_variant("cabrero", seconds=0.02)
    assert r.players == 4 and r.hands > 0 and r.hands_per_s > 0
    assert r.legal_us > 0 and r.apply_us >= 0 and r.matches_per_s is not None
    assert "cabrero" in format_row(r) and "hands/s" in format_header(0.02)
    assert bench_variant("chancho", seconds=0.01).matches_per_s is None


def test_cli_bench_prints_one_line_per_variant(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(
        [
            "bench",
            "--seconds",
            "0.01",
            "--variant",
            "cabrero",
            "--variant",
            "chancho",
            "--variant",
            "nope",
        ]
    )
    lines = capsys.readouterr().out.splitlines()
    assert status == 2  # the unknown variant
    assert lines[1].split()[:3] == ["variant", "players", "hands/s"]
    assert [line.split()[0] for line in lines[2:]] == ["cabrero", "chancho", "nope"]


def test_adding_a_command_is_one_function(capsys: pytest.CaptureFixture[str]) -> None:
    @cli.command
    def hello(sub: Any) -> None:
        p = sub.add_parser("hello")
        p.add_argument("--name", default="mano")
        p.set_defaults(run=lambda args: print(f"hola {args.name}") or 0)

    try:
        assert cli.main(["hello", "--name", "postre"]) == 0
        assert capsys.readouterr().out == "hola postre\n"
    finally:
        cli.COMMANDS.remove(hello)
    with pytest.raises(SystemExit):
        cli.main(["hello"])


def test_python_dash_m_games_engine() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "games.engine",
            "simulate",
            "--variant",
            "chancho",
            "--players",
            "5",
            "--games",
            "2",
            "--seed",
            "x",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Tute Chancho (chancho), 5 players")
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2 and "simulate" in proc.stderr
