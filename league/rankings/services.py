"""Every change the rankings app makes: storing finished matches and applying ratings.

Storing (:func:`match_store`) is idempotent: a table's match is stored once (``table_id`` is
unique), and a second announcement returns the stored match untouched.

Rating (:func:`ratings_apply_pending`) is ordered and idempotent. It holds the lock of the
single :class:`RatingLedger` row for the whole transaction, so two workers never rate at the
same time; it rates the pending matches in ``(finished_at, table_id)`` order, each exactly
once (a match's status moves from *pending* to *applied* in the same transaction as its
rating changes, and a history row is unique per match and player). A match that arrives late,
after matches that finished later were rated, makes it *rewind* first: those ratings are
undone (the history rows deleted, each affected rating set back to its last remaining history
row) and the matches rated again after it. So the ratings are always those of the rated
matches taken in ``(finished_at, table_id)`` order, whatever the number of workers and the
order of arrival, and :func:`ratings_recompute` (everything from scratch) gives the same.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q

from league import ratings
from league.models import User

from .models import FinishedMatch, MatchParticipant, Rating, RatingHistory, RatingLedger
from .tally import tally_match

logger = logging.getLogger(__name__)

CHUNK = 2000


# --- storing finished matches ---------------------------------------------------------------


def _rating_status(
    *, variant: str, rated: bool, seat_users: Sequence[int | None], places: Sequence[int]
) -> str:
    if not rated or variant not in ratings.SHAPES:
        return FinishedMatch.RatingStatus.UNRATED
    sides = ratings.sides_of(variant, len(seat_users))
    with_people = [side for side in sides if any(seat_users[s] is not None for s in side)]
    if len(with_people) < 2:
        return FinishedMatch.RatingStatus.VOID
    return FinishedMatch.RatingStatus.PENDING


@transaction.atomic
def match_store(
    *,
    table_id: int,
    variant: str,
    seat_users: Sequence[int | None],
    places: Sequence[int],
    rated: bool,
    finished_at: datetime,
    result: Mapping[str, Any] | None = None,
    record: Mapping[str, Any] | None = None,
    hands: Sequence[Mapping[str, Any]] = (),
    bot_levels: Mapping[int, str] | None = None,
    timeouts: Mapping[Any, int] | None = None,
    source_kind: str = "",
    source_id: int | None = None,
) -> tuple[FinishedMatch, bool]:
    """Store a finished match and its seats' figures; ``(match, created)``.

    ``seat_users`` and ``places`` are per seat (``None``: a bot); ``hands`` are the engine's
    hand results in table seats. A user id that no longer exists is stored as an empty seat.
    """
    existing = FinishedMatch.objects.filter(table_id=table_id).first()
    if existing is not None:
        return existing, False
    players = len(seat_users)
    if len(places) != players or players == 0:
        raise ValueError(f"table {table_id}: {players} seats but {len(places)} places")
    known = set(
        User.objects.filter(pk__in=[u for u in seat_users if u is not None]).values_list(
            "pk", flat=True
        )
    )
    users = [u if u in known else None for u in seat_users]
    places = [int(p) for p in places]
    status = _rating_status(variant=variant, rated=rated, seat_users=users, places=places)
    teams = ratings.SHAPES.get(variant) == ratings.TEAMS
    rows = tally_match(
        players=players,
        places=places,
        hands=hands,
        result=result,
        teams=teams,
        timeouts=timeouts,
    )
    try:
        with transaction.atomic():
            match = FinishedMatch.objects.create(
                table_id=table_id,
                variant=variant,
                players=players,
                rated=rated,
                finished_at=finished_at,
                hands_played=len(hands),
                places=places,
                result=dict(result or {}),
                record=dict(record) if record is not None else None,
                hands=[dict(h) for h in hands],
                source_kind=source_kind or "",
                source_id=source_id,
                rating_status=status,
            )
    except IntegrityError:  # announced twice at the same moment: the other one stored it
        return FinishedMatch.objects.get(table_id=table_id), False
    levels = bot_levels or {}
    MatchParticipant.objects.bulk_create(
        MatchParticipant(
            match=match,
            seat=row.seat,
            user_id=users[row.seat],
            bot_level=(levels.get(row.seat) or "") if users[row.seat] is None else "",
            variant=variant,
            finished_at=finished_at,
            rated=rated,
            side=row.side,
            place=row.place,
            outcome=row.outcome,
            hands=row.hands,
            hands_won=row.hands_won,
            hands_lost=row.hands_lost,
            hand_points=row.hand_points,
            card_points=row.card_points,
            tricks=row.tricks,
            cantos_40=row.cantos_40,
            cantos_20=row.cantos_20,
            tutes=row.tutes,
            capotes=row.capotes,
            renuncios=row.renuncios,
            retired=row.retired,
            timeouts=row.timeouts,
            points_per_hand=row.points_per_hand,
        )
        for row in rows
    )
    return match, True


# --- applying ratings -----------------------------------------------------------------------


@dataclass
class _State:
    """A rating being worked on in memory."""

    mu: float
    sigma: float
    games: int
    wins: int
    last_played_at: datetime | None
    pk: int | None = None
    dirty: bool = False


def _lock_ledger() -> RatingLedger:
    """The ledger row, locked until the transaction ends (created on first use)."""
    ledger = RatingLedger.objects.select_for_update().filter(pk=1).first()
    if ledger is None:
        try:
            with transaction.atomic():
                RatingLedger.objects.create(pk=1)
        except IntegrityError:
            pass
        ledger = RatingLedger.objects.select_for_update().get(pk=1)
    return ledger


def _after(finished_at: datetime, table_id: int) -> Q:
    """Matches that come after ``(finished_at, table_id)`` in the rating order."""
    return Q(finished_at__gt=finished_at) | Q(finished_at=finished_at, table_id__gt=table_id)


def _rewind(matches: Iterable[FinishedMatch]) -> int:
    """Undo the ratings of ``matches`` (applied, all after the others still applied)."""
    ids = [m.pk for m in matches]
    keys = set(RatingHistory.objects.filter(match_id__in=ids).values_list("user_id", "variant"))
    RatingHistory.objects.filter(match_id__in=ids).delete()
    FinishedMatch.objects.filter(pk__in=ids).update(
        rating_status=FinishedMatch.RatingStatus.PENDING
    )
    for user_id, variant in keys:
        last = (
            RatingHistory.objects.filter(user_id=user_id, variant=variant)
            .order_by("-finished_at", "-table_id")
            .first()
        )
        if last is None:
            Rating.objects.filter(user_id=user_id, variant=variant).delete()
        else:
            Rating.objects.filter(user_id=user_id, variant=variant).update(
                mu=last.mu,
                sigma=last.sigma,
                shown=last.shown,
                games=last.games,
                wins=last.wins,
                last_played_at=last.finished_at,
            )
    logger.info("ratings: rewound %d matches to rate a late one first", len(ids))
    return len(ids)


def _load_states(states: dict[tuple[int, str], _State], keys: set[tuple[int, str]]) -> None:
    missing = keys - states.keys()
    if not missing:
        return
    users = {u for u, _v in missing}
    variants = {v for _u, v in missing}
    for r in Rating.objects.filter(user_id__in=users, variant__in=variants).values(
        "pk", "user_id", "variant", "mu", "sigma", "games", "wins", "last_played_at"
    ):
        key = (r["user_id"], r["variant"])
        if key in missing:
            states[key] = _State(
                mu=r["mu"],
                sigma=r["sigma"],
                games=r["games"],
                wins=r["wins"],
                last_played_at=r["last_played_at"],
                pk=r["pk"],
            )
    for key in missing - states.keys():
        default = ratings.DEFAULT_SKILL
        states[key] = _State(
            mu=default.mu, sigma=default.sigma, games=0, wins=0, last_played_at=None
        )


def _save_states(states: dict[tuple[int, str], _State]) -> None:
    new, changed = [], []
    for (user_id, variant), st in states.items():
        if not st.dirty:
            continue
        row = Rating(
            pk=st.pk,
            user_id=user_id,
            variant=variant,
            mu=st.mu,
            sigma=st.sigma,
            shown=ratings.shown_rating(ratings.Skill(st.mu, st.sigma)),
            games=st.games,
            wins=st.wins,
            last_played_at=st.last_played_at,
        )
        (changed if st.pk is not None else new).append(row)
    Rating.objects.bulk_create(new, batch_size=1000)
    Rating.objects.bulk_update(
        changed,
        ["mu", "sigma", "shown", "games", "wins", "last_played_at"],
        batch_size=1000,
    )


def _apply(pending_ids: Sequence[int], ledger: RatingLedger) -> int:
    """Rate the matches ``pending_ids`` (already in rating order)."""
    states: dict[tuple[int, str], _State] = {}
    applied = 0
    for start in range(0, len(pending_ids), CHUNK):
        chunk = pending_ids[start : start + CHUNK]
        seats: dict[int, list[tuple[int, int | None, int, str]]] = {}
        for match_id, seat, user_id, place, outcome in MatchParticipant.objects.filter(
            match_id__in=chunk
        ).values_list("match_id", "seat", "user_id", "place", "outcome"):
            seats.setdefault(match_id, []).append((seat, user_id, place, outcome))
        matches = {
            m["pk"]: m
            for m in FinishedMatch.objects.filter(pk__in=chunk).values(
                "pk", "table_id", "variant", "finished_at", "players"
            )
        }
        _load_states(
            states,
            {
                (user_id, matches[mid]["variant"])
                for mid, rows in seats.items()
                for _s, user_id, _p, _o in rows
                if user_id is not None
            },
        )
        history: list[RatingHistory] = []
        done, void = [], []
        for match_id in chunk:
            m = matches[match_id]
            rows = sorted(seats.get(match_id, []))
            players = [user_id for _s, user_id, _p, _o in rows]
            places = [place for _s, _u, place, _o in rows]
            variant = m["variant"]
            prior = {
                u: ratings.Skill(states[(u, variant)].mu, states[(u, variant)].sigma)
                for u in players
                if u is not None
            }
            try:
                new = ratings.rate_match(variant, places=places, players=players, prior=prior)
            except ValueError:
                logger.exception("ratings: match of table %s cannot be rated", m["table_id"])
                new = {}
            if not new:
                void.append(match_id)
                continue
            won = {u for _s, u, _p, outcome in rows if outcome == MatchParticipant.Outcome.WIN}
            for user_id, skill in new.items():
                st = states[(user_id, variant)]
                before = ratings.Skill(st.mu, st.sigma)
                st.mu, st.sigma = skill.mu, skill.sigma
                st.games += 1
                st.wins += user_id in won
                st.last_played_at = m["finished_at"]
                st.dirty = True
                history.append(
                    RatingHistory(
                        user_id=user_id,
                        variant=variant,
                        match_id=match_id,
                        finished_at=m["finished_at"],
                        table_id=m["table_id"],
                        mu_before=before.mu,
                        sigma_before=before.sigma,
                        mu=skill.mu,
                        sigma=skill.sigma,
                        shown_before=before.shown,
                        shown=skill.shown,
                        games=st.games,
                        wins=st.wins,
                    )
                )
            done.append(match_id)
            ledger.last_finished_at, ledger.last_table_id = m["finished_at"], m["table_id"]
        RatingHistory.objects.bulk_create(history, batch_size=2000)
        FinishedMatch.objects.filter(pk__in=done).update(
            rating_status=FinishedMatch.RatingStatus.APPLIED
        )
        FinishedMatch.objects.filter(pk__in=void).update(
            rating_status=FinishedMatch.RatingStatus.VOID
        )
        applied += len(done)
    _save_states(states)
    ledger.applied += applied
    ledger.save()
    return applied


@transaction.atomic
def ratings_apply_pending() -> int:
    """Rate every pending match, in order, under the ledger's lock; the number rated."""
    ledger = _lock_ledger()
    pending = FinishedMatch.objects.filter(rating_status=FinishedMatch.RatingStatus.PENDING)
    first = pending.order_by("finished_at", "table_id").values("finished_at", "table_id").first()
    if first is None:
        return 0
    late = FinishedMatch.objects.filter(
        _after(first["finished_at"], first["table_id"]),
        rating_status=FinishedMatch.RatingStatus.APPLIED,
    )
    if late.exists():
        _rewind(late.only("pk"))
    ids = list(
        FinishedMatch.objects.filter(rating_status=FinishedMatch.RatingStatus.PENDING)
        .order_by("finished_at", "table_id")
        .values_list("pk", flat=True)
    )
    return _apply(ids, ledger)


@transaction.atomic
def ratings_recompute() -> int:
    """Every rating from scratch: forget them all and rate every rated match again, in order."""
    ledger = _lock_ledger()
    RatingHistory.objects.all().delete()
    Rating.objects.all().delete()
    FinishedMatch.objects.filter(rating_status=FinishedMatch.RatingStatus.APPLIED).update(
        rating_status=FinishedMatch.RatingStatus.PENDING
    )
    ledger.applied = 0
    ledger.last_finished_at = ledger.last_table_id = None
    ids = list(
        FinishedMatch.objects.filter(rating_status=FinishedMatch.RatingStatus.PENDING)
        .order_by("finished_at", "table_id")
        .values_list("pk", flat=True)
    )
    return _apply(ids, ledger)
