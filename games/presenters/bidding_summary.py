"""How a hand of a bidding tute ended, in words (RULES.md §9: remate, codillo, bato).

:func:`bidding_summary` completes a :class:`~games.presenters.viewmodels.HandSummary` built by
:func:`games.presenters.summaries.hand_summary` from the hand's result: each row says what the
player won or paid in this hand (the ledger's tantos in remate, the game points in codillo,
the pot's units in bato), and the notes say what was bid or taken on, whether it was made, and
who paid what. It reads only the result's public facts (``HandResult.extra``); a void hand
keeps the reason alone.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import messages
from games.presenters.viewmodels import HandSummary


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _names(seats: list[Any], names: list[str]) -> str:
    return ", ".join(names[s] for s in seats if isinstance(s, int) and 0 <= s < len(names))


def bidding_summary(summary: HandSummary, result: dict[str, Any], names: list[str]) -> None:
    """Rewrite ``summary``'s row results and add the notes of a bidding tute's hand (told
    apart by the facts its result carries); other games' summaries are left as they are."""
    extra = result.get("extra") or {}
    if "jugador" not in extra:
        return
    if "ledger" in extra and "bid" in extra:
        _remate(summary, extra, names)
    elif "score" in extra and ("called" in extra or extra.get("void")):
        _codillo(summary, extra, names)
    elif "payout" in extra and "pot" in extra:
        _bato(summary, extra, names)


def _set_rows(summary: HandSummary, deltas: list[Any], word: str) -> None:
    """Each row's result: what this hand gave or cost the player (``word``: the unit)."""
    for seat, row in enumerate(summary.rows):
        if seat >= len(deltas) or not isinstance(deltas[seat], int):
            continue
        n = deltas[seat]
        if n > 0:
            row["result"] = _("wins %(amount)s") % {"amount": f"{n} {word}"}
        elif n < 0:
            row["result"] = _("pays %(amount)s") % {"amount": f"{-n} {word}"}
        else:
            row["result"] = _("even")
        row["lost"] = n < 0


def _remate(summary: HandSummary, extra: dict[str, Any], names: list[str]) -> None:
    if extra.get("void"):
        return
    j = extra.get("jugador")
    if not isinstance(j, int) or not 0 <= j < len(names):
        return
    values = {
        "name": names[j],
        "bid": extra.get("bid"),
        "suit": messages.suit_name(str(extra.get("trump") or "")),
        "total": extra.get("total"),
    }
    summary.notes.append(_("%(name)s bid %(bid)s with %(suit)s trump.") % values)
    if extra.get("made"):
        summary.notes.append(
            _("%(name)s made %(total)s (bid %(bid)s): bid made.") % values
            if values["total"] is not None
            else _("%(name)s made the bid.") % values
        )
    else:
        summary.notes.append(_("%(name)s made %(total)s (bid %(bid)s): bid missed.") % values)
    capote = extra.get("capote")
    if capote == "jugador":
        summary.notes.append(_("Capote: the jugador took every trick; the stakes are doubled."))
    elif capote == "contra":
        summary.notes.append(_("Every trick went to the contra: the stakes are doubled."))
    ledger = extra.get("ledger") or []
    if isinstance(ledger, list):
        _set_rows(summary, ledger, _("tantos"))
        moves = [f"{names[s]} {_signed(v)}" for s, v in enumerate(ledger) if s < len(names) and v]
        if moves:
            summary.notes.append(_("Tantos: %(moves)s.") % {"moves": ", ".join(moves)})
    out = extra.get("sitting_out")
    if isinstance(out, int) and 0 <= out < len(names):
        summary.notes.append(_("%(name)s dealt and sat the hand out.") % {"name": names[out]})


def _codillo(summary: HandSummary, extra: dict[str, Any], names: list[str]) -> None:
    if extra.get("void"):
        return
    j, p = extra.get("jugador"), extra.get("partner")
    if not isinstance(j, int) or not isinstance(p, int):
        return
    called = str(extra.get("called") or "")
    summary.notes.append(
        _("%(name)s played with %(suit)s trump and called the %(card)s: %(partner)s held it.")
        % {
            "name": names[j],
            "suit": messages.suit_name(str(extra.get("trump") or "")),
            "card": messages.card_name(called),
            "partner": names[p],
        }
    )
    sides = extra.get("sides") or []
    totals = extra.get("side_points") or []
    for side, total in zip(sides, totals, strict=False):
        summary.notes.append(
            ngettext(
                "%(side)s: %(counter)s point in all.",
                "%(side)s: %(counter)s points in all.",
                int(total),
            )
            % {"side": " & ".join(names[s] for s in side if s < len(names)), "counter": total}
        )
    summary.notes.append(
        _("The jugador's side wins the hand.")
        if extra.get("made")
        else _("The jugador's side loses the hand.")
    )
    score = extra.get("score") or []
    if isinstance(score, list):
        _set_rows(summary, score, _("game points"))
        for row in summary.rows:
            row["lost"] = row["result"] == _("even")


def _bato(summary: HandSummary, extra: dict[str, Any], names: list[str]) -> None:
    pot = extra.get("pot")
    summary.notes.append(_("In the pot: %(pot)s.") % {"pot": pot})
    j = extra.get("jugador")
    if not isinstance(j, int) or not 0 <= j < len(names):
        return
    along = _names(extra.get("companions") or [], names)
    summary.notes.append(
        _("%(name)s said juego; %(along)s played along.") % {"name": names[j], "along": along}
        if along
        else _("%(name)s said juego and nobody played along.") % {"name": names[j]}
    )
    pay_in = extra.get("pay_in") or []
    for seat in extra.get("batidos") or []:
        if isinstance(seat, int) and seat < len(names) and seat < len(pay_in):
            summary.notes.append(
                _("%(name)s is batido: pays %(amount)s into the next pot.")
                % {"name": names[seat], "amount": pay_in[seat]}
            )
    payout = extra.get("payout") or []
    taken = [
        f"{names[s]} {v}"
        for s, v in enumerate(payout)
        if s < len(names) and isinstance(v, int) and v
    ]
    if taken:
        summary.notes.append(_("From the pot: %(takes)s.") % {"takes": ", ".join(taken)})
    summary.notes.append(_("The next pot starts with %(pot)s.") % {"pot": extra.get("next_pot")})
    stakes = (extra.get("stakes") or {}).get("seats")
    if isinstance(stakes, list):
        _set_rows(summary, stakes, _("units"))
