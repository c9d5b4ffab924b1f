"""The API: tournaments with rounds and standings, leagues, seasons; a player's registrations,
check-ins and withdrawals (refusals are 4xx with a message and write nothing)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.competitions import services
from league.competitions.models import Board, TournamentEntry
from league.rankings.models import Rating
from tests.competitions.helpers import make_tournament, play_tables
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_tournament_rounds_and_standings(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Copa",
        variant="dos",
        options={"games": 1},
        rounds=1,
        registration_closes=soon,
    )
    for player in make_members(3):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    play_tables(commit, Board.objects.filter(is_bye=False).values_list("table_id", flat=True))
    client = APIClient()
    listing = client.get("/api/tournaments/").json()
    assert [t["name"] for t in listing["results"]] == ["Copa"]
    detail = client.get(f"/api/tournaments/{tournament.pk}/").json()
    assert (detail["status"], detail["club"], detail["shape"]) == ("finished", club.slug, "single")
    rounds = client.get(f"/api/tournaments/{tournament.pk}/rounds/").json()
    boards = rounds[0]["boards"]
    assert [b["is_bye"] for b in boards] == [False, True]
    assert boards[0]["table_id"] == Board.objects.get(is_bye=False).table_id
    standings = client.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert len(standings) == 3 and standings[0]["place"] == 1
    assert set(standings[0]["tiebreaks"]) == set(tournament.tiebreaks)


def test_league_and_season(club: Any, organiser: Any, make_members: Any) -> None:
    league = services.league_create(club=club, organiser=organiser, name="Liga", variant="dos")
    season = league.seasons.get()
    for player in make_members(3):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser)
    client = APIClient()
    data = client.get(f"/api/leagues/{league.pk}/").json()
    assert data["seasons"] == [{"id": season.pk, "number": 1, "status": "running"}]
    season_data = client.get(f"/api/seasons/{season.pk}/").json()
    (division,) = season_data["divisions"]
    assert len(division["entries"]) == 3 and len(division["fixtures"]) == 3
    assert len(division["standings"]) == 3


# ----------------------------------------------------------------------------- writes


def _client(user: Any | None = None) -> APIClient:
    """A client speaking English, with the user's token (anonymous without one)."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def _entries() -> list[tuple[int, int | None, str]]:
    return list(
        TournamentEntry.objects.order_by("pk").values_list("player_id", "partner_id", "status")
    )


