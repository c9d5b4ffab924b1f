"""Tute for four in pairs (RULES.md §6; seeds 001, 003, 004 "Tute entre cuatro jugadores").

The hand (:class:`ParejasHand`):

* Partners sit opposite: seats 0 and 2 against 1 and 3 (:mod:`~games.engine.variants.teams`).
* The dealer deals 10 each, one at a time from his right, and turns up his own last card for
  trump; it stays in his hand. The observation shows that card in ``turned`` for the whole hand
  and says in ``turned_held`` whether he still holds it. The seat on the dealer's right is
  mano and leads the first trick.
* Standard obligations (RULES.md §1, "asistir, montar, fallar y pisar", contrafallo allowed),
  including over a partner's winning card: there is no exemption for a partner.
* After a trick won by a pair each partner may sing one canto from his own hand: 40 in trump,
  20 in another suit, or tute. The winner sings before leading, as in every Tute; his partner
  first gets a canto window (phase ``WINDOW``: his cantos or ``pass``). **Decision** (hidden
  information): the window opens on public facts only — whenever some unsung canto could still
  be in the partner's hand as far as the table can tell — so that its opening never tells the
  opponents that he holds a pair; a partner with nothing to sing passes (see
  :mod:`~games.engine.variants.teams`).
* A tute sung by either partner wins the game at once. Otherwise the pair with more points
  (cards + 10 for the last trick + cantos of both partners) wins; equal points: the pair that
  took the last trick. ``HandResult.team_points`` holds the two teams' totals (team 0 first),
  ``winners``/``losers`` the seats.

The match (:class:`ParejasMatch`): option ``games`` (1, 3, 5 or 7, default 3) is the number of
games agreed beforehand. **Decision:** the match is best of that number — it ends as soon as a
pair has won a majority of it (2 of 3, 3 of 5, ...), since a game cannot be drawn and the games
left could not change the winner. The first dealer is drawn from the seed; the deal then passes
to the right (the next seat in play order) each game.

**Decision** (the sheets say "Para ganar un juego ... alcanzar 101 tantos"; RULES.md §6 reads
"the pair with more points wins"): a game is one deal, won on points, not a race to 101.
"""

from __future__ import annotations

from typing import ClassVar, Final

from games.engine.variant import Option, Ranking, Variant, gettext_noop, register
from games.engine.variants.teams import TeamHandState, TeamMatch


class ParejasHand(TeamHandState):
    """A hand ("juego") of Tute for four in pairs: standard obligations, trump from the dealer's
    last card, both partners may sing after a trick won by the pair."""

    __slots__ = ()

    CANTO_AFTER_WIN: ClassVar[bool] = True
    ADMITS_TUTE: ClassVar[bool] = True


class ParejasMatch(TeamMatch):
    """A match of Tute for four in pairs: best of ``games`` games."""

    def target(self) -> int:
        """Games a pair needs: a majority of the games agreed.

        >>> from games.engine import get_variant
        >>> get_variant("parejas").new_match(players=4, seed=1, options={"games": 5}).target()
        3
        """
        return int(self.options["games"]) // 2 + 1


PAREJAS: Final = register(
    Variant(
        key="parejas",
        name=gettext_noop("Tute in pairs"),
        players=(4,),
        hand_class=ParejasHand,
        match_class=ParejasMatch,
        teams=True,
        options=(
            Option(
                "games",
                3,
                "Games agreed beforehand: the match is best of this many "
                "(the first pair to win a majority wins).",
                choices=(1, 3, 5, 7),
                label=gettext_noop("Games in the match"),
            ),
        ),
        summary=gettext_noop(
            "Four players in two pairs, partners opposite; the pair with more points wins "
            "the game, a tute wins it at once."
        ),
        ranking=Ranking.GAMES,
        order=50,
    )
)
