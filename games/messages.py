"""Words of the game in the player's language: the engine speaks English codes, we translate.

The engine names things with stable codes (error ``code`` + ``params``, a hand result's
``reason_code``, option names, variant keys, action notations); this module turns each into a
Spanish or English phrase through Django's i18n, so the engine stays free of Django. A code
this module does not know yet (a variant another engineer just added) falls back to the
engine's own English text, never to nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import pgettext

from games.engine import IllegalActionError, get_variant
from games.engine.errors import TuteError, UnknownVariantError

# ----------------------------------------------------------------------------- cards

SUIT_LETTERS = "OCEB"


def suit_name(letter: str) -> str:
    """``coins`` (``oros`` in Spanish) for ``O``."""
    names = {
        "O": pgettext("suit", "coins"),
        "C": pgettext("suit", "cups"),
        "E": pgettext("suit", "swords"),
        "B": pgettext("suit", "batons"),
    }
    return names.get((letter or "").upper(), letter)


def rank_name(rank: int) -> str:
    names = {
        1: pgettext("rank", "ace"),
        2: pgettext("rank", "two"),
        3: pgettext("rank", "three"),
        4: pgettext("rank", "four"),
        5: pgettext("rank", "five"),
        6: pgettext("rank", "six"),
        7: pgettext("rank", "seven"),
        10: pgettext("rank", "jack"),
        11: pgettext("rank", "horse"),
        12: pgettext("rank", "king"),
    }
    return names.get(rank, str(rank))


def split_card(notation: str) -> tuple[int, str]:
    """``("12", "B")`` for ``12B`` as ``(12, "B")``."""
    return int(notation[:-1]), notation[-1].upper()


def card_name(notation: str) -> str:
    """``king of batons`` (``rey de bastos``): the name a player reads for a card."""
    rank, suit = split_card(notation)
    return _("%(rank)s of %(suit)s") % {"rank": rank_name(rank), "suit": suit_name(suit)}


def card_list(notations: list[str]) -> str:
    return ", ".join(card_name(n) for n in notations)


# ----------------------------------------------------------------------------- variants


def variant_name(key: str) -> str:
    names = {
        "cabrero": _("Tute Cabrero"),
        "chancho": _("Tute Chancho"),
        "dos": _("Tute for two (Spanish)"),
        "dos_ar": _("Tute for two (Argentine)"),
        "parejas": _("Tute in pairs"),
        "arrastrado": _("Tute Arrastrado"),
        "vtt": _("Variable Trump Tute"),
    }
    if key in names:
        return names[key]
    try:
        return get_variant(key).name
    except UnknownVariantError:
        return key


def variant_summary(key: str) -> str:
    summaries = {
        "cabrero": _(
            "Everyone for himself; the players in the middle lose the hand; four lost hands "
            "and you retire."
        ),
        "chancho": _("Cabrero where a king and horse of one suit taken in a trick must be sung."),
    }
    if key in summaries:
        return summaries[key]
    try:
        return get_variant(key).summary
    except UnknownVariantError:
        return ""


def option_label(name: str) -> str:
    labels = {
        "trump_rotation": _("Trump rotation (no shown card)"),
        "tiebreak": _("Ties go to the player nearest the mano"),
        "playoff": _("The last two play a final hand"),
        "renuncio": _("Renuncio: illegal cards are accepted and punished"),
        "acusar": _("Accusations (with renuncio)"),
    }
    return labels.get(name, name.replace("_", " ").capitalize())


def option_help(variant_key: str, name: str) -> str:
    helps = {
        "trump_rotation": _(
            "Trump goes oros, copas, espadas, bastos hand after hand (four or more players)."
        ),
        "tiebreak": _("Equal points are settled in favour of the player nearest the mano."),
        "playoff": _("When two players remain, they play one hand of Argentine tute for two."),
        "renuncio": _(
            "An illegal card is not refused: the offender loses the hand and two lost hands."
        ),
        "acusar": _("A player may accuse another of renuncio; the hand stops there."),
    }
    if name in helps:
        return helps[name]
    try:
        option = get_variant(variant_key).options.get(name)
    except UnknownVariantError:
        option = None
    return option.help if option is not None else ""


def option_value(value: Any) -> str:
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    return str(value)


# ----------------------------------------------------------------------------- bots

BOT_LEVEL_NAMES = {
    "random": gettext_lazy("beginner"),
    "heuristic": gettext_lazy("club player"),
    "strong": gettext_lazy("strong"),
}


def bot_level_name(level: str) -> str:
    return str(BOT_LEVEL_NAMES.get(level, level))


def bot_name(level: str) -> str:
    return _("Bot (%(level)s)") % {"level": bot_level_name(level)}


# ----------------------------------------------------------------------------- actions


def action_label(notation: str, *, trump: str | None = None) -> str:
    """The label of a button for a non-card action (``sing:O``, ``tute``, ``swap``...)."""
    word = notation.lower()
    if word.startswith("sing:"):
        suit = word[5:].upper()
        if trump and suit == trump.upper():
            return _("Sing 40 in %(suit)s") % {"suit": suit_name(suit)}
        return _("Sing 20 in %(suit)s") % {"suit": suit_name(suit)}
    if word.startswith("accuse:"):
        return _("Accuse seat %(seat)s of renuncio") % {"seat": int(word[7:]) + 1}
    labels = {
        "tute": _("Sing tute"),
        "swap": _("Swap for the turned card"),
        "capote": _("Declare capote"),
        "claim": _("Claim the game"),
        "plate": _("Go to the plate"),
        "pass": _("Pass"),
    }
    return labels.get(word, notation)


def action_description(notation: str, *, name: str, trump: str | None = None) -> str:
    """A line of the table's log: ``Ana played the rey de bastos``."""
    word = notation.lower()
    if word.startswith("sing:"):
        suit = word[5:].upper()
        points = 40 if trump and suit == trump.upper() else 20
        return _("%(name)s sang %(points)s in %(suit)s") % {
            "name": name, "points": points, "suit": suit_name(suit)}
    if word.startswith("accuse:") or word in {"tute", "swap", "capote", "claim", "plate", "pass"}:
        return _("%(name)s: %(action)s") % {"name": name, "action": action_label(notation)}
    return _("%(name)s played the %(card)s") % {"name": name, "card": card_name(notation)}


