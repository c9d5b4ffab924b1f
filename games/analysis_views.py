"""Pages of the hand analysis: the replay's analysis panel and open-cards view, and the
"Analyse this hand" button. Thin adapters over :mod:`games.services.analysis` and
:mod:`games.presenters.analysis`; nothing is shown, nor can be asked for, while the table's
match is being played."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import selectors
from games.errors import TableError, TableNotFoundError
from games.models import HandRecord, Table
from games.presenters import analysis as presenter
from games.services import analysis as service


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def replay_context(
    request: HttpRequest, table: Table, record: HandRecord, step: int
) -> dict[str, Any]:
    """What the replay page adds for the analysis: ``analysis`` (a panel, closed while the
    match is played) and, with ``?open=1``, ``open_cards`` at ``step``."""
    panel = presenter.analysis_panel(
        table=table,
        record=record,
        step=step,
        user=request.user,
        seat=_int(request.GET.get("seat")),
    )
    context: dict[str, Any] = {"analysis": panel, "open_cards": None}
    if panel.open and request.GET.get("open") == "1":
        context["open_cards"] = presenter.open_cards_view(table=table, record=record, step=step)
        panel.open_cards = True
    return context


@login_required
@require_POST
def hand_analyse(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """Ask for the analysis of a seat (``seat``, a table position) in a finished hand."""
    table = selectors.table_get(table_id=table_id)
    if table is None:
        raise Http404(_("There is no such table."))
    record = selectors.hand_record_get(table=table, number=number - 1)
    seat = _int(request.POST.get("seat"))
    url = reverse("games:hand_replay", args=[table.pk, number])
    try:
        if record is None:
            service.check_readable(table=table, user=request.user)
            raise service.HandNotFinishedError()
        row = service.request_analysis(
            table=table, record=record, seat=-1 if seat is None else seat, user=request.user
        )
    except TableNotFoundError:
        raise Http404(_("There is no such table.")) from None
    except TableError as error:
        messages.error(request, error.message)
        return redirect(url)
    if row.status == row.Status.DONE:
        messages.success(request, _("The hand has been analysed."))
    else:
        messages.info(request, _("The hand is being analysed. This page shows it when ready."))
    return redirect(f"{url}?seat={row.seat}")
