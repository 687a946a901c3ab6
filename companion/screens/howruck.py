"""How Ruck!: the score ladder, the barrel, barrels won, whose turn, the last contest.

Reads the How Ruck! public view: phase, round, turn, players, barrel, ladder, start_fields,
goal_fields, barrels, last_contest, winner. Side A (first player) pulls toward field 1, drawn
on the left; side B toward field `ladder`, on the right.
"""

from __future__ import annotations

from typing import Any

from companion.screens import common, digits
from companion.screens.canvas import HEIGHT, LIT, WIDTH, Canvas
from companion.screens.texts import text

# Rows chosen by the controller's 8-pixel pages (issue 16): an ordinary ladder cell fills
# exactly page 2, so the barrel's move re-sends one page of two cells; the contest line is
# page 7 alone. Goal fields reach into the pages around (they change only when a round ends).
LADDER_TOP, LADDER_BOTTOM = 16, 23
CONTEST_TOP = HEIGHT - digits.GLYPH_HEIGHT  # page 7


def draw(canvas: Canvas, state: dict[str, Any], lang: str) -> None:
    players = state.get("players") or ["A", "B"]
    if state.get("phase") == "over":
        barrels = state.get("barrels") or {}
        score = " : ".join(str(barrels.get(p, 0)) for p in players)
        common.game_won(canvas, state.get("winner"), lang, score)
        return
    _header(canvas, state, lang)
    _ladder(canvas, state)
    _sides(canvas, state, players)
    last = state.get("last_contest")
    if last and last.get("round") == state.get("round"):  # a new round starts without one
        _last_contest(canvas, last, players)


def _header(canvas: Canvas, state: dict[str, Any], lang: str) -> None:
    """(Every part of this screen keeps off the outermost columns, so that panel care can
    move it a pixel sideways without cutting anything: daemon/panel_care.py.)"""
    phase = state.get("phase")
    round_text = text("round", lang, n=state.get("round", 1))
    if phase == "tiebreak":
        canvas.text((1, 0, WIDTH - 1, 15), text("draw_card", lang), 13, align="center")
    elif phase == "tug" and state.get("turn") in (state.get("players") or [])[:2]:
        # A turn marker at the side's end, its name is on the screen already: a new turn
        # changes a few columns of one page, not a whole re-drawn name (issue 16).
        canvas.text((12, 0, WIDTH - 12, 15), round_text, 11, align="center")
        _turn_marker(canvas, left=state["turn"] == state["players"][0])
    elif phase == "tug" and state.get("turn"):
        canvas.text((1, 0, 80, 15), "▶ " + str(state["turn"]), 13, shorten=True)
        canvas.text((82, 0, WIDTH - 1, 15), round_text, 11, align="right")
    else:
        canvas.text((1, 0, 52, 15), round_text, 11)
        canvas.text((54, 0, WIDTH - 1, 15), text("press_ok", lang), 11, align="right")


def _turn_marker(canvas: Canvas, left: bool) -> None:
    """A filled triangle in the top corner of the side whose turn it is, pointing outward."""
    if left:
        canvas.draw.polygon([(1, 3), (7, 0), (7, 6)], fill=LIT)  # rows 0-7: one page
    else:
        canvas.draw.polygon([(WIDTH - 2, 3), (WIDTH - 8, 0), (WIDTH - 8, 6)], fill=LIT)


def _ladder(canvas: Canvas, state: dict[str, Any]) -> None:
    """One cell per ladder field: goal fields taller, start fields with a dot below, the
    barrel's field filled."""
    ladder = int(state.get("ladder") or 12)
    cell = min(10, (WIDTH - 4) // ladder)
    left = (WIDTH - cell * ladder) // 2
    goals = set((state.get("goal_fields") or {}).values()) or {1, ladder}
    starts = set((state.get("start_fields") or {}).values())
    barrel = state.get("barrel")
    for field in range(1, ladder + 1):
        x0 = left + (field - 1) * cell
        x1 = x0 + cell - 2
        top, bottom = (LADDER_TOP - 2, LADDER_BOTTOM + 2) if field in goals \
            else (LADDER_TOP, LADDER_BOTTOM)
        canvas.draw.rectangle((x0, top, x1, bottom), outline=LIT, fill=LIT if field == barrel
                              else None)
        if field in starts:
            mid = (x0 + x1) // 2
            canvas.draw.rectangle((mid - 1, bottom + 2, mid, bottom + 3), fill=LIT)


def _sides(canvas: Canvas, state: dict[str, Any], players: list[str]) -> None:
    """Each side's name at its end of the ladder, barrels won (0–3) between them."""
    barrels = state.get("barrels") or {}
    a, b = players[0], players[1]
    # The score's ink is columns 50-77; a cut name ends with "…" at its box's edge and a
    # "J" reaches two columns left of where it is drawn: the boxes keep 3 dark columns off.
    canvas.text((1, 31, 46, 47), a, 11, shorten=True)
    canvas.text((83, 31, WIDTH - 1, 47), b, 11, align="right", shorten=True)
    score = f"{barrels.get(a, 0)} : {barrels.get(b, 0)}"
    canvas.text((48, 31, 80, 47), score, 13, align="center")


def _last_contest(canvas: Canvas, last: dict[str, Any] | None, players: list[str]) -> None:
    """"6 : 9  ▶ +3" on page 7: both sides' strength, then an arrow toward the side that
    pulled (its name is at that end of the screen) and by how much. Every digit has its own
    fixed slot (`digits`), so a new contest changes only the digits and the arrow that
    differ, on one page."""
    if not last:
        return
    strength = last.get("strength") or {}
    pull = last.get("pull") or {}
    y, draw = CONTEST_TOP, canvas.draw
    digits.number(draw, 18, y, int(strength.get(players[0], 0)), 2, align="right")
    digits.glyph(":", draw, 36, y)
    digits.number(draw, 43, y, int(strength.get(players[1], 0)), 2)
    toward = pull.get("toward")
    if toward is None:
        digits.number(draw, 90, y, 0, 2)
        return
    if toward == players[0]:
        draw.polygon([(66, y + 3), (73, y), (73, y + 7)], fill=LIT)
    else:
        draw.polygon([(73, y + 3), (66, y), (66, y + 7)], fill=LIT)
    digits.glyph("+", draw, 82, y)
    digits.number(draw, 90, y, int(pull.get("by", 0)), 2)
