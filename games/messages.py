"""Words of the game in the player's language: the engine speaks English codes, we translate.

The engine names things with stable codes (error ``code`` + ``params``, a hand result's
``reason_code``, option names, variant keys, action notations); this module turns each into a
Spanish or English phrase through Django's i18n, so the engine stays free of Django. A code
this module does not know yet (a variant another engineer just added) falls back to the
engine's own English text, never to nothing. Variant names, summaries and option labels are
not listed here: the engine's English texts (marked for the catalogues) are the msgids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from games.engine import IllegalActionError, get_variant
from games.engine.errors import TuteError, UnknownVariantError
from games.engine.variant import variants
from games.templatetags import cards

# ----------------------------------------------------------------------------- cards
# One vocabulary with the card artwork: its names are the ones the cards' aria-labels say.


def suit_name(letter: str) -> str:
    """``coins`` (``oros`` in Spanish) for ``O``."""
    try:
        return cards.suit_name(letter)
    except ValueError:
        return str(letter)


def card_name(notation: str) -> str:
    """``king of batons`` (``rey de bastos``): the name a player reads for a card."""
    try:
        return cards.card_label(notation)
    except ValueError:
        return str(notation)


def card_list(notations: list[str]) -> str:
    return ", ".join(card_name(n) for n in notations)


# ----------------------------------------------------------------------------- variants


def variant_name(key: str) -> str:
    """The variant's name in the active language (the engine's English name translated); an
    unknown key stands for itself."""
    try:
        name = get_variant(key).name
    except UnknownVariantError:
        return key
    return _(name) if name else key  # gettext("") is the catalogue's header


def variant_summary(key: str) -> str:
    """One sentence on the variant in the active language; empty for an unknown key."""
    try:
        summary = get_variant(key).summary
    except UnknownVariantError:
        return ""
    return _(summary) if summary else ""


def option_label(name: str) -> str:
    """The title of a table option in the active language: the engine's label of the first
    variant (in list order) that declares ``name``; an option no variant declares is shown as
    its name in words."""
    for variant in variants():
        option = variant.options.get(name)
        if option is not None:
            return _(option.title)
    return name.replace("_", " ").capitalize()


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
        "plate": _(
            "100 from each player to start, 20 from each dealer; a player may go to the plate, "
            "committing to 101."
        ),
        "hands": _("12 lets everyone deal equally with three or four players."),
        "games": _("The first to win a majority of them wins the match."),
        "coins_trump": _("The holder of the 2 of coins leads the first trick."),
        "double_101": _("A team that wins a game with 101 points or more gets two games."),
    }
    if variant_key == "vtt" and name == "games":
        return _("Games a team must win to take the match.")
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


#: A first name per seat, so that two bots of one level can be told apart (tally columns).
BOT_FIRST_NAMES = ("Lola", "Paco", "Carmen", "Manolo", "Rocío", "Pepe")


def bot_name(level: str, position: int | None = None) -> str:
    """``Lola (strong)``: the seat's first name and the bot's level (``Bot (strong)`` without a
    seat)."""
    if position is None:
        return _("Bot (%(level)s)") % {"level": bot_level_name(level)}
    first = BOT_FIRST_NAMES[position % len(BOT_FIRST_NAMES)]
    return _("%(name)s (%(level)s)") % {"name": first, "level": bot_level_name(level)}


# ----------------------------------------------------------------------------- actions


def action_label(
    notation: str, *, trump: str | None = None, names: dict[int, str] | None = None
) -> str:
    """The label of a button for a non-card action (``sing:O``, ``tute``, ``swap``...);
    ``names`` maps the hand's seat numbers to players' names (for accusations)."""
    word = notation.lower()
    if word.startswith("sing:"):
        suit = word[5:].upper()
        if trump and suit == trump.upper():
            return _("Sing 40 in %(suit)s") % {"suit": suit_name(suit)}
        return _("Sing 20 in %(suit)s") % {"suit": suit_name(suit)}
    if word.startswith("accuse:"):
        seat = int(word[7:])
        if names and seat in names:
            return _("Accuse %(name)s of renuncio") % {"name": names[seat]}
        return _("Accuse seat %(seat)s of renuncio") % {"seat": seat + 1}
    bidding = _bidding_label(word)
    if bidding:
        return bidding
    labels = {
        "tute": _("Sing tute"),
        "swap": _("Swap for the turned card"),
        "capote": _("Declare capote"),
        "claim": _("Claim the game"),
        "plate": _("Go to the plate"),
        "pass": _("Pass"),
    }
    return labels.get(word, notation)


def _bidding_label(word: str) -> str:
    """The label of a bidding tute's call (``bid:80``, ``trump:O``, ``juego``...), or ""."""
    kind, _sep, arg = word.partition(":")
    if kind == "bid" and arg.isdigit():
        return _("Bid %(points)s") % {"points": arg}
    if kind == "trump" and arg:
        return _("Trump: %(suit)s") % {"suit": suit_name(arg.upper())}
    if kind == "call" and arg:
        return _("Call the %(card)s") % {"card": card_name(arg.upper())}
    if kind == "discard" and arg:
        return _("Change the %(card)s") % {"card": card_name(arg.upper())}
    labels = {
        "juego": _("Juego (I play)"),
        "acompano": _("Acompaño (I play along)"),
        "exchange": _("Exchange the marked cards"),
    }
    return str(labels.get(word, ""))


