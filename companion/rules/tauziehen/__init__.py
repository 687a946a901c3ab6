"""Tauziehen — the binary-symbol card tug of war for two (rules: ``shared/rules/tauziehen.md``).

Five rope cards (1, 2, 4, 8, 16) lie on a track of positions −2…+2, + toward player 1 (the
first id, who places the opening marker). A played card shows the symbols of the bits set in
its number; each rope card it shows moves one position toward the player, unless the
opponent's marker lies on it. The companion cannot see hands, so any card of the player's own
deck not yet played is allowed; it knows both decks exactly and refuses a card played twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.rules.base import Action, Outcome, Refusal
from companion.rules.fields import begin_action, check_keys, get_int, turn_player
from companion.rules.players import check_option_keys, check_players

ROPE_CARDS = (1, 2, 4, 8, 16)
DECK = tuple(n for n in range(1, 31) if n & (n - 1))  # 25 cards: not a power of two, no 0, 31
EDGE = 2  # positions −2…+2
POINTS_TO_WIN = 4


@dataclass(slots=True)
class TauziehenState:
    players: tuple[str, str]
    seed: int
    rope: dict[int, int] = field(default_factory=lambda: {c: 0 for c in ROPE_CARDS})
    markers: dict[str, int | None] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    played: dict[str, list[int]] = field(default_factory=dict)
    turn: str | None = None
    phase: str = "opening"  # opening | play | over
    winner: str | None = None  # a player id or "draw"
    last: dict[str, Any] | None = None
    actions: int = 0

    def copy(self) -> TauziehenState:
        return TauziehenState(
            players=self.players, seed=self.seed, rope=dict(self.rope),
            markers=dict(self.markers), points=dict(self.points),
            played={p: list(c) for p, c in self.played.items()}, turn=self.turn,
            phase=self.phase, winner=self.winner, last=self.last, actions=self.actions)

    def other(self, player: str) -> str:
        a, b = self.players
        return b if player == a else a

    def toward(self, player: str) -> int:
        return +1 if player == self.players[0] else -1


def symbols(card: int) -> list[int]:
    return [c for c in ROPE_CARDS if card & c]


def pull(s: TauziehenState, player: str, card: int) -> tuple[list[int], list[int]]:
    """Move the rope cards the played card shows; (moved, crossed) — pure on a copy."""
    blocked = s.markers[s.other(player)]
    moved, crossed = [], []
    for rope_card in symbols(card):
        if rope_card == blocked:
            continue
        moved.append(rope_card)
        position = s.rope[rope_card] + s.toward(player)
        if abs(position) > EDGE:  # over the boundary: a point, and back to the middle
            crossed.append(rope_card)
            position = 0
        s.rope[rope_card] = position
    return moved, crossed


def marker_choices(s: TauziehenState, player: str, moved: list[int]) -> list[int]:
    """Where the marker may go: a card just moved, never the one it lay on last turn. Empty
    means it stays (only the own-marker card moved, or nothing did)."""
    return [c for c in moved if c != s.markers[player]]


class TauziehenCore:
    name = "tauziehen"
    min_players = 2
    max_players = 2
    button_race = False
    colour_ids = False

    def new_game(self, players: list[str], options: Mapping[str, Any] | None,
                 seed: int) -> TauziehenState:
        check_option_keys(options, ())
        ids = check_players(players, 2, 2)
        return TauziehenState(players=(ids[0], ids[1]), seed=seed,
                              markers={p: None for p in ids}, points={p: 0 for p in ids},
                              played={p: [] for p in ids}, turn=ids[0])

    def check_new_game(self, state: TauziehenState) -> None:
        """Nothing beyond what `new_game` checks."""

    def apply(self, state: TauziehenState, action: Any) -> Outcome:
        over = state.phase == "over"
        a, kind = begin_action(action, ("block", "play"), over, state.winner,
                               draw=over and self.winner(state) is None)
        player = turn_player(a, state.players, state.turn)
        s = state.copy()
        events: list[dict[str, Any]] = []
        canon = self._block(s, player, a, events) if kind == "block" else \
            self._play(s, player, a, events)
        s.actions += 1
        return Outcome(s, events, canon)

    def _block(self, s: TauziehenState, player: str, a: Mapping[str, Any],
               events: list[dict[str, Any]]) -> Action:
        check_keys(a, ("type", "player", "card"))
        if s.phase != "opening":
            raise Refusal("wrong_phase", phase=s.phase, action="block")
        card = get_int(a, "card", 1, 16)
        if card not in ROPE_CARDS:
            raise Refusal("not_a_rope_card", card=card)
        s.markers[player] = card
        s.phase = "play"
        s.turn = s.other(player)
        s.last = {"player": player, "type": "block", "card": card}
        events.append({"type": "marker", "player": player, "card": card})
        return {"type": "block", "player": player, "card": card}

    def _play(self, s: TauziehenState, player: str, a: Mapping[str, Any],
              events: list[dict[str, Any]]) -> Action:
        check_keys(a, ("type", "player", "card", "marker"))
        if s.phase != "play":
            raise Refusal("wrong_phase", phase=s.phase, action="play")
        card = get_int(a, "card", 0, 31)
        if card not in DECK:
            raise Refusal("not_in_deck", card=card)
        if card in s.played[player]:
            raise Refusal("card_already_played", card=card)
        moved, crossed = pull(s, player, card)
        choices = marker_choices(s, player, moved)
        marker = a.get("marker")
        if not choices:
            if marker is not None and marker != s.markers[player]:
                raise Refusal("marker_must_stay", card=s.markers[player])
        else:
            if marker is None:
                raise Refusal("marker_needed", choices=choices)
            marker = get_int(a, "marker", 1, 16)
            if marker not in moved:
                raise Refusal("marker_not_moved", card=marker, moved=moved)
            if marker not in choices:
                raise Refusal("marker_same_as_last", card=marker)
            s.markers[player] = marker
        s.played[player].append(card)
        s.points[player] += len(crossed)
        events.append({"type": "pulled", "player": player, "card": card, "moved": moved,
                       "crossed": crossed, "marker": s.markers[player]})
        s.last = {"player": player, "type": "play", "card": card, "moved": moved,
                  "crossed": crossed, "marker": s.markers[player]}
        self._after_play(s, player, events)
        canon: Action = {"type": "play", "player": player, "card": card}
        if choices:
            canon["marker"] = s.markers[player]
        return canon

    def _after_play(self, s: TauziehenState, player: str, events: list[dict[str, Any]]) -> None:
        if s.points[player] >= POINTS_TO_WIN:
            s.winner = player
        elif all(len(s.played[p]) == len(DECK) for p in s.players):
            a, b = s.players  # neither can play: more points wins
            s.winner = a if s.points[a] > s.points[b] else b if s.points[b] > s.points[a] \
                else "draw"
        if s.winner is not None:
            s.phase, s.turn = "over", None
            events.append({"type": "game_won", "player": s.winner})
        else:
            s.turn = s.other(player)

    def legal_actions(self, state: TauziehenState, player: str | None = None) -> list[Action]:
        s = state
        if s.phase == "over" or player not in (None, s.turn) or s.turn is None:
            return []
        if s.phase == "opening":
            return [{"type": "block", "player": s.turn, "card": c} for c in ROPE_CARDS]
        out: list[Action] = []
        for card in DECK:
            if card in s.played[s.turn]:
                continue
            trial = s.copy()
            moved, _ = pull(trial, s.turn, card)
            choices = marker_choices(s, s.turn, moved)
            if not choices:
                out.append({"type": "play", "player": s.turn, "card": card})
            out += [{"type": "play", "player": s.turn, "card": card, "marker": m}
                    for m in choices]
        return out

    def is_over(self, state: TauziehenState) -> bool:
        return state.phase == "over"

    def winner(self, state: TauziehenState) -> str | None:
        """The winner, None for a draw (the view's `winner` says "draw" there, as the spec
        has it). A draw is told by the points, never by the word: a player may be "draw".
        The view's `result` says it for the outputs ("win"/"draw", None while playing)."""
        if state.phase == "over" and len(set(state.points.values())) == 1:
            return None
        return state.winner

    def result(self, state: TauziehenState) -> str | None:
        """How the game ended, as the outputs must tell it: "draw" or "win" (None while it
        is played). The view's `winner` is "draw" both for a draw and for a game won by a
        player called "draw"; announcements, the OLED, the terminal and the page read this."""
        if state.phase != "over":
            return None
        return "draw" if self.winner(state) is None else "win"

    @staticmethod
    def view_score(view: Mapping[str, Any]) -> dict[str, int]:
        """Points, per player (what a scoreboard shows)."""
        return {p: int(view["points"][p]) for p in view["players"]}

    def view(self, s: TauziehenState) -> dict[str, Any]:
        return {
            "game": self.name,
            "players": list(s.players),
            "phase": s.phase,
            "turn": s.turn,
            "rope": {str(c): s.rope[c] for c in ROPE_CARDS},
            "markers": dict(s.markers),
            "points": dict(s.points),
            "played": {p: list(c) for p, c in s.played.items()},
            "cards_left": {p: len(DECK) - len(c) for p, c in s.played.items()},
            "last": s.last,
            "winner": s.winner,
            "result": self.result(s),
            "seed": s.seed,
            "actions": s.actions,
        }