def canto_description(*, name: str, suit: str | None, points: int, tute: bool) -> str:
    """``Ana sang 40 in coins`` / ``Ana sang tute``."""
    if tute or not suit:
        return _("%(name)s sang tute") % {"name": name}
    return _("%(name)s sang %(points)s in %(suit)s") % {
        "name": name, "points": points, "suit": suit_name(suit)}


# ----------------------------------------------------------------------------- hand results


def hand_reason(code: str, english: str = "") -> str:
    reasons = {
        "tute": _("Tute was sung: everyone else loses."),
        "capote": _("One player took every trick (capote): everyone else loses."),
        "capote_sang": _("Capote after singing: the player who took every trick loses alone."),
        "fewer_points": _("Two players took tricks: the one with fewer points loses."),
        "tie": _("A tie left nobody in the middle: everyone who took a trick loses."),
        "middle": _("The players in the middle lose; the most and the fewest points are safe."),
        "renuncio": _(
            "Renuncio proven: the offender loses the hand and is charged two lost hands."
        ),
        "false_accusation": _("The accusation was wrong: the accuser loses the hand."),
    }
    return reasons.get(code, english or code)


# ----------------------------------------------------------------------------- engine errors


def _obligation_message(params: Mapping[str, Any]) -> str:
    legal = [str(c) for c in params.get("legal", [])]
    values = {
        "card": card_name(str(params.get("card", "1O"))),
        "legal": card_list(legal),
        "lead": suit_name(_suit_letter(params.get("lead"))),
        "trump": suit_name(_suit_letter(params.get("trump"))),
    }
    rule = params.get("rule")
    if rule == "follow_higher":
        return _("You must follow suit with a higher card of %(lead)s: you hold the %(legal)s.") % values
    if rule == "follow":
        return _("You must follow suit (%(lead)s): you hold the %(legal)s.") % values
    if rule == "overtrump":
        return _(
            "You have no %(lead)s, so you must beat the trump on the table: you hold the %(legal)s."
        ) % values
    if rule == "trump":
        return _(
            "You have no %(lead)s, so you must play a trump (%(trump)s): you hold the %(legal)s."
        ) % values
    if legal:
        return _("You may not play the %(card)s now: you may play the %(legal)s.") % values
    return _("You may not play the %(card)s now.") % values


_ENGLISH_SUITS = {"coins": "O", "cups": "C", "swords": "E", "batons": "B"}


def _suit_letter(value: Any) -> str:
    text = str(value or "")
    return _ENGLISH_SUITS.get(text.lower(), text[:1].upper())


_WRONG_PHASE = {
    "You cannot play a card now.": gettext_lazy("You cannot play a card now."),
    "You can only sing before leading, after winning a trick.": gettext_lazy(
        "You can only sing before leading, after winning a trick."),
    "You can only sing right after winning a trick, once.": gettext_lazy(
        "You can only sing right after winning a trick, once."),
    "You do not hold that canto, or it has already been sung.": gettext_lazy(
        "You do not hold that canto, or it has already been sung."),
}


def engine_error_message(error: TuteError) -> str:
    """The engine error's explanation in the active language."""
    code = error.code
    params = error.params
    if code == "obligation":
        return _obligation_message(params)
    if code == "card_not_in_hand":
        return _("You do not hold the %(card)s.") % {
            "card": card_name(str(params.get("card", "1O")))}
    if code == "not_your_turn":
        return _("It is not your turn.")
    if code == "game_over":
        return _("This game is over.")
    if code == "bad_notation":
        return _("That is not a move of this game.")
    if error.message in _WRONG_PHASE:
        return str(_WRONG_PHASE[error.message])
    if code == "wrong_phase":
        return _("That is not possible now.")
    if isinstance(error, IllegalActionError):
        return _("That move is not allowed now.")
    return _("That cannot be done.")


def engine_setup_message(error: TuteError) -> str:
    """A setup error (players, options) in the active language."""
    if error.code == "bad_player_count":
        allowed = ", ".join(str(p) for p in error.params.get("allowed", []))
        return _("This game is played by %(allowed)s players.") % {"allowed": allowed}
    if error.code == "bad_option":
        option = str(error.params.get("option", ""))
        if option == "acusar":
            return _("Accusations need the renuncio option.")
        if option == "trump_rotation":
            return _("Trump rotation is for four or more players.")
        return _("The option “%(option)s” cannot take that value.") % {
            "option": option_label(option)}
    if error.code == "unknown_variant":
        return _("There is no such game.")
    return _("Those table settings are not valid.")
