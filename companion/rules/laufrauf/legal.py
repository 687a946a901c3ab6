"""Every legal Lauf Rauf! action in canonical form, and the must-run rule built on them.

Throws and card draws are listed in their virtual form (``{"type": "roll"}``,
``{"type": "take_cards"}``); the same actions may carry the table's own dice or turned-up
cards, which `apply` checks (a die 1–6, a kept die unchanged, a card still in the supply).
"""

from __future__ import annotations

from companion.rules.base import Action, Refusal
from companion.rules.laufrauf.cards import CARD_FOR
from companion.rules.laufrauf.moves import MOVES, MoveSpec, plan_move
from companion.rules.laufrauf.state import FIGURES, LaufRaufState, figure_json


def _variants(move: str, owned: list[str]) -> list[tuple[str | None, str | None, bool]]:
    """(card laid down, kind it counts as, backward) for one kind of move."""
    out: list[tuple[str | None, str | None, bool]] = [(None, None, False)]
    for backward in (False, True):
        kind = CARD_FOR.get((move, backward))
        if kind is None:
            continue
        if kind in owned:
            out.append((kind, kind, backward))
        if "joker" in owned:
            out.append(("joker", kind, backward))
    return out


def possible_moves(s: LaufRaufState, player: str) -> list[Action]:
    """Every figure move the dice showing (and the player's cards) allow now."""
    if s.dice is None or s.prompt == "huckauf":
        return []
    owned = s.cards[player]
    out: list[Action] = []
    for figure in range(FIGURES):
        for move in MOVES:
            for card, kind, backward in _variants(move, owned):
                try:
                    plan_move(s, player, MoveSpec(move, figure, kind, backward))
                except Refusal:
                    continue
                action: Action = {"type": "move", "player": player, "move": move,
                                  "figure": figure, "card": card, "backward": backward}
                if card == "joker":
                    action["joker_as"] = kind
                out.append(action)
    return out


def can_take_cards(s: LaufRaufState) -> bool:
    return (s.dice is not None and s.dice[0] == s.dice[1] and s.prompt != "huckauf"
            and bool(s.supply or s.discard))


def must_run(s: LaufRaufState, player: str) -> bool:
    """After the last throw, a player whose only possible actions are forward runs must run."""
    if can_take_cards(s):
        return False
    moves = possible_moves(s, player)
    return bool(moves) and all(m["move"] == "run" and m["card"] is None for m in moves)


def legal_actions(s: LaufRaufState, player: str | None = None) -> list[Action]:
    if s.winner is not None or s.turn is None:
        return []
    out: list[Action] = []
    if s.huckauf == "table" and s.huckauf_open and s.prompt is None:
        callers = s.players if player is None else (player,)
        out += [{"type": "huckauf", "player": c} for c in callers]
    turn = s.turn
    if player not in (None, turn):
        return out
    berggeist = [{"type": "berggeist", "player": turn, "target": figure_json(t)
                  if isinstance(t, tuple) else t} for t in s.berggeist_targets()]
    if s.prompt == "huckauf":
        return out + berggeist
    if s.throws < s.throws_allowed:
        out.append({"type": "roll", "player": turn})
        if s.throws:
            out += [{"type": "roll", "player": turn, "keep": k} for k in (0, 1)]
    if s.throws == 0:
        return out
    if s.huckauf_open:
        out += berggeist  # table mode: moving it uncalled is the thrower's choice
    if s.throws == s.throws_allowed:
        out += [{"type": "sacrifice", "player": turn, "card": c} for c in s.cards[turn]]
    moves = possible_moves(s, turn)
    out += moves
    takes = can_take_cards(s)
    if takes:
        out.append({"type": "take_cards", "player": turn})
    if takes or not moves or not all(m["move"] == "run" and m["card"] is None for m in moves):
        out.append({"type": "pass", "player": turn})
    return out
