"""The board as a screen reader meets it, read from Chromium's accessibility tree (CDP
Accessibility.getFullAXTree): How Ruck!'s fields that may be tapped are buttons there, with
their names, inside a board that still says the position in words; a board with nothing to
tap is one picture.

CDP gives Blink's tree, which keeps an image's children; what reaches a screen reader does
not: an image's children are presentational (WAI-ARIA, role img), and Chromium hands an ARIA
img to the platform as a leaf (ui/accessibility/ax_node.cc, AXNode::IsLeaf). `_board` reads
the tree so, as a reader meets it."""

from __future__ import annotations

from browser_helpers import pair, phone, seat, shot, until


def _tree(page) -> tuple[dict, dict]:
    """Chromium's accessibility tree of the page: its nodes by id, and each node's parent."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    nodes = {n["nodeId"]: n for n in cdp.send("Accessibility.getFullAXTree")["nodes"]}
    cdp.detach()
    parent = {child: n["nodeId"] for n in nodes.values() for child in n.get("childIds", [])}
    return nodes, parent


def _value(node: dict, key: str) -> str:
    return str(node.get(key, {}).get("value", ""))


def _board(page) -> tuple[dict, list[dict]]:
    """The board's node (named "How Ruck!. …") and the nodes a reader meets inside it."""
    nodes, parent = _tree(page)
    board = next(n for n in nodes.values()
                 if not n["ignored"] and _value(n, "name").startswith("How Ruck!. "))

    def inside(node: dict) -> bool:  # below the board, and below no image (presentational)
        at = node["nodeId"]
        while at in parent:
            at = parent[at]
            if _value(nodes[at], "role") == "image":
                return False
            if at == board["nodeId"]:
                return True
        return False

    return board, [n for n in nodes.values() if not n["ignored"] and inside(n)]


def test_howruck_fields_to_tap_are_buttons_a_screen_reader_reaches(browser, daemon):
    """The board was role="img" while its fields were buttons: an image's children are
    presentational, so a screen reader met one picture and none of the fields to place the
    card on (the accessibility tree had no button there)."""
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "Anna")
    until(page, "document.querySelectorAll('#choices button.card').length > 0")
    board, inside = _board(page)  # nothing to tap yet: one picture, the position its name
    assert _value(board, "role") == "image", board
    assert [_value(n, "role") for n in inside] == [], inside
    said = _value(board, "name")
    assert "Fass auf Feld" in said and "Anna: rot: leer; blau: leer; grün: leer" in said, said

    while not page.locator("#board .field.legal").count():  # a card chosen, step by step
        page.locator("#choices button.card:not(.picked)").first.click()
    shot(page, "board-tree-fields-to-tap")
    expected = page.evaluate("[...document.querySelectorAll('#board .field.legal')]"
                             ".map((f) => `${f.dataset.side}: ${{red: 'rot', blue: 'blau',"
                             " green: 'grün'}[f.dataset.field]}`)")
    board, inside = _board(page)
    buttons = [_value(n, "name") for n in inside if _value(n, "role") == "button"]
    assert expected and sorted(buttons) == sorted(expected), (buttons, expected)
    # the position is still the board's own name, not said again by the drawing's texts
    assert _value(board, "name") == said, board
    assert [n for n in inside if _value(n, "role") != "button"] == [], inside
    assert page.evaluate("document.querySelector('#board svg')"
                         ".closest('[aria-live], [role=status], [role=alert], [role=log]')") is None

    page.click("#choices button.picked")  # the card put back: nothing to tap, a picture again
    board, inside = _board(page)
    assert _value(board, "role") == "image" and inside == [], (board, inside)
    assert page.locator("#board [aria-hidden]").count() == 0

    while not page.locator("#board .field.legal").count():
        page.locator("#choices button.card:not(.picked)").first.click()
    page.locator("#board").get_by_role("button", name=expected[0], exact=True).click()
    until(page, "window.companion.state.actions === 2")
    board, inside = _board(page)  # Bert's turn: nothing to tap on this phone, a picture again
    assert _value(board, "role") == "image" and inside == [], (board, inside)


def test_the_other_boards_hold_nothing_to_tap_and_are_one_picture(browser, daemon):
    """Lauf Rauf!, Tauziehen and Stramash are played by buttons under the board, never on it:
    at a seated phone's turn their board is one picture, its position its name, with nothing
    in it a screen reader would have to reach (else it would have to be a group, as How
    Ruck!'s is while a card is placed)."""
    page = phone(browser, daemon)
    pair(page, daemon)
    for game, players, title in (("laufrauf", ["red", "blue"], "Lauf Rauf!"),
                                 ("tauziehen", ["Ida", "Jan"], "Tauziehen"),
                                 ("stramash", ["Ann", "Bob"], "Stramash")):
        view = daemon.hub.call(daemon.table.create_game, game, players)
        until(page, f"(window.companion.state || {{}}).id === {view['id']}")
        seat(page)
        until(page, "window.companion.legal.length > 0"
                    " && document.querySelector('#choices button, #places button') !== null")
        shot(page, f"board-tree-{game}")
        assert page.locator("#board [tabindex], #board [role=button], #board a").count() == 0
        nodes, _ = _tree(page)
        board = [n for n in nodes.values() if not n["ignored"]
                 and _value(n, "name").startswith(f"{title}. ")]
        assert [_value(n, "role") for n in board] == ["image"], (game, board)
