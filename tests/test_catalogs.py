"""The translations: one gettext catalog per language (companion/locale/<lang>/LC_MESSAGES/
companion.po), complete, accepted by GNU msgfmt -c, compiled .mo files current, the same
placeholders as the English source, every entry used and every word used present; and the
languages come from the catalogs on disk alone (a throw-away language, no code changed)."""

from __future__ import annotations

import errno
import gettext
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from catalog_helpers import compiled, entries, needs_msgfmt

from companion.i18n import message
from companion.i18n.catalogs import DOMAIN, SHIPPED, languages, page_catalog
from companion.i18n.source import sources

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted(SHIPPED.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
PLACEHOLDER = re.compile(r"\{(\w+)\}|(%\(\w+\)[rs]|%[rs])")  # ours; argparse's printf style


def test_the_shipped_languages_are_the_catalogs_on_disk():
    assert set(languages()) == {"en", *(po.parent.parent.name for po in CATALOGS)}
    assert {"de", "nl", "fr"} <= set(languages())


@needs_msgfmt
@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_every_catalog_is_complete_and_accepted_by_msgfmt(po, tmp_path):
    result = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "fuzzy" not in result.stderr and "untranslated" not in result.stderr, result.stderr
    assert "#, fuzzy" not in po.read_text(encoding="utf-8").split("\n\n", 1)[1]
    found = entries(compiled(po, tmp_path))
    assert set(found) == set(sources()), "entries missing or left over: scripts/i18n.py update"
    assert all(all(forms) for forms in found.values())


@needs_msgfmt
@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_the_compiled_catalog_is_current(po, tmp_path):
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo} missing: scripts/i18n.py compile"
    with mo.open("rb") as f:
        shipped = gettext.GNUTranslations(f)._catalog
    assert shipped == compiled(po, tmp_path), f"{mo} is stale: scripts/i18n.py compile"


def test_the_template_is_current():
    """The .pot is what `scripts/i18n.py extract` writes from the English sources."""
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "i18n.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    pot = (SHIPPED / f"{DOMAIN}.pot").read_text(encoding="utf-8")
    assert pot == tool.template(), "companion.pot is stale: scripts/i18n.py update"


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_every_translation_has_the_placeholders_of_its_source(lang):
    from companion.i18n.catalogs import translations

    def placeholders(text: str) -> set[str]:
        return {name or printf for name, printf in PLACEHOLDER.findall(text)}

    found = entries(translations(lang)._catalog)
    for context, source in sources().items():
        forms = found[context]
        if isinstance(source, str):
            want = placeholders(source)
            assert placeholders(forms[0]) == want, (lang, context, forms[0])
        else:  # plural: no form names what the source does not; the last has all of "other"
            allowed = placeholders(source["one"] + source["other"])
            for form in forms:
                assert placeholders(form) <= allowed, (lang, context, form)
            assert placeholders(forms[-1]) == \
                placeholders(source["other"]), (lang, context, forms[-1])


def code_text() -> str:
    """Every place an entry's key can be used: the package (without the English tables
    themselves), the page's code and its template."""
    tables = {SHIPPED.parent / "i18n" / name for name in ("catalog.py", "page.py", "words.py",
                                                          "cli_messages.py",
                                                          "web_messages.py", "club_messages.py",
                                                          "laufrauf_messages.py",
                                                          "setting_messages.py",
                                                          "race_games_messages.py",
                                                          "replay_messages.py")}
    parts = [p.read_text(encoding="utf-8") for p in SHIPPED.parent.rglob("*.py")
             if p not in tables and p.name != "texts.py"]
    parts += [p.read_text(encoding="utf-8") for p in (ROOT / "web").rglob("*")
              if p.suffix in (".js", ".html")]
    return "\n".join(parts)


# Keys built from a prefix and a value (`"an_round_" + reason`, `"lr_" + kind`).
DYNAMIC = re.compile(r"""["'`](\w+_)["'`]\s*\+""")


