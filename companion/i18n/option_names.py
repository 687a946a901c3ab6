"""The games' options (a game header's ``"options"``) by their names in words, as the new-game
form labels them (context ``option:KEY``). The page's refusal of an option (`bad_option`)
names it so, not by the key the page sends ("tie_window_ms"), which a family does not know."""

from __future__ import annotations

OPTION_NAMES: dict[str, str] = {
    "ladder": "Ladder fields",
    "own_side_only": "Colour cards on your own side only",
    "tie_window_ms": "Tie window (ms)",
    "false_start": "False start",
    "composition": "Scot cards in the box",
    "huckauf": "Huckauf!",
    "board": "Board definition",
    "pairs": "Play in pairs",
}
