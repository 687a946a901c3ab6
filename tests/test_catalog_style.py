"""Each language's conventions, kept by its whole catalog (written down in
companion/i18n/catalogs.py): its quotes, its decimal mark, French typography, one form of
address, and words chosen once for one thing."""

from __future__ import annotations

import re

import pytest
from catalog_helpers import needs_msgfmt, shipped_texts

# Each language quotes one way: German „…“, Dutch and English “…”, French « … » (a program's
# own value, such as hotspot = "off", keeps its straight quotes; ’ is an apostrophe).
QUOTES = {"de": ("„", "“"), "nl": ("“", "”"), "fr": ("«", "»")}
OTHER_QUOTES = "„“”‘‚«»"


@needs_msgfmt
@pytest.mark.parametrize("lang", sorted(QUOTES))
def test_each_language_quotes_one_way(lang, tmp_path):
    opening, closing = QUOTES[lang]
    foreign = set(OTHER_QUOTES) - {opening, closing}
    for context, text in shipped_texts(lang, tmp_path):
        assert not foreign & set(text), (context, text)
        assert text.count(opening) == text.count(closing), (context, text)


@needs_msgfmt
def test_dutch_says_partij_for_a_game_played_and_spel_for_a_kind(tmp_path):
    """“Opgeslagen spellen”, but “Partij #2 is verwijderd”: one word for one thing. A game
    played (stored, won, numbered) is a partij; a kind of game (How Ruck!) a spel."""
    played = re.compile(r"\bspellen|spellendatabase|spel #|\bspel \{game_id\}|wint het spel|"
                        r"\bhet spel is|\bdit spel heeft|\bnieuw spel\b", re.IGNORECASE)
    wrong = {context: text for context, text in shipped_texts("nl", tmp_path)
             if played.search(text)}
    assert wrong == {}


@pytest.mark.parametrize("lang,margin", [("en", "14.1"), ("de", "14,1"), ("nl", "14,1"),
                                         ("fr", "14,1")])
def test_a_race_margin_is_written_as_the_language_writes_decimals(lang, margin):
    """The terminal's race line, for a race the arbiter decided from presses (the OLED's
    and the page's: test_screens, test_web_announce)."""
    from companion.race import decide_presses
    from companion.screens.sentences import race_sentence

    decision = decide_presses(("Anna", "Bert"), {"Anna": [31_000], "Bert": [16_900]}, 10,
                              "ignore")
    assert f"{margin} ms" in race_sentence(decision.as_json(), lang)


# French sets a narrow no-break space (U+202F) before : ; ! ? and inside « », and writes its
# apostrophe ’ (the convention written down in companion/i18n/catalogs.py). Not punctuation:
# the games' own titles, a contest's score between two sums ("{x} : {y}", spaced as the OLED
# writes a score), a program's HOST:PORT.
FRENCH_UNSPACED = re.compile(r"(?<!\u202f)[:;!?»]|«(?!\u202f)|\u202f\u202f|\w'\w")
FRENCH_NOT_PUNCTUATION = ("How Ruck!", "Lauf Rauf!", "{x} : {y}", "HOST:PORT")


@needs_msgfmt
def test_french_spaces_its_colons_and_quotes_and_curls_its_apostrophes(tmp_path):
    unspaced = {}
    for context, text in shipped_texts("fr", tmp_path):
        for kept in FRENCH_NOT_PUNCTUATION:
            text = text.replace(kept, "")
        if FRENCH_UNSPACED.search(text):
            unspaced[context] = text
    assert unspaced == {}


# One form of address per language (the convention written down in companion/i18n/catalogs.py):
# German and Dutch say du / je, never Sie / u (nor German's plural ihr: euch, eure); French says
# vous, never tu. What gives the other form away: its pronouns. A German "Sie" that means "she"
# or "it" is rephrased rather than allowed (a scan cannot tell the one from the other); Dutch
# "-U" is pip's option, not a pronoun.
OTHER_ADDRESS = {
    "de": re.compile(r"\b(Sie|Ihnen|Ihre?[mnrs]?|[Ee]uch|[Ee]uer|[Ee]ure[mnrs]?)\b"),
    "nl": re.compile(r"(?<![\w-])(u|uw|uzelf)(?![\w-])|(?:^|[.!?:] )(U|Uw)\b"),
    "fr": re.compile(r"\b([Tt]u|[Tt]oi|[Tt]on|[Tt]a|[Tt]es|[Tt]e)\b|\b[Tt]’"),
}


@needs_msgfmt
@pytest.mark.parametrize("lang", sorted(OTHER_ADDRESS))
def test_each_language_addresses_the_table_one_way(lang, tmp_path):
    other = {context: text for context, text in shipped_texts(lang, tmp_path)
             if OTHER_ADDRESS[lang].search(text)}
    assert other == {}


@needs_msgfmt
def test_french_presses_on_a_button_never_presses_it(tmp_path):
    """« appuyer sur » un bouton: appuyer takes no direct object, so « l’appuyer » (the
    simulated buttons' hint said « Maintenez un bouton pour l’appuyer ») is never French."""
    pressed = re.compile(r"\b(l’|les |la |le )appu[iy]", re.IGNORECASE)
    wrong = {context: text for context, text in shipped_texts("fr", tmp_path)
             if pressed.search(text)}
    assert wrong == {}
