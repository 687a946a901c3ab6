"""The umlauts' dots on the OLED, as the screens draw them (`Canvas.text`): each letter's two
dots whole and alike, the same on Ä Ö Ü ä ö ü at one size, apart from the letter, and never
cut at the top of a box at the display's first row (a 13 px top line: "▶ Grün")."""

from __future__ import annotations

import pytest

from companion.screens.canvas import HEIGHT, MIN_TEXT_PX, Canvas
from companion.screens.umlauts import dot_size

UMLAUTS = "ÄÖÜäöü"
SIZES = range(MIN_TEXT_PX, 41)  # every size a text may be drawn at (it shrinks to fit)


def lit(canvas: Canvas) -> set[tuple[int, int]]:
    image = canvas.image
    return {(x, y) for y in range(HEIGHT) for x in range(image.width) if image.getpixel((x, y))}


def components(pixels: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """The connected groups of lit pixels (a pixel touches its 8 neighbours)."""
    left, out = set(pixels), []
    while left:
        todo, group = [left.pop()], set()
        while todo:
            x, y = todo.pop()
            group.add((x, y))
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if (x + dx, y + dy) in left:
                        left.remove((x + dx, y + dy))
                        todo.append((x + dx, y + dy))
        out.append(group)
    return out


def dots(letter: str, size: int, top: int) -> list[tuple[int, int, int, int]]:
    """The letter's dots drawn alone in a box from row `top`, as (x, y, width, height), left to
    right; asserts that the letter is its body and two dots above it, apart from it."""
    canvas = Canvas()
    height = size + 2  # a box as tight as the screens' (its text's ink just fits)
    assert canvas.text((0, top, 60, top + height), letter, size) == size
    groups = sorted(components(lit(canvas)), key=len)
    assert len(groups) == 3, f"{letter} at {size} px: dots not apart from the letter"
    body_top = min(y for _, y in groups[2])
    out = []
    for group in groups[:2]:
        xs, ys = [x for x, _ in group], [y for _, y in group]
        assert max(ys) < body_top - 0, f"{letter} at {size} px: a dot beside the letter"
        box = (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        assert len(group) == box[2] * box[3], f"{letter} at {size} px: a dot not whole"
        out.append(box)
    return sorted(out)


@pytest.mark.parametrize("size", SIZES)
def test_every_umlauts_dots_are_whole_alike_and_not_cut_at_the_top(size):
    shapes = {}
    for letter in UMLAUTS:
        at_top, lower = dots(letter, size, 0), dots(letter, size, 20)
        # drawn from the display's first row, the dots are those drawn lower down: none cut
        assert [(x, y + 20, w, h) for x, y, w, h in at_top] == lower, (letter, size)
        assert min(y for _, y, _, _ in at_top) >= 0
        (_, _, w1, h1), (_, _, w2, h2) = at_top
        assert (w1, h1) == (w2, h2), f"{letter} at {size} px: its two dots differ"
        shapes[letter] = (w1, h1)
    assert len(set(shapes.values())) == 1, f"at {size} px the dots differ: {shapes}"
    w, h = shapes["Ä"]
    assert w == h and h >= (2 if size >= 12 else 1), f"at {size} px: {w}×{h} dots"


def test_the_top_lines_umlauts_dots_are_even_in_a_row():
    """Lauf Rauf!'s top line ("▶ Grün", 13 px from row 0): the dots of every umlaut in one
    line stand on the same rows as each other letter's of their case."""
    canvas = Canvas()
    canvas.text((0, 0, 128, 15), "ÄÖÜ äöü", 13)
    pixels = lit(canvas)
    groups = [g for g in components(pixels) if len(g) <= 9]  # the dots (2×2), not the letters
    assert len(groups) == 12
    rows = sorted({tuple(sorted({y for _, y in g})) for g in groups})
    assert len(rows) == 2 and all(len(r) == 2 for r in rows), rows  # capitals', small letters'
    assert min(rows[0]) >= 0


WORDS = ("prüfen", "USB-Kabel prüfen", "Würfel", "fällt", "Löffel", "Übel", "Grün")


@pytest.mark.parametrize("size", SIZES)
def test_dots_stand_apart_from_their_letter_inside_words(size):
    """Inside a word a letter may stand a row higher than alone ("u" at 12 px beside the
    "f" of "prüfen"): each dot is still a whole square of its own, touching nothing."""
    d = dot_size(size)
    for word in WORDS:
        canvas = Canvas()
        if canvas.text((0, 10, 127, HEIGHT - 1), word, size) != size:
            continue  # shrunk to fit: another size's case
        squares = [g for g in components(lit(canvas)) if len(g) == d * d
                   and len({x for x, _ in g}) == d and len({y for _, y in g}) == d]
        assert len(squares) == 2 * sum(c in "ÄÖÜäöü" for c in word), (word, size)
