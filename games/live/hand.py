"""The viewer's hand on the live table (``section#hand``), built in Python.

After every move two hands change (the mover's loses a card, the next player's cards become
playable), and a hand is the largest part a player gets: built through a Django template it was
the costliest render of a move. This builds the same HTML (what ``games/live/_hand.html`` gave
until 2026-11-27, sent without its indentation like every part; the page's CSS and scripts read
it), from the
viewer's view cut down to :data:`games.live.parts.HAND` (:class:`~games.live.fragments.Only`):
remembered under those values like every part, so a hand that did not change is not built
again. The bidding tutes' controls stay a template (``games/_bidding_controls.html``), rendered
only on the turns that show them.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import get_template
from django.utils.translation import gettext_noop

from games.live.fragments import esc
from games.render_language import translated
from games.templatetags.table_cards import hand_card, table_url

_e = esc


def _hint(view: Any) -> str:
    """What the viewer may do with his cards now (on his turn)."""
    hint = getattr(view.bidding, "hint", "")
    if hint:
        return _e(hint)
    if view.buttons and len(view.legal) == len(view.buttons):
        return _e(translated(gettext_noop("(no card now: choose below)")))
    return _e(translated(gettext_noop("(the ones you may play are raised and outlined)")))


def _button(button: Any, act_url: str, label: Any) -> str:
    return (
        '<button type="submit" class="button button-primary" name="action" '
        f'value="{_e(button.action)}" data-ws="act" formaction="{_e(act_url)}">{_e(label)}'
        "</button>"
    )


def _buttons(view: Any, act_url: str) -> str:
    """The non-card actions (cantos, swaps, claims...); those that settle the game (claim,
    capote, the plate) behind a second step that confirms them."""
    plain = "".join(
        f"\n            {_button(b, act_url, b.label)}\n          "
        for b in view.buttons
        if not b.confirm
    )
    confirmed = "".join(
        f'\n          <details class="confirm-action" data-action="{_e(b.action)}">\n'
        f'            <summary class="button button-primary">{_e(b.label)}</summary>\n'
        f"            <p>{_e(b.question)}</p>\n"
        f"            {_button(b, act_url, b.confirm)}\n"
        "          </details>\n        "
        for b in view.buttons
        if b.confirm
    )
    return (
        '\n        <div class="button-row action-buttons">\n          '
        f"{plain}\n        </div>\n        \n        \n        {confirmed}\n      "
    )


def hand(view: Any) -> str:
    """The viewer's cards as buttons (the playable ones raised), the hint on his turn, the
    auction's controls in a bidding tute and the buttons of his other legal actions."""
    if view.your_seat is None or view.finished:
        return "\n  \n"
    act_url = table_url("games:table_act", view.table.pk)
    hint = f' <span class="hint">{_hint(view)}</span>' if view.your_turn else ""
    title = _e(translated(gettext_noop("Your cards")))
    out = [
        '\n  \n    <section id="hand" class="my-hand" aria-labelledby="my-hand-title">\n'
        f'      <h2 id="my-hand-title">{title}{hint}</h2>\n      '
    ]
    held = view.hand
    if held:
        exchange = " is-exchange" if getattr(view.bidding, "exchanging", False) else ""
        your_turn = view.your_turn  # once: each read of a part's value is a call
        cards = "".join(f"\n{hand_card(card, your_turn, act_url)}\n          " for card in held)
        out.append(
            f'\n        <ul class="card-hand hand-cards{exchange}" style="--n: {len(held)}">'
            f"\n          {cards}\n        </ul>\n      "
        )
    else:
        empty = _e(translated(gettext_noop("You hold no cards in this hand.")))
        out.append(f'\n        <p class="muted no-cards">{empty}</p>\n      ')
    out.append("\n      ")
    if getattr(view.bidding, "has_hand_controls", False):
        out.append(get_template("games/_bidding_controls.html").render({"view": view}))
    out.append("\n      ")
    if view.buttons:
        out.append(_buttons(view, act_url))
    out.append("\n    </section>\n  \n")
    return "".join(out)
