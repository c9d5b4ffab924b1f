"""The hand analysis and the open-cards view on the replay page (view-models for templates).

:func:`analysis_panel` is what the replay shows of one seat's stored analysis: a summary
("2 mistakes, 14 points lost"), the marked decisions (links to their steps), and at the
current step the decision about to be taken, with every alternative's value. The step of a
decision is the index of its action: the replay at ``?step=k`` shows the position before
action ``k``, so the cards the player chose from are on the board.

:func:`open_cards_view` is what best play by every seat would achieve from the position after
``step`` actions (all hands visible): shown only for a finished table, as the analysis is.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from django.core.cache import cache
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import messages
from games.engine import analysis as engine_analysis
from games.engine import parse_action
from games.engine.records import replay
from games.models import HandRecord, Table
from games.presenters.table import seat_name
from games.selectors.queries import table_seats
from games.services import analysis as service

#: The symbol shown with each mark (as chess annotators write them).
SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

#: Seconds an open-cards result stays cached (a finished hand never changes).
OPEN_CARDS_CACHE_SECONDS = 24 * 3600


def mark_label(mark: str) -> str:
    labels = {"inaccuracy": _("Inaccuracy"), "mistake": _("Mistake"), "blunder": _("Blunder")}
    return labels.get(mark, "")


def points_text(value: float) -> str:
    """Points with one decimal, none when whole (``14``, ``2.5``), in the active locale."""
    rounded = round(value, 1)
    return number_format(rounded, 0 if rounded == int(rounded) else 1)


def chance_text(value: float) -> str:
    return number_format(round(value * 100), 0) + "%"


@dataclass
class MoveView:
    notation: str
    label: str
    card: str | None  # the card's notation when the move plays a card


def move_view(notation: str, trump: str | None) -> MoveView:
    try:
        is_card = 0 <= parse_action(notation) < 40
    except Exception:  # not a card's notation
        is_card = False
    if is_card:
        return MoveView(notation, messages.card_name(notation), notation)
    return MoveView(notation, messages.action_label(notation, trump=trump), None)


@dataclass
class AlternativeView:
    move: MoveView
    points: str
    p_lose: str  # "" where the chance does not apply
    samples: int
    is_best: bool
    is_played: bool


@dataclass
class DecisionView:
    step: int
    mark: str
    mark_label: str
    symbol: str
    played: MoveView
    best: MoveView
    cost_points: str
    cost_chance: str  # "" when no chance is lost
    alternatives: list[AlternativeView]


@dataclass
class SeatChoice:
    position: int
    name: str
    selected: bool
    status: str  # "", or a HandAnalysis.Status value


@dataclass
class AnalysisPanel:
    open: bool  # the table's match is over: the analysis may be shown
    seats: list[SeatChoice] = field(default_factory=list)
    seat: int | None = None
    seat_name: str = ""
    status: str = ""  # "" (never asked), pending, done or failed
    summary: str = ""
    points_lost: str = ""
    marked: list[DecisionView] = field(default_factory=list)
    current: DecisionView | None = None
    decisions: int = 0
    can_request: bool = False
    #: The open-cards view is on: the replay's links keep it on from step to step.
    open_cards: bool = False

    @property
    def query(self) -> str:
        """What the replay's links add to keep this seat and the open-cards view
        (``&seat=2&open=1``), or ""."""
        seat = "" if self.seat is None else f"&seat={self.seat}"
        return seat + ("&open=1" if self.open_cards else "")

    @property
    def seat_query(self) -> str:
        """The seat only (the links that turn the open-cards view on or off)."""
        return "" if self.seat is None else f"&seat={self.seat}"


def _trump(record: HandRecord) -> str | None:
    try:
        return "OCEB"[replay(dict(record.record)).trump]
    except Exception:  # a record the engine cannot replay has no labels to improve
        return None


def summary_text(counts: dict[str, int], points_lost: float) -> str:
    """ "2 mistakes, 14 points lost" (only the marks that occur)."""
    words = {
        "inaccuracy": lambda n: ngettext("%(count)s inaccuracy", "%(count)s inaccuracies", n),
        "mistake": lambda n: ngettext("%(count)s mistake", "%(count)s mistakes", n),
        "blunder": lambda n: ngettext("%(count)s blunder", "%(count)s blunders", n),
    }
    parts = [words[m](counts[m]) % {"count": counts[m]} for m in words if counts.get(m)]
    if not parts:
        parts = [_("no inaccuracies, mistakes or blunders")]
    lost = round(points_lost, 1)
    parts.append(
        ngettext("%(points)s point lost", "%(points)s points lost", 1 if lost == 1 else 2)
        % {"points": points_text(points_lost)}
    )
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def decision_view(decision: engine_analysis.Decision, trump: str | None) -> DecisionView:
    alternatives = [
        AlternativeView(
            move=move_view(alt.action, trump),
            points=points_text(alt.points),
            p_lose="" if alt.p_lose is None else chance_text(alt.p_lose),
            samples=alt.samples,
            is_best=alt.action == decision.best,
            is_played=alt.action == decision.played,
        )
        for alt in decision.alternatives
    ]
    return DecisionView(
        step=decision.step,
        mark=decision.mark,
        mark_label=mark_label(decision.mark),
        symbol=SYMBOLS.get(decision.mark, ""),
        played=move_view(decision.played, trump),
        best=move_view(decision.best, trump),
        cost_points=points_text(decision.cost_points),
        cost_chance=chance_text(decision.cost_chance) if decision.cost_chance > 0.005 else "",
        alternatives=alternatives,
    )


def analysis_panel(
    *, table: Table, record: HandRecord, step: int, user: Any, seat: int | None
) -> AnalysisPanel:
    """The analysis of ``seat`` (a table position; by default the viewer's own, else the first
    person's) at ``step``. Closed (nothing but ``open=False``) while the match is played."""
    if not service.may_see(table=table, user=user):
        return AnalysisPanel(open=False)
    seats = {s.position: s for s in table_seats(table=table)}
    people = service.person_seats(record)
    if not people:
        return AnalysisPanel(open=True)
    rows = service.analyses_of(record)
    if seat not in people:
        own = [p for p in people if seats[p].user_id == user.pk]
        seat = own[0] if own else people[0]
    panel = AnalysisPanel(
        open=True,
        seats=[
            SeatChoice(p, seat_name(seats[p]), p == seat, rows[p].status if p in rows else "")
            for p in people
        ],
        seat=seat,
        seat_name=seat_name(seats[seat]),
    )
    row = rows.get(seat)
    panel.status = row.status if row is not None else ""
    panel.can_request = row is None or service.may_retry(row)
    result = service.read(row) if row is not None else None
    if result is None:
        return panel
    trump = _trump(record)
    panel.decisions = len(result.decisions)
    panel.summary = summary_text(result.counts(), result.points_lost)
    panel.points_lost = points_text(result.points_lost)
    panel.marked = [decision_view(d, trump) for d in result.decisions if d.mark]
    here = [d for d in result.decisions if d.step == step]
    panel.current = decision_view(here[0], trump) if here else None
    return panel


# ---------------------------------------------------------------------------- open cards


@dataclass
class OpenCardsView:
    step: int
    exact: bool
    rows: list[tuple[str, str]]  # (seat name, value)
    best: MoveView | None
    line: list[MoveView]
    error: str = ""


def open_cards_view(*, table: Table, record: HandRecord, step: int) -> OpenCardsView:
    """Best play by every seat from the position after ``step`` actions (cached per step).

    Only for a finished table (callers check :func:`games.services.analysis.may_see`)."""
    actions = list((record.record or {}).get("actions") or [])
    step = max(0, min(step, len(actions)))
    key = f"open-cards:{record.pk}:{step}:{service.engine_version()}"
    data = cache.get(key)
    if data is None:
        try:
            data = asdict(engine_analysis.open_cards(dict(record.record), step))
        except Exception:
            return OpenCardsView(step, False, [], None, [], _("This position cannot be solved."))
        cache.set(key, data, OPEN_CARDS_CACHE_SECONDS)
    seats = table_seats(table=table)
    positions = service.hand_positions(record)
    trump = _trump(record)
    rows = [
        (seat_name(seats[positions[local]]), points_text(value))
        for local, value in enumerate(data["values"])
        if local < len(positions) and positions[local] < len(seats)
    ]
    return OpenCardsView(
        step=step,
        exact=bool(data["exact"]),
        rows=rows,
        best=move_view(data["best"], trump) if data["best"] else None,
        line=[move_view(a, trump) for a in data["line"]],
    )
