"""The benchmark: it runs, and a 1,000-entry round pairs in under two seconds."""

from __future__ import annotations

import pytest

from league.pairing import bench
from tests.pairing.support import check_valid


def test_the_benchmark_reports_each_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(players=60, rounds_played=2) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert "one against one, round 3" in lines[0]
    assert "tables of four, round 3" in lines[1]
    assert all(line.endswith(" ok") for line in lines)


def test_simulate_is_deterministic() -> None:
    assert bench.simulate(40, 3, 4) == bench.simulate(40, 3, 4)


@pytest.mark.slow
@pytest.mark.parametrize("table_size", [2, 4])
def test_a_thousand_entries_pair_in_time(table_size: int) -> None:
    entries = bench.simulate(1000, 4, table_size)
    seconds, pairing = bench.time_pairing(entries, table_size)
    check_valid(entries, pairing, table_size, min(table_size, 3))
    assert pairing.repeats == 0
    # the limit is 2 s on the 2-core reference machine; leave room for a busy test runner
    assert seconds < 2 * bench.TIME_LIMIT
