"""The "ready to play" panel of the home page and the lobby: what the player can play now.

``your_turn``   live tables where the seat to act is his (games says so:
                :func:`games.selectors.calls.tables_calling`);
``waiting``     tables waiting for him: open tables where he sits, and tables in play he has
                not appeared at yet (a tournament or league table opened for him);
``fixtures``    league fixtures whose play window is open and that are still to be played;
``rounds``      the tournaments he plays that are not over: the round in play or the next one.

Read-only; games' tables are read through games' selectors (league may use games).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.selectors.calls import CallReason, TableCall, tables_calling
from league.clubs.models import User
from league.competitions.models import Fixture, Tournament, TournamentEntry


@dataclass(frozen=True)
class ReadyItem:
    label: str
    url: str
    detail: str = ""


@dataclass
class ReadyPanel:
    your_turn: list[ReadyItem] = field(default_factory=list)
    waiting: list[ReadyItem] = field(default_factory=list)
    fixtures: list[ReadyItem] = field(default_factory=list)
    rounds: list[ReadyItem] = field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        return not (self.your_turn or self.waiting or self.fixtures or self.rounds)


def _table_item(call: TableCall) -> ReadyItem:
    return ReadyItem(
        label=_("Table %(n)s") % {"n": call.table_id}, url=call.url, detail=call.variant_label
    )


def _tables(user: User, panel: ReadyPanel) -> None:
    for call in tables_calling(user=user):
        if call.reason is CallReason.YOUR_TURN:
            panel.your_turn.append(_table_item(call))
        else:
            panel.waiting.append(_table_item(call))


def _fixtures(user: User, panel: ReadyPanel, now: datetime) -> None:
    mine = Q(seats__entry__player=user) | Q(seats__entry__partner=user)
    fixtures = (
        Fixture.objects.filter(mine, status=Fixture.Status.SCHEDULED)
        .filter(window_opens__lte=now, window_closes__gt=now)
        .select_related("season__league", "division")
        .order_by("window_closes")
        .distinct()[:10]
    )
    for fixture in fixtures:
        closes = timezone.localtime(fixture.window_closes)
        panel.fixtures.append(
            ReadyItem(
                label=f"{fixture.season.league.name} · {fixture.division.label}",
                url=fixture.season.get_absolute_url(),
                detail=_("Round %(n)s, play by %(date)s")
                % {"n": fixture.round, "date": closes.strftime("%d/%m %H:%M")},
            )
        )


def _rounds(user: User, panel: ReadyPanel) -> None:
    entries = (
        TournamentEntry.objects.filter(Q(player=user) | Q(partner=user))
        .filter(status=TournamentEntry.Status.ACTIVE)
        .exclude(tournament__status=Tournament.Status.FINISHED)
        .select_related("tournament")
        .order_by("tournament__registration_closes")[:10]
    )
    for entry in entries:
        tournament = entry.tournament
        last = tournament.round_set.order_by("-number").first()
        if last is None:
            number = 1
        elif last.status == last.Status.FINISHED:
            number = min(last.number + 1, tournament.rounds)
        else:
            number = last.number
        playing = last is not None and last.number == number and last.status != last.Status.FINISHED
        detail = (
            _("Round %(n)s of %(total)s is being played")
            if playing
            else _("Next: round %(n)s of %(total)s")
        ) % {"n": number, "total": tournament.rounds}
        panel.rounds.append(
            ReadyItem(label=tournament.name, url=tournament.get_absolute_url(), detail=detail)
        )


def ready_panel(*, user: User, now: datetime | None = None) -> ReadyPanel:
    """What ``user`` can play now (see the module docstring)."""
    panel = ReadyPanel()
    _tables(user, panel)
    _fixtures(user, panel, now or timezone.now())
    _rounds(user, panel)
    return panel
