"""How a hand ended, in words: :func:`hand_summary` turns a hand's result (the engine's JSON
form) into a :class:`HandSummary` whose rows say each player's result and whose notes say what
decided the hand (the plate and what each pays, a forced canto, the teams' totals, 101 not
reached and what follows)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import messages
from games.engine.cards import NOTATION
from games.presenters.bidding_summary import bidding_summary
from games.presenters.viewmodels import HandSummary

#: (seat, suit letter) of each canto a Chancho player had to sing (king and horse in his trick).
Forced = Sequence[tuple[int, str]]


def canto_line(name: str, *, suit: str | None, points: int, tute: bool) -> str:
    """A canto in words: who sang what."""
    return messages.canto_description(name=name, suit=suit, points=points, tute=tute)


def forced_cantos(tricks: Iterable[Any]) -> list[tuple[int, str]]:
    """The cantos forced in Chancho: a trick holding a king and the horse of its suit makes
    its taker sing them (``tricks``: the hand's completed tricks, cards as indices)."""
    out = []
    for trick in tricks:
        names = {NOTATION[c] for c in trick.cards}
        for suit in "OCEB":
            if f"12{suit}" in names and f"11{suit}" in names:
                out.append((int(trick.winner), suit))
    return out


def _tantos(n: int) -> str:
    return ngettext("%(n)s tanto", "%(n)s tantos", n) % {
        "n": formats.number_format(n, force_grouping=True)
    }


def hand_summary(
    result: dict[str, Any], names: list[str], number: int, *, forced: Forced = ()
) -> HandSummary:
    losers = set(result.get("losers") or [])
    winners = set(result.get("winners") or [])
    points = result.get("points") or []
    tricks = result.get("tricks") or []
    cantos = result.get("cantos") or []
    extra = result.get("extra") or {}
    canto_pts = [0] * len(names)
    for c in cantos:
        if 0 <= c["seat"] < len(names):
            canto_pts[c["seat"]] += int(c.get("points") or 0)
    charges = extra.get("charges") or {}
    stakes = (extra.get("stakes") or {}).get("seats")
    undecided = "game_over" in extra and not extra["game_over"]
    rows = []
    for seat, name in enumerate(names):
        if seat >= len(points):
            break
        lost = seat in losers
        charge = charges.get(str(seat), 1 if lost else 0)
        if isinstance(stakes, list) and seat < len(stakes):
            gain = int(stakes[seat])
            won = _("wins the hand") if seat in winners else ""
            pay = (
                _("pays %(tantos)s") % {"tantos": _tantos(-gain)}
                if gain < 0
                else _("collects %(tantos)s") % {"tantos": _tantos(gain)}
                if gain > 0
                else _("pays nothing")
            )
            text = f"{won}, {pay}" if won else pay
            lost = gain < 0
        elif undecided:
            text = _("101 not reached")
        elif lost:
            text = _("loses") + (f" (×{charge})" if charge > 1 else "")
        elif seat in winners and (len(points) == 2 or "winning_team" in extra):
            text = _("wins")
        else:
            text = _("safe")
        rows.append(
            {
                "name": name,
                "points": points[seat],
                "tricks": tricks[seat] if seat < len(tricks) else 0,
                "cantos": canto_pts[seat],
                "lost": lost,
                "charge": charge,
                "result": text,
            }
        )
    summary = HandSummary(
        number=number + 1,
        rows=rows,
        reason=messages.hand_reason(result.get("reason_code", ""), result.get("reason", "")),
        cantos=[
            canto_line(
                names[c["seat"]],
                suit=c.get("suit"),
                points=int(c.get("points") or 0),
                tute=bool(c.get("tute")),
            )
            for c in cantos
        ],
        notes=_notes(result, extra, names, forced),
    )
    bidding_summary(summary, result, names)
    return summary


def _notes(
    result: dict[str, Any], extra: dict[str, Any], names: list[str], forced: Forced
) -> list[str]:
    """What decided the hand, beyond the reason: one sentence each."""
    notes = []
    team_points = result.get("team_points")
    teams = extra.get("teams")
    if isinstance(team_points, list) and isinstance(teams, list):
        for team, total in zip(teams, team_points, strict=False):
            members = " & ".join(names[s] for s in team if s < len(names))
            notes.append(
                ngettext(
                    "%(team)s: %(counter)s point in all.",
                    "%(team)s: %(counter)s points in all.",
                    total,
                )
                % {"team": members, "counter": total}
            )
        games = int(extra.get("games") or 1)
        if games > 1:
            notes.append(_("101 points or more: the win counts two games."))
    totals = extra.get("totals")
    if "game_over" in extra and isinstance(totals, list) and len(totals) == 2:
        values = {"a": names[0], "b": names[1], "pa": totals[0], "pb": totals[1]}
        if not extra["game_over"]:
            notes.append(
                _(
                    "101 not reached (%(a)s %(pa)s, %(b)s %(pb)s): a second deal follows and "
                    "these points carry over."
                )
                % values
            )
        else:
            notes.append(_("Game totals: %(a)s %(pa)s, %(b)s %(pb)s.") % values)
    caller = extra.get("plate_caller")
    if extra.get("plate"):
        amount = int(extra.get("plate_amount") or 0)
        if caller is None:
            notes.append(
                _("Nobody went to the plate (%(tantos)s in it).") % {"tantos": _tantos(amount)}
            )
        elif extra.get("plate_made"):
            notes.append(
                _(
                    "%(name)s went to the plate and made 101: takes the plate's %(tantos)s "
                    "and 200 from each opponent."
                )
                % {"name": names[caller], "tantos": _tantos(amount)}
            )
        else:
            notes.append(
                _(
                    "%(name)s went to the plate and missed 101: pays %(tantos)s into the "
                    "plate and 200 to each opponent."
                )
                % {"name": names[caller], "tantos": _tantos(amount)}
            )
    for seat, suit in forced:
        if seat < len(names):
            notes.append(
                _(
                    "Forced canto: %(name)s took the king and horse of %(suit)s in one trick "
                    "and had to sing them."
                )
                % {"name": names[seat], "suit": messages.suit_name(suit)}
            )
    return notes
