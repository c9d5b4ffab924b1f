"""The bot levels: random, heuristic and strong, behind one small interface.

Every bot is a :class:`Bot`: ``bot.act(observation, seed)`` returns the notation of a legal
action for the seat whose observation it is given. Nothing else reaches it.

* :class:`RandomBot`: a uniformly random legal action.
* :class:`HeuristicBot`: the rules of thumb of :mod:`games.engine.bots.policy`. It rebuilds a
  state from the observation with the unseen cards dealt anyhow (the rules read only the seat's
  own hand and public facts, so the guess does not matter) and asks the policy.
* :class:`StrongBot`: determinized search (PIMC). It deals the unseen cards consistently with
  what it observed (:mod:`games.engine.bots.determinize`), rebuilds each deal as an engine state
  (:mod:`games.engine.bots.restore`), and scores each candidate action by playing the deal out
  with the heuristic policy (a little randomised) for every seat, the same deal and the same
  playout seed for every candidate; the best average value (:mod:`games.engine.bots.objective`:
  not losing in Cabrero, winning the game or hand elsewhere, for the team in team variants)
  wins. Cards that play alike (same suit and points, no unseen card between them) are one
  candidate. Once a two-player stock is empty the position is of perfect information for the
  seat and :mod:`games.engine.bots.solver` searches it exactly. After 4, 8, 16, ... deals the
weaker half of the candidates is dropped (successive halving), so the budget goes to the
actions that matter. The budget is a time
  (``budget_ms``) or a number of deals (``iterations``), whichever ends first.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from games.engine import actions as A
from games.engine.actions import action_to_notation
from games.engine.bots import policy, tree
from games.engine.bots.determinize import Knowledge, sample_deal
from games.engine.bots.objective import value
from games.engine.bots.remate import auction_candidates
from games.engine.bots.restore import hand_class_of, restore
from games.engine.bots.solver import Endgame
from games.engine.bots.view import AnyObservation, View
from games.engine.cards import POINTS, SUIT, parse_card
from games.engine.state import HandState, Phase
from games.engine.variants.dos import GAME_POINTS, DosHand
from games.engine.variants.remate import RemateHand
from games.engine.variants.stock import StockHand

#: Default budget of the strong bot: time per decision and deals per decision.
STRONG_BUDGET_MS: Final = 80.0
STRONG_ITERATIONS: Final = 400
#: Randomness of the playout policy (chance of a random legal card).
PLAYOUT_EPSILON: Final = 0.1
#: The strong bot's searches of card play (:class:`StrongBot`).
SEARCHES: Final = ("tree", "flat")
#: Deals after which the weaker half of the candidates is dropped.
HALVING: Final = frozenset(2**k for k in range(2, 12))


class Bot:
    """A player that sees only its seat's observation."""

    level = "base"

    def act(self, observation: AnyObservation, seed: int | str | None = None) -> str:
        """The notation of the action to play."""
        view = View.of(observation)
        if not view.legal:
            raise ValueError("The observed seat has no legal action: it is not its turn.")
        if len(view.legal) == 1:
            return action_to_notation(view.legal[0])
        action = self.decide(view, random.Random(seed))
        if action not in view.legal:  # pragma: no cover - a bug, never a reason to stop a table
            action = view.legal[0]
        return action_to_notation(action)

    def decide(self, view: View, rng: random.Random) -> int:
        """The action (an int from ``view.legal``)."""
        raise NotImplementedError


class RandomBot(Bot):
    """A uniformly random legal action."""

    level = "random"

    def decide(self, view: View, rng: random.Random) -> int:
        return rng.choice(view.legal)


def any_state(view: View, rng: random.Random, voids: bool = False) -> HandState:
    """A state for ``view`` with the unseen cards dealt at random (voids respected only if
    asked: the heuristic does not look at them)."""
    know = Knowledge.of(view, voids=voids)
    hands, stock = sample_deal(know, rng)
    return restore(view, hands, stock)


class HeuristicBot(Bot):
    """The rules of thumb of good players (:mod:`games.engine.bots.policy`)."""

    level = "heuristic"

    def decide(self, view: View, rng: random.Random) -> int:
        state = any_state(view, random.Random(0))
        return policy.choose(state)


# ------------------------------------------------------------------------ strong

_ENDGAMES: Final[OrderedDict[tuple[int, int, bool, int, int], Endgame]] = OrderedDict()