def test_register_check_in_and_withdraw_through_the_api(
    club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, checkin_required=True)
    ana, bea = make_members(2)
    Rating.objects.create(
        user=bea, variant="dos", mu=25, sigma=2, shown=1600, games=9, last_played_at=soon
    )
    url = f"/api/tournaments/{tournament.pk}/entries/"
    response = _client(ana).post(url, {}, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    entry = TournamentEntry.objects.get(pk=data["id"])
    assert (entry.player, data["status"], data["checked_in_at"]) == (ana, "active", None)
    assert _client(bea).post(url, format="json").status_code == 201

    field = APIClient().get(url).json()  # public: the field by seed
    assert [(row["seed"], row["rating"], row["entry"]["player"]) for row in field] == [
        (1, 1600, bea.username),
        (2, None, ana.username),
    ]

    check_in = _client(ana).post(f"/api/tournament-entries/{entry.pk}/check-in/")
    assert check_in.status_code == 200 and check_in.json()["checked_in_at"] is not None
    entry.refresh_from_db()
    assert entry.checked_in_at is not None

    withdraw = _client(ana).post(f"/api/tournament-entries/{entry.pk}/withdraw/")
    assert withdraw.status_code == 200
    assert (withdraw.json()["status"], withdraw.json()["reason"]) == ("withdrawn", "withdrew")
    again = _client(ana).post(f"/api/tournament-entries/{entry.pk}/withdraw/")
    assert again.status_code == 400
    assert again.json() == {"detail": "You are not registered for this tournament."}


@pytest.mark.parametrize(
    ("setup", "status", "detail"),
    [
        ("twice", 400, "You are already registered for this tournament."),
        ("not_open_yet", 400, "Registration opens on"),
        ("not_a_member", 400, "Only members of"),
        ("started", 400, "Late entries are accepted only until half the rounds"),
        ("unknown", 404, None),
        ("anonymous", 401, None),
    ],
)
def test_refused_registrations_write_nothing(
    club: Any,
    organiser: Any,
    make_members: Any,
    soon: Any,
    commit: Any,
    setup: str,
    status: int,
    detail: str | None,
) -> None:
    extra: dict[str, Any] = {"rounds": 1} if setup == "started" else {}
    if setup == "not_open_yet":
        extra["registration_opens"] = soon - timedelta(hours=1)
    tournament = make_tournament(club, organiser, soon, **extra)
    players = make_members(3)
    for player in players[:2]:
        services.tournament_register(
            tournament=tournament, user=player, now=tournament.registration_opens
        )
    if setup == "started":
        commit(services.round_pair, tournament=tournament, by=organiser)
    user = {"twice": players[0], "not_a_member": UserFactory(), "anonymous": None}.get(
        setup, players[2]
    )
    pk = 999_999 if setup == "unknown" else tournament.pk
    before = _entries()
    response = _client(user).post(f"/api/tournaments/{pk}/entries/", {}, format="json")
    assert response.status_code == status, response.content
    if detail is not None:
        assert response.json()["detail"].startswith(detail)
    assert _entries() == before


def test_someone_elses_entry_is_403_and_unknown_entries_404(
    club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    ana, bea = make_members(2)
    entry = services.tournament_register(tournament=tournament, user=ana)
    services.tournament_register(tournament=tournament, user=bea)
    before = _entries()
    for action in ("withdraw", "check-in"):
        response = _client(bea).post(f"/api/tournament-entries/{entry.pk}/{action}/")
        assert response.status_code == 403
        assert response.json() == {"detail": "This is not your entry."}
        assert _client(bea).post(f"/api/tournament-entries/999999/{action}/").status_code == 404
        assert _client().post(f"/api/tournament-entries/{entry.pk}/{action}/").status_code == 401
    assert _entries() == before
    entry.refresh_from_db()
    assert entry.checked_in_at is None


def test_check_in_after_the_start_is_refused(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    players = make_members(2)
    entries = [services.tournament_register(tournament=tournament, user=p) for p in players]
    commit(services.round_pair, tournament=tournament, by=organiser)
    response = _client(players[0]).post(f"/api/tournament-entries/{entries[0].pk}/check-in/")
    assert response.status_code == 400
    assert response.json() == {"detail": "Check-in is over: the tournament has started."}
    entries[0].refresh_from_db()
    assert entries[0].checked_in_at is None


def test_pairs_register_with_a_partner_who_may_withdraw_the_entry(
    club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, variant="parejas", options={})
    ana, bea, caro = make_members(3)
    url = f"/api/tournaments/{tournament.pk}/entries/"
    missing = _client(ana).post(url, {}, format="json")
    assert missing.status_code == 400
    assert missing.json() == {"detail": "This game is played in pairs: choose your partner."}
    unknown = _client(ana).post(url, {"partner": "nobody-at-all"}, format="json")
    assert unknown.status_code == 400
    assert unknown.json() == {"partner": ["There is no player with that user name."]}
    assert _entries() == []
    created = _client(ana).post(url, {"partner": bea.username.upper()}, format="json")
    assert created.status_code == 201
    assert (created.json()["player"], created.json()["partner"]) == (ana.username, bea.username)
    taken = _client(caro).post(url, {"partner": bea.username}, format="json")
    assert taken.status_code == 400
    assert taken.json()["detail"] == f"{bea.public_name} is already registered for this tournament."
    entry_id = created.json()["id"]
    assert _client(caro).post(f"/api/tournament-entries/{entry_id}/withdraw/").status_code == 403
    partner_leaves = _client(bea).post(f"/api/tournament-entries/{entry_id}/withdraw/")
    assert partner_leaves.status_code == 200 and partner_leaves.json()["status"] == "withdrawn"


def test_join_and_leave_a_season_through_the_api(
    club: Any, organiser: Any, make_members: Any
) -> None:
    league = services.league_create(club=club, organiser=organiser, name="Liga", variant="dos")
    season = league.seasons.get()
    ana, bea, caro = make_members(3)
    url = f"/api/seasons/{season.pk}/entries/"
    joined = _client(ana).post(url, {}, format="json")
    assert joined.status_code == 201
    assert (joined.json()["player"], joined.json()["division"]) == (ana.username, "Division 1")
    twice = _client(ana).post(url, {}, format="json")
    assert (twice.status_code, twice.json()) == (
        400,
        {"detail": "You are already registered for this season."},
    )
    outsider = _client(UserFactory()).post(url, {}, format="json")
    assert outsider.status_code == 400 and outsider.json()["detail"].startswith("Only members of")
    assert _client().post(url, {}, format="json").status_code == 401
    assert _client(ana).post("/api/seasons/999999/entries/", {}, format="json").status_code == 404
    assert season.entries.count() == 1

    entry_id = joined.json()["id"]
    assert _client(bea).post(f"/api/season-entries/{entry_id}/withdraw/").status_code == 403
    assert _client(bea).post("/api/season-entries/999999/withdraw/").status_code == 404
    assert season.entries.count() == 1
    assert _client(ana).post(f"/api/season-entries/{entry_id}/withdraw/").status_code == 204
    assert season.entries.count() == 0

    for player in (ana, bea, caro):
        assert _client(player).post(url, {}, format="json").status_code == 201
    services.season_start(season=season, by=organiser)
    late = _client(UserFactory()).post(url, {}, format="json")
    assert late.status_code == 400
    entry = season.entries.get(player=bea)
    leave = _client(bea).post(f"/api/season-entries/{entry.pk}/withdraw/")
    assert (leave.status_code, leave.json()) == (
        400,
        {"detail": "The season has started: ask an organiser."},
    )
    assert season.entries.count() == 3
