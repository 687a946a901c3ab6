"""The Lauf Rauf! board definition: the geometry as data, validated on load.

No source describes the original board, so the rules never hard-code it: ring lengths, each
colour's ascent field per ring and its bordered run-up fields come from a definition
(``board.json`` beside this module is the default; a table measures its own board and passes
it as the ``board`` option). Fields are numbered clockwise from 0; "forward" is clockwise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.rules.boarddef import bad_board, board_int, board_name, board_object

RINGS = ("lower", "middle")
DEFAULT_BOARD_FILE = Path(__file__).with_name("board.json")
# 4 colours × 3 figures = 12 figures: a ring longer than that always has a gap, so a pushed
# chain always ends; 16 keeps a margin and is far below any real board.
MIN_RING = 16
MAX_RING = 200
MAX_COLORS = 4
MAX_NAME = 60


@dataclass(frozen=True, slots=True)
class Ring:
    length: int
    ascent: dict[str, int]  # colour -> its ascent field on this ring
    runup: dict[str, frozenset[int]]  # colour -> its bordered run-up fields

    def ascent_fields(self) -> frozenset[int]:
        return frozenset(self.ascent.values())

    def as_json(self) -> dict[str, Any]:
        return {"length": self.length, "ascent": dict(self.ascent),
                "runup": {c: sorted(f) for c, f in self.runup.items()}}


@dataclass(frozen=True, slots=True)
class Board:
    name: str
    colors: tuple[str, ...]
    rings: dict[str, Ring]

    def ring(self, level: str) -> Ring:
        return self.rings[level]

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "colors": list(self.colors),
                **{level: ring.as_json() for level, ring in self.rings.items()}}


def _ring(raw: Any, level: str, colors: tuple[str, ...]) -> Ring:
    obj = board_object(raw, level, ("length", "ascent", "runup"))
    length = board_int(obj["length"], f"{level}.length", MIN_RING, MAX_RING)
    ascent_raw = board_object(obj["ascent"], f"{level}.ascent", colors)
    ascent = {c: board_int(ascent_raw[c], f"{level}.ascent.{c}", 0, length - 1) for c in colors}
    if len(set(ascent.values())) != len(ascent):
        raise bad_board(f"{level}.ascent", reason="two_colours_share_a_field")
    runup_raw = board_object(obj["runup"], f"{level}.runup", colors)
    runup = {}
    for c in colors:
        where = f"{level}.runup.{c}"
        fields = runup_raw[c]
        if not isinstance(fields, list) or not fields:
            raise bad_board(where, reason="not_a_list_of_fields")
        ints = [board_int(f, where, 0, length - 1) for f in fields]
        if len(set(ints)) != len(ints):
            raise bad_board(where, reason="field_twice")
        if set(ints) & set(ascent.values()):
            raise bad_board(where, reason="ascent_field_is_not_a_runup_field")
        runup[c] = frozenset(ints)
    return Ring(length, ascent, runup)


def parse_board(raw: Any) -> Board:
    """A validated `Board`, or `SetupError("bad_board", where=..., reason=...)`."""
    obj = board_object(raw, "board", ("name", "colors", *RINGS))
    name = board_name(obj["name"], "board.name", MAX_NAME)
    colors = obj["colors"]
    if not isinstance(colors, list) or not 2 <= len(colors) <= MAX_COLORS:
        raise bad_board("board.colors", reason="colour_count", lo=2, hi=MAX_COLORS)
    for c in colors:
        if not isinstance(c, str) or not c.isidentifier() or len(c) > 16:
            raise bad_board("board.colors", reason="colour_names_are_short_words")
    if len(set(colors)) != len(colors):
        raise bad_board("board.colors", reason="colour_twice")
    ids = tuple(colors)
    return Board(name, ids, {level: _ring(obj[level], level, ids) for level in RINGS})


# Read once at import, like a constant: the rule core itself never does I/O.
DEFAULT_BOARD = parse_board(json.loads(DEFAULT_BOARD_FILE.read_text(encoding="utf-8")))
