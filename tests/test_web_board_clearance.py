"""Pieces kept clear of the lines they are not on (headless Chromium, the page's own modules
drawing the board): Stramash's docked laddies apart from the track's ring, Lauf Rauf!'s
figures on the summit inside its circle. Found by the play-through: docks touching the ring,
finished figures over the summit's border."""

from __future__ import annotations

import math

from browser_helpers import phone, shot, until

# Every circle of the board (in the drawing's units): where, how large, and whose laddie or
# figure it is, if it is one.
CIRCLES = """() => [...document.querySelectorAll('#board svg circle')].map((c) => {
  const g = c.closest('g'), n = (a) => Number(c.getAttribute(a));
  return {x: n('cx'), y: n('cy'), r: n('r') + n('stroke-width') / 2 || n('r'),
          loc: g ? g.dataset.loc || g.dataset.level || null : null, piece: Boolean(g)}; })"""


def gap(a: dict, b: dict) -> float:
    return math.dist((a["x"], a["y"]), (b["x"], b["y"])) - a["r"] - b["r"]


def test_stramash_docked_laddies_stand_clear_of_the_track(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "stramash", ["Anna", "Ben", "Clara", "Dirk"],
                    {"pairs": True}, 1)
    page = phone(browser, daemon)
    page.wait_for_selector("#board .laddie")
    shot(page, "clearance-stramash-docks")
    circles = page.evaluate(CIRCLES)
    docked = [c for c in circles if c["loc"] == '"dock"']
    track = [c for c in circles if not c["piece"]]
    assert len(docked) == 20 and len(track) > 40
    # more than a laddie's width (13) between a docked one and the ring's squares
    assert min(gap(d, t) for d in docked for t in track) >= 16
    assert all(d["r"] <= d[axis] <= 360 - d["r"] for d in docked for axis in "xy")  # in sight


# A Lauf Rauf! game's board drawn by the page's module with every figure of four players on
# the summit (the game's end as it could look).
ALL_ON_TOP = """() => { const c = window.companion, s = structuredClone(c.state);
  for (const p of s.players) s.figures[p] = s.figures[p].map(() => 'summit');
  document.querySelector('#board').innerHTML = c.board(s, c.t); }"""


def test_lauf_rauf_figures_on_the_summit_stay_inside_its_circle(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue", "green", "yellow"])
    page = phone(browser, daemon)
    page.wait_for_selector("#board .figure")
    until(page, "Boolean(window.companion.games.laufrauf)")
    page.evaluate(ALL_ON_TOP)
    shot(page, "clearance-laufrauf-summit")
    circles = page.evaluate(CIRCLES)
    summit = max((c for c in circles if not c["piece"] and (c["x"], c["y"]) == (180, 180)),
                 key=lambda c: c["r"])
    figures = [c for c in circles if c["loc"] == "summit"]
    assert len(figures) == 12
    inner = summit["r"] - 2  # inside its line, not on it
    for f in figures:
        assert math.dist((f["x"], f["y"]), (180, 180)) + f["r"] <= inner, (f, summit)
    for i, f in enumerate(figures):  # and not on each other
        assert all(gap(f, g) >= 0 for g in figures[i + 1:]), f
