"""Hand analysis on the platform: who may see it, asking for it, computing and storing it.

The engine (:func:`games.engine.analysis.analyse_hand`) evaluates every decision of one seat
from that seat's information at the time; this module keeps its result in
:class:`games.analysis_models.HandAnalysis` rows (one per finished hand and table seat).

**When.** At the end of every hand, for each seat of a person (never a bot's), when
``TUTE_ANALYSIS_AUTO`` is on (the default; the test settings turn it off): the rows are written
with the hand record and the work starts after the commit. Older hands are analysed on request
(:func:`request_analysis`, the replay page's button and the API's POST).

**Where.** :func:`dispatch` follows the table scheduler (``games.conf.scheduler_mode``): a
Celery worker (``celery``); in embedded mode (``inprocess``) a background thread that hands
the search to one low-priority child process (:mod:`games.analysis_runner`), so the server's
event loop and its sync thread never wait for it; at once (``immediate``, ``manual``: tests).

**Who sees it.** Nobody while the table's match is being played (nor its request button):
only a finished table's analyses are shown, to its players, and to everyone logged in for a
public table (a private table's hands are a 404 for others, as the replay is).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import conf
from games.analysis_models import HandAnalysis
from games.engine import analysis as engine_analysis
from games.errors import TableError, TableNotFoundError
from games.models import HandRecord, Seat, Table

logger = logging.getLogger(__name__)

#: What computes an analysis: ``(record, local_seat, deals=, seed=) -> HandAnalysis JSON``.
Runner = Callable[..., dict[str, Any]]

_task: list[Any] = []  # the Celery task, registered by games.analysis_tasks
_background: list[Callable[[int], None]] = []  # the in-process runner's submit


class AnalysisError(TableError):
    code = "analysis"

    def default_message(self) -> str:
        return _("That hand cannot be analysed.")


class AnalysisNotOpenError(AnalysisError):
    """The table's match is still being played (or never finished): nothing is shown yet."""

    code = "analysis_not_open"

    def default_message(self) -> str:
        return _("The analysis opens when the match is over.")


class NotAPersonSeatError(AnalysisError):
    code = "analysis_not_person"

    def default_message(self) -> str:
        return _("Only the seats of people who played the hand are analysed.")


class AbandonedTableError(AnalysisError):
    code = "analysis_abandoned"

    def default_message(self) -> str:
        return _("The hands of an abandoned table are not analysed.")


class HandNotFinishedError(AnalysisError):
    code = "analysis_no_hand"

    def default_message(self) -> str:
        return _("That hand has not been played to its end.")


# ------------------------------------------------------------------------------ settings


def _setting(name: str, default: str) -> str:
    if hasattr(settings, name):
        return str(getattr(settings, name))
    return os.environ.get(name, "").strip() or default


def auto_enabled() -> bool:
    """``TUTE_ANALYSIS_AUTO``: analyse each hand of people when it ends (default on)."""
    return _setting("TUTE_ANALYSIS_AUTO", "1").lower() not in ("0", "false", "no", "off", "")


def deals() -> int | None:
    """``TUTE_ANALYSIS_DEALS``: sampled deals per decision (unset: the engine's default)."""
    raw = _setting("TUTE_ANALYSIS_DEALS", "")
    return max(1, int(raw)) if raw else None


def queue() -> str:
    """``TUTE_ANALYSIS_QUEUE``: the Celery queue of the analyses ("" : the default queue, shared
    with the bots' moves; a worker of its own, ``-Q analysis``, keeps them apart)."""
    return _setting("TUTE_ANALYSIS_QUEUE", "")


def engine_version() -> str:
    return str(getattr(engine_analysis, "VERSION", "1"))


# --------------------------------------------------------------------------- permissions


def is_open(table: Table) -> bool:
    """Whether the table's analyses may be shown at all: its match is over (finished)."""
    return table.status == Table.Status.FINISHED


def may_see(*, table: Table, user: Any) -> bool:
    """Whether ``user`` may read the analyses of ``table``'s hands (and ask for them)."""
    if user is None or not user.is_authenticated or not is_open(table):
        return False
    if not table.is_private or user.is_staff:
        return True
    return Seat.objects.filter(table=table, user_id=user.pk).exists()


def check_readable(*, table: Table, user: Any) -> None:
    """Raise unless ``user`` may read ``table``'s analyses: a private table he did not sit at
    is not found (its id tells nothing); a table in play or abandoned says why."""
    staff = user.is_authenticated and user.is_staff
    if (
        table.is_private
        and not staff
        and not Seat.objects.filter(table=table, user_id=user.pk).exists()
    ):
        raise TableNotFoundError()
    if table.is_abandoned:
        raise AbandonedTableError()
    if not is_open(table):
        raise AnalysisNotOpenError()


# --------------------------------------------------------------------------------- seats


def hand_positions(record: HandRecord) -> list[int]:
    """The table positions of the hand's seats, in the hand's order (a playoff's subset)."""
    context = (record.record or {}).get("context") or {}
    playoff = context.get("seats")
    if playoff:
        return [int(p) for p in playoff]
    return list(range(int((record.record or {}).get("players") or record.table.players)))


def person_seats(record: HandRecord) -> list[int]:
    """The table positions of the people (not bots) who played the hand."""
    people = set(
        Seat.objects.filter(table_id=record.table_id, user__isnull=False).values_list(
            "position", flat=True
        )
    )
    return [p for p in hand_positions(record) if p in people]


