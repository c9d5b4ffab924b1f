"""Pages of live tables: the lobby, opening a table, the table itself, replays.

Thin adapters: parse the request, call a service, render. A ``TableError`` becomes a message on
the page. The table page works without JavaScript (every button posts the page's one form and
the page reloads); with it, moves go over the WebSocket (:mod:`games.live.consumers`) and the
server pushes the re-rendered ``games/_live.html`` partial.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import analysis_views, presenters, selectors, services, snapshots, sources
from games import messages as game_messages
from games.engine import REGISTRY, get_variant
from games.errors import TableError
from games.forms import TableForm, variant_choices
from games.live import lobby, shared_frames
from games.live.consumers import INVITES_SESSION_KEY, live_template
from games.models import ABANDON_REASON_MAX, Table

PLAY_NOW_TURN_SECONDS = 0  # nobody waits for you at a table of bots


def _invited(request: HttpRequest, table: Table) -> bool:
    return table.pk in (request.session.get(INVITES_SESSION_KEY) or [])


def _table_or_404(request: HttpRequest, table_id: int) -> Table:
    """The table, if the user may watch it (staff may watch any table). A private table he
    may not watch is a 404, as a missing one: its id tells a stranger nothing."""
    table = selectors.table_get(table_id=table_id)
    if table is None:
        raise Http404(_("There is no such table."))
    if request.user.is_staff:
        return table
    if not selectors.may_watch(table=table, user=request.user, invited=_invited(request, table)):
        raise Http404(_("There is no such table."))
    return table


def _record_table_or_404(request: HttpRequest, table_id: int) -> Table:
    """The table whose finished hands and record the user may read: any public table he may
    watch; a private table only for its seated players and staff (not its creator if he did
    not play, nor whoever holds the invitation link). Anyone else gets a 404, as if there
    were no such table."""
    table = selectors.table_get(table_id=table_id)
    if table is None:
        raise Http404(_("There is no such table."))
    if not table.is_private or request.user.is_staff:
        return _table_or_404(request, table_id)
    if not table.seats.filter(user_id=request.user.pk).exists():
        raise Http404(_("There is no such table."))
    return table


def _perform(request: HttpRequest, action: Callable[[], Any], success: str = "") -> bool:
    try:
        action()
    except TableError as error:
        messages.error(request, error.message)
        return False
    if success:
        messages.success(request, success)
    return True


# ----------------------------------------------------------------------------- lobby


def _lobby_context(request: HttpRequest) -> dict[str, Any]:
    """The lobby page's context: its list of tables is
    :func:`games.live.lobby.lobby_tables_context`, the one its WebSocket renders too."""
    context = lobby.lobby_tables_context(user=request.user)
    context["play_now"] = [
        (key, name, 4 if 4 in get_variant(key).players else get_variant(key).players[0])
        for key, name in variant_choices()
    ]
    return context


@login_required
def table_list(request: HttpRequest) -> HttpResponse:
    """The lobby. Kept fresh by its WebSocket (``/ws/lobby/``, static/games/lobby.js), with a
    slow htmx poll of the partial alone while the socket is closed; a plain page without
    JavaScript."""
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, lobby.LOBBY_PARTIAL, lobby.lobby_tables_context(user=request.user))
    return render(request, "games/table_list.html", _lobby_context(request))


@login_required
@require_POST
def play_now(request: HttpRequest) -> HttpResponse:
    """One click from the lobby: a table of the chosen game with bots in every other seat."""
    key = request.POST.get("variant") or "cabrero"
    if key not in REGISTRY:
        key = "cabrero"
    players = get_variant(key).players
    count = 4 if 4 in players else players[0]
    try:
        table = services.table_create(
            creator=request.user,
            variant=key,
            players=count,
            turn_seconds=PLAY_NOW_TURN_SECONDS,
            fill_with_bots=True,
            is_private=True,
        )
    except TableError as error:
        messages.error(request, error.message)
        return redirect("games:table_list")
    return redirect(table)


@login_required
def table_create(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = TableForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                table = services.table_create(
                    creator=request.user,
                    variant=data["variant"],
                    players=data["players"],
                    options=form.options(),
                    is_private=data["is_private"],
                    turn_seconds=data["turn_seconds"],
                    rated=data["rated"],
                    fill_with_bots=data["fill_with_bots"],
                    bot_level=data["bot_level"] or None,
                )
            except TableError as error:
                form.add_error(None, error.message)
            else:
                return redirect(table)
    else:
        form = TableForm(initial=request.GET.dict())
    template = "games/table_form.html"
    if request.htmx:  # type: ignore[attr-defined]
        template += "#table-form"
    return render(request, template, {"form": form})


# ----------------------------------------------------------------------------- the table


def _detail_context(request: HttpRequest, table: Table) -> dict[str, Any]:
    snapshot = snapshots.table_snapshot(table_id=table.pk)
    view = presenters.table_view(snapshot=snapshot, user=request.user)
    table = snapshot.table
    context: dict[str, Any] = {
        "view": view,
        "table": table,
        "live_template": live_template(table),
        "can_abandon": table.is_playing
        and services.may_abandon(table=table, seats=snapshot.seats, user=request.user),
        "abandon_reason_max": ABANDON_REASON_MAX,
        # What the table was opened for (a competition registers how to name it and link it).
        "source": sources.describe(source_kind=table.source_kind, source_id=table.source_id),
        # A spectator's socket by the address a proxy may route to spectators' processes.
        "ws_url": (
            f"/ws/watch/{table.pk}/"
            if shared_frames.sees_public_table(snapshot, request.user)
            else f"/ws/tables/{table.pk}/"
        ),
    }
    started = table.is_finished or table.is_playing or table.is_abandoned
    may_replay = not table.is_private or view.your_seat is not None or request.user.is_staff
    if started and may_replay:
        context["hands"] = selectors.hand_records(table=table)
    if view.your_seat is not None or table.created_by_id == request.user.pk:
        context["invite_url"] = request.build_absolute_uri(table.get_invite_path())
    return context


@login_required
def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table_or_404(request, table_id)
    return render(request, "games/table_detail.html", _detail_context(request, table))


@login_required
def table_live(request: HttpRequest, table_id: int) -> HttpResponse:
    """The live partial alone (for a client whose WebSocket cannot connect)."""
    table = _table_or_404(request, table_id)
    snapshot = snapshots.table_snapshot(table_id=table.pk)
    view = presenters.table_view(snapshot=snapshot, user=request.user)
    response = render(request, live_template(snapshot.table), {"view": view})
    response["X-Table-Version"] = str(view.version)
    response["X-Table-Revision"] = str(view.revision)
    return response


@login_required
def table_invite(request: HttpRequest, token: str) -> HttpResponse:
    """A private table's invitation link: remember it in the session, open the table."""
    table = selectors.table_get_by_invite(token=token)
    if table is None:
        messages.error(request, _("This invitation link is not valid."))
        return redirect("games:table_list")
    invites = list(request.session.get(INVITES_SESSION_KEY) or [])
    if table.pk not in invites:
        invites.append(table.pk)
        request.session[INVITES_SESSION_KEY] = invites[-50:]
    return redirect(table)


