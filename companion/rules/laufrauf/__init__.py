"""Lauf Rauf! — the dice race up the mountain with the Berggeist (rules:
``shared/rules/laufrauf.md``), on a board definition given as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.base import (
    Action,
    Outcome,
    SetupError,
    changed_pieces,
    distinct_results,
    shown,
)
from companion.rules.fields import begin_action, get_player, turn_player
from companion.rules.laufrauf import turn
from companion.rules.laufrauf.board import DEFAULT_BOARD, Board, parse_board
from companion.rules.laufrauf.cards import full_supply
from companion.rules.laufrauf.legal import legal_actions, must_run
from companion.rules.laufrauf.state import BASE, FIGURES, LaufRaufState, figure_json, loc_json
from companion.rules.players import check_option_keys, check_players
from companion.rules.rng import seed_state, shuffled

OPTION_KEYS = ("board", "huckauf")
HUCKAUF_MODES = ("auto", "table")
HANDLERS = {"roll": turn.roll, "sacrifice": turn.sacrifice, "berggeist": turn.berggeist,
            "move": turn.move, "take_cards": turn.cards, "pass": turn.pass_turn}
TABLE_CALLS = {"huckauf": turn.huckauf}  # any player may call, not only the one on turn


def parse_options(raw: Any) -> tuple[Board, str]:
    opts = check_option_keys(raw, OPTION_KEYS)
    board = parse_board(opts["board"]) if "board" in opts else DEFAULT_BOARD
    mode = opts.get("huckauf", "auto")
    if mode not in HUCKAUF_MODES:
        raise SetupError("bad_option", key="huckauf", value=shown(mode),
                         allowed=list(HUCKAUF_MODES))
    return board, mode


class LaufRaufCore:
    name = "laufrauf"
    min_players = 2
    max_players = 4
    button_race = False
    colour_ids = True  # its players are the board's colours, not names

    def new_game(self, players: list[str], options: Mapping[str, Any] | None,
                 seed: int) -> LaufRaufState:
        board, mode = parse_options(options)
        ids = check_players(players, 2, min(4, len(board.colors)), allowed=board.colors)
        supply, rng = shuffled(seed_state(seed), full_supply())
        return LaufRaufState(
            players=tuple(ids), board=board, huckauf=mode, seed=seed, rng=rng,
            figures={p: [BASE] * FIGURES for p in ids}, cards={p: [] for p in ids},
            supply=supply, turn=ids[0])

    def check_new_game(self, state: LaufRaufState) -> None:
        """Nothing beyond what `new_game` checks."""

    def apply(self, state: LaufRaufState, action: Any) -> Outcome:
        a, kind = begin_action(action, [*HANDLERS, *TABLE_CALLS], state.winner is not None,
                               state.winner)
        if kind in HANDLERS:
            player = turn_player(a, state.players, state.turn)
        else:  # a table call ("Huckauf!") comes from anyone
            player = get_player(a, "player", state.players)
        s = state.copy()
        events: list[dict[str, Any]] = []
        handler = HANDLERS.get(kind) or TABLE_CALLS[kind]
        canon = handler(s, player, a, events)
        s.actions += 1
        return Outcome(s, events, canon)

    def legal_actions(self, state: LaufRaufState, player: str | None = None) -> list[Action]:
        return legal_actions(state, player)

    def play_results(self, state: LaufRaufState,
                     actions: list[Action]) -> list[dict[str, Any]]:
        """What each distinct figure move among `actions` does (one action per result, the
        first found, in the order given): ``{"action", "moves": [[player, figure, from, to],
        ...]}``, the mover first, then the figures it strikes back to base camp or pushes on,
        so the phone's button can name them. Figures in base camp are alike on the table:
        starting one or another is one result."""
        moves = [a for a in actions if a.get("type") == "move"]
        return distinct_results(
            self, state, moves, loc_json(BASE),
            played=lambda a: {k: a.get(k) for k in ("move", "card", "joker_as", "backward")},
            moves_of=changed_pieces(self, state, "figures",
                                    mover=lambda a: (a["player"], a["figure"])))

    def is_over(self, state: LaufRaufState) -> bool:
        return state.winner is not None

    def winner(self, state: LaufRaufState) -> str | None:
        return state.winner

    @staticmethod
    def view_score(view: Mapping[str, Any]) -> dict[str, int]:
        """Figures on the summit, per player (what a scoreboard shows)."""
        return {p: sum(1 for f in view["figures"][p] if f == "summit") for p in view["players"]}

    def view(self, s: LaufRaufState) -> dict[str, Any]:
        on_turn = s.turn if s.winner is None else None
        return {
            "game": self.name,
            "players": list(s.players),
            "turn": on_turn,
            "throws": s.throws,
            "throws_allowed": s.throws_allowed,
            "dice": list(s.dice) if s.dice else None,
            "first_throw": list(s.first_throw) if s.first_throw else None,
            "strike_open": s.throws == 1 and s.dice is not None and s.dice[0] != s.dice[1],
            "berggeist": figure_json(s.berggeist),
            "prompt": s.prompt,
            "huckauf_open": s.huckauf_open,
            "figures": {p: [loc_json(loc) for loc in locs] for p, locs in s.figures.items()},
            "cards": {p: list(kinds) for p, kinds in s.cards.items()},
            "supply": len(s.supply),
            "discard": list(s.discard),
            "must_run": bool(on_turn and s.throws and must_run(s, on_turn)),
            "last": s.last,
            "winner": s.winner,
            "board": s.board.as_json(),
            "options": {"huckauf": s.huckauf, "board": s.board.name},
            "seed": s.seed,
            "actions": s.actions,
        }
