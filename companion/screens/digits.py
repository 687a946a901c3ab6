"""Digits for numbers that change every few seconds: a bold 6×8 bitmap font drawn into
exactly one 8-pixel page of the OLED, each digit in a fixed slot.

The score ladder's contest line changes at every ladder step. Drawn with the shipped font,
its digits are 10–11 pixels tall and straddle two of the controller's pages, and a centred
or proportionally set number shifts every column when one digit changes. These glyphs are
8 pixels tall (the legibility floor of `canvas.MIN_TEXT_PX`: capitals 8 px high), sit on a
page boundary, and each digit has its own slot: a new contest re-sends only the slots whose
digit changed, on one page (issue 16: bytes on the I2C wire per ladder step).
"""

from __future__ import annotations

from PIL import ImageDraw

from companion.screens.canvas import LIT

GLYPH_HEIGHT = 8
SLOT = 7  # a digit's 6 columns and one blank column
_GLYPHS = {
    "0": (".####.", "##..##", "##..##", "##..##", "##..##", "##..##", "##..##", ".####."),
    "1": ("..##..", ".###..", "..##..", "..##..", "..##..", "..##..", "..##..", ".####."),
    "2": (".####.", "##..##", "....##", "...##.", "..##..", ".##...", "##....", "######"),
    "3": (".####.", "##..##", "....##", "..###.", "....##", "....##", "##..##", ".####."),
    "4": ("...##.", "..###.", ".####.", "##.##.", "######", "...##.", "...##.", "...##."),
    "5": ("######", "##....", "#####.", "....##", "....##", "....##", "##..##", ".####."),
    "6": (".####.", "##....", "##....", "#####.", "##..##", "##..##", "##..##", ".####."),
    "7": ("######", "....##", "...##.", "...##.", "..##..", "..##..", ".##...", ".##..."),
    "8": (".####.", "##..##", "##..##", ".####.", "##..##", "##..##", "##..##", ".####."),
    "9": (".####.", "##..##", "##..##", "##..##", ".#####", "....##", "....##", ".####."),
    "+": ("......", "..##..", "..##..", "######", "######", "..##..", "..##..", "......"),
    "-": ("......", "......", "......", "######", "######", "......", "......", "......"),
    ":": ("..", "##", "##", "..", "..", "##", "##", ".."),
}


def glyph(char: str, draw: ImageDraw.ImageDraw, x: int, y: int) -> int:
    """Draw one glyph with its top-left at (x, y); returns its width (0: not drawable)."""
    rows = _GLYPHS.get(char)
    if rows is None:
        return 0
    for dy, row in enumerate(rows):
        for dx, cell in enumerate(row):
            if cell == "#":
                draw.point((x + dx, y + dy), fill=LIT)
    return len(rows[0])


def number(draw: ImageDraw.ImageDraw, x: int, y: int, value: int, slots: int,
           align: str = "left") -> None:
    """`value` in `slots` fixed digit slots starting at x (right-aligned: the ones digit in
    the last slot). A value with more digits than slots is capped at the largest that fits."""
    shown = str(min(max(value, 0), 10 ** slots - 1))
    first = slots - len(shown) if align == "right" else 0
    for i, char in enumerate(shown):
        glyph(char, draw, x + (first + i) * SLOT, y)
