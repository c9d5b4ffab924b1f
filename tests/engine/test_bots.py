"""Tests of the bots (games/engine/bots): they see only their seat's observation, rebuild states
from it faithfully, deal the unseen cards consistently, always play legal actions, and the
arena counts correctly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import get_variant, parse_action
from games.engine.bots import LEVELS, choose_action, make_bot
from games.engine.bots.arena import bench_decisions, bench_report, run_arena, wilson
from games.engine.bots.determinize import Knowledge, sample_deal
from games.engine.bots.players import StrongBot, candidates
from games.engine.bots.restore import restore
from games.engine.bots.solver import Endgame
from games.engine.bots.view import View
from games.engine.cards import POINTS, SUIT, indices
from games.engine.rules import standard_legal
from games.engine.state import HandState

#: Every variant, every player count, and the options that change what a bot faces.
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("cabrero", 3, {}),
    ("cabrero", 4, {}),
    ("cabrero", 5, {}),
    ("cabrero", 6, {}),
    ("cabrero", 4, {"trump_rotation": True, "tiebreak": True}),
    ("cabrero", 4, {"renuncio": True, "acusar": True}),
    ("cabrero", 3, {"playoff": True}),
    ("chancho", 3, {}),
    ("chancho", 4, {}),
    ("chancho", 5, {}),
    ("chancho", 6, {}),
    ("dos", 2, {}),
    ("dos_ar", 2, {}),
    ("parejas", 4, {}),
    ("vtt", 4, {}),
    ("vtt", 4, {"coins_trump": True, "double_101": True}),
    ("arrastrado", 3, {}),
    ("arrastrado", 4, {}),
    ("arrastrado", 3, {"plate": True}),
    ("arrastrado", 4, {"plate": True}),
    ("remate", 3, {}),
    ("remate", 4, {}),
    ("remate", 3, {"min_bid": 80}),
    ("codillo", 4, {}),
    ("codillo", 4, {"target": 1}),
    ("bato", 3, {}),
    ("bato", 4, {}),
    ("bato", 6, {}),
]
IDS = [f"{k}-{n}-{'-'.join(o) or 'default'}" for k, n, o in CONFIGS]
SMALL = {"budget_ms": None, "iterations": 2}


def positions(
    key: str, n: int, opts: dict[str, Any], games: int, every: float, seed: int = 0
) -> list[Any]:
    """Match states met in random playouts (a random fraction ``every`` of the decisions),
    as clones, with the seat to act."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        m = get_variant(key).new_match(players=n, seed=f"t{seed}:{g}", options=opts)
        steps = 0
        while not m.is_terminal() and steps < 250:
            if rng.random() < every:
                out.append(m.clone())
            m.apply_action(rng.choice(m.legal_actions()))
            steps += 1
    return out


def true_stock(hand: HandState) -> list[int]:
    stock = getattr(hand, "stock", None)
    return list(stock[hand.stock_pos :]) if stock is not None else []  # type: ignore[attr-defined]


def local_seat(match: Any) -> int:
    obs = match.observation(match.current_player(), memory=True)
    return int(obs["hand"]["seat"])


# ------------------------------------------------------------------------ restore


@pytest.mark.parametrize(("key", "n", "opts"), CONFIGS, ids=IDS)
def test_restore_with_the_true_hidden_cards_gives_the_same_state(
    key: str, n: int, opts: dict[str, Any]
) -> None:
    """A state rebuilt from a seat's observation and the true hidden cards shows that seat the
    identical observation, offers the same actions and, played on with the same actions,
    ends with the same result."""
    rng = random.Random(1)
    for match in positions(key, n, opts, games=4, every=0.15):
        seat = local_seat(match)
        hand = match.hand
        obs = match.observation(match.current_player(), memory=True)
        state = restore(View.of(obs), list(hand.hands), true_stock(hand))
        assert state.observation(seat, memory=True) == obs["hand"]
        assert state.legal_actions() == hand.legal_actions()
        if getattr(hand, "offences", None):
            # Renuncio offences are hidden until the hand ends; the restore assumes none.
            state.offences = list(hand.offences)  # type: ignore[attr-defined]
        real = hand.clone()
        while not real.is_terminal():
            a = rng.choice(real.legal_actions())
            assert a in state.legal_actions()
            real.apply_action(a)
            state.apply_action(a)
        assert state.result().to_json() == real.result().to_json()


