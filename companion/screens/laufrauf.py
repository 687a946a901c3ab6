"""Lauf Rauf!: whose turn, the throw number, both dice, "Huckauf!", the Berggeist, the cards.

Reads the Lauf Rauf! public view (shared/spec/actions.md): turn, throws, dice, berggeist,
cards, winner; and two keys the core adds for the table: `throws_allowed` (3, or more after
sacrificing cards) and `prompt` (``"huckauf"`` while a first throw of 7 requires the Berggeist
to be moved).
"""

from __future__ import annotations

from typing import Any

from companion.screens import common
from companion.screens.canvas import DARK, HEIGHT, LIT, MIN_TEXT_PX, WIDTH, Canvas, text_width
from companion.screens.texts import CARD_LETTERS, color, text, who

DIE = 24


def draw(canvas: Canvas, state: dict[str, Any], lang: str) -> None:
    names = state.get("names")  # the people playing the colours
    if state.get("winner"):
        common.game_won(canvas, who(state["winner"], lang, names, WIDTH), lang)
        return
    turn = state.get("turn") or ""
    throws = int(state.get("throws") or 0)
    allowed = int(state.get("throws_allowed") or 3)
    right = WIDTH  # the turn's line: as far as the throw's count leaves room
    if throws:
        count = text("throw", lang, n=f"{throws}/{allowed}" if allowed > 3 else str(throws))
        right = WIDTH - text_width(count, MIN_TEXT_PX) - 4
        canvas.text((right + 2, 0, WIDTH, 15), count, 11, align="right")
    arrow = "▶ "
    canvas.text((0, 0, right, 15), arrow + who(turn, lang, names,
                                                right - text_width(arrow, MIN_TEXT_PX)),
                13, shorten=True)
    dice = state.get("dice") or [None, None]
    canvas.die(2, 18, dice[0], DIE)
    canvas.die(4 + DIE, 18, dice[1], DIE)
    right = 2 * DIE + 10
    if state.get("prompt") == "huckauf":
        canvas.draw.rectangle((right, 18, WIDTH - 1, 18 + DIE - 1), fill=LIT)
        canvas.text((right + 2, 18, WIDTH - 2, 18 + DIE), text("huckauf", lang), 15,
                    align="center", fill=DARK)
    else:
        canvas.text((right, 18, WIDTH, 30), text("berggeist", lang), 11, align="center")
        canvas.text((right, 30, WIDTH, 44), _berggeist(state.get("berggeist"), lang), 11,
                    align="center", shorten=True)
    _cards(canvas, (state.get("cards") or {}).get(turn, []))


def _berggeist(where: Any, lang: str) -> str:
    if isinstance(where, dict):
        return f"{color(str(where.get('player')), lang)} {int(where.get('figure', 0)) + 1}"
    return text("summit", lang)


def _cards(canvas: Canvas, cards: list[str]) -> None:
    """The player's cards as boxed initials along the bottom row (at most one per kind)."""
    x = 2
    for kind in cards:
        letter = CARD_LETTERS.get(kind, "?")
        canvas.draw.rectangle((x, 48, x + 14, HEIGHT - 1), outline=LIT)
        canvas.text((x + 1, 49, x + 14, HEIGHT - 1), letter, 11, align="center")
        x += 18
