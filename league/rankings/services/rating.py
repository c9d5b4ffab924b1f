"""Applying ratings: ordered, idempotent, and equal to a recomputation from scratch.

:func:`ratings_apply_pending` holds the lock of the single :class:`RatingLedger` row for the
whole transaction, so two workers never rate at the same time; it rates the pending matches
in ``(finished_at, table_id)`` order, each exactly once (a match's status moves from *pending*
to *applied* in the same transaction as its rating changes, and a history row is unique per
match and player). A match that arrives late, after matches that finished later were rated,
makes it *rewind* first: those ratings are undone (the history rows deleted, each affected
rating set back to its last remaining history row) and the matches rated again after it. So
the ratings are always those of the rated matches taken in ``(finished_at, table_id)`` order,
whatever the number of workers and the order of arrival, and :func:`ratings_recompute`
(everything from scratch) gives the same.

Each match is rated by the pure skill model (:func:`league.skill.rate_match`) with the sides
the engine gives its variant (:func:`..variants.sides_of`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from django.db import IntegrityError, connection, transaction
from django.db.models import Model, OuterRef, Q, Subquery

from league.skill import DEFAULT_SKILL, Skill, rate_match, shown_rating

from ..models import FinishedMatch, MatchParticipant, Rating, RatingHistory, RatingLedger
from ..variants import sides_of

logger = logging.getLogger(__name__)

CHUNK = 2000
#: Rows per INSERT or DELETE of ratings.
BATCH = 1000


@dataclass
class _State:
    """A rating being worked on in memory (``games`` 0 with a ``pk``: a row to delete)."""

    mu: float
    sigma: float
    games: int
    wins: int
    last_played_at: datetime | None
    pk: int | None = None
    dirty: bool = False


class _Match(NamedTuple):
    """A match to rate, as read from the ordered list of them (a tuple: a hundred thousand of
    them cost the garbage collector nothing)."""

    pk: int
    table_id: int
    variant: str
    finished_at: datetime
    status: str


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


def _default_state(pk: int | None = None) -> _State:
    default = DEFAULT_SKILL
    return _State(mu=default.mu, sigma=default.sigma, games=0, wins=0, last_played_at=None, pk=pk)


def _rewind(ids: Sequence[int]) -> dict[tuple[int, str], _State]:
    """Undo the ratings of the matches ``ids`` (applied, all after the others still applied).

    Their history rows are deleted and they are pending again; each affected rating goes back
    to its last remaining history row (or to nothing), returned as in-memory states that
    :func:`_apply` starts from and saves once. A fixed number of queries, whatever the number
    of matches and players.
    """
    history = RatingHistory.objects.filter(match_id__in=ids)
    keys = set(history.order_by().values_list("user_id", "variant"))
    history.delete()
    FinishedMatch.objects.filter(pk__in=ids).update(
        rating_status=FinishedMatch.RatingStatus.PENDING
    )
    states = {key: _default_state() for key in keys}
    # Each affected rating with the id of its last remaining history row (one query per
    # variant, an index lookup per rating), then those rows.
    last = RatingHistory.objects.filter(
        user_id=OuterRef("user_id"), variant=OuterRef("variant")
    ).order_by("-finished_at", "-table_id")
    rows: list[tuple[int, int, str, int | None]] = []
    for variant in sorted({v for _u, v in keys}):
        rows += (
            Rating.objects.filter(variant=variant, user_id__in={u for u, v in keys if v == variant})
            .annotate(last_id=Subquery(last.values("pk")[:1]))
            .values_list("pk", "user_id", "variant", "last_id")
        )
    if rows:
        lasts = RatingHistory.objects.in_bulk([r[3] for r in rows if r[3] is not None])
        for pk, user_id, variant, last_id in rows:
            h = lasts.get(last_id) if last_id is not None else None
            if h is None:
                states[(user_id, variant)] = _default_state(pk)
            else:
                states[(user_id, variant)] = _State(
                    mu=h.mu,
                    sigma=h.sigma,
                    games=h.games,
                    wins=h.wins,
                    last_played_at=h.finished_at,
                    pk=pk,
                )
    for st in states.values():
        st.dirty = True
    logger.info("ratings: rewound %d matches to rate a late one first", len(ids))
    return states


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
        states[key] = _default_state()


RATING_FIELDS = ("user_id", "variant", "mu", "sigma", "shown", "games", "wins", "last_played_at")
HISTORY_FIELDS = (
    "user_id",
    "variant",
    "match_id",
    "finished_at",
    "table_id",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "shown_before",
    "shown",
    "games",
    "wins",
)


def _insert(model: type[Model], fields: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """Insert ``rows`` (the values of ``fields``, attribute names) in bulk.

    On PostgreSQL with psycopg 3, by COPY: no model instance and no SQL to build per row, which
    were most of the time of a recomputation. Elsewhere by ``bulk_create``.
    """
    if not rows:
        return
    with connection.cursor() as cursor:
        raw = getattr(cursor, "cursor", None)
        if connection.vendor == "postgresql" and hasattr(raw, "copy"):
            quote = connection.ops.quote_name
            meta = model._meta
            columns = ", ".join(quote(meta.get_field(f).column) for f in fields)
            with raw.copy(f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
    model._default_manager.bulk_create(
        [model(**dict(zip(fields, row, strict=True))) for row in rows], batch_size=BATCH
    )


def _save_states(states: dict[tuple[int, str], _State]) -> None:
    """Write the changed ratings: the new ones inserted, the others replaced (deleted and
    inserted again with their id: an UPDATE of many rows through bulk_update() builds an
    expression per row and field, seconds of Python for a few thousand ratings)."""
    new: list[tuple[Any, ...]] = []
    changed: list[tuple[Any, ...]] = []
    gone: list[int] = []
    for (user_id, variant), st in states.items():
        if not st.dirty:
            continue
        if st.pk is not None:
            gone.append(st.pk)
        if st.games == 0:  # rewound to nothing and not rated again
            continue
        row = (
            user_id,
            variant,
            st.mu,
            st.sigma,
            shown_rating(Skill(st.mu, st.sigma)),
            st.games,
            st.wins,
            st.last_played_at,
        )
        if st.pk is None:
            new.append(row)
        else:
            changed.append((st.pk, *row))
    for start in range(0, len(gone), BATCH):
        Rating.objects.filter(pk__in=gone[start : start + BATCH]).delete()
    _insert(Rating, ("id", *RATING_FIELDS), changed)
    _insert(Rating, RATING_FIELDS, new)


def _to_rate(*statuses: str) -> list[_Match]:
    """The matches with one of ``statuses``, in rating order (1 query, by an index)."""
    return [
        _Match(*row)
        for row in FinishedMatch.objects.filter(rating_status__in=statuses)
        .order_by("finished_at", "table_id")
        .values_list("pk", "table_id", "variant", "finished_at", "rating_status")
    ]


def _seats(chunk: Sequence[_Match]) -> dict[int, list[tuple[int, int | None, int, str]]]:
    """The seats of the chunk's matches, ``{match: [(seat, user, place, outcome)]}`` (1 query).

    The chunk's matches are consecutive in the rating order, so their seats are the rated seats
    in a range of ``finished_at`` (copied on every seat), read by that index: the cost does not
    depend on the size of the table, with or without planner statistics (a list of 2,000 ids
    makes PostgreSQL scan the whole table when it has none, e.g. in the transaction that
    loaded the data). Seats in the range of other matches (void ones) are skipped.
    """
    wanted = {m.pk for m in chunk}
    seats: dict[int, list[tuple[int, int | None, int, str]]] = {}
    rows = (
        MatchParticipant.objects.filter(
            finished_at__gte=chunk[0].finished_at,
            finished_at__lte=chunk[-1].finished_at,
            rated=True,
        )
        .order_by()
        .values_list("match_id", "seat", "user_id", "place", "outcome")
    )
    for match_id, seat, user_id, place, outcome in rows:
        if match_id in wanted:
            seats.setdefault(match_id, []).append((seat, user_id, place, outcome))
    missing = wanted - seats.keys()
    if missing:  # seats whose copy of finished_at differs from the match's (never, normally)
        for match_id, seat, user_id, place, outcome in (
            MatchParticipant.objects.filter(match_id__in=missing)
            .order_by()
            .values_list("match_id", "seat", "user_id", "place", "outcome")
        ):
            seats.setdefault(match_id, []).append((seat, user_id, place, outcome))
    return seats


def _apply(
    matches: Sequence[_Match],
    ledger: RatingLedger,
    states: dict[tuple[int, str], _State] | None = None,
    *,
    fresh: bool = False,
) -> int:
    """Rate ``matches`` (in rating order), starting from ``states`` and the stored ratings
    (none when ``fresh``: every rating was just deleted); each becomes applied or void.

    Per chunk of matches: one query for their seats, one for the ratings not in memory yet
    (none when ``fresh``), the history rows inserted in bulk, one UPDATE per new status. The
    ratings are written once at the end.
    """
    states = {} if states is None else states
    applied = 0
    for start in range(0, len(matches), CHUNK):
        chunk = matches[start : start + CHUNK]
        seats = _seats(chunk)
        keys = {
            (user_id, m.variant)
            for m in chunk
            for _s, user_id, _p, _o in seats.get(m.pk, ())
            if user_id is not None
        }
        if fresh:
            for key in keys - states.keys():
                states[key] = _default_state()
        else:
            _load_states(states, keys)
        history: list[tuple[Any, ...]] = []
        done, void = [], []
        for m in chunk:
            rows = sorted(seats.get(m.pk, []))
            players = [user_id for _s, user_id, _p, _o in rows]
            places = [place for _s, _u, place, _o in rows]
            variant = m.variant
            prior = {
                u: Skill(states[(u, variant)].mu, states[(u, variant)].sigma)
                for u in players
                if u is not None
            }
            sides = sides_of(variant, len(players))
            try:
                if sides is None:
                    raise ValueError(f"the engine plays no {variant} with {len(players)} seats")
                new = rate_match(sides=sides, places=places, players=players, prior=prior)
            except ValueError:
                logger.exception("ratings: match of table %s cannot be rated", m.table_id)
                new = {}
            if not new:
                void.append(m)
                continue
            won = {u for _s, u, _p, outcome in rows if outcome == MatchParticipant.Outcome.WIN}
            for user_id, skill in new.items():
                st = states[(user_id, variant)]
                before = Skill(st.mu, st.sigma)
                st.mu, st.sigma = skill.mu, skill.sigma
                st.games += 1
                st.wins += user_id in won
                st.last_played_at = m.finished_at
                st.dirty = True
                history.append(  # HISTORY_FIELDS
                    (
                        user_id,
                        variant,
                        m.pk,
                        m.finished_at,
                        m.table_id,
                        before.mu,
                        before.sigma,
                        skill.mu,
                        skill.sigma,
                        before.shown,
                        skill.shown,
                        st.games,
                        st.wins,
                    )
                )
            done.append(m)
            ledger.last_finished_at, ledger.last_table_id = m.finished_at, m.table_id
        _insert(RatingHistory, HISTORY_FIELDS, history)
        # Only the matches whose status changes are written (a recomputation leaves the
        # applied ones alone).
        for status, group in (
            (FinishedMatch.RatingStatus.APPLIED, done),
            (FinishedMatch.RatingStatus.VOID, void),
        ):
            ids = [m.pk for m in group if m.status != status]
            if ids:
                FinishedMatch.objects.filter(pk__in=ids).update(rating_status=status)
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
    late = list(
        FinishedMatch.objects.filter(
            _after(first["finished_at"], first["table_id"]),
            # implied by the line above, but a range of the (rating_status, finished_at,
            # table_id) index: not a scan of every applied match
            finished_at__gte=first["finished_at"],
            rating_status=FinishedMatch.RatingStatus.APPLIED,
        ).values_list("pk", flat=True)
    )
    states = _rewind(late) if late else {}
    return _apply(_to_rate(FinishedMatch.RatingStatus.PENDING), ledger, states)


@transaction.atomic
def ratings_recompute() -> int:
    """Every rating from scratch: forget them all and rate every rated match again, in order
    (the applied and the pending ones; the void ones stay void)."""
    ledger = _lock_ledger()
    RatingHistory.objects.all().delete()
    Rating.objects.all().delete()
    ledger.applied = 0
    ledger.last_finished_at = ledger.last_table_id = None
    matches = _to_rate(FinishedMatch.RatingStatus.APPLIED, FinishedMatch.RatingStatus.PENDING)
    return _apply(matches, ledger, fresh=True)
