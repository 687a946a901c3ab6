"""French elision where a sentence is filled ("de Ann" is "d’Ann"): the server's rule
(companion/i18n/elision.py) and the page's (web/static/i18n.js), held to one list of names."""

from __future__ import annotations

import pytest
from browser_helpers import choose_language, part_words, phone

from companion.announce_said import page_said
from companion.i18n import message
from companion.i18n.elision import MUTE_H, elide

# A name, and the French "de" before it (elision.py says the rule and its sources).
NAMES = [
    ("Ann", "d’"),
    ("Émile", "d’"),
    ("Œdipe", "d’"),
    ("Île", "d’"),
    ("ulrich", "d’"),
    ("Anna", "d’"),
    ("Ulla", "d’"),
    ("Hélène", "d’"),  # a French name known to have a mute h (elision.MUTE_H)
    ("Helene", "d’"),  # typed without its accent: the same name
    ("hélène", "d’"),
    ("Hugo", "d’"),
    ("Hervé (rouge)", "d’"),  # a name with its colour: its first word counts
    ("Hans", "de "),  # any other h is aspirated: German and Dutch names are
    ("Hendrik", "de "),
    ("Heinz", "de "),
    ("Hugues", "de "),  # French, with an aspirated h
    ("Hanna (bleu)", "de "),
    ("Yves", "d’"),  # y before a consonant: the vowel i
    ("Yannick", "de "),  # y before a vowel: a consonant, as in "yaourt"
    ("Yasmine", "de "),
    ("Y", "de "),
    ("Ben", "de "),
    ("Hjalmar", "de "),  # h before a consonant
    ("8", "de "),  # a number: "de 8", never "d’8"
    ("«Ann»", "de "),
    ("", "de "),
]
TEMPLATES = [  # a catalog's sentence, with each word that elides, capitalised or not
    "Le pion {f} de {p}",
    "De {p} à {q}",
    "Ce n’est pas {p} que {q} attend",
    "Le {p}, la {q}",
    "Il faut que je {p}, lorsque {q}",
    "code {p} monde {q}",  # "de" inside a word: nothing to elide
    "de {missing}",  # a placeholder with no value stays as it is
]


def _values(name: str) -> dict:
    return {"p": name, "q": name, "f": 2}


@pytest.mark.parametrize(("name", "de"), NAMES)
def test_french_elides_de_before_a_vowel_sound_on_the_server(name, de):
    said = page_said("an_strike", "fr", p="Cat", q=name, f=2)
    assert said == f"Cat frappe le pion 2 {de}{name}", said
    assert elide("que {p}", _values(name), "fr") == ("qu’{p}" if de == "d’" else "que {p}")
    assert elide("La {p}", _values(name), "fr") == ("L’{p}" if de == "d’" else "La {p}")
    assert elide("de {p}", _values(name), "de") == "de {p}"  # other languages: as written


def test_a_refusal_in_french_elides_too():
    """The refusals are filled by the same function (catalogs.fill)."""
    assert "du côté d’Ann" in message("field_empty", {"field": "red", "side": "Ann"}, "fr")
    assert "du côté de Ben" in message("field_empty", {"field": "red", "side": "Ben"}, "fr")


def test_the_page_elides_as_the_server_does(browser, daemon):
    """The page fills its own sentences (companion.t): for every name and template, its
    French is the server's, letter for letter; a French page sentence read in Chromium is
    the server's for the same key."""
    page = phone(browser, daemon)
    choose_language(page, "fr")
    part_words(page, "laufrauf")  # its strike's sentence, as a Lauf Rauf! game shown brings it
    cases = [(template, _values(name)) for template in TEMPLATES for name, _ in NAMES]
    cases += [("de {p}", _values(name.capitalize())) for name in sorted(MUTE_H)]
    page_said_js = page.evaluate(
        "(cases) => cases.map(([t, v]) => window.companion.i18n.elide(t, v, 'fr'))", cases)
    assert page_said_js == [elide(t, v, "fr") for t, v in cases]
    names = [name for name, _ in NAMES]
    assert page_said_js[names.index("Ann")] == "Le pion {f} d’{p}"
    assert page_said_js[names.index("Yannick")] == "Le pion {f} de {p}"
    assert page_said_js[names.index("Hans")] == "Le pion {f} de {p}"
    assert page_said_js[-len(MUTE_H):] == ["d’{p}"] * len(MUTE_H)  # the page knows each
    sentences = page.evaluate(
        "(names) => names.map((n) => window.companion.t('an_strike', {p: 'Cat', q: n, f: 2}))",
        [name for name, _ in NAMES])
    assert sentences == [page_said("an_strike", "fr", p="Cat", q=name, f=2)
                         for name, _ in NAMES]