def pass_label(legal: list[str], phase: str = "") -> str:
    """The label of the ``pass`` button: what is passed, from the question the engine asks
    (the other legal actions), never a bare "Pass"."""
    words = {a.lower() for a in legal}
    if "capote" in words:
        return _("Don't declare capote")
    if "plate" in words:
        return _("Don't go to the plate")
    if "swap" in words:
        return _("Don't take the turned card")
    if any(w.startswith("accuse:") for w in words):
        return _("Accuse nobody")
    if "tute" in words or any(w.startswith("sing:") for w in words):
        return _("Don't sing")
    if phase == "preplay":
        return _("Go on: you cannot take the turned card")
    return _("Go on: nothing to sing")


#: Actions that settle a game or a hand at once: the page asks to confirm them.
CONFIRMED_ACTIONS = ("claim", "capote", "plate")


def confirm_label(notation: str) -> str:
    """The second button of a two-step action: ``Yes, claim 101``."""
    labels = {
        "claim": _("Yes, claim 101"),
        "capote": _("Yes, declare capote"),
        "plate": _("Yes, go to the plate"),
    }
    return labels.get(notation.lower(), _("Yes"))


def confirm_question(notation: str) -> str:
    """What the confirmation asks, saying what is at stake."""
    questions = {
        "claim": _("Claim 101? Under 101 points you lose the game at once."),
        "capote": _("Declare capote? You must take every one of the last 8 tricks."),
        "plate": _("Go to the plate? You commit to 101 points: short of it you pay the plate."),
    }
    return questions.get(notation.lower(), "")


def action_description(notation: str, *, name: str, trump: str | None = None) -> str:
    """A line of the table's log: ``Ana played the rey de bastos``."""
    word = notation.lower()
    if word.startswith("sing:"):
        suit = word[5:].upper()
        points = 40 if trump and suit == trump.upper() else 20
        return _("%(name)s sang %(points)s in %(suit)s") % {
            "name": name,
            "points": points,
            "suit": suit_name(suit),
        }
    bidding = _bidding_description(word, name)
    if bidding:
        return bidding
    if word.startswith("accuse:") or word in {"tute", "swap", "capote", "claim", "plate", "pass"}:
        return _("%(name)s: %(action)s") % {"name": name, "action": action_label(notation)}
    return _("%(name)s played the %(card)s") % {"name": name, "card": card_name(notation)}


def _bidding_description(word: str, name: str) -> str:
    """A bidding tute's call in the log, or "". A card marked for the exchange is private:
    the line says that cards are being chosen, never which."""
    kind, _sep, arg = word.partition(":")
    values = {"name": name}
    if kind == "discard":
        return _("%(name)s chooses cards to change") % values
    if kind == "exchange":
        return _("%(name)s changes the chosen cards") % values
    if kind == "bid" and arg.isdigit():
        return _("%(name)s bids %(points)s") % {**values, "points": arg}
    if kind == "trump" and arg:
        return _("%(name)s names %(suit)s trump") % {**values, "suit": suit_name(arg.upper())}
    if kind == "call" and arg:
        return _("%(name)s calls the %(card)s") % {**values, "card": card_name(arg.upper())}
    if kind == "juego":
        return _("%(name)s: juego") % values
    if kind in ("acompano", "acompaño"):
        return _("%(name)s: acompaño") % values
    return ""


def canto_description(*, name: str, suit: str | None, points: int, tute: bool) -> str:
    """``Ana sang 40 in coins`` / ``Ana sang tute``."""
    if tute or not suit:
        return _("%(name)s sang tute") % {"name": name}
    return _("%(name)s sang %(points)s in %(suit)s") % {
        "name": name,
        "points": points,
        "suit": suit_name(suit),
    }