@pytest.mark.parametrize(("key", "n", "opts"), CONFIGS, ids=IDS)
def test_sampled_deals_are_consistent_with_the_observation(
    key: str, n: int, opts: dict[str, Any]
) -> None:
    """A sampled deal, rebuilt, gives the seat the identical observation; no seat is dealt a
    card it has shown to be void in; and the voids read off the history hold for the true
    hands (every variant's obligations; under renuncio a seat may break them)."""
    rng = random.Random(2)
    for match in positions(key, n, opts, games=4, every=0.15, seed=3):
        seat = local_seat(match)
        obs = match.observation(match.current_player(), memory=True)
        view = View.of(obs)
        know = Knowledge.of(view)
        if not opts.get("renuncio"):
            for s in range(match.hand.n):
                if s != seat:
                    assert not know.forbidden[s] & match.hand.hands[s]
        for _ in range(3):
            hands, stock = sample_deal(know, rng)
            assert hands[seat] == match.hand.hands[seat]
            for s in range(match.hand.n):
                if s != seat and not opts.get("renuncio"):
                    assert not know.forbidden[s] & hands[s]
            state = restore(view, hands, stock)
            assert state.observation(seat, memory=True) == obs["hand"]


def test_voids_are_read_off_a_failure_to_follow() -> None:
    """A seat that did not follow suit is never dealt that suit again."""
    rng = random.Random(4)
    found = 0
    for match in positions("parejas", 4, {}, games=10, every=0.3, seed=5):
        view = View.of(match.observation(match.current_player(), memory=True))
        know = Knowledge.of(view)
        for _, seats, cards, _ in view.history:
            lead = SUIT[cards[0]]
            for s, c in zip(seats[1:], cards[1:], strict=True):
                if SUIT[c] != lead and s != view.seat:
                    suit_left = know.unseen & (0x3FF << (10 * lead))
                    assert know.forbidden[s] & suit_left == suit_left
                    found += 1
                    hands, _ = sample_deal(know, rng)
                    assert not hands[s] & suit_left
    assert found


# ------------------------------------------------------------------------ legality


