"""A finished game refuses every further action with `game_over`, and its sentence says how
the game ended as the table saw it: a Tauziehen draw is a draw ("draw has won" before), a
Stramash pair has won together ("Anna & Ben have won"), one winner has won; a player named
"draw" who won is said as the name. Over real HTTP, with games played to the end by real
actions (random legal ones until the rules end one the way a test needs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import drawn, seed_ending, won_by
from web_helpers import Client, play_through


def played(phone: Client, game: str, players: list[str], ends: Callable[[Any, Any], bool],
           options: dict[str, Any] | None = None) -> tuple[int, Any]:
    """A whole game of `game` entered through the API: the first seeded random game whose
    end `ends(core, final state)` accepts. Its id and the final state."""
    return play_through(phone, game, seed_ending(game, players, ends, options), players,
                        options=options)


def refused(phone: Client, game_id: int, action: dict[str, Any], lang: str) -> dict[str, Any]:
    status, answer, _ = phone.post(f"/api/games/{game_id}/actions?lang={lang}", action)
    assert status == 422 and answer["error"]["code"] == "game_over", answer
    return answer["error"]


DRAWN = {
    "en": "The game is over: it ended in a draw.",
    "de": "Das Spiel ist vorbei und endete unentschieden.",
    "nl": "De partij is voorbij en eindigde in een gelijkspel.",
    "fr": "La partie est terminée sur un match nul.",
}


@pytest.mark.parametrize("lang", sorted(DRAWN))
def test_a_drawn_tauziehen_game_is_over_as_a_draw(phone, lang):
    game_id, final = played(phone, "tauziehen", ["Cat", "Sanne"], drawn)
    assert final.points["Cat"] == final.points["Sanne"]
    error = refused(phone, game_id, {"type": "play", "player": "Cat", "card": 1}, lang)
    assert error["params"] == {"winner": "draw", "result": "draw"}  # the view's word stays
    assert error["message"] == DRAWN[lang]


def test_a_player_named_draw_who_won_is_said_as_the_name(phone):
    """The draw is told by the points, never by the word: a player may be called "draw"."""
    game_id, _ = played(phone, "tauziehen", ["Ida", "draw"], won_by("draw"))
    error = refused(phone, game_id, {"type": "play", "player": "Ida", "card": 1}, "de")
    assert error["params"] == {"winner": "draw", "result": "win"}
    assert error["message"] == "Das Spiel ist vorbei: draw hat gewonnen."


def test_a_draw_beside_a_player_named_draw_is_a_draw(phone):
    game_id, _ = played(phone, "tauziehen", ["Ida", "draw"], drawn)
    error = refused(phone, game_id, {"type": "play", "player": "Ida", "card": 1}, "en")
    assert error["params"] == {"winner": "draw", "result": "draw"}
    assert error["message"] == DRAWN["en"]


PAIR_WON = {
    "en": "The game is over: {a} & {b} have won.",
    "de": "Das Spiel ist vorbei: {a} & {b} haben gewonnen.",
    "nl": "De partij is voorbij: {a} & {b} hebben gewonnen.",
    "fr": "La partie est terminée\u202f: {a} & {b} ont gagné.",
}


@pytest.mark.parametrize("lang", sorted(PAIR_WON))
def test_a_stramash_pair_has_won_together(phone, lang):
    game_id, final = played(phone, "stramash", ["Anna", "Ben", "Cem", "Dora"],
                            lambda core, s: True, {"pairs": True})
    a, b = final.winner  # the pair, in seat order
    error = refused(phone, game_id, {"type": "discard", "player": a, "card": "A"}, lang)
    assert error["params"] == {"winner": [a, b], "result": "win"}
    assert error["message"] == PAIR_WON[lang].format(a=a, b=b)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "The game is over: {w} has won."),
    ("nl", "De partij is voorbij: {w} heeft gewonnen."),
    ("fr", "La partie est terminée\u202f: {w} a gagné."),
])
def test_one_winner_has_won(phone, lang, text):
    game_id, final = played(phone, "stramash", ["Anna", "Ben", "Cem"], lambda core, s: True)
    error = refused(phone, game_id, {"type": "discard", "player": "Anna", "card": "A"}, lang)
    assert error["params"] == {"winner": final.winner, "result": "win"}
    assert error["message"] == text.format(w=final.winner)
