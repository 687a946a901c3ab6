# ruff: noqa: F811  (the browser and daemon fixtures come from browser_helpers)
"""The page at the table on a phone, without scrolling: the undo of a six-player game, a
Tauziehen card among 25, the prompt in landscape, the players' table, and a player field
added by mistake taken away again. Boxes are measured in headless Chromium
(getBoundingClientRect) against the screen the phone shows."""

from __future__ import annotations

from browser_helpers import (  # noqa: F401  (fixtures)
    browser,
    daemon,
    pair,
    phone,
    pytestmark,
    seat,
    shot,
    until,
)

SIX = ["Anna", "Bram", "Cor", "Daan", "Eva", "Fleur"]

# Where an element lies on the screen the phone shows now (scrolled as it is), and whether it
# is the one a tap at its middle would reach (nothing fixed or sticky lies over it).
ON_SCREEN = """(sel) => {
  const el = document.querySelector(sel), r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
          width: r.width, screen: innerHeight, wide: innerWidth,
          reached: !!hit && (hit === el || el.contains(hit))};
}"""


def on_screen(page, selector: str) -> dict:
    return page.evaluate(ON_SCREEN, selector)


def assert_in_view(page, selector: str) -> None:
    box = on_screen(page, selector)
    assert box["height"] > 0 and box["top"] >= 0 and box["bottom"] <= box["screen"] \
        and box["left"] >= 0 and box["right"] <= box["wide"], (selector, box)
    assert box["reached"], (selector, box)


def six_pairs_mid_game(browser, daemon, viewport=None):
    """A six-player pairs game of Stramash some 40 moves in, on a phone seated for everyone,
    its moves loaded and the page at its top."""
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    log, _ = random_game(get_core("stramash"), 3, SIX, {"pairs": True}, max_actions=40)
    game = daemon.hub.call(daemon.table.create_game, "stramash", SIX, {"pairs": True}, 3)["id"]
    for action in log:
        daemon.hub.call(daemon.table.apply, game, action)
    page = phone(browser, daemon)
    if viewport:
        page.set_viewport_size(viewport)
    pair(page, daemon)
    seat(page)
    until(page, f"window.companion.state.actions === {len(log)}"
                " && document.querySelectorAll('#choices button').length > 0")
    page.evaluate("window.scrollTo(0, 0)")
    return page


def test_six_player_stramash_undo_is_on_the_screen_without_scrolling(browser, daemon):
    """Six seats, the ring and fourteen cards: the undo was below them, off the screen. It is
    on the first screen, beside the prompt, and so are the prompt and the first card."""
    page = six_pairs_mid_game(browser, daemon)
    shot(page, "layout-01-six-stramash-undo")
    assert_in_view(page, "#undo")
    assert_in_view(page, "#prompt")
    assert_in_view(page, "#choices button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
