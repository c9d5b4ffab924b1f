"""``manage.py bench_render`` (games/bench/render.py): the frames of a table's four players
rendered in-process; the table it plays is never committed."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from games.bench import render
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_renders_every_move_for_four_players_and_leaves_nothing_behind() -> None:
    users_before = get_user_model().objects.count()
    figures = render.run(variant="cabrero", moves=12, repeat=2)
    assert figures.moves == 12 and figures.viewers == 4
    assert len(figures.ms_per_move) == 2 and all(ms > 0 for ms in figures.ms_per_move)
    assert "12 moves, the frames of 4 players each" in render.report(figures)
    assert Table.objects.count() == 0  # rolled back
    assert get_user_model().objects.count() == users_before


def test_the_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("bench_render", "--variant", "dos_ar", "--moves", "5", "--repeat", "1")
    out = capsys.readouterr().out
    assert out.startswith("render benchmark: dos_ar, 5 moves, the frames of 2 players")
    assert "CPU per move: best" in out


def test_the_command_refuses_no_moves() -> None:
    with pytest.raises(CommandError, match="--moves must be at least 1"):
        call_command("bench_render", "--moves", "0")
