"""Every refusal code the code base can raise has a sentence in every language, and the
sentences come out right: placeholders, card names, plural forms."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.i18n import languages, message, pick_language
from companion.i18n.catalog import MESSAGES, REASONS
from companion.i18n.catalogs import translations

PACKAGE = Path(__file__).resolve().parent.parent / "companion"


def raised_codes() -> set[str]:
    codes = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
                    "Refusal", "SetupError", "ApiError") and node.args:
                for sub in ast.walk(node.args[0]):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        codes.add(sub.value)
    return codes


def test_the_scan_finds_the_codes():
    codes = raised_codes()
    assert {"not_your_turn", "card_exhausted", "unknown_game", "missing_key"} <= codes


@pytest.mark.parametrize("code", sorted(raised_codes()))
def test_every_code_has_a_sentence_in_every_language(code):
    assert code in MESSAGES, f"no message for {code}"
    source = MESSAGES[code]
    msgid = source if isinstance(source, str) else source["one"]
    for lang in languages()[1:]:  # English is the source
        store = translations(lang)._catalog  # gettext's own: {ctx\x04msgid (, form): text}
        key = f"refusal:{code}\x04{msgid}"
        assert key in store or (key, 0) in store, f"{code} has no {lang} sentence"


# Calls that raise a refusal with a `reason`, and where its code and reason are: the code
# first (Refusal and its kind), the code fixed (a setting's, a board definition's).
REASON_CALLS = {"Refusal": (0, "reason"), "SetupError": (0, "reason"),
                "BackupError": (0, "reason"), "ConfigError": ("bad_setting", "reason"),
                "bad_board": ("bad_board", "reason")}


def raised_reasons() -> set[tuple[str, str | None]]:
    """(code, reason) of every refusal raised with a reason; None for a reason that is not a
    constant text (no sentence can be written for it)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or getattr(node.func, "id", None) not in \
                    REASON_CALLS:
                continue
            where_code, where_reason = REASON_CALLS[node.func.id]
            code = node.args[0].value if where_code == 0 and node.args and isinstance(
                node.args[0], ast.Constant) else where_code
            if isinstance(where_reason, int):
                reason = node.args[where_reason] if len(node.args) > where_reason else None
            else:
                reason = next((k.value for k in node.keywords if k.arg == where_reason), None)
            if reason is None or (isinstance(reason, ast.Name) and reason.id == "reason"):
                continue  # none, or a helper's (bad_board's) own, whose callers are scanned
            found.add((code, reason.value if isinstance(reason, ast.Constant) else None))
    return found


def test_the_scan_finds_the_reasons():
    reasons = raised_reasons()
    assert {("bad_players", "duplicate"), ("bad_board", "unknown_key"),
            ("bad_setting", "pin_taken")} <= reasons


@pytest.mark.parametrize("code, reason", sorted(
    ((code, reason) for code, reason in raised_reasons() if "{reason}" in str(MESSAGES[code])),
    key=str))
def test_every_reason_a_sentence_shows_has_its_own_in_every_language(code, reason):
    """A refusal whose sentence would show its reason's code ("(unknown_key)") says it in
    words: each reason has its own sentence (catalog.REASONS), translated."""
    assert reason is not None, f"{code}: a reason made at run time has no sentence"
    assert f"{code}.{reason}" in REASONS, f"no sentence for {code}.{reason}"
    for lang in languages()[1:]:
        store = translations(lang)._catalog
        assert f"refusal:{code}.{reason}\x04{REASONS[f'{code}.{reason}']}" in store, \
            f"{code}.{reason} has no {lang} sentence"


def test_codes_are_snake_case():
    for code in raised_codes():
        assert code.replace("_", "").isalnum() and code == code.lower()


def test_placeholders_are_filled_and_cards_are_described():
    params = {"color": "red", "strength": 5, "max": 3}
    assert message("strength_out_of_range", params, "de") == \
        "Eine rote Karte hat Stärke 0 bis 3, nicht 5."
    card = {"color": "white", "strength": 4, "howruck": True, "nessie": False}
    assert message("card_exhausted", {"card": card}, "nl") == \
        "Alle kaarten wit 4 (How Ruck) zijn deze ronde al gespeeld."
    assert "{" not in message("game_over", {"winner": "Ann"}, "en")


def test_unknown_codes_and_languages_fall_back_without_failing():
    assert message("brand_new_code", {}, "de") == "Nicht erlaubt (brand_new_code)."
    assert message("not_your_turn", {"player": "A", "turn": "B"}, "xx") == \
        "B is to play, not A."
    assert message("not_your_turn", {}, "en") == "{turn} is to play, not {player}."


