"""Refusals said as the table says things: the real cores refuse, and the sentence names a
piece by the number on the board and the buttons (from 1, while the contract counts from 0),
a card by the page's name, a place as the page names it (no square numbers), and a colour in
the form its noun asks for."""

from __future__ import annotations

import re

import pytest
from helpers import Table, Track
from mountain import Mountain

from companion.i18n import message

LANGS = ("en", "de", "nl", "fr")


def said(refusal, lang: str) -> str:
    return message(refusal.code, refusal.params, lang)


# --- pieces: numbered from 1, as on the board ----------------------------------------------
@pytest.mark.parametrize(("lang", "piece"), [("en", "Figure 1"), ("de", "Figur 1"),
                                             ("nl", "Pion 1"), ("fr", "pion 1")])
def test_a_figure_is_numbered_from_one(lang, piece):
    t = Mountain().put("red", 0, ("middle", 25)).put("red", 1, "summit").put("red", 2, "summit")
    t.state.berggeist = ("red", 0)
    t.roll(1, 3)
    refusal = t.refuse_move("carrier_cannot_ascend", "ascend", 0)
    assert refusal.params["figure"] == 0  # the contract's own number stays
    text = said(refusal, lang)
    assert piece in text and "0" not in text, text


@pytest.mark.parametrize(("lang", "piece"), [("en", "Laddie 1"), ("de", "Laddie 1"),
                                             ("nl", "Laddie 1"), ("fr", "pion 1")])
def test_a_laddie_is_numbered_from_one(lang, piece):
    refusal = Track().refuse_play("laddie_not_on_track", "8", laddie=0)
    assert refusal.params["laddie"] == 0
    text = said(refusal, lang)
    assert piece in text and "0" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_seven_split_names_the_laddie_from_one(lang):
    t = Track().put("Ann", 0, ("track", 5))
    refusal = t.refuse_play("split_laddie_not_on_track", "7", split=[[0, 3], [4, 4]])
    assert refusal.params["laddie"] == 4
    text = said(refusal, lang)
    assert re.search(r"\b5\b", text) and not re.search(r"\b4\b", text), text


# --- places: named as the page names them, never by a square's number ----------------------
def _place_refusals():
    """(refusal, the square's number) for each refusal that concerns a place."""
    t = Mountain().put("red", 0, ("middle", 24)).put("blue", 0, ("middle", 26))
    t.put("red", 1, "summit").put("red", 2, "summit")
    t.state.berggeist = ("blue", 0)
    t.roll(2, 3)
    yield t.refuse_move("berggeist_in_the_way", "ascend", 0), "field"
    t = Mountain().put("red", 0, ("lower", 8)).put("blue", 0, ("lower", 10))
    t.roll(2, 5)
    yield t.refuse_move("target_on_ascent_field", "strike", 0), "field"
    t = Track().put("Ann", 0, ("track", 5)).put("Ann", 1, ("track", 8))
    yield t.refuse_play("own_laddie_in_the_way", "5", laddie=0), "square"
    t = Track(("Ann", "Bob", "Cat", "Dan"), pairs=True)
    entry = t.view["castle_entry"]["Cat"]
    t.put("Ann", 0, ("track", entry - 4)).put("Cat", 0, ("track", entry))
    yield t.refuse_play("partner_entry_occupied", "4", laddie=0), "square"


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_about_a_place_names_no_square_number(lang):
    for refusal, key in _place_refusals():
        assert isinstance(refusal.params[key], int)  # the contract's parameter stays
        text = said(refusal, lang)
        assert not re.search(r"\d", text), (refusal.code, text)
        assert "{" not in text, text


# --- colours: in the form their noun asks for ----------------------------------------------
def card(color: str, strength: int) -> dict:
    return {"color": color, "strength": strength, "howruck": False, "nessie": False}


def _tug() -> Table:
    t = Table("howruck", ["A", "B"])
    t.start("A")
    return t


def wrong_field(color: str, field: str):
    return _tug().refuse("wrong_field_color", type="play", player="A", card=card(color, 1),
                         side="A", field=field)


def out_of_range(color: str):
    return _tug().refuse("strength_out_of_range", type="play", player="A",
                         card=card(color, 5), side="A", field="red")


def field_empty(field: str):
    return _tug().refuse("field_empty", type="action", player="A", card="seitenwechsel",
                         **{"from": "B", "field": field})


