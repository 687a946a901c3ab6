"""How Ruck!'s box composition is all 45 Scot cards of the box, or none. A composition that
lists fewer freezes the table: once its cards are seen, a card in a player's hand can no
longer be entered and no move is left (seen with 30 and 40-card compositions in random
games). So a new game with such a composition is refused, with bad_option's stable code and
a reason of its own, said in the reader's language; a game stored before keeps loading and
playing as it was (its actions must replay). Over real HTTP."""

from __future__ import annotations

import pytest
from helpers import card

from companion.sessions import Sessions
from companion.sessions.store import GameStore

FEWER = {
    "en": "The box composition lists 44 Scot cards, but a How Ruck! box has 45: list them "
          "all, or play without a composition (a card left out could not be entered).",
    "de": "Die Zusammensetzung der Schachtel nennt 44 Schottenkarten, eine How Ruck!-Schachtel "
          "hat aber 45: Gib alle an oder spiele ohne Zusammensetzung (eine "
          "fehlende Karte ließe sich nicht eingeben).",
    "nl": "De samenstelling van de doos noemt 44 Schotse kaarten, maar een doos How Ruck! "
          "heeft er 45: geef ze allemaal op, of speel zonder samenstelling (een kaart die "
          "ontbreekt, kan niet worden ingevoerd).",
    "fr": "La composition de la boîte compte 44 cartes écossaises, mais une boîte de How Ruck! "
          "en a 45\u202f: indiquez-les toutes, ou jouez sans composition (une carte omise ne "
          "pourrait pas être saisie).",
}
MORE_EN = "The box composition lists 46 Scot cards, but a How Ruck! box has 45."


def composition(total: int) -> list[dict]:
    return [{"card": card("red", 2), "count": 5}, {"card": card("white", 4, howruck=True),
                                                   "count": total - 5}]


@pytest.mark.parametrize("lang", sorted(FEWER))
def test_a_composition_short_of_45_scot_cards_is_refused(phone, lang):
    status, body, _ = phone.post(f"/api/games?lang={lang}", {
        "game": "howruck", "players": ["Ann", "Bob"],
        "options": {"composition": composition(44)}})
    assert status == 422, body
    assert body["error"]["code"] == "bad_option"
    assert body["error"]["params"] == {"key": "composition", "value": 44,
                                       "reason": "fewer_than_45_scot_cards"}
    assert body["error"]["message"] == FEWER[lang]


def test_a_composition_over_45_says_why(phone):
    status, body, _ = phone.post("/api/games", {
        "game": "howruck", "players": ["Ann", "Bob"],
        "options": {"composition": composition(46)}})
    assert status == 422, body
    assert body["error"]["params"]["reason"] == "more_than_45_scot_cards"
    assert body["error"]["message"] == MORE_EN


def test_all_45_make_a_game(phone):
    status, view, _ = phone.post("/api/games", {
        "game": "howruck", "players": ["Ann", "Bob"],
        "options": {"composition": composition(45)}})
    assert status == 201, view
    assert sum(e["count"] for e in view["options"]["composition"]) == 45


def test_a_game_stored_with_a_shorter_composition_still_plays(tmp_path):
    """As an older version stored it: the header straight into the store."""
    store = GameStore(tmp_path)
    game_id = store.create({"game": "howruck", "players": ["Ann", "Bob"],
                            "options": {"composition": composition(30)}, "seed": 3})
    store.close()
    sessions = Sessions(tmp_path)
    try:
        assert sessions.get(game_id).status == "playing"
        sessions.apply(game_id, {"type": "race", "winner": "Ann"})
        sessions.apply(game_id, {"type": "play", "player": "Ann", "card": card("red", 2),
                                 "side": "Ann", "field": "red"})
        assert sessions.get(game_id).view()["fields"]["Ann"]["red"] == [card("red", 2)]
    finally:
        sessions.close()
