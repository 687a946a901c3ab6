"""A Lauf Rauf! seat's person may not be called by another seat's colour id (blue's person
"red"): the statistics take an unnamed seat by its id, so that person would be taken for the
unnamed red seat (nobody: not counted). Refused, with bad_players' stable code and a reason
of its own, said in the reader's language; a name that only looks like a colour ("Red", the
seat's own colour, a colour nobody plays here) is a person's name as ever. Over real HTTP."""

from __future__ import annotations

import pytest

ANOTHER_SEAT = {
    "en": "“red” is the colour of another seat in this game: give the person a name of their "
          "own.",
    "de": "„red“ ist in diesem Spiel die Farbe eines anderen Platzes: Gib der Person "
          "einen eigenen Namen.",
    "nl": "“red” is in deze partij de kleur van een andere plaats: geef deze persoon een eigen "
          "naam.",
    "fr": "«\u202fred\u202f» est la couleur d’une autre place de cette partie\u202f: donnez à "
          "cette personne son propre nom.",
}


@pytest.mark.parametrize("lang", sorted(ANOTHER_SEAT))
def test_another_seats_colour_as_a_name_is_refused(phone, lang):
    status, body, _ = phone.post(f"/api/games?lang={lang}", {
        "game": "laufrauf", "players": ["red", "blue"], "names": {"blue": "red"}})
    assert status == 422, body
    assert body["error"]["code"] == "bad_players"
    assert body["error"]["params"] == {"reason": "another_seats_colour", "player": "red"}
    assert body["error"]["message"] == ANOTHER_SEAT[lang]


def test_it_is_refused_with_the_other_seat_named_too(phone):
    """A rule the person at the form can follow: the same whether or not red has a name."""
    status, body, _ = phone.post("/api/games", {
        "game": "laufrauf", "players": ["red", "blue"], "names": {"red": "Anna", "blue": "red"}})
    assert status == 422 and body["error"]["params"]["reason"] == "another_seats_colour", body


@pytest.mark.parametrize("names", [
    {"blue": "Red"},  # a person's name, case and all (the page says the unnamed seat "Red")
    {"red": "red"},  # the seat's own colour
    {"blue": "yellow"},  # a colour nobody plays in this game
])
def test_a_name_that_only_looks_like_a_colour_is_a_name(phone, names):
    status, view, _ = phone.post("/api/games", {
        "game": "laufrauf", "players": ["red", "blue"], "names": names})
    assert status == 201, view
    assert view["names"] == names
