"""How Ruck! — the 2-player card tug of war (rules: ``shared/rules/howruck.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.base import Action, Outcome, Refusal
from companion.rules.fields import begin_action, get_player, turn_player
from companion.rules.howruck import table, tug
from companion.rules.howruck.cards import FIELD_COLORS, draw_json
from companion.rules.howruck.choice_sets import legal_choice_sets
from companion.rules.howruck.legal import legal_actions
from companion.rules.howruck.options import check_whole_box, parse_options
from companion.rules.howruck.state import HowRuckState, new_state
from companion.rules.players import check_players
from companion.rules.rng import seed_state

# Table actions name no player; the rest are a player's turn.
TABLE_ACTIONS = {"race": ("teams",), "tiebreak": ("tiebreak",), "quick_start": ("teams",)}
TURN_ACTIONS = {"play": tug.play, "action": tug.action}


class HowRuckCore:
    name = "howruck"
    min_players = 2
    max_players = 2
    button_race = True  # its races are decided by the table's buttons
    colour_ids = False

    def new_game(self, players: list[str], options: Mapping[str, Any] | None,
                 seed: int) -> HowRuckState:
        ids = check_players(players, 2, 2)
        return new_state(ids, parse_options(options), seed, seed_state(seed))

    def check_new_game(self, state: HowRuckState) -> None:
        check_whole_box(state.options)

    def apply(self, state: HowRuckState, action: Any) -> Outcome:
        a, kind = begin_action(action, [*TABLE_ACTIONS, *TURN_ACTIONS],
                               state.phase == "over", state.winner)
        s = state.copy()
        events: list[dict[str, Any]] = []
        if kind in TABLE_ACTIONS:
            if "player" in a:
                get_player(a, "player", s.players)
            if s.phase not in TABLE_ACTIONS[kind]:
                raise Refusal("wrong_phase", phase=s.phase, action=kind)
            canon = getattr(table, kind)(s, a, events)
        else:
            get_player(a, "player", s.players)
            if s.phase != "tug":
                raise Refusal("wrong_phase", phase=s.phase, action=kind)
            player = turn_player(a, s.players, s.turn)
            canon = TURN_ACTIONS[kind](s, player, a, events)
        s.actions += 1
        return Outcome(s, events, canon)

    def legal_actions(self, state: HowRuckState, player: str | None = None) -> list[Action]:
        return legal_actions(state, player)

    def legal_choices(self, state: HowRuckState, player: str | None = None) -> list[dict]:
        """The same actions as choice sets (`choice_sets.py`): what phones are sent."""
        return legal_choice_sets(state, player)

    def is_over(self, state: HowRuckState) -> bool:
        return state.phase == "over"

    def winner(self, state: HowRuckState) -> str | None:
        return state.winner

    @staticmethod
    def view_score(view: Mapping[str, Any]) -> dict[str, int]:
        """Barrels won, per player (what a scoreboard shows)."""
        return {p: int(view["barrels"][p]) for p in view["players"]}

    def view(self, s: HowRuckState) -> dict[str, Any]:
        a, b = s.players
        tugging = s.phase == "tug"
        return {
            "game": self.name,
            "players": list(s.players),
            "phase": s.phase,
            "round": s.round,
            "turn": s.turn,
            "barrel": s.barrel,
            "ladder": s.options.ladder,
            "start_fields": {p: s.start_field(p) for p in s.players},
            "goal_fields": {p: s.goal_field(p) for p in s.players},
            "barrels": dict(s.barrels),
            "fields": {side: {f: [c.as_json() for c in s.fields[side][f]] for f in FIELD_COLORS}
                       for side in s.players},
            "strength": {a: s.side_strength(a), b: s.side_strength(b)} if tugging else None,
            "hands": dict(s.hands),
            "piles": dict(s.piles),
            "actions_played": list(s.actions_played),
            "set_aside": [draw_json(d) for d in s.set_aside],
            "last_contest": s.last_contest,
            "winner": s.winner,
            "options": s.options.as_json(),
            "seed": s.seed,
            "actions": s.actions,
        }
