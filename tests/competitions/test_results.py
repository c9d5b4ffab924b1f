"""What a board or a fixture reads of a finished table: its :class:`~games.outcome.TableOutcome`
(places, absences, hands), mapped to entries (plain values: no database)."""

from __future__ import annotations

from types import SimpleNamespace

from games.outcome import HandOutcome, OutcomeStatus, SeatOutcome, TableOutcome
from league.competitions.services.results import _entry_results


def _outcome(
    players: int, *, places: tuple[int, ...], hands: tuple[HandOutcome, ...], absent: set[int]
) -> TableOutcome:
    return TableOutcome(
        table_id=1,
        status=OutcomeStatus.FINISHED,
        variant="x",
        players=players,
        sides=tuple((seat,) for seat in range(players)),
        seats=tuple(
            SeatOutcome(
                position=p, user_id=p + 1, timeouts=1 if p in absent else 0, absent=p in absent
            )
            for p in range(players)
        ),
        rated=False,
        private=False,
        finished_at=None,
        places=places,
        hands=hands,
    )


def test_places_tantos_and_absences_per_entry_and_a_playoff_hand_adds_nothing() -> None:
    hands = (
        HandOutcome(number=1, result={"points": [10, 0, 52]}, seats=(0, 1, 2)),
        HandOutcome(number=2, result={"points": [0, 30, 5]}, seats=(1, 2), playoff=True),
    )
    outcome = _outcome(3, places=(2, 3, 1), hands=hands, absent={1})
    places, tantos, absent = _entry_results(SimpleNamespace(shape="table"), outcome, 3)
    assert (places, tantos, absent) == ([2, 3, 1], [10, 0, 52], [False, True, False])


def test_a_pair_is_absent_when_either_partner_is_and_takes_its_team_points() -> None:
    hands = (
        HandOutcome(
            number=1,
            result={"points": [40, 50, 40, 50], "team_points": [40, 90]},
            seats=(0, 1, 2, 3),
        ),
    )
    outcome = _outcome(4, places=(2, 1, 2, 1), hands=hands, absent={3})
    places, tantos, absent = _entry_results(SimpleNamespace(shape="pairs"), outcome, 2)
    assert (places, tantos, absent) == ([2, 1], [40, 90], [False, True])
