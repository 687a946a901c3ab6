"""A refusal names the players as the page names them: in a game whose players are colours
(Lauf Rauf!) the person with their colour ("Anna (rot)") or, unnamed, the colour as a name
is said ("Rot"), never the bare id ("red") or the adjective ("blau"). Over real HTTP, as a
phone gets it, and in the replay's sentences."""

from __future__ import annotations

import io
import json

import pytest
from web_helpers import Client, play_through

from companion.replay import replay


def refused_roll(phone: Client, names: dict[str, str] | None, lang: str) -> dict:
    """Blue throws the dice while it is red's turn (red sits first): the error a phone gets."""
    body = {"game": "laufrauf", "players": ["red", "blue"], "seed": 1}
    if names is not None:
        body["names"] = names
    status, view, _ = phone.post("/api/games", body)
    assert status == 201, view
    status, answer, _ = phone.post(f"/api/games/{view['id']}/actions?lang={lang}",
                                   {"type": "roll", "player": "blue", "dice": [2, 3]})
    assert status == 422, answer
    assert answer["error"]["code"] == "not_your_turn"
    assert answer["error"]["params"] == {"player": "blue", "turn": "red"}  # the ids stay
    return answer["error"]


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Anna (red) is to play, not Ben (blue)."),  # not "Anna (red)'s turn"
    ("de", "Anna (rot) ist am Zug, nicht Ben (blau)."),
    ("nl", "Anna (rood) is aan de beurt, niet Ben (blauw)."),
    ("fr", "C’est à Anna (rouge) de jouer, pas à Ben (bleu)."),
])
def test_not_your_turn_names_the_people_with_their_colours(phone, lang, text):
    assert refused_roll(phone, {"red": "Anna", "blue": "Ben"}, lang)["message"] == text


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Red is to play, not Blue."),
    ("de", "Rot ist am Zug, nicht Blau."),
    ("nl", "Rood is aan de beurt, niet blauw."),
    ("fr", "C’est à rouge de jouer, pas à bleu."),
])
def test_not_your_turn_names_unnamed_colours_as_the_page_does(phone, lang, text):
    assert refused_roll(phone, None, lang)["message"] == text


def test_a_colour_with_a_name_and_one_without(phone):
    error = refused_roll(phone, {"blue": "Ben"}, "de")
    assert error["message"] == "Rot ist am Zug, nicht Ben (blau)."


def test_a_finished_game_names_its_winner_as_a_person(phone):
    names = {"red": "Anna", "blue": "Ben"}
    game, final = play_through(phone, "laufrauf", 3, ["red", "blue"], names)
    status, answer, _ = phone.post(f"/api/games/{game}/actions?lang=de",
                                   {"type": "pass", "player": final.winner})
    assert status == 422 and answer["error"]["code"] == "game_over", answer
    assert answer["error"]["params"] == {"winner": final.winner, "result": "win"}
    colour = {"red": "rot", "blue": "blau"}[final.winner]
    assert answer["error"]["message"] == (
        f"Das Spiel ist vorbei: {names[final.winner]} ({colour}) hat gewonnen.")


def test_a_colour_that_is_no_player_of_the_game_is_said_as_it_was_sent(phone):
    status, view, _ = phone.post("/api/games", {"game": "laufrauf", "players": ["red", "blue"],
                                                "names": {"red": "Anna"}})
    status, answer, _ = phone.post(f"/api/games/{view['id']}/actions?lang=de",
                                   {"type": "roll", "player": "yellow", "dice": [2, 3]})
    assert status == 422 and answer["error"]["code"] == "unknown_player", answer
    assert answer["error"]["message"] == "In diesem Spiel gibt es keinen Spieler „gelb“."


def test_a_name_in_another_game_is_said_as_given(phone):
    """Elsewhere the players are people's names: one that happens to be a card's id is no
    card ("joker", not "Joker")."""
    status, view, _ = phone.post("/api/games", {"game": "tauziehen", "players": ["Anna", "joker"]})
    assert status == 201, view
    assert view["turn"] == "Anna"
    status, answer, _ = phone.post(f"/api/games/{view['id']}/actions?lang=de",
                                   {"type": "block", "player": "joker", "card": 4})
    assert status == 422 and answer["error"]["code"] == "not_your_turn", answer
    assert answer["error"]["message"] == "Anna ist am Zug, nicht joker."


def test_the_replay_says_the_players_as_the_page_does():
    header = {"game": "laufrauf", "players": ["red", "blue"], "seed": 1,
              "names": {"red": "Anna"}}
    log = [header, {"type": "roll", "player": "blue", "dice": [2, 3]}]
    raw = "".join(json.dumps(line) + "\n" for line in log).encode()
    for text, said in ((True, "Anna (rot) ist am Zug, nicht Blau."),
                       (False, "Anna (rot) ist am Zug, nicht Blau.")):
        out, err = io.StringIO(), io.StringIO()
        assert replay(io.BytesIO(raw), out, err, "de", text=text) == 0, err.getvalue()
        assert said in out.getvalue(), out.getvalue()
    first = json.loads(io.StringIO(out.getvalue()).readline())
    assert first["error"]["params"] == {"player": "blue", "turn": "red"}