def test_every_entry_is_used_somewhere():
    from companion.i18n.catalog import BY_COLOUR
    from companion.rules.howruck.cards import COLORS

    text = code_text()
    prefixes = set(DYNAMIC.findall(text))
    unused = []
    for context in sources():
        kind, key = context.split(":", 1)
        if kind == "language":
            continue  # the catalog's own name (language_name)
        quoted = any(f"{q}{name}{q}" in text for q in "\"'" for name in (key, context))
        if kind == "refusal" and "." in key:  # a reason's own sentence (catalog.REASONS)
            code, reason = key.split(".", 1)
            quoted = f'"{code}"' in text and f'reason="{reason}"' in text
            if code in BY_COLOUR:  # a colour's own sentence: said whenever the code is
                quoted = f'"{code}"' in text and reason in COLORS
            if code == "game_over":  # how the game ended (catalog.variant): a result or "team"
                quoted = f'result="{reason}"' in text or f'"{reason}" if team' in text
        if kind == "setting":  # a setting's name: one the page may change
            quoted = key.removesuffix("[]") in page_settings()
        if kind == "os":  # an OS error's reason, by its errno name (said.os_error)
            quoted = key in errno.errorcode.values()
        if not quoted and not any(key.startswith(p) for p in prefixes):
            unused.append(context)
    assert unused == []


def page_settings() -> set[str]:
    from companion.config import PAGE_SECTIONS, SCHEMA

    return {f"{section}.{key}" for section in PAGE_SECTIONS for key in SCHEMA[section]}


def test_every_setting_of_the_page_has_a_name():
    """The page's refusals name a setting in words (“Player 2's button”), never by the
    file's key, which a family does not know."""
    from companion.i18n import setting_name

    for key in sorted(page_settings()):
        for lang in ("en", "de"):
            assert setting_name(key, lang) != key, (key, lang)
    assert setting_name("leds.players[0]", "nl") == "Led van speler 1"


def test_every_option_of_every_game_has_a_name():
    """A refused option is named in words (“Tie window (ms)”), never by the key the page
    sends, in every language."""
    from companion.i18n import option_name
    from companion.rules.howruck.options import OPTION_KEYS as HOWRUCK
    from companion.rules.laufrauf import OPTION_KEYS as LAUFRAUF
    from companion.rules.stramash import OPTION_KEYS as STRAMASH

    for key in {*HOWRUCK, *LAUFRAUF, *STRAMASH}:
        for lang in languages():
            assert option_name(key, lang) != key, (key, lang)
    assert option_name("tie_window_ms", "nl") == "Gelijkspelvenster (ms)"


# Why the OS refused stands inside a sentence: after a colon ("cannot read x: permission
# denied") or in parentheses ("the config file x cannot be read (permission denied)"). It
# begins small there, but for a German noun ("Datei oder Ordner gibt es nicht").
GERMAN_NOUNS = {"Datei"}


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_an_os_reason_begins_small_inside_parentheses(lang, tmp_path):
    from companion import config
    from companion.i18n.said import Said  # (test_messages: a real OS error in its place)

    reasons = [context for context in sources() if context.startswith("os:")]
    assert "os:ENOSPC" in reasons
    for context in reasons:
        err = config.ConfigError(str(tmp_path), reason="file_unreadable", detail=Said(context))
        inside = err.text(lang).rsplit("(", 1)[1]
        assert inside[:1].islower() or (lang == "de" and inside.split()[0] in GERMAN_NOUNS), \
            (context, err.text(lang))


def test_every_word_the_code_asks_for_is_present():
    from companion.i18n.page import PAGE
    from companion.i18n.words import WORDS
    from companion.screens.texts import TEXTS

    page = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "web").rglob("*")
                     if p.suffix in (".js", ".html"))
    asked = set(re.findall(r"""\bt\(\s*["'](\w+)["']\s*[,)]""", page))
    asked |= set(re.findall(r'data-t="(\w+)"', page))
    asked |= set(re.findall(r"""\bt\(\s*"(\w+)"\s*\)""", page))  # the template's
    assert asked and asked - set(PAGE) - set(WORDS) == set()
    screens = "\n".join(p.read_text(encoding="utf-8")
                        for p in (SHIPPED.parent / "screens").glob("*.py"))
    oled = set(re.findall(r"""\btext\(\s*["'](\w+)["']""", screens))
    assert oled and oled - set(TEXTS) == set()


def test_french_refusals_from_companion_replay(tmp_path):
    game = tmp_path / "game.jsonl"
    game.write_text(json.dumps({"game": "howruck", "players": ["Anne", "Bruno"], "seed": 1})
                    + "\n" + json.dumps({"type": "play", "player": "Bruno"}) + "\n")
    result = subprocess.run([sys.executable, "-m", "companion", "replay", str(game),
                             "--lang", "fr"], capture_output=True, text=True)
    assert result.returncode == 0  # a refused action is an answer line, not a failure
    assert message("wrong_phase", {"phase": "teams"}, "fr") in result.stdout + result.stderr
    assert message("wrong_phase", {"phase": "teams"}, "fr") != \
        message("wrong_phase", {"phase": "teams"}, "en")


