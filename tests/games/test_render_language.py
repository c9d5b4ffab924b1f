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


def test_rendering_in_the_language_in_force_activates_nothing_and_the_rest_switch() -> None:
    """A render in the language already in force (the default, where nothing was activated:
    a socket's event loop) leaves Django's translation as it is; another language is
    activated for the block and the outer one is back after it, even after an error."""
    translation.deactivate()
    default = translation.get_language()
    before = getattr(translation.trans_real._active, "value", None)
    with rendering_in(default):
        assert getattr(translation.trans_real._active, "value", None) is before  # untouched
        assert render_language.active_language() == default
        assert translated("Your cards") == translation.gettext("Your cards")
    other = "en" if default != "en" else "es"
    with translation.override("it"):
        try:
            with rendering_in(other):
                assert translation.get_language() == other
                assert render_language.active_language() == other
                with translation.override(other):
                    expected = translation.gettext("Your cards")
                assert translated("Your cards") == expected
                raise LookupError
        except LookupError:
            pass
        assert translation.get_language() == "it"
        assert render_language.active_language() == "it"
    assert render_language._ACTIVE.get() is None