@pytest.mark.parametrize(("refuse", "lang", "text"), [
    (lambda: wrong_field("green", "red"), "nl", "Een groene kaart hoort op een groen veld."),
    (lambda: wrong_field("red", "blue"), "nl", "Een rode kaart hoort op een rood veld."),
    (lambda: wrong_field("green", "red"), "de", "Eine grüne Karte gehört auf ein grünes Feld."),
    (lambda: wrong_field("blue", "red"), "de", "Eine blaue Karte gehört auf ein blaues Feld."),
    (lambda: wrong_field("green", "blue"), "fr", "Une carte verte va sur une case verte."),
    (lambda: wrong_field("red", "green"), "fr", "Une carte rouge va sur une case rouge."),
    (lambda: wrong_field("blue", "green"), "en", "A blue card goes on a blue field."),
    (lambda: out_of_range("white"), "nl", "Een witte kaart heeft een sterkte van 0 tot 4, "
                                          "niet 5."),
    (lambda: out_of_range("red"), "nl", "Een rode kaart heeft een sterkte van 0 tot 3, niet 5."),
    (lambda: out_of_range("white"), "fr", "Une carte blanche a une force de 0 à 4, pas 5."),
    (lambda: out_of_range("green"), "fr", "Une carte verte a une force de 0 à 3, pas 5."),
    (lambda: out_of_range("white"), "de", "Eine weiße Karte hat Stärke 0 bis 4, nicht 5."),
    (lambda: out_of_range("blue"), "en", "A blue card has a strength from 0 to 3, not 5."),
    (lambda: field_empty("green"), "nl", "Het groene veld aan de kant van B is leeg."),
    (lambda: field_empty("green"), "de", "Das grüne Feld auf der Seite von B ist leer."),
    (lambda: field_empty("green"), "fr", "La case verte du côté de B est vide."),
    (lambda: field_empty("green"), "en", "The green field on B's side is empty."),
])
def test_a_colour_agrees_with_its_noun(refuse, lang, text):
    assert said(refuse(), lang) == text


@pytest.mark.parametrize("lang", LANGS)
def test_every_colour_of_a_colour_sentence_has_its_own_sentence(lang):
    """No colour falls back to the sentence that can only insert the bare word."""
    from companion.i18n.catalog import BY_COLOUR, REASONS

    for code in BY_COLOUR:
        colours = ("red", "blue", "green", "white") if code == "strength_out_of_range" \
            else ("red", "blue", "green")
        for colour in colours:
            assert f"{code}.{colour}" in REASONS, (code, colour)


# --- Stramash cards: by the page's names ---------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_joker_is_the_bonnie_fechter_in_a_refusal(lang):
    t = Track().put("Ann", 0, ("track", 5)).put("Bob", 0, ("track", 20))
    refusal = t.refuse("card_could_move", type="discard", player="Ann", card="joker")
    assert refusal.params == {"card": "joker"}
    text = said(refusal, lang)
    assert "Bonnie Fechter" in text and "joker" not in text.lower(), text


@pytest.mark.parametrize(("lang", "letter"), [("de", "D"), ("en", "Q"), ("nl", "V"),
                                              ("fr", "D")])
def test_a_face_card_in_a_refusal_has_the_letter_the_page_gives_it(lang, letter):
    refusal = Track().refuse("card_could_move", type="discard", player="Ann", card="Q")
    assert re.search(rf"\b{letter}\b", said(refusal, lang)), said(refusal, lang)


# --- wording a native speaker chose ------------------------------------------------------
def test_dutch_says_dobbelstenen_berggeest_terugkijken_and_vakje():
    from companion.i18n.catalogs import page_catalog
    from companion.screens.texts import text

    page = page_catalog("nl")["strings"]
    assert page["lr_real"].startswith("Dobbelstenen en kaarten van de tafel")
    assert page["lr_pass"] == "Dobbelstenen doorgeven"
    assert page["rp_open"] == "Terugkijken"
    assert page["sm_castle_hole"] == "kasteel, vakje {h}" and text("hole", "nl", n=2) == "vakje 2"
    assert message("berggeist_first", {}, "nl") == (
        "Huckauf! De eerste worp is een 7: verplaats eerst de Berggeest.")
    assert message("nothing_to_keep", {}, "nl") == (
        "De eerste worp is met beide dobbelstenen; er ligt nog geen dobbelsteen om te laten "
        "liggen.")
    said = " ".join(v for v in page.values() if isinstance(v, str))
    assert "berggeest" not in said and "Naspelen" not in said


def test_german_and_french_name_a_castle_place_as_a_field_not_a_hole():
    from companion.i18n.catalogs import page_catalog

    assert page_catalog("de")["strings"]["sm_castle_hole"] == "Burg, Feld {h}"
    assert page_catalog("fr")["strings"]["sm_castle_hole"] == "château, case {h}"
    assert page_catalog("de")["strings"]["rp_open"] == "Ansehen"