def _post_int(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.POST[name])
    except (KeyError, ValueError):
        return None


@login_required
@require_POST
def table_sit(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table_or_404(request, table_id)
    token = table.invite_token if _invited(request, table) else None
    _perform(
        request,
        lambda: services.table_sit(
            table_id=table.pk,
            user=request.user,
            position=_post_int(request, "position"),
            invite_token=token,
        ),
    )
    return redirect(table)


@login_required
@require_POST
def table_leave(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table_or_404(request, table_id)
    left = _perform(request, lambda: services.table_leave(table_id=table.pk, user=request.user))
    if left and table.is_open:
        return redirect("games:table_list")
    return redirect(table)


@login_required
@require_POST
def table_add_bot(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table_or_404(request, table_id)
    _perform(
        request,
        lambda: services.table_add_bot(
            table_id=table.pk,
            user=request.user,
            position=_post_int(request, "position"),
            level=request.POST.get("bot_level") or None,
        ),
    )
    return redirect(table)


@login_required
@require_POST
def table_fill_bots(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table_or_404(request, table_id)
    _perform(
        request,
        lambda: services.table_fill_bots(
            table_id=table.pk, user=request.user, level=request.POST.get("bot_level") or None
        ),
    )
    return redirect(table)


@login_required
@require_POST
def table_remove_bot(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table_or_404(request, table_id)
    position = _post_int(request, "position")
    if position is not None:
        _perform(
            request,
            lambda: services.table_remove_bot(
                table_id=table.pk, user=request.user, position=position
            ),
        )
    return redirect(table)


@login_required
@require_POST
def table_cancel(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table_or_404(request, table_id)
    if _perform(
        request,
        lambda: services.table_cancel(table_id=table.pk, user=request.user),
        _("The table is closed."),
    ):
        return redirect("games:table_list")
    return redirect(table)


@login_required
@require_POST
def table_abandon(request: HttpRequest, table_id: int) -> HttpResponse:
    """Stop a table in play (staff; the creator of a casual table alone with bots)."""
    table = _table_or_404(request, table_id)
    reason = request.POST.get("reason", "")
    done: list[Table] = []
    _perform(
        request,
        lambda: done.append(
            services.table_abandon(table_id=table.pk, user=request.user, reason=reason)
        ),
    )
    if done:
        if done[0].is_abandoned:
            messages.success(request, _("The table was abandoned: the game is over for everyone."))
        else:
            messages.success(request, _("The table is closed."))
    return redirect(table)


@login_required
@require_POST
def table_act(request: HttpRequest, table_id: int) -> HttpResponse:
    """A move without the WebSocket (the page's form posted by a browser without JavaScript)."""
    table = _table_or_404(request, table_id)
    version = _post_int(request, "version")
    _perform(
        request,
        lambda: services.table_act(
            table_id=table.pk,
            user=request.user,
            action=request.POST.get("action", ""),
            version=version if version is not None else -1,
        ),
    )
    return redirect(table)


@login_required
@require_POST
def table_take_back(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table_or_404(request, table_id)
    _perform(request, lambda: services.table_take_back(table_id=table.pk, user=request.user))
    return redirect(table)


@login_required
@require_POST
def table_rematch(request: HttpRequest, table_id: int) -> HttpResponse:
    """Play again: accept a new match with the same seats; to the new table once it opens."""
    table = _table_or_404(request, table_id)
    opened: list[Any] = []
    _perform(
        request,
        lambda: opened.append(services.table_rematch_accept(table_id=table.pk, user=request.user)),
    )
    return redirect(opened[0] if opened and opened[0] is not None else table)


# ----------------------------------------------------------------------------- records


@login_required
def hand_replay(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """Step through a finished hand card by card, every hand open (finished hands only).

    A private table's hands only for its seated players and staff (404 for anyone else)."""
    table = _record_table_or_404(request, table_id)
    record = selectors.hand_record_get(table=table, number=number - 1)
    if record is None:
        raise Http404(_("That hand has not been played to its end."))
    try:
        step = int(request.GET.get("step", "0"))
    except ValueError:
        step = 0
    replay = presenters.hand_replay(table=table, record=record, step=step)
    context = {
        "table": table,
        "replay": replay,
        "variant_name": game_messages.variant_name(table.variant),
        **analysis_views.replay_context(request, table, record, replay.step),
    }
    template = "games/hand_replay.html"
    if request.htmx:  # type: ignore[attr-defined]
        template += "#replay-board"
    return render(request, template, context)


@login_required
def table_record(request: HttpRequest, table_id: int) -> HttpResponse:
    """The finished match's record as JSON (the engine's format; replays with the engine).

    A private table's record only for its seated players and staff (404 for anyone else)."""
    table = _record_table_or_404(request, table_id)
    if not table.is_finished or table.record is None:
        raise Http404(_("The match is not over."))
    response = JsonResponse(table.record)
    response["Content-Disposition"] = f'attachment; filename="tute-table-{table.pk}.json"'
    return response
