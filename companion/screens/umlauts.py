"""Even umlaut dots on the one-bit OLED.

FreeType's one-bit hinting draws DejaVu's umlaut dots unevenly at the sizes the screens use:
at 13 px the left dot of "Ä" 2 px wide and the right one 1 px, capitals' dots 1 row high and
small letters' 2 at 14 px, "Ö"'s dots touching the "O" at 12 px. So a text's umlauts are
drawn as their plain letters (A O U a o u: the same advance and kerning in this font) and the
dots are added here: squares of one size per font size (`dot_size`), on one row per case, a
gap above the letter, centred where the font puts its own dots. The text's ink (`ink_top`)
counts them, so a box's vertical centring keeps them whole at a display's first row.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

UMLAUTS = {"Ä": "A", "Ö": "O", "Ü": "U", "ä": "a", "ö": "o", "ü": "u"}
PLAIN = str.maketrans(UMLAUTS)
Rect = tuple[int, int, int, int]  # x0, y0, x1, y1, inclusive, from the text's drawing origin


def dot_size(size: int) -> int:
    """A dot's side at font size `size` px: DejaVu Bold's dots are about an eighth of the em
    (2 px at 16 px, where the font's own are already even)."""
    return max(1, int(size / 8 + 0.5))


def has_umlaut(text: str) -> bool:
    return not text.isascii() and any(c in UMLAUTS for c in text)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str,
              font: ImageFont.FreeTypeFont, fill: int) -> None:
    """`draw.text` with even umlaut dots."""
    if not has_umlaut(text):
        draw.text(xy, text, font=font, fill=fill)
        return
    x, y = xy
    draw.text(xy, text.translate(PLAIN), font=font, fill=fill)
    for x0, y0, x1, y1 in dots(font, text):
        draw.rectangle((x + x0, y + y0, x + x1, y + y1), fill=fill)


def ink_top(font: ImageFont.FreeTypeFont, text: str) -> int | None:
    """The highest row the dots reach, from the drawing origin (None: no umlaut)."""
    if not has_umlaut(text):
        return None
    return min((y0 for _, y0, _, _ in dots(font, text)), default=None)


@lru_cache(maxsize=1024)
def dots(font: ImageFont.FreeTypeFont, text: str) -> tuple[Rect, ...]:
    """Every umlaut's two dots in `text`, left to right."""
    size = int(font.size)
    d = dot_size(size)
    gap = max(1, d // 2)  # rows between the dots and the letter
    centres = _font_dot_centres(font, text)
    out: list[Rect] = []
    for char in text:
        base = UMLAUTS.get(char)
        if base is None:
            continue
        left, right = centres.pop(0)
        mid = (left + right) / 2
        spacing = max(d + 1, round(right - left))  # at least a column between the dots
        x0 = round(mid - (spacing + d - 1) / 2)
        bottom = font.getbbox(base)[1] - gap - 1  # the letter's top row, less the gap
        for x in (x0, x0 + spacing):
            out.append((x, bottom - d + 1, x + d - 1, bottom))
    return tuple(out)


def _font_dot_centres(font: ImageFont.FreeTypeFont, text: str) -> list[tuple[float, float]]:
    """Where the font itself puts each umlaut's two dots (their columns' centres, from the
    origin): the ink the text has more than its plain letters, in groups left to right.
    Should the font's dots ever not come apart as two per umlaut, over a third and two
    thirds of the plain letter's width instead."""
    pad = font.size
    width = int(font.getlength(text)) + 2 * pad
    images = []
    for shown in (text, text.translate(PLAIN)):
        image = Image.new("1", (width, 2 * pad + int(font.size) * 2), 0)
        draw = ImageDraw.Draw(image)
        draw.fontmode = "1"
        draw.text((pad, pad), shown, font=font, fill=1)
        images.append(image)
    extra = sorted({(x - pad, y) for y in range(images[0].height) for x in range(width)
                    if images[0].getpixel((x, y)) and not images[1].getpixel((x, y))})
    groups = _column_groups(sorted({x for x, _ in extra}))
    count = sum(c in UMLAUTS for c in text)
    if len(groups) == 2 * count:
        return [(sum(groups[i]) / len(groups[i]), sum(groups[i + 1]) / len(groups[i + 1]))
                for i in range(0, len(groups), 2)]
    out = []
    for i, char in enumerate(text):
        if char in UMLAUTS:
            pen = font.getlength(text[:i + 1]) - font.getlength(char)
            left, _, right, _ = font.getbbox(UMLAUTS[char])
            out.append((pen + left + (right - left) / 3, pen + left + 2 * (right - left) / 3))
    return out


def _column_groups(columns: list[int]) -> list[list[int]]:
    """Runs of adjacent columns."""
    groups: list[list[int]] = []
    for x in columns:
        if groups and x == groups[-1][-1] + 1:
            groups[-1].append(x)
        else:
            groups.append([x])
    return groups