@pytest.mark.parametrize(("key", "n", "opts"), CONFIGS, ids=IDS)
def test_every_level_plays_only_legal_actions(key: str, n: int, opts: dict[str, Any]) -> None:
    """Random, heuristic and strong bots (small budgets) play whole matches of every variant
    and player count, each action among the seat's legal ones."""
    for g in range(2):
        m = get_variant(key).new_match(players=n, seed=f"legal:{g}", options=opts)
        step = 0
        while not m.is_terminal() and step < 300:
            seat = m.current_player()
            obs = m.observation(seat, memory=True)
            level = LEVELS[(seat + g + step // 7) % len(LEVELS)]
            action = choose_action(level, obs, seed=step, **SMALL)  # type: ignore[arg-type]
            assert action in obs["hand"]["legal"]
            m.apply_action(parse_action(action), seat)
            step += 1


def test_every_action_kind_is_played() -> None:
    """Across variants the bots use every kind of action: cantos, swaps, capote, claims, the
    plate, partners' cantos in a window, passes."""
    seen: set[str] = set()
    for key, n, opts in [
        ("dos", 2, {}),
        ("arrastrado", 3, {"plate": True}),
        ("parejas", 4, {}),
        ("cabrero", 4, {}),
        ("dos_ar", 2, {}),
    ]:
        for g in range(12):
            m = get_variant(key).new_match(players=n, seed=f"kinds:{g}", options=opts)
            step = 0
            while not m.is_terminal() and step < 400:
                seat = m.current_player()
                obs = m.observation(seat, memory=True)
                a = choose_action("heuristic", obs, seed=step)
                seen.add(a.split(":")[0] if not a[0].isdigit() else "card")
                m.apply_action(parse_action(a), seat)
                step += 1
    assert {"card", "sing", "swap", "pass", "claim"} <= seen


# ------------------------------------------------------------------------ no cheating


@pytest.mark.parametrize(
    "key,n,opts",
    [c for c in CONFIGS if not c[2].get("playoff")],
    ids=[i for i, c in zip(IDS, CONFIGS, strict=True) if not c[2].get("playoff")],
)
def test_bots_do_not_see_hidden_cards(key: str, n: int, opts: dict[str, Any]) -> None:
    """Two true states that differ only in the hidden cards of the other seats (and the
    stock) give the bot's seat the same observation, and the heuristic and strong bots (fixed
    seed) pick the same action in both."""
    rng = random.Random(6)
    checked = 0
    for match in positions(key, n, opts, games=3, every=0.2, seed=7):
        hand = match.hand
        seat = local_seat(match)
        obs = match.observation(match.current_player(), memory=True)
        view = View.of(obs)
        hands, stock = sample_deal(Knowledge.of(view), rng)
        if hands == list(hand.hands) and stock == true_stock(hand):
            continue
        other = restore(view, hands, stock)  # a true state: the engine plays it on
        assert other.observation(seat, memory=True) == obs["hand"]
        other_obs = {
            **obs,
            "hand": other.observation(seat, memory=True),
        }  # the same match around it
        assert any(
            hands[s] != hand.hands[s] for s in range(hand.n) if s != seat
        ) or stock != true_stock(hand)
        for level in ("heuristic", "strong"):
            a = choose_action(level, obs, seed=11, budget_ms=None, iterations=3)
            b = choose_action(level, other_obs, seed=11, budget_ms=None, iterations=3)
            assert a == b
        checked += 1
    assert checked


# ------------------------------------------------------------------------ search pieces


def _naive(lh: int, fh: int, trump: int, led: int = -1) -> int:
    """Leader's best card-point margin by plain minimax (no cantos)."""
    if led < 0:
        if not lh:
            return 0
        return max(_naive(lh ^ 1 << c, fh, trump, c) for c in indices(lh))
    worst = 10**9
    for r in indices(standard_legal(fh, SUIT[led], trump, led)):
        rest = fh ^ 1 << r
        pts = POINTS[led] + POINTS[r] + (10 if not lh else 0)
        leader_wins = not (
            (SUIT[r] == SUIT[led] and r > led) or (SUIT[r] == trump and SUIT[led] != trump)
        )
        v = pts + _naive(lh, rest, trump) if leader_wins else -(pts + _naive(rest, lh, trump))
        worst = min(worst, v)
    return worst


def test_endgame_solver_matches_plain_minimax() -> None:
    """The exact solver (with its table and card equivalences) agrees with plain minimax on
    random four-card endgames without cantos."""
    rng = random.Random(8)
    for _ in range(40):
        deck = list(range(40))
        rng.shuffle(deck)
        a = sum(1 << c for c in deck[:4])
        b = sum(1 << c for c in deck[4:8])
        trump = rng.randrange(4)
        eg = Endgame(trump, sung=0b1111, tute=False)
        assert eg.best_margin(a, b)[0] == _naive(a, b, trump)


def test_endgame_capote_search() -> None:
    """takes_all: a hand of masters takes every trick; a hand with a beatable card does not."""
    from games.engine.cards import mask_of

    eg = Endgame(trump=0, sung=0, tute=False)
    assert eg.takes_all(mask_of(["1O", "3O", "1E"]), mask_of(["2O", "4E", "5E"]), True)
    assert not eg.takes_all(mask_of(["1O", "3O", "4E"]), mask_of(["2O", "1E", "5E"]), True)


def test_equivalent_cards_are_one_candidate() -> None:
    """Two blank cards of one suit with no unseen card between them are one candidate."""
    h = get_variant("parejas").new_hand(players=4, seed=3)
    view = View.of(h.observation(h.turn, memory=True))
    know = Knowledge.of(view)
    acts = candidates(view, know.unseen)
    assert set(acts) <= set(view.legal)
    assert len(acts) <= len(view.legal)


def test_strong_bot_respects_its_iteration_budget_and_seed() -> None:
    """With an iteration budget the strong bot is deterministic for a seed."""
    m = get_variant("dos_ar").new_match(players=2, seed=9)
    obs = m.observation(m.current_player(), memory=True)
    bot = StrongBot(budget_ms=None, iterations=5)
    assert bot.act(obs, seed=1) == bot.act(obs, seed=1)
    assert bot.last_deals == 5


def test_bench_counts_the_deals_of_searched_decisions_only() -> None:
    """The benchmark reports how many deals the searched decisions got through (the figure
    the arena's ``--iterations`` is matched to); forced decisions are not counted."""
    deals: dict[str, list[int]] = {}
    times = bench_decisions(
        ["parejas"], positions=12, seed=4, budget_ms=None, iterations=7, deals=deals
    )
    assert len(times["parejas"]) == 12
    assert deals["parejas"] and set(deals["parejas"]) == {7}
    assert len(deals["parejas"]) < 12  # following suit often leaves one candidate
    report = bench_report(times, deals)
    assert "median deals" in report and report.splitlines()[1].split()[-1] == "7"


def test_choose_action_rejects_unknown_levels_and_idle_seats() -> None:
    m = get_variant("cabrero").new_match(players=4, seed=1)
    with pytest.raises(ValueError, match="Unknown bot level"):
        choose_action("genius", m.observation(m.current_player(), memory=True))
    idle = (m.current_player() + 1) % 4
    with pytest.raises(ValueError, match="no legal action"):
        choose_action("random", m.observation(idle, memory=True))
    assert make_bot("strong", budget_ms=5).level == "strong"


# ------------------------------------------------------------------------ arena


def test_wilson_interval() -> None:
    lo, hi = wilson(500, 1000)
    assert lo < 0.5 < hi and round(hi - lo, 3) == 0.062
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("key", ["cabrero", "dos", "parejas", "arrastrado"])
def test_arena_plays_duplicate_deals(key: str) -> None:
    """Every bot plays every seat of every deal; games are counted per seat that played."""
    res = run_arena(key, ["heuristic", "random"], games=2, seed=3)
    n = res.players
    seatings = 2 if n % 2 == 0 else n  # A,B,A,B repeats after two rotations; A,B,A does not
    assert sum(s.games for s in res.stats) == 2 * seatings * n
    assert res.stats[0].games == res.stats[1].games or n % 2
    assert all(0 <= s.wins <= s.games for s in res.stats)
    assert "win rate" in res.report()


@pytest.mark.parametrize("key", ["cabrero", "dos_ar"])
def test_arena_duplicate_pairs_add_up(key: str) -> None:
    """Each seat of each deal is one pair; the pairs one bot wins less the pairs the other
    wins is the difference of their wins, and the pair points are the points' difference."""
    res = run_arena(key, ["heuristic", "random"], games=3, seed=5)
    better, worse, same = res.pairs
    assert better + worse + same == 3 * res.players == len(res.pair_points)
    assert better - worse == res.stats[0].wins - res.stats[1].wins
    assert sum(res.pair_points) == pytest.approx(
        sum(res.stats[0].points) - sum(res.stats[1].points)
    )
    share, lo, hi = res.pair_share()
    assert lo <= share <= hi
    assert len(res.deal_nets) == 3 and sum(res.deal_nets) == better - worse
    assert "duplicate pairs" in res.report()


def test_arena_no_pairs_when_seats_repeat() -> None:
    """Three seats and two bots: a seat is played twice by one bot, so no pairs are made."""
    res = run_arena("arrastrado", ["heuristic", "random"], games=1, seed=5)
    assert res.pairs == [0, 0, 0] and "duplicate pairs" not in res.report()
