"""Walking through a finished game on the phone page (headless Chromium under the page's own
CSP): the game list offers it, each step shows the board as the rule core left it after that
action (the stored log replayed by the server) and the history's sentence for it."""

from __future__ import annotations

from browser_helpers import open_setup, phone, shot, until

from companion.rules import get_core
from companion.rules.randomplay import random_game


def finished_game(table, game: str, seed: int, players: list[str]) -> tuple[int, int]:
    """A whole random game entered through the table (the hub), as the buttons would."""
    log, _ = random_game(get_core(game), seed, players)
    view = table.hub.call(table.table.create_game, game, players, {}, seed)
    for action in log:
        table.hub.call(table.table.apply, view["id"], action)
    return view["id"], len(log)


def text(page, selector: str) -> str:
    return page.inner_text(selector).strip()


def test_step_through_a_finished_game(browser, daemon):
    game_id, steps = finished_game(daemon, "tauziehen", 3, ["Ida", "Jan"])
    page = phone(browser, daemon)  # German, not paired: watching is enough
    page.click("nav [data-tab=history]")
    page.wait_for_selector("#history-list li")
    history = [li.inner_text() for li in page.query_selector_all("#history-list li")]
    assert len(history) == steps
    final_board = page.inner_html("#board")

    open_setup(page)
    page.click(f"#games li:has-text('#{game_id} ') button:has-text('Ansehen')")
    page.wait_for_selector("#replay:not([hidden]) #replay-board svg")
    assert text(page, "#replay-count") == f"Aktion 0 von {steps}"
    assert text(page, "#replay-line") == "Das Spiel, wie es aufgebaut wurde."
    assert "#" + str(game_id) in text(page, "#replay-title")
    assert page.is_disabled("#replay-prev") and not page.is_disabled("#replay-next")
    start_board = page.inner_html("#replay-board")
    shot(page, "30-replay-start")

    page.click("#replay-next")
    until(page, f"document.querySelector('#replay-count').textContent === 'Aktion 1 von {steps}'")
    assert text(page, "#replay-line") == history[0].strip()
    page.keyboard.press("ArrowRight")  # the focused panel steps with the arrow keys
    until(page, f"document.querySelector('#replay-count').textContent === 'Aktion 2 von {steps}'")
    assert text(page, "#replay-line") == history[1].strip()

    page.click("#replay-last")
    until(page, f"document.querySelector('#replay-count').textContent === "
                f"'Aktion {steps} von {steps}'")
    assert text(page, "#replay-line") == history[-1].strip()
    assert page.is_disabled("#replay-next")
    # the last step is the game as it ended: the same picture as the Game tab's board
    assert page.inner_html("#replay-board") == final_board != start_board
    shot(page, "31-replay-end")

    page.click("#replay-first")
    until(page, f"document.querySelector('#replay-count').textContent === 'Aktion 0 von {steps}'")
    assert page.inner_html("#replay-board") == start_board
    page.click("#replay-close")
    assert page.is_hidden("#replay")


def test_a_drawn_game_is_listed_and_walked_through_as_a_draw(browser, daemon):
    """Tauziehen seed 12's random game ends 2 : 2: a draw, not "won by draw"; the players'
    streaks say it too."""
    game_id, _ = finished_game(daemon, "tauziehen", 12, ["Ida", "Jan"])
    page = phone(browser, daemon)
    open_setup(page)
    item = page.locator(f"#games li:has-text('#{game_id} ')")
    item.wait_for()
    assert "(unentschieden)" in item.inner_text()
    item.get_by_role("button", name="Ansehen").click()
    page.wait_for_selector("#replay:not([hidden]) #replay-board svg")
    assert text(page, "#replay-title").endswith("unentschieden")
    page.click("nav [data-tab=roster]")
    page.wait_for_selector("#roster table")
    assert "1 unentschieden" in page.inner_text("#roster table")


# The lines the History tab shows where a reader sees them (not those it holds hidden).
SEEN_LINES = "[...document.querySelectorAll('#history li')].filter((li) => li.offsetParent)" \
             ".map((li) => li.textContent)"


