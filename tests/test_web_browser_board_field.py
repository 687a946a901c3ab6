"""The New game form's "Board definition" field, for Stramash as for Lauf Rauf! (the README
tells a table to paste its measured board there for both): a board that parses is the game's
board, JSON that does not parse is refused at the form, a wrong definition by the table naming
the key."""

from __future__ import annotations

import json

from browser_helpers import open_setup, pair, phone, until

BOARD = "#options-stramash [name=board]"


def start_stramash(page, board: str) -> None:
    open_setup(page)
    page.select_option("#game", "stramash")
    until(page, "!document.querySelector('#options-stramash').hidden")
    page.fill(BOARD, board)
    page.click("#setup-form button[type=submit]")


def test_a_measured_stramash_board_pasted_into_the_form_is_the_games_board(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    measured = {"name": "Unser Brett", "squares_per_mashie": 20, "castle_holes": 5,
                "two_player_mashies": 4, "two_player_seats": [0, 2]}
    start_stramash(page, json.dumps(measured, indent=2))
    until(page, "(window.companion.state || {}).game === 'stramash'")
    board = page.evaluate("window.companion.state.board")
    assert (board["name"], board["squares_per_mashie"]) == ("Unser Brett", 20), board


def test_a_wrong_stramash_board_is_refused_naming_what_is_wrong(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    start_stramash(page, '{"name": "Kaputt",')
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message") == "Die Spielplan-Definition ist kein gültiges JSON."
    page.fill(BOARD, json.dumps({"name": "Kaputt", "squares_per_mashie": 99, "castle_holes": 5,
                                 "two_player_mashies": 4, "two_player_seats": [0, 2]}))
    page.click("#setup-form button[type=submit]")
    until(page, "document.querySelector('#message').dataset.code === 'bad_board'")
    assert "squares_per_mashie" in page.inner_text("#message")
    assert daemon.hub.call(lambda: daemon.table.current) is None  # no game was started
