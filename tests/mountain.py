"""A Lauf Rauf! test table: place figures, give cards, enter real dice, read places."""

from __future__ import annotations

import copy

from helpers import Table

from companion.rules import get_core
from companion.rules.laufrauf.board import DEFAULT_BOARD

CORE = get_core("laufrauf")


class Mountain(Table):
    def __init__(self, players=("red", "blue"), **options) -> None:
        super().__init__("laufrauf", list(players), options)

    def put(self, player: str, figure: int, where) -> Mountain:
        """Set a figure down: "base", "summit" or (level, field)."""
        loc = (where, 0) if isinstance(where, str) else tuple(where)
        self.state.figures[player][figure] = loc
        return self

    def give(self, player: str, *kinds: str) -> Mountain:
        for kind in kinds:  # from the supply, so the 20 cards stay conserved
            self.state.supply.remove(kind)
            self.state.cards[player].append(kind)
        return self

    def roll(self, a: int, b: int, keep: int | None = None, player: str | None = None):
        extra = {} if keep is None else {"keep": keep}
        return self.do(type="roll", player=player or self.view["turn"], dice=[a, b], **extra)

    def move(self, move: str, figure: int, player: str | None = None, **extra):
        return self.do(type="move", player=player or self.view["turn"], move=move,
                       figure=figure, **extra)

    def refuse_move(self, code: str, move: str, figure: int, **extra):
        return self.refuse(code, type="move", player=self.view["turn"], move=move,
                           figure=figure, **extra)

    def at(self, player: str, figure: int):
        return self.view["figures"][player][figure]

    def legal_moves(self) -> list[dict]:
        return [a for a in CORE.legal_actions(self.state) if a["type"] == "move"]


def field(level: str, k: int) -> dict:
    return {"level": level, "field": k}


def custom_board(**changes) -> dict:
    """The default board definition as JSON, renamed, with `changes` set: a key such as
    ``lower__length`` is the path ``board["lower"]["length"]``."""
    board = copy.deepcopy(DEFAULT_BOARD.as_json())
    board["name"] = "Our board"
    for path, value in changes.items():
        *keys, last = path.split("__")
        node = board
        for key in keys:
            node = node[key]
        node[last] = value
    return board


def blitzstarts(t: Mountain) -> Mountain:
    """Red and blue (a fresh two-player game) each take a Blitzstart on a double five and
    start figure 0 with it, played through the actions: red on middle 0, blue on middle 7,
    red to throw, the Berggeist on the summit and both Blitzstarts on the discard pile."""
    for player in ("red", "blue"):
        t.roll(5, 5, player=player)
        t.do(type="take_cards", player=player, revealed=["blitzstart"])
    for player in ("red", "blue"):
        t.roll(5, 5, player=player)
        t.move("start", 0, player=player, card="blitzstart")
    return t


EVERY_KIND = ["blitzstart", "ruecklauf", "aufstieg", "rueckschlag", "joker"]


def supply_used_up() -> Mountain:
    """Four players turn up cards at the table on double sixes until the supply is empty and
    one Blitzstart lies on the discard pile (red, blue and yellow hold all five kinds, green
    all but the Blitzstart); red to throw."""
    t = Mountain(("red", "blue", "green", "yellow"))
    every = EVERY_KIND
    for player, revealed in (("red", [*every, "blitzstart"]), ("blue", [*every, "blitzstart"]),
                             ("green", [*every[1:], "ruecklauf"]),
                             ("yellow", [*every[2:], "blitzstart", "ruecklauf", "blitzstart"])):
        t.roll(6, 6)
        t.do(type="take_cards", player=player, revealed=revealed)
    assert (t.view["supply"], t.view["discard"]) == (0, ["blitzstart"])
    return t