# ----------------------------------------------------------------------------- hand results
# Keyed by the engine's English reason (a code like "tute" means different things in different
# variants); an unknown reason is shown in the engine's English.

_REASONS = (
    # Cabrero, Chancho
    gettext_noop("Tute was sung: everyone else loses."),
    gettext_noop("One player took every trick (capote): everyone else loses."),
    gettext_noop("Capote after singing: the player who took every trick loses alone."),
    gettext_noop("Two players took tricks: the one with fewer points loses."),
    gettext_noop("A tie left nobody in the middle: everyone who took a trick loses."),
    gettext_noop("The players in the middle lose; the most and the fewest points are safe."),
    gettext_noop("Renuncio proven: the offender loses the hand and is charged two lost hands."),
    gettext_noop("The accusation was wrong: the accuser loses the hand."),
    # Arrastrado, dos_ar
    gettext_noop("Tute was sung: the singer wins the hand."),
    gettext_noop("The player with the most points wins the hand."),
    gettext_noop("Equal points: the one who took the last trick wins."),
    gettext_noop("Equal points: the one nearest the mano wins."),
    gettext_noop("The player with fewer points loses the hand."),
    gettext_noop("Equal points: the winner of the last trick wins the hand."),
    # dos
    gettext_noop("101 or more points in the first deal wins the game."),
    gettext_noop("Both reached 101 in the first deal: the one with more points wins the game."),
    gettext_noop("Both reached 101 with equal points: the winner of the last trick wins."),
    gettext_noop(
        "Nobody reached 101: the winner of the last trick deals a second deal, and the points "
        "carry over."
    ),
    gettext_noop("The claim was right (101 or more): the claimer wins the game."),
    gettext_noop("The claim was false (under 101): the other player wins the game."),
    gettext_noop("Nobody claimed: the first to reach 101 wins the game."),
    gettext_noop("Nobody reached 101: the one with more points wins the game."),
    gettext_noop("Capote made: the declarer took all 8 last tricks and wins the game."),
    gettext_noop("Capote failed: the other player took a trick and wins the game."),
    # parejas, vtt
    gettext_noop("Tute: the team that sang it wins the game at once."),
    gettext_noop("The team with more points wins."),
    gettext_noop("Equal points: the team that took the last trick wins."),
    # remate
    gettext_noop("Everybody passed: the hand is void and nobody pays."),
    gettext_noop("The jugador made his bid."),
    gettext_noop("The jugador fell short of his bid."),
    gettext_noop("The jugador sang tute: he wins at once, as a made bid, doubled."),
    gettext_noop("A contra player sang tute: the jugador is beaten at once."),
    # codillo
    gettext_noop("Everybody passed: the hand is void and the next player deals."),
    gettext_noop("Tute was sung: the singer's side wins the hand."),
    gettext_noop("The jugador's side has more points and wins the hand."),
    gettext_noop("The other side has more points: the jugador's side loses."),
    gettext_noop("Equal points: the jugador's side loses."),
    # bato
    gettext_noop("Nobody said juego: the hand is void and the pot stays for the next deal."),
    gettext_noop("Nobody accompanied the jugador: he takes the pot without play."),
    gettext_noop("Every player took the tricks he committed to."),
    gettext_noop("A player missed his commitment (batido) and pays the pot into the next one."),
)


def hand_reason(code: str, english: str = "") -> str:
    """Why a hand ended, in the active language (from the engine's reason)."""
    if english in _REASONS:
        return _(english)
    return english or code


def known_reasons() -> set[str]:
    """The engine reasons this module translates (tests check none is missing)."""
    return set(_REASONS)


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
        return (
            _("You must follow suit with a higher card of %(lead)s: you hold the %(legal)s.")
            % values
        )
    if rule == "follow":
        return _("You must follow suit (%(lead)s): you hold the %(legal)s.") % values
    if rule == "overtrump":
        return (
            _(
                "You have no %(lead)s, so you must beat the trump on the table: "
                "you hold the %(legal)s."
            )
            % values
        )
    if rule == "trump":
        return (
            _("You have no %(lead)s, so you must play a trump (%(trump)s): you hold the %(legal)s.")
            % values
        )
    if legal:
        return _("You may not play the %(card)s now: you may play the %(legal)s.") % values
    return _("You may not play the %(card)s now.") % values


_ENGLISH_SUITS = {"coins": "O", "cups": "C", "swords": "E", "batons": "B"}


