"""The live render's language (games/render_language.py): its remembered translations give
what Django's own lookup gives, in each language, and only inside a render's block."""

from __future__ import annotations

from django.utils import translation

from games import render_language
from games.render_language import rendering_in, translated, translated_in_context
from games.templatetags import cards

WORDS = ["You", "Your cards", "to play", "dealer", "(no card now: choose below)"]


def test_translated_words_are_django_s_in_every_language_and_switch_with_it() -> None:
    render_language._TRANSLATED.clear()
    seen = {}
    for language in ("es", "en", "it", "es"):
        with translation.override(language):
            expected = [translation.gettext(w) for w in WORDS]
            suits = [str(translation.pgettext("card suit", w)) for w in ("coins", "batons")]
        with rendering_in(language):
            assert [translated(w) for w in WORDS] == expected
            assert [translated_in_context("card suit", w) for w in ("coins", "batons")] == suits
            assert [cards.suit_name(s) for s in "OB"] == suits
        seen[language] = expected
    assert seen["es"] != seen["en"] and seen["it"] != seen["en"]  # really translated


def test_outside_a_render_the_lookup_is_django_s_and_nothing_is_remembered() -> None:
    render_language._TRANSLATED.clear()
    with translation.override("it"):
        assert translated("Your cards") == translation.gettext("Your cards")
        assert cards.suit_name("E") == str(translation.pgettext("card suit", "swords"))
    assert render_language._TRANSLATED == {}