def local_seat(record: HandRecord, position: int) -> int:
    positions = hand_positions(record)
    if position not in positions:
        raise NotAPersonSeatError()
    return positions.index(position)


# ------------------------------------------------------------------------------ requests


#: A row pending for longer than this (seconds) is taken for lost (a server restarted while it
#: was computed) and may be asked for again.
PENDING_TIMEOUT = 600


def may_retry(row: HandAnalysis) -> bool:
    """Whether asking again would compute ``row`` again: it failed, was done by an older engine,
    or has been pending for longer than :data:`PENDING_TIMEOUT`."""
    if row.status == HandAnalysis.Status.FAILED:
        return True
    if row.status == HandAnalysis.Status.DONE:
        return row.engine_version != engine_version()
    return (timezone.now() - row.requested_at).total_seconds() > PENDING_TIMEOUT


def fail(analysis_id: int, error: str) -> None:
    HandAnalysis.objects.filter(pk=analysis_id).update(
        status=HandAnalysis.Status.FAILED, error=error[:200], finished_at=timezone.now()
    )


def analyses_of(record: HandRecord) -> dict[int, HandAnalysis]:
    return {row.seat: row for row in HandAnalysis.objects.filter(hand=record)}


def request_analysis(*, table: Table, record: HandRecord, seat: int, user: Any) -> HandAnalysis:
    """Ask for the analysis of ``seat`` (a table position) in a finished hand of ``table``.

    Done (by this engine version) or under way: returned as it is. Failed or done by an older
    engine: computed again. Raises an :class:`AnalysisError` for a seat that is not a person's
    of this hand, a table in play or abandoned."""
    check_readable(table=table, user=user)
    if record.table_id != table.pk:
        raise HandNotFinishedError()
    if seat not in person_seats(record):
        raise NotAPersonSeatError()
    with transaction.atomic():
        row, created = HandAnalysis.objects.select_for_update().get_or_create(
            hand=record, seat=seat
        )
        if created or may_retry(row):
            row.status, row.error = HandAnalysis.Status.PENDING, ""
            row.requested_at = timezone.now()
            row.save(update_fields=["status", "error", "requested_at"])
            pk = row.pk
            transaction.on_commit(lambda: dispatch(pk), robust=True)
    return row


def hand_recorded(record: HandRecord) -> None:
    """A hand just ended (inside its move's transaction): when ``TUTE_ANALYSIS_AUTO`` is on,
    write a pending row for each person's seat and start the work after the commit."""
    if not auto_enabled():
        return
    seats = person_seats(record)
    if not seats:
        return
    HandAnalysis.objects.bulk_create(
        [HandAnalysis(hand=record, seat=s) for s in seats], ignore_conflicts=True
    )
    ids = list(
        HandAnalysis.objects.filter(
            hand=record, seat__in=seats, status=HandAnalysis.Status.PENDING
        ).values_list("pk", flat=True)
    )

    def start() -> None:
        for pk in ids:
            dispatch(pk)

    transaction.on_commit(start, robust=True)


def dispatch(analysis_id: int) -> None:
    """Start computing row ``analysis_id`` where the table scheduler runs its work."""
    mode = conf.scheduler_mode()
    if mode == "celery" and _task:
        name = queue()
        _task[0].apply_async(args=(analysis_id,), **({"queue": name} if name else {}))
    elif mode == "inprocess" and _background:
        _background[0](analysis_id)
    else:
        compute(analysis_id)


def register(*, task: Any = None, background: Callable[[int], None] | None = None) -> None:
    """Called by :mod:`games.analysis_tasks` at import: the Celery task and the in-process
    runner (services never import them)."""
    if task is not None:
        _task[:] = [task]
    if background is not None:
        _background[:] = [background]


# ------------------------------------------------------------------------------- compute


def _direct(record: Mapping[str, Any], seat: int, **options: Any) -> dict[str, Any]:
    return engine_analysis.analyse_hand(record, seat, **options).to_json()


def compute(analysis_id: int, *, run: Runner | None = None) -> bool:
    """Compute and store row ``analysis_id`` (idempotent: a row done by this engine version is
    left alone). ``run`` computes elsewhere (a child process); by default here. Returns
    whether it stored an analysis."""
    row = HandAnalysis.objects.select_related("hand").filter(pk=analysis_id).first()
    if row is None:
        return False
    if row.status == HandAnalysis.Status.DONE and row.engine_version == engine_version():
        return False
    record = row.hand
    seed = f"{record.table_id}:{record.number}:{row.seat}"
    started = time.perf_counter()
    try:
        options: dict[str, Any] = {"seed": seed}
        if deals() is not None:
            options["deals"] = deals()
        data = (run or _direct)(dict(record.record), local_seat(record, row.seat), **options)
        engine_analysis.HandAnalysis.from_json(data)  # what is stored must read back
    except Exception as exc:  # an engine failure is stored, never raised at a worker
        logger.exception("Analysis %s of hand %s failed", analysis_id, record.pk)
        fail(analysis_id, repr(exc))
        return False
    HandAnalysis.objects.filter(pk=analysis_id).update(
        status=HandAnalysis.Status.DONE,
        data=data,
        error="",
        engine_version=engine_version(),
        finished_at=timezone.now(),
        elapsed_ms=int((time.perf_counter() - started) * 1000),
    )
    return True


def read(row: HandAnalysis) -> engine_analysis.HandAnalysis | None:
    """The engine's analysis stored in a done row (None otherwise)."""
    if row.status != HandAnalysis.Status.DONE or not row.data:
        return None
    return engine_analysis.HandAnalysis.from_json(row.data)