def test_a_replay_shows_its_own_games_history_not_the_tables(browser, daemon):
    """The play-through: How Ruck! #1 stepped through while a Tauziehen game was on the table
    showed "Action 5 of 65" above the Tauziehen game's history. Under a replay the lines are
    the replayed game's, up to the step shown; closed, the table's game's history again."""
    game_id, steps = finished_game(daemon, "howruck", 5, ["Anna", "Ben"])
    page = phone(browser, daemon)
    page.click("nav [data-tab=history]")
    until(page, f"document.querySelectorAll('#history-list li').length === {steps}")
    replayed = page.evaluate(SEEN_LINES)
    _, other_steps = finished_game(daemon, "tauziehen", 3, ["Ida", "Jan"])
    until(page, f"document.querySelectorAll('#history-list li').length === {other_steps}")
    table_lines = page.evaluate(SEEN_LINES)
    assert table_lines != replayed[:other_steps]

    open_setup(page)
    page.click(f"#games li:has-text('#{game_id} ') button:has-text('Ansehen')")
    page.wait_for_selector("#replay:not([hidden]) #replay-board svg")
    assert page.evaluate(SEEN_LINES) == []  # the game as set up: nothing done yet
    for _ in range(5):
        page.click("#replay-next")
    until(page, f"document.querySelector('#replay-count').textContent === 'Aktion 5 von {steps}'")
    shot(page, "32-replay-own-history")
    assert page.evaluate(SEEN_LINES) == replayed[:5]
    page.click("#replay-last")
    until(page, f"document.querySelector('#replay-count').textContent === "
                f"'Aktion {steps} von {steps}'")
    assert page.evaluate(SEEN_LINES) == replayed
    page.click("#replay-close")
    assert page.evaluate(SEEN_LINES) == table_lines


def test_the_replay_controls_are_drawn_not_left_to_the_phones_fonts(browser, daemon):
    """⏮ and ⏭ showed as empty boxes in Chromium (no font of the phone had them), and ◀ ▶
    turn into emoji on some phones: each control is a drawing of its own (SVG, under the page's
    CSP), no character a font must have, and still named for a screen reader."""
    game_id, _ = finished_game(daemon, "tauziehen", 3, ["Ida", "Jan"])
    page = phone(browser, daemon)
    open_setup(page)
    page.click(f"#games li:has-text('#{game_id} ') button:has-text('Ansehen')")
    page.wait_for_selector("#replay:not([hidden]) #replay-board svg")
    shot(page, "33-replay-controls")
    names = {"first": "Zum Anfang", "prev": "Eine Aktion zurück", "next": "Eine Aktion weiter",
             "last": "Zum Ende"}
    for tool, name in names.items():
        button = page.locator(f"#replay-{tool}")
        assert button.get_attribute("aria-label") == name
        assert button.evaluate("(b) => b.textContent.trim()") == "", tool  # no glyph to miss
        box = button.locator("svg").bounding_box()
        assert box and box["width"] >= 12 and box["height"] >= 12, tool
        assert button.locator("svg path").count() > 0, tool


# Each line of a history list that begins a round: where it is and what its heading says; and
# the room above it (the heading is drawn there, not written into the line).
ROUND_MARKS = """(list) => [...document.querySelectorAll(list + ' > li')].map((li, i) => {
  if (!li.dataset.round) return null;
  const prev = li.previousElementSibling, room = prev
    ? li.getBoundingClientRect().top - prev.getBoundingClientRect().bottom : null;
  return [i, li.dataset.round, getComputedStyle(li, '::before').content, room];
}).filter(Boolean)"""


def test_a_howruck_history_marks_where_each_round_begins(browser, daemon):
    """65 lines of four rounds in one list: the History tab (and a replay's list) marks the
    line each round begins with ("Runde 2"), above it; the lines themselves are as they were."""
    from web_helpers import Client

    game_id, steps = finished_game(daemon, "howruck", 5, ["Anna", "Ben"])
    history = Client(daemon.web.port).get(f"/api/games/{game_id}/history")[1]
    ends = [i for i, said in enumerate(history["announcements"])
            if any(a["kind"] == "round_won" for a in said) and i + 1 < steps]
    assert ends  # a game of more than one round
    starts = [0] + [i + 1 for i in ends]
    page = phone(browser, daemon)
    page.click("nav [data-tab=history]")
    until(page, f"document.querySelectorAll('#history-list li').length === {steps}")
    shot(page, "34-history-rounds")
    marks = page.evaluate(ROUND_MARKS, "#history-list")
    assert [m[0] for m in marks] == starts
    assert [m[1] for m in marks] == [f"Runde {k + 1}" for k in range(len(starts))]
    assert all(m[2] == f'"{m[1]}"' for m in marks), marks  # drawn
    assert all(m[3] >= 16 for m in marks[1:]), marks  # with room of its own, over the line
    said = page.locator("#history-list li").all_text_contents()  # the lines as they were
    assert not any(line.startswith("Runde ") for line in said)

    open_setup(page)  # a replay's list marks them too, up to the step shown
    page.click(f"#games li:has-text('#{game_id} ') button:has-text('Ansehen')")
    page.click("#replay-last")
    until(page, f"document.querySelectorAll('#replay-history li').length === {steps}")
    assert [m[:2] for m in page.evaluate(ROUND_MARKS, "#replay-history")] == \
        [m[:2] for m in marks]
