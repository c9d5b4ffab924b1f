"""Internationalisation: Spanish, English and Italian pages; complete, compiled catalogues;
no visible text in a template outside the translation tags."""

from __future__ import annotations

import ast
import gettext
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from tests.league.test_security import ROOT, clean_env

LOCALE = ROOT / "locale"
LANGUAGES = ["es", "en", "it"]


def parse_po(path: Path) -> list[dict[str, object]]:
    """The entries of a .po file (blocks separated by blank lines), header left out.

    Each entry has ``msgid``, maybe ``msgctxt`` and ``msgid_plural``, ``msgstr`` (a list: one
    string, or one per plural form) and ``fuzzy``.
    """
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        entry: dict[str, object] = {"fuzzy": False, "msgstr": []}
        key = None
        for line in block.strip().splitlines():
            if line.startswith("#,"):
                entry["fuzzy"] = "fuzzy" in line
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                value = ast.literal_eval(line)
                if key == "msgstr":
                    entry["msgstr"][-1] += value  # type: ignore[index]
                elif key:
                    entry[key] += value  # type: ignore[operator]
            else:
                keyword, literal = line.split(" ", 1)
                key = "msgstr" if keyword.startswith("msgstr") else keyword
                if key == "msgstr":
                    entry["msgstr"].append(ast.literal_eval(literal))  # type: ignore[union-attr]
                else:
                    entry[key] = ast.literal_eval(literal)
        if entry.get("msgid"):
            entries.append(entry)
    return entries


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("es", ["Juegue al Tute con su club", "Crear una cuenta", "Clubes"]),
        ("en", ["Play Tute with your club", "Create an account", "Clubs"]),
        ("it", ["Gioca a Tute con il tuo circolo", "Crea un account", "Circoli"]),
    ],
)
@pytest.mark.django_db
def test_home_page_in_each_language(language: str, expected: list[str]) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/")
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    for text in expected:
        assert text in html
    others = {"es": "Juegue al Tute", "en": "Play Tute", "it": "Gioca a Tute"}
    for other, text in others.items():
        if other != language:
            assert text not in html


@pytest.mark.django_db
def test_language_cookie_beats_the_browser_language() -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "es"
    assert "Juegue al Tute" in client.get("/").content.decode()


@pytest.mark.django_db
def test_allauth_pages_are_translated_too() -> None:
    html = Client(HTTP_ACCEPT_LANGUAGE="es").get("/accounts/login/").content.decode()
    assert "Contraseña" in html
    html = Client(HTTP_ACCEPT_LANGUAGE="it").get("/accounts/signup/").content.decode()
    assert "Lingua preferita" in html or "lingua preferita" in html.lower()


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_is_complete_and_compiled(language: str) -> None:
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    mo = po.with_suffix(".mo")
    assert po.exists() and mo.exists(), (
        f"run `make messages` then `make compilemessages` ({language})"
    )
    entries = parse_po(po)
    assert len(entries) > 50
    untranslated = [e["msgid"] for e in entries if not all(e["msgstr"])]  # type: ignore[arg-type]
    fuzzy = [e["msgid"] for e in entries if e.get("fuzzy")]
    assert not untranslated, f"untranslated in {language}: {untranslated}"
    assert not fuzzy, f"fuzzy in {language}: {fuzzy}"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = []
    for e in entries:
        msgid = str(e["msgid"])
        if "msgctxt" in e:
            msgid = f"{e['msgctxt']}\x04{msgid}"
        strs = e["msgstr"]
        if "msgid_plural" in e:
            got = compiled._catalog.get((msgid, 0))  # type: ignore[attr-defined]
        else:
            got = compiled._catalog.get(msgid)  # type: ignore[attr-defined]
        if got != strs[0]:  # type: ignore[index]
            stale.append(msgid)
    assert not stale, f"{mo} is older than {po}: run `make compilemessages` ({stale[:3]})"


TAG = re.compile(r"{%.*?%}|{{.*?}}|{#.*?#}", re.S)
TRANS_BLOCK = re.compile(r"{%\s*blocktrans(?:late)?\b.*?{%\s*endblocktrans(?:late)?\s*%}", re.S)
COMMENT_BLOCK = re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.S)
CLASS_BLOCK = re.compile(r"{%\s*block\s+\w+_class\s*%}.*?{%\s*endblock\b.*?%}", re.S)
SCRIPT_STYLE = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
TEXT_ATTRIBUTE = re.compile(
    r'\b(?:title|alt|placeholder|aria-label|data-copied|value)="([^"]*)"', re.I
)
HTML_TAG = re.compile(r"<[^>]*>", re.S)
WORD = re.compile(r"[^\W\d_]{2,}")


def visible_text_outside_translation(source: str) -> list[str]:
    source = COMMENT_BLOCK.sub(" ", source)
    source = CLASS_BLOCK.sub(" ", source)  # blocks named *_class hold CSS class names
    source = TRANS_BLOCK.sub(" ", source)
    source = TAG.sub(" ", source)
    source = SCRIPT_STYLE.sub(" ", source)
    source = HTML_COMMENT.sub(" ", source)
    found = [v for v in TEXT_ATTRIBUTE.findall(source) if WORD.search(v)]
    text = HTML_TAG.sub(" ", source).replace("&nbsp;", " ")
    found += [line.strip() for line in text.splitlines() if WORD.search(line)]
    return found


def test_the_checker_finds_untranslated_text() -> None:
    assert visible_text_outside_translation('<p>Hola</p>\n<a title="Go">·</a>') == ["Go", "Hola"]
    assert visible_text_outside_translation('<p>{% translate "Hola" %} · {{ n }}</p>') == []
    assert visible_text_outside_translation("{% block main_class %}narrow{% endblock %}") == []


def test_templates_have_no_text_outside_the_translation_system() -> None:
    problems = {}
    for template in sorted((ROOT / "templates").rglob("*.html")):
        found = visible_text_outside_translation(template.read_text(encoding="utf-8"))
        if found:
            problems[str(template.relative_to(ROOT))] = found
    assert not problems, f"wrap these in {{% translate %}}: {problems}"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs gettext (xgettext, msgmerge)")
def test_catalogue_has_every_marked_string(tmp_path: Path) -> None:
    """makemessages on a copy of the sources finds nothing the committed catalogue lacks."""
    copy = tmp_path / "src"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".*", "var", "staticfiles", "node_modules", "__pycache__", "*.mo", "tests"
        ),
    )
    (copy / "i18n_check_settings.py").write_text(
        "from tute_site.settings.test import *  # noqa\n"
        f"LOCALE_PATHS = [{str(copy / 'locale')!r}]\n"
    )
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            "-l",
            "es",
            "--no-obsolete",
            "--ignore=staticfiles",
            "--ignore=var",
            "--ignore=tests",
            "--ignore=node_modules",
        ],
        cwd=copy,
        env=clean_env(DJANGO_SETTINGS_MODULE="i18n_check_settings", PYTHONPATH=str(copy)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    fresh = {e["msgid"] for e in parse_po(copy / "locale" / "es" / "LC_MESSAGES" / "django.po")}
    committed = {e["msgid"] for e in parse_po(LOCALE / "es" / "LC_MESSAGES" / "django.po")}
    assert fresh - committed == set(), "run `make messages` and translate the new strings"
    assert committed - fresh == set(), "run `make messages`: the catalogue has stale strings"