def test_plural_forms_follow_each_languages_rule():
    # French says the singular for 0 and 1, English and German for 1 only
    assert message("wrong_pin", {"tries_left": 0}, "fr") == \
        message("wrong_pin", {"tries_left": 1}, "fr").replace("1", "0")
    assert message("wrong_pin", {"tries_left": 0}, "de") != \
        message("wrong_pin", {"tries_left": 1}, "de").replace("1", "0")
    assert page_catalog("fr")["plural"] == "(n > 1)"


XX_PO = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: xx\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n"

msgctxt "language:name"
msgid "English"
msgstr "Xxish"

#, python-brace-format
msgctxt "refusal:wrong_phase"
msgid "That is not possible now (phase: {phase})."
msgstr "XX nicht jetzt ({phase})"

#, python-brace-format
msgctxt "page:tz_points"
msgid "{n} point"
msgid_plural "{n} points"
msgstr[0] "{n} ein"
msgstr[1] "{n} zwei"
msgstr[2] "{n} viele"
'''


@needs_msgfmt
def test_a_new_language_is_one_catalog_file_and_no_code(tmp_path, monkeypatch):
    """A throw-away language in a temporary catalog directory: the page offers it and
    serves its words (three plural forms), `--lang` takes it; no code was changed."""
    from web_helpers import Client, web_daemon

    where = tmp_path / "locale"
    shutil.copytree(SHIPPED, where)
    po = where / "xx" / "LC_MESSAGES" / f"{DOMAIN}.po"
    po.parent.mkdir(parents=True)
    po.write_text(XX_PO, encoding="utf-8")
    subprocess.run(["msgfmt", "--check", "-o", str(po.with_suffix(".mo")), str(po)],
                   check=True)
    monkeypatch.setenv("COMPANION_LOCALE_DIR", str(where))
    assert "xx" in languages()

    game = tmp_path / "game.jsonl"
    game.write_text(json.dumps({"game": "howruck", "players": ["A", "B"], "seed": 1}) + "\n"
                    + json.dumps({"type": "play", "player": "B"}) + "\n")
    result = subprocess.run([sys.executable, "-m", "companion", "replay", str(game),
                             "--lang", "xx"], capture_output=True, text=True)
    assert "XX nicht jetzt (teams)" in result.stdout + result.stderr, result.stderr

    daemon = web_daemon(tmp_path)
    try:
        client = Client(daemon.web.port)
        status, page, _ = client.get("/?lang=xx")
        assert status == 200 and '<html lang="xx">' in page
        assert '<option value="xx" selected>Xxish</option>' in page
        status, words, _ = client.get("/i18n/xx.json")
        assert status == 200 and words["plural"] == "(n==1 ? 0 : n==2 ? 1 : 2)"
        status, tauziehen, _ = client.get("/i18n/xx/tauziehen.json")  # the game's own words
        assert status == 200 and tauziehen["strings"]["tz_points"] == ["{n} ein", "{n} zwei",
                                                                       "{n} viele"]
        assert words["strings"]["undo"] == "Undo"  # untranslated: the English source
        client.pair(daemon)
        assert client.request("PUT", "/api/settings", {"language": "xx"})[0] == 200
        assert client.get("/api/games?lang=xx")[0] == 200
        assert client.get("/api/games?lang=yy")[0] == 422
    finally:
        daemon.stop()


def test_an_unknown_language_has_no_catalog_to_serve(tmp_path):
    from web_helpers import Client, web_daemon

    daemon = web_daemon(tmp_path)
    try:
        client = Client(daemon.web.port)
        assert client.get("/i18n/xx.json")[0] == 404
        assert client.get("/i18n/..%2Fetc.json")[0] == 404
        status, words, headers = client.get("/i18n/de.json")
        assert status == 200 and words["strings"]["undo"] == "Rückgängig"
        assert client.get("/i18n/de.json", headers={"If-None-Match": headers["etag"]})[0] == 304
    finally:
        daemon.stop()


def test_the_page_in_french_is_served_in_french(tmp_path):
    from web_helpers import Client, web_daemon

    daemon = web_daemon(tmp_path)
    try:
        status, page, _ = Client(daemon.web.port).get("/?lang=fr")
        assert status == 200 and '<html lang="fr">' in page
        assert ">Nouvelle partie<" in page and ">Reprendre le coup<" in page
        assert "New game" not in page
        assert '<option value="fr" selected>Français</option>' in page
    finally:
        daemon.stop()
