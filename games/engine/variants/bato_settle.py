"""What a hand of Bato pays (RULES.md §9.3), and the conformance ``settle`` query.

Every player puts :data:`ANTE` (4) units in the pot at each deal, so the pot always splits in
quarters. Each trick taken is worth a quarter of the pot, paid out at the end of the hand. The
jugador must take 2 tricks, each companion 1; a player who misses his commitment is *batido*
and pays the pot's amount, as it was before the payout, into the next pot.

* Nobody says "juego" (``jugador`` None): nothing is paid, the whole pot stays for the next
  deal.
* Nobody accompanies (``players`` is the jugador alone): he takes the whole pot without play.
* Otherwise the four tricks are shared among the players, so the pot is paid out whole and the
  next pot is what the batidos pay in.

>>> bato_settle(16, 1, [1, 2, 3], [0, 2, 0, 2])
([0, 8, 0, 8], [0, 0, 16, 0], 16)
>>> bato_settle(20, 0, [0], [0, 0, 0])
([20, 0, 0], [0, 0, 0], 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.engine.variants.bidding import register_settle

#: What each player puts in the pot at each deal.
ANTE: Final = 4
#: Cards each player holds, and tricks in a hand.
HAND_SIZE: Final = 4
#: Tricks the jugador and each companion must take.
JUGADOR_NEEDS: Final = 2
COMPANION_NEEDS: Final = 1


def bato_settle(
    pot: int, jugador: int | None, players: Sequence[int], tricks: Sequence[int]
) -> tuple[list[int], list[int], int]:
    """``(payout, pay_in, next_pot)`` of a finished hand: what each seat takes from the pot,
    what each batido seat pays into the next one, and the next pot before the next antes.

    ``players`` are the seats that play (the jugador and his companions), ``tricks`` the tricks
    per seat of the table. The arguments are assumed valid (see :func:`settle_query`).
    """
    n = len(tricks)
    payout = [0] * n
    pay_in = [0] * n
    if jugador is None:
        return payout, pay_in, pot
    if len(players) == 1:
        payout[jugador] = pot
        return payout, pay_in, 0
    quarter = pot // HAND_SIZE
    for s in players:
        payout[s] = tricks[s] * quarter
        needs = JUGADOR_NEEDS if s == jugador else COMPANION_NEEDS
        if tricks[s] < needs:
            pay_in[s] = pot
    return payout, pay_in, pot - sum(payout) + sum(pay_in)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@register_settle("bato")
def settle_query(query: Mapping[str, Any]) -> dict[str, Any]:
    """Answer ``{"q": "settle", "variant": "bato", "pot", "jugador", "players", "tricks"}``
    (CONFORMANCE.md) with ``{"payout", "pay_in", "next_pot"}``; ValueError on a bad query."""
    for name in ("pot", "jugador", "players", "tricks"):
        if name not in query:
            raise ValueError(f"missing field '{name}'")
    pot, jugador, players, tricks = (
        query["pot"],
        query["jugador"],
        query["players"],
        query["tricks"],
    )
    if not isinstance(tricks, list) or not 3 <= len(tricks) <= 6:
        raise ValueError("'tricks' must list the tricks of each seat: Bato has 3 to 6 seats")
    if not all(_whole(t) and 0 <= t <= HAND_SIZE for t in tricks):
        raise ValueError("'tricks' must hold whole numbers from 0 to 4")
    n = len(tricks)
    if not _whole(pot) or pot < 0 or pot % HAND_SIZE:
        raise ValueError("'pot' must be a whole number of units that splits in quarters")
    if not isinstance(players, list) or not all(_whole(s) and 0 <= s < n for s in players):
        raise ValueError(f"'players' must list seats from 0 to {n - 1}")
    if len(set(players)) != len(players):
        raise ValueError("'players' lists a seat twice")
    if jugador is None:
        if players or any(tricks):
            raise ValueError("without a jugador (nobody said juego) nobody plays nor takes tricks")
        return {"payout": [0] * n, "pay_in": [0] * n, "next_pot": pot}
    if not _whole(jugador) or not 0 <= jugador < n:
        raise ValueError(f"'jugador' must be a seat from 0 to {n - 1}, or null")
    if jugador not in players:
        raise ValueError("the jugador must be one of 'players'")
    if any(tricks[s] for s in range(n) if s not in players):
        raise ValueError("only the seats in 'players' take tricks")
    total = sum(tricks)
    if len(players) == 1:
        if total:
            raise ValueError("a jugador nobody accompanies takes the pot without play: no tricks")
    elif total != HAND_SIZE:
        raise ValueError(f"the players take 4 tricks between them, not {total}")
    payout, pay_in, next_pot = bato_settle(pot, jugador, players, tricks)
    return {"payout": payout, "pay_in": pay_in, "next_pot": next_pot}
