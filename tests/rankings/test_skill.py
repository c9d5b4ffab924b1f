"""league.skill, the skill model: openskill's documented figures through our functions, and
the sides the rankings take from the engine."""

from __future__ import annotations

import pytest

from games.engine import get_variant
from league import skill
from league.rankings.variants import sides_of
from league.skill import DEFAULT_SKILL, Skill, shown_rating


def rate_match(variant: str, **kwargs):
    """The pure model rating a match of ``variant``, with the sides the engine gives it."""
    sides = sides_of(variant, len(kwargs["players"]))
    if sides is None:
        raise ValueError(f"no sides for {variant}")
    return skill.rate_match(sides=sides, **kwargs)


# openskill 6 documentation (README and user manual): four new players, team [p1, p2] beats
# [p3, p4]; the winners' mu/sigma, the losers', and their ordinals.
WIN_MU, LOSS_MU, SIGMA = 26.964294621803063, 23.035705378196937, 8.177962604389991
WIN_ORDINAL, LOSS_ORDINAL = 2.4304068086330872, -1.4981824349730388


def test_the_documented_two_against_two_figures_through_the_team_variants() -> None:
    for variant in ("parejas", "vtt"):
        after = rate_match(variant, places=[1, 2, 1, 2], players=["p1", "p3", "p2", "p4"], prior={})
        assert after["p1"] == after["p2"] == Skill(WIN_MU, SIGMA)
        assert after["p3"] == after["p4"] == Skill(LOSS_MU, SIGMA)
        assert after["p1"].ordinal == pytest.approx(WIN_ORDINAL, abs=1e-12)
        assert after["p3"].ordinal == pytest.approx(LOSS_ORDINAL, abs=1e-12)


def test_the_documented_win_prediction() -> None:
    # The manual: a new player against mu 33.564, sigma 1.123 wins with 0.2021226121041832.
    assert skill.win_probability(DEFAULT_SKILL, Skill(33.564, 1.123)) == pytest.approx(
        0.2021226121041832, abs=1e-12
    )


def test_defaults_are_openskills() -> None:
    assert Skill(25.0, 25.0 / 3.0) == DEFAULT_SKILL


def test_a_duel_is_one_against_one_and_matches_openskill() -> None:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    a, b = model.rating(mu=30, sigma=4), model.rating(mu=22, sigma=6)
    [[a2], [b2]] = model.rate([[a], [b]], ranks=[2, 1])
    for variant in ("dos", "dos_ar"):
        after = rate_match(
            variant,
            places=[2, 1],
            players=["a", "b"],
            prior={"a": Skill(30, 4), "b": Skill(22, 6)},
        )
        assert after == {"a": Skill(a2.mu, a2.sigma), "b": Skill(b2.mu, b2.sigma)}


def test_places_variants_rate_every_seat_by_place_with_shared_places() -> None:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(4)]
    expected = model.rate(teams, ranks=[1, 3, 1, 4])
    for variant in ("cabrero", "chancho", "arrastrado"):
        after = rate_match(variant, places=[1, 3, 1, 4], players=list("abcd"), prior={})
        assert [after[p] for p in "abcd"] == [Skill(t[0].mu, t[0].sigma) for t in expected]
        assert after["a"] == after["c"]  # a shared place is a tie


def test_team_sides_are_seats_0_2_against_1_3() -> None:
    assert sides_of("parejas", 4) == [[0, 2], [1, 3]]
    assert sides_of("vtt", 4) == [[0, 2], [1, 3]]
    assert sides_of("chancho", 5) == [[0], [1], [2], [3], [4]]
    assert sides_of("dos", 2) == sides_of("dos_ar", 2) == [[0], [1]]
    assert sides_of("parejas", 4) == get_variant("parejas").side_seats(4)


def test_bot_seats_are_left_out_and_the_others_keep_their_order() -> None:
    with_bot = rate_match("cabrero", places=[3, 1, 2], players=["a", None, "b"], prior={})
    duel = rate_match("dos", places=[2, 1], players=["a", "b"], prior={})
    assert set(with_bot) == {"a", "b"}
    assert with_bot == duel


def test_a_match_with_one_side_of_people_rates_nobody() -> None:
    assert rate_match("dos", places=[1, 2], players=["a", None], prior={}) == {}
    assert (
        rate_match("parejas", places=[1, 2, 1, 2], players=["a", None, "b", None], prior={}) == {}
    )


def test_a_player_cannot_hold_two_seats() -> None:
    with pytest.raises(ValueError, match="two seats"):
        rate_match("cabrero", places=[1, 2, 3], players=["a", "a", "b"], prior={})


def test_unknown_variant_has_no_sides() -> None:
    assert sides_of("poker", 2) is None
    assert sides_of("parejas", 3) is None  # not a table the engine plays


def test_the_sides_must_hold_every_seat_once() -> None:
    for sides in ([[0], [1]], [[0, 1], [1, 2]], [[0], [1], [3]]):
        with pytest.raises(ValueError, match="every seat"):
            skill.rate_match(sides=sides, places=[1, 2, 3], players=list("abc"), prior={})


def test_shown_rating_scale_and_provisional_threshold() -> None:
    assert shown_rating(DEFAULT_SKILL) == 588
    assert shown_rating(Skill(25.0, 2.0)) == 1500
    # Between two settled players openskill's prediction follows Elo's table:
    # 100 shown points ahead is about 64% to win, 200 about 76%.
    for points, elo in ((100, 0.64), (200, 0.76)):
        p = skill.win_probability(Skill(25 + points / skill.SCALE, 0.5), Skill(25, 0.5))
        assert p == pytest.approx(elo, abs=0.01)
    assert shown_rating(Skill(-100, 8)) == 0
    assert skill.is_provisional(skill.PROVISIONAL_GAMES - 1)
    assert not skill.is_provisional(skill.PROVISIONAL_GAMES)


def test_the_same_matches_in_the_same_order_give_the_same_ratings() -> None:
    def run() -> dict[str, Skill]:
        skills: dict[str, Skill] = {}
        for places in ([1, 2, 3], [3, 1, 2], [2, 2, 1], [1, 3, 2]):
            skills.update(rate_match("cabrero", places=places, players=list("abc"), prior=skills))
        return skills

    assert run() == run()