def _endgame(trump: int, sung: int, tute: bool, ct: int, co: int) -> Endgame:
    """A solver whose table is kept between decisions of the same hand (few are kept)."""
    key = (trump, sung, tute, ct, co)
    eg = _ENDGAMES.get(key)
    if eg is None:
        eg = _ENDGAMES[key] = Endgame(trump, sung, tute, ct, co)
        while len(_ENDGAMES) > 8:
            _ENDGAMES.popitem(last=False)
    else:
        _ENDGAMES.move_to_end(key)
    return eg


#: A hand class's narrowing of its candidates (remate's auction: the pass and a few bids).
CANDIDATE_FILTERS: Final[dict[type[HandState], Callable[[View, list[int]], list[int]]]] = {
    RemateHand: auction_candidates,
}


def candidates(view: View, unseen: int) -> list[int]:
    """The legal actions worth comparing: cards of one suit with the same points and no unseen
    card between them play alike, so only the lowest of each run is kept; a hand class of
    :data:`CANDIDATE_FILTERS` narrows the rest."""
    cards = sorted(a for a in view.legal if 0 <= a < 40)
    out = [a for a in view.legal if a >= 40]
    bidding = view.obs.bidding
    if bidding is not None and bidding.marked:
        # Bato's exchange: a discard toggles a mark; unmarking is never a candidate, so the
        # search cannot mark and unmark the same card without end.
        marked = {A.DISCARD + parse_card(c) for c in bidding.marked}
        out = [a for a in out if a not in marked]
    prev = -1
    for c in cards:
        if (
            prev >= 0
            and SUIT[prev] == SUIT[c]
            and POINTS[prev] == POINTS[c]
            and not unseen & ((1 << c) - (2 << prev))
        ):
            prev = c
            continue
        out.append(c)
        prev = c
    cls = hand_class_of(view)
    for hand_class, narrow in CANDIDATE_FILTERS.items():
        if issubclass(cls, hand_class):
            out = narrow(view, out)
    return out


def claim_proven(view: View) -> bool:
    """Whether the seat can prove a claim of 101 from what it saw: the points carried over,
    the cards of the tricks it took and its own cantos (a second deal's totals are hidden, but
    each of these is public)."""
    dos = view.obs.dos
    if dos is None:
        return False
    seat = view.seat
    total = dos.carried[seat] if dos.carried is not None else 0
    for _, _, cards, winner in view.history:
        if winner == seat:
            total += sum(POINTS[c] for c in cards)
    total += sum(c.points for c in view.obs.cantos if c.seat == seat)
    return total >= GAME_POINTS


