"""A variant describes itself: the English texts the platform translates (name, summary,
option labels) live in the engine, once, and the list order is the engine's."""

from __future__ import annotations

from games.engine.variant import REGISTRY, Option, variants


def test_every_variant_has_a_name_and_a_summary() -> None:
    names = [v.name for v in variants()]
    assert all(names) and len(set(names)) == len(names)
    assert all(v.summary for v in variants())


def test_names_are_the_catalogue_msgids() -> None:
    """The site's catalogues translate these exact English names."""
    assert {v.key: v.name for v in variants()} == {
        "cabrero": "Tute Cabrero",
        "chancho": "Tute Chancho",
        "dos": "Tute for two (Spanish)",
        "dos_ar": "Tute for two (Argentine)",
        "parejas": "Tute in pairs",
        "arrastrado": "Tute Arrastrado",
        "vtt": "Variable Trump Tute",
        "remate": "Tute Remate",
        "codillo": "Codillo",
        "bato": "Bato",
    }


def test_variants_come_in_list_order() -> None:
    keys = [v.key for v in variants()]
    assert keys == [
        "cabrero",
        "chancho",
        "dos",
        "dos_ar",
        "parejas",
        "arrastrado",
        "vtt",
        "remate",
        "codillo",
        "bato",
    ]
    assert sorted(keys) == sorted(REGISTRY)


def test_every_option_has_a_label_and_one_name_one_label() -> None:
    """Labels are looked up by option name, so variants sharing an option share its label."""
    labels: dict[str, str] = {}
    for variant in variants():
        for name, option in variant.options.items():
            assert option.label, f"{variant.key}: option {name} has no label"
            assert labels.setdefault(name, option.label) == option.label


def test_an_option_without_a_label_is_titled_by_its_name() -> None:
    assert Option("double_101", False, "help").title == "Double 101"
    assert Option("games", 3, "help", label="Games in the match").title == "Games in the match"
