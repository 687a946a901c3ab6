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
    """Every umlaut's two dots in `text`, left to right: above their letter where it stands
    in the text (`_placed`), at the font's own dots' columns (`_dot_columns`), on one row per
    case (the highest such letter's, less the gap), so a line's dots stand even."""
    size = int(font.size)
    d = dot_size(size)
    gap = max(1, d // 2)  # rows between the dots and the letter
    plain = text.translate(PLAIN)
    found = []  # (is a capital, its top row, the dots' column centres)
    for index, char in enumerate(text):
        base = UMLAUTS.get(char)
        if base is None:
            continue
        dx, dy = _placed(font, plain, index)
        pen = round(font.getlength(plain[:index])) + dx
        left, right = _dot_columns(font, char)
        top = min(y for _, y in _ink(font, base)) + dy
        found.append((base.isupper(), top, pen + left, pen + right))
    bottoms = {upper: min(top for u, top, _, _ in found if u == upper) - gap - 1
               for upper, _, _, _ in found}
    out: list[Rect] = []
    for upper, _, left, right in found:
        mid = (left + right) / 2
        spacing = max(d + 1, round(right - left))  # at least a column between the dots
        x0 = round(mid - (spacing + d - 1) / 2)
        bottom = bottoms[upper]
        for x in (x0, x0 + spacing):
            out.append((x, bottom - d + 1, x + d - 1, bottom))
    return tuple(out)


def _placed(font: ImageFont.FreeTypeFont, plain: str, index: int) -> tuple[int, int]:
    """Where the letter at `index` stands in the text `plain`, as (columns, rows) from where
    it would stand drawn alone at its pen position: the rows a glyph gets move by one with
    the text around it ("u" at 12 px begins a row higher in "prufen" than alone, at 13 px a
    row lower). Found where the letter's own shape lies on the text's ink best (a
    neighbour may touch it, never hide it)."""
    pen = round(font.getlength(plain[:index]))
    return _fit(_ink(font, plain[index]), _ink(font, plain), pen)


def _fit(shape: frozenset[tuple[int, int]], ink: frozenset[tuple[int, int]], pen: int
         ) -> tuple[int, int]:
    """The shift (±1 column, ±2 rows) that puts `shape` (moved `pen` columns) on `ink` best,
    the smallest among equals."""
    score = max((sum((x + pen + dx, y + dy) in ink for x, y in shape), -abs(dy), -abs(dx),
                 dx, dy) for dy in range(-2, 3) for dx in range(-1, 2))
    return score[3], score[4]


@lru_cache(maxsize=64)
def _dot_columns(font: ImageFont.FreeTypeFont, char: str) -> tuple[float, float]:
    """The centres of the columns of the font's own two dots on umlaut `char`, from its
    origin: its ink less its plain letter's (placed where it lies on it best). Should they
    not come apart as two, a third and two thirds of the plain letter's width."""
    base = UMLAUTS[char]
    dotted, plain = _ink(font, char), _ink(font, base)
    dx, dy = _fit(plain, dotted, 0)
    extra = dotted - {(x + dx, y + dy) for x, y in plain}
    groups = _column_groups(sorted({x for x, _ in extra}))
    if len(groups) == 2:
        return sum(groups[0]) / len(groups[0]), sum(groups[1]) / len(groups[1])
    left, _, right, _ = font.getbbox(base)
    return left + (right - left) / 3, left + 2 * (right - left) / 3


@lru_cache(maxsize=256)
def _ink(font: ImageFont.FreeTypeFont, text: str) -> frozenset[tuple[int, int]]:
    """The lit pixels of `text` drawn from the origin (one bit, as the display draws it)."""
    pad = int(font.size)
    width = int(font.getlength(text)) + 2 * pad
    image = Image.new("1", (width, 4 * pad), 0)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    draw.text((pad, pad), text, font=font, fill=1)
    return frozenset((i % width - pad, i // width - pad)
                     for i, lit in enumerate(image.getdata()) if lit)


def _column_groups(columns: list[int]) -> list[list[int]]:
    """Runs of adjacent columns."""
    groups: list[list[int]] = []
    for x in columns:
        if groups and x == groups[-1][-1] + 1:
            groups[-1].append(x)
        else:
            groups.append([x])
    return groups