def _suit_letter(value: Any) -> str:
    text = str(value or "")
    return _ENGLISH_SUITS.get(text.lower(), text[:1].upper())


#: Engine error messages without parameters, translated as they are.
_FIXED_ERRORS = (
    gettext_noop("You cannot play a card now."),
    gettext_noop("You can only sing before leading, after winning a trick."),
    gettext_noop("You can only sing right after winning a trick, once."),
    gettext_noop("You do not hold that canto, or it has already been sung."),
    gettext_noop(
        "The stock is empty: first say whether you declare capote ('capote') or pass ('pass')."
    ),
    gettext_noop("Tute is not admitted in the Spanish tute for two."),
    gettext_noop("Claims are made in a second deal only: the first deal is counted at its end."),
    gettext_noop("Capote has been declared: the tricks decide the game now."),
    gettext_noop("Capote has already been declared in this deal."),
    gettext_noop(
        "Capote is declared once the stock is empty, before the first of the last 8 tricks."
    ),
    gettext_noop("There is nothing to pass now: play a card."),
    gettext_noop("The turned card is the 2: there is nothing to exchange for it."),
    gettext_noop("The turned card has already been exchanged in this deal."),
    gettext_noop(
        "The turned card may be exchanged only while the stock holds more than the turned card."
    ),
    gettext_noop("The turned card can only be swapped before play, in the swap round."),
    gettext_noop("This table plays without the plate."),
    gettext_noop("Going to the plate is only possible before play, when you are asked."),
    gettext_noop("You can only sing before leading, after your team wins a trick."),
    gettext_noop("That action is not part of this game."),
    gettext_noop("The hand is over."),
    gettext_noop("The match is over."),
    # the bidding tutes
    gettext_noop("The auction is over."),
    gettext_noop("Trump is named after the auction, by the jugador."),
    gettext_noop("Trump has already been named."),
    gettext_noop("The auction is over: the jugador names trump and a card."),
    gettext_noop("Trump is named by the jugador, once, after the auction."),
    gettext_noop("The card is called after trump is named."),
    gettext_noop("The auction is over: play a card."),
    gettext_noop("A card is called only once, before play."),
    gettext_noop("There are no cantos in Bato."),
)


def engine_error_message(error: TuteError) -> str:
    """The engine error's explanation in the active language."""
    code = error.code
    params = error.params
    if code == "obligation":
        return _obligation_message(params)
    if code == "card_not_in_hand":
        return _("You do not hold the %(card)s.") % {
            "card": card_name(str(params.get("card", "1O")))
        }
    if code == "not_your_turn":
        return _("It is not your turn.")
    if code == "game_over":
        return _("This game is over.")
    if code == "bad_notation":
        return _("That is not a move of this game.")
    if error.message in _FIXED_ERRORS:
        return _(error.message)
    bidding = _bidding_error(error.message, params)
    if bidding:
        return bidding
    if code == "wrong_phase":
        return _("That is not possible now.")
    if isinstance(error, IllegalActionError):
        return _("That move is not allowed now.")
    return _("That cannot be done.")


def _bidding_error(message: str, params: Mapping[str, Any]) -> str:
    """A bidding tute's refusal with parameters, or one of its stage hints, in words; ""."""
    if "lowest" in params:
        return _("A bid must be at least %(lowest)s.") % {"lowest": params["lowest"]}
    if "highest" in params:
        return _("The highest bid is %(highest)s.") % {"highest": params["highest"]}
    if "limit" in params:
        return _("You may change at most %(limit)s cards: unmark one first.") % {
            "limit": params["limit"]
        }
    if message.startswith("You may not call the") and "card" in params:
        return _("You may not call the %(card)s: you hold it. Call a card you do not hold.") % {
            "card": card_name(str(params["card"]))
        }
    if message.startswith("You must sing las cuarenta"):
        return _("You must sing las cuarenta (in %(trump)s) before any veinte.") % {
            "trump": suit_name(_suit_letter(params.get("trump")))
        }
    hints = (
        ("say juego or pass", _("Now say juego or pass.")),
        ("say acompano or pass", _("Now say acompaño or pass.")),
        ("mark the cards to discard", _("Now mark the cards to change and confirm.")),
        ("names trump", _("The jugador names trump first.")),
        ("bid or pass", _("Bid or pass first: play starts after the auction.")),
        ("only possible before play", _("That is only possible before play.")),
    )
    for needle, text in hints:
        if needle in message:
            return str(text)
    return ""


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
            "option": option_label(option)
        }
    if error.code == "unknown_variant":
        return _("There is no such game.")
    return _("Those table settings are not valid.")