@pytest.mark.parametrize("header,lang", [
    ("de-DE,de;q=0.9,en;q=0.8", "de"), ("nl", "nl"), ("fr-FR,en;q=0.5", "fr"),
    ("it-IT,en;q=0.5", "en"),
    (None, "en"), ("en;q=0.2,nl;q=0.9", "nl"), ("de;q=abc", "de"),
    ("de,nl", "de"), ("nl;q=0.8,de;q=0.8", "nl"),  # equally liked: the first named
    ("de;q=0", "en"), ("nl;q=0,de;q=0.1", "de"),  # q=0: "not this one"
    ("nl;q=abc,de;q=0.1", "de")])  # a malformed weight counts least
def test_pick_language(header, lang):
    assert pick_language(header) == lang


def test_the_language_asked_for_comes_before_the_pages_cookie_and_the_browsers():
    from companion.web.guard import choose_language

    assert choose_language("nl", "de", "fr") == "nl"
    assert choose_language(None, "de", "fr") == "de"
    assert choose_language(None, "xx", "fr") == "fr"


@pytest.mark.parametrize("lang,name", [("en", "The Rope Snaps"), ("de", "Seilriss"),
                                       ("nl", "Het touw breekt")])
def test_action_cards_are_named_in_the_readers_language(lang, name):
    """German as printed, Dutch from the Dutch rulebook, English: never the bare id."""
    text = message("card_set_aside", {"card": "seilriss"}, lang)
    assert name in text and "seilriss" not in text


@pytest.mark.parametrize("code,params,lang,text", [
    ("wrong_pin", {"tries_left": 1}, "en", "Wrong PIN. 1 try left."),
    ("wrong_pin", {"tries_left": 3}, "en", "Wrong PIN. 3 tries left."),
    ("wrong_pin", {"tries_left": 1}, "de", "Falsche PIN. Noch 1 Versuch."),
    ("wrong_pin", {"tries_left": 4}, "de", "Falsche PIN. Noch 4 Versuche."),
    ("wrong_pin", {"tries_left": 1}, "nl", "Verkeerde pincode. Nog 1 poging."),
    ("pairing_locked", {"seconds": 1}, "de",
     "Zu viele falsche PINs. Versuche es in 1 Sekunde wieder."),
    ("nothing_to_strike", {"count": 1}, "en", "There is no figure 1 field away to strike."),
    ("nothing_to_strike", {"count": 0}, "nl",
     "Er staat geen pion op 0 velden afstand om te slaan."),
    ("wrong_pin", {"tries_left": 0}, "en", "Wrong PIN. 0 tries left."),
])
def test_counts_take_the_right_plural(code, params, lang, text):
    assert message(code, params, lang) == text


def test_a_race_refused_as_no_tie_names_the_value_as_json_writes_it():
    """{"tie": false} is refused with the value False; the sentence says “false”, as sent."""
    from companion.rules import get_core
    from companion.rules.base import Refusal

    core = get_core("howruck")
    state = core.new_game(["A", "B"], {}, 1)
    assert {"type": "race", "winner": "A"} in core.legal_actions(state)  # a race is next
    with pytest.raises(Refusal) as refused:
        core.apply(state, {"type": "race", "tie": False})
    text = message(refused.value.code, refused.value.params, "en")
    assert "“false”" in text and "False" not in text


def test_an_os_error_is_said_in_the_readers_language_or_as_the_os_says_it(tmp_path):
    import errno

    from companion.config import ConfigFileError, load
    from companion.i18n.said import os_error, say

    gone = FileNotFoundError(errno.ENOENT, "No such file or directory")
    assert say(os_error(gone), "nl") == "dat bestand of die map bestaat niet"
    assert say(os_error(OSError(errno.ENOSPC, "No space left on device")), "fr") == \
        "plus de place sur le stockage"
    rare = OSError(errno.ELOOP, "Too many levels of symbolic links")
    # the OS's own words, begun small as they stand inside a sentence (an abbreviation stays)
    assert say(os_error(rare), "de") == "too many levels of symbolic links"
    assert os_error(OSError(errno.EIO, "I/O error")) == "I/O error"
    with pytest.raises(ConfigFileError) as refused:
        load(tmp_path)  # a folder
    assert refused.value.text("de") == \
        f"Die Konfigurationsdatei {tmp_path} kann nicht gelesen werden (das ist ein Ordner, " \
        "keine Datei)."


@pytest.mark.parametrize("code, params, lang, said", [
    ("not_your_turn", {"turn": "red", "player": "blue"}, "nl", "Rood is aan de beurt, niet blauw."),
    ("card_not_owned", {"player": "green", "card": "joker"}, "de", "Grün hat keine Karte Joker."),
    ("opponent_hand_empty", {"player": "ann"}, "en", "Ann has no card in hand to take."),
])
def test_a_sentence_begun_by_a_colour_or_name_begins_with_a_capital(code, params, lang, said):
    assert message(code, params, lang) == said
