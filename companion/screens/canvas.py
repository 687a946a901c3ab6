"""Drawing on the 128×64 one-bit OLED: the shipped font, text that fits its box, dice faces.

Every text goes through `Canvas.text`, which shrinks the font until the string fits its box
and never below `MIN_TEXT_PX` (capital letters at least 8 px high, legible at arm's length).
A string that does not fit even then is cut with an ellipsis and recorded in `overflows`, so
the tests can render every screen in every language and demand that nothing was cut.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from companion.screens.umlauts import draw_text, ink_top

WIDTH, HEIGHT = 128, 64
MIN_TEXT_PX = 11  # em size; DejaVu's capitals are 0.73 em, so 11 px draws them 8 px high
LIT, DARK = 1, 0
FONT_FILE = "DejaVuSansCondensed-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The shipped font (draws ÄÖÜäöüß and Dutch accents) at `size` px."""
    # a plain path: importlib.resources costs milliseconds before the first frame
    return ImageFont.truetype(str(Path(__file__).parent / "fonts" / FONT_FILE), size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> int:
    return round(font(size).getlength(text))


def text_bbox(text: str, size: int) -> tuple[int, int, int, int]:
    return font(size).getbbox(text)


JOINERS = {"\u200d", "\ufe0e", "\ufe0f"}  # an emoji's joiner and presentation selectors


@lru_cache(maxsize=1)
def _missing_glyph() -> tuple[tuple[int, int], bytes]:
    """How the font draws a character it has no glyph for (its empty box), at 13 px."""
    mask = font(13).getmask("\U0010ffff")  # a code point no font draws
    return mask.size, bytes(mask)


@lru_cache(maxsize=1024)
def _has_glyph(char: str) -> bool:
    mask = font(13).getmask(char)
    return (mask.size, bytes(mask)) != _missing_glyph()


@lru_cache(maxsize=1024)
def drawable(text: str) -> str:
    """`text` without the characters the font has no glyph for (an emoji in a name: "Oma 👵"
    is drawn "Oma", not "Oma ▯") and the joiners that bind emoji; the spaces left around them
    are closed up, into a no-break space where the run has one (French sets a narrow one
    before its colon: "Départ\u202f: Oma"). A text of nothing else is kept as it is: its
    boxes still show something."""
    if text.isascii():  # the font draws all of ASCII: no need to look
        return text
    kept = "".join(c for c in text if c not in JOINERS and (c.isspace() or _has_glyph(c)))
    if kept == text:
        return text
    kept = _SPACES.sub(lambda run: next((c for c in run[0] if c in NO_BREAK), " "), kept)
    return kept.strip() or text


_SPACES = re.compile(r"\s+")
NO_BREAK = "\u00a0\u202f"  # the no-break space, the narrow one (French, before : ; ! ?)


def shortened(text: str, size: int, width: int, after: str = "") -> str:
    """`text` cut with an ellipsis to fit `width` px at `size` (a name inside a sentence),
    followed by `after` (words that stay whole), measured together as they are drawn."""
    text = drawable(text)  # measured as it will be drawn
    if text_width(text + after, size) <= width:
        return text
    while text and text_width(text + "…" + after, size) > width:
        text = text[:-1]
    return text + "…"


@dataclass(frozen=True)
class Overflow:
    """A text that did not fit its box even at the smallest size."""

    text: str
    box: tuple[int, int, int, int]
    width: int


@dataclass
class Canvas:
    """A frame being drawn: the image, its draw handle and what did not fit."""

    image: Image.Image = field(default_factory=lambda: Image.new("1", (WIDTH, HEIGHT), DARK))
    overflows: list[Overflow] = field(default_factory=list)
    texts: list[tuple[str, tuple[int, int, int, int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.image)
        self.draw.fontmode = "1"  # no anti-aliasing on a one-bit display

    def text(self, box: tuple[int, int, int, int], text: str, size: int = 13,
             align: str = "left", fill: int = LIT, shorten: bool = False) -> int:
        """Draw `text` inside box (x0, y0, x1, y1), vertically centred; returns the size used.

        The font shrinks from `size` down to MIN_TEXT_PX to fit the width; the box must be at
        least the text's ink tall. `shorten` marks text that may be cut by design (a player's
        name); any other cut is recorded in `overflows`.
        """
        x0, y0, x1, y1 = box
        text = drawable(text)
        width = x1 - x0
        used = max(size, MIN_TEXT_PX)
        height = y1 - y0
        while used > MIN_TEXT_PX and (text_width(text, used) > width
                                      or _ink(text, used)[1] > height):
            used -= 1
        shown = text
        if text_width(text, used) > width or _ink(text, used)[1] > height:
            if not shorten:
                self.overflows.append(Overflow(text, box, text_width(text, used)))
            shown = shortened(text, used, width)
        self.texts.append((text, box))
        w = text_width(shown, used)
        x = {"left": x0, "center": x0 + (width - w) // 2, "right": x1 - w}[align]
        top, ink_height = _ink(shown, used)
        y = y0 + (height - ink_height) // 2 - top
        draw_text(self.draw, (x, y), shown, font(used), fill)  # even umlaut dots
        return used

    def box(self, box: tuple[int, int, int, int], filled: bool = False) -> None:
        self.draw.rectangle(box, outline=LIT, fill=LIT if filled else None)

    def line(self, points: list[tuple[int, int]]) -> None:
        self.draw.line(points, fill=LIT)

    def die(self, x: int, y: int, value: int | None, size: int = 22) -> None:
        """A die face: a rounded square with 1–6 pips (an empty square for no value)."""
        self.draw.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=3,
                                    outline=LIT, fill=DARK)
        if value is None:
            return
        q = size // 4
        spots = {"tl": (x + q, y + q), "tr": (x + size - 1 - q, y + q),
                 "ml": (x + q, y + size // 2), "mr": (x + size - 1 - q, y + size // 2),
                 "bl": (x + q, y + size - 1 - q), "br": (x + size - 1 - q, y + size - 1 - q),
                 "c": (x + size // 2, y + size // 2)}
        pips = {1: ["c"], 2: ["tl", "br"], 3: ["tl", "c", "br"], 4: ["tl", "tr", "bl", "br"],
                5: ["tl", "tr", "c", "bl", "br"],
                6: ["tl", "tr", "ml", "mr", "bl", "br"]}.get(value, [])
        r = max(1, size // 11)
        for name in pips:
            cx, cy = spots[name]
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=LIT)


@lru_cache(maxsize=4096)
def _ink(text: str, size: int) -> tuple[int, int]:
    """(offset of the highest ink below the drawing origin, ink height) of `text`, its
    umlauts' dots as drawn (umlauts.py) counted."""
    _, top, _, bottom = font(size).getbbox(text or " ")
    dots = ink_top(font(size), text)
    top = top if dots is None else min(top, dots)
    return top, max(0, bottom - top)