class StrongBot(Bot):
    """Determinized search over the seat's information set (see the module docstring)."""

    level = "strong"

    def __init__(
        self,
        budget_ms: float | None = STRONG_BUDGET_MS,
        iterations: int | None = STRONG_ITERATIONS,
        epsilon: float = PLAYOUT_EPSILON,
        search: str = "tree",
    ) -> None:
        if search not in SEARCHES:
            raise ValueError(f"Unknown search {search!r}; searches: {', '.join(SEARCHES)}.")
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.epsilon = epsilon
        #: ``tree`` (card play by :mod:`games.engine.bots.tree`) or ``flat`` (every decision
        #: by the flat search with successive halving).
        self.search = search
        #: Deals searched by the last decision (0: forced, one candidate, or solved exactly).
        self.last_deals = 0

    def act(self, observation: AnyObservation, seed: int | str | None = None) -> str:
        self.last_deals = 0
        return super().act(observation, seed)

    def decide(self, view: View, rng: random.Random) -> int:
        start = time.perf_counter()
        know = Knowledge.of(view)
        cls = hand_class_of(view)
        if issubclass(cls, StockHand) and view.obs.stock is not None and view.obs.stock.stock == 0:
            found = self._solve(view, know, cls)
            if found is not None:
                return found
        acts = candidates(view, know.unseen)
        if A.CLAIM in acts and not claim_proven(view):
            # A false claim loses the game at once; a search that finds every line lost would
            # still prefer it (the hand ends with a smaller margin), so it is never a candidate.
            acts.remove(A.CLAIM)
        if len(acts) == 1:
            return acts[0]
        seat = view.seat
        deadline = start + self.budget_ms / 1000 if self.budget_ms else float("inf")
        limit = self.iterations or 10**9
        if self.search == "tree" and view.obs.phase == "play":
            root, self.last_deals = tree.grow(view, know, acts, rng, deadline, limit, self.epsilon)
            return tree.most_played(root, acts)
        totals = [0.0] * len(acts)
        alive = list(range(len(acts)))
        done = 0
        eps = self.epsilon
        while done < limit:
            hands, stock = sample_deal(know, rng)
            world = restore(view, hands, stock)
            seed = rng.getrandbits(32)
            for i in alive:
                s = world.clone()
                s.apply_action(acts[i])
                policy.playout(s, random.Random(seed), eps)
                totals[i] += value(s, seat)
            done += 1
            if time.perf_counter() >= deadline:
                break
            if done in HALVING and len(alive) > 2:
                # Successive halving: the weaker half of the candidates, judged on the same
                # deals and playout seeds, gets no more playouts.
                alive.sort(key=lambda i: -totals[i])
                alive = alive[: max(2, (len(alive) + 1) // 2)]
        self.last_deals = done
        prior = policy.choose(world_for_prior(view, know))
        best = max(alive, key=lambda i: (totals[i], acts[i] == prior))
        return acts[best]

    def _solve(self, view: View, know: Knowledge, cls: type) -> int | None:
        """The exact move once a two-player stock is empty (None: leave it to the search)."""
        seat = view.seat
        other = 1 - seat
        state = world_for_prior(view, know)
        if not isinstance(state, StockHand):  # pragma: no cover - checked by the caller
            return None
        mine = state.hands[seat]
        theirs = state.hands[other]
        legal = view.legal
        if A.CLAIM in legal and claim_proven(view):
            return A.CLAIM
        eg = _endgame(
            state.trump, state.sung, bool(state.ADMITS_TUTE), state.CANTO_TRUMP, state.CANTO_OTHER
        )
        if state.phase == Phase.WINDOW:
            if A.CAPOTE in legal and eg.takes_all(mine, theirs, state.leader == seat):
                return A.CAPOTE
            return A.PASS if A.PASS in legal else None
        if state.phase != Phase.PLAY:
            return None
        if not state.trick and state.may_sing == seat:
            sings = [a for a in legal if a == A.TUTE or A.SING <= a < A.SING + 4]
            if sings:
                return (
                    A.TUTE
                    if A.TUTE in sings
                    else max(sings, key=lambda a: a - A.SING == state.trump)
                )
        led = state.trick[0] if state.trick else -1
        if isinstance(state, DosHand) and state.capote_seat >= 0:
            decl = state.capote_seat
            cards = [a for a in legal if 0 <= a < 40]
            for c in cards:
                rest = mine ^ 1 << c
                if decl == seat:  # keep taking every trick
                    ok = (
                        eg.lead_keeps_all(rest, theirs, c)
                        if led < 0
                        else not eg._wins(led, c) and eg.takes_all(rest, theirs, True)
                    )
                else:  # take one trick, as soon as possible
                    ok = not (
                        eg.takes_all(theirs, rest, False, c)
                        if led < 0
                        else eg._wins(led, c) and eg.takes_all(theirs, rest, True)
                    )
                if ok:
                    return c
            return cards[0] if cards else None
        _, card = eg.best_margin(mine, theirs, led)
        return card if card in legal else None


def world_for_prior(view: View, know: Knowledge) -> HandState:
    """One consistent state (for the heuristic's tie-break and the endgame's hands)."""
    hands, stock = sample_deal(know, random.Random(0))
    return restore(view, hands, stock)


LEVEL_CLASSES: Final[dict[str, type[Bot]]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}


def make_bot(level: str, budget_ms: float | None = None, iterations: int | None = None) -> Bot:
    """A bot of ``level``; ``budget_ms`` / ``iterations`` set the strong bot's budget."""
    level, _, search = level.partition(":")
    if level not in LEVEL_CLASSES or (search and level != "strong"):
        raise ValueError(
            f"Unknown bot level {level!r}; levels: {', '.join(LEVEL_CLASSES)}"
            f" (and strong:flat, strong:tree)."
        )
    if level == "strong":
        if budget_ms is None and iterations is None:
            budget_ms, iterations = STRONG_BUDGET_MS, STRONG_ITERATIONS
        return StrongBot(budget_ms=budget_ms, iterations=iterations, search=search or "tree")
    return LEVEL_CLASSES[level]()


__all__ = [
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "StrongBot",
    "candidates",
    "make_bot",
]
