"""Stramash — the card-driven race for 2–6 players, alone or in pairs (rules:
``shared/rules/stramash.md``), on a board definition given as data.

The companion cannot see hands: it checks the card entered against the board (and refuses a
discard of a card that could have moved).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.base import (
    Action,
    Outcome,
    Refusal,
    SetupError,
    distinct_results,
    shown,
)
from companion.rules.fields import (
    begin_action,
    check_keys,
    get_bool,
    get_int,
    get_player,
    require_object,
    turn_player,
)
from companion.rules.players import check_option_keys, check_players
from companion.rules.stramash import moves
from companion.rules.stramash.board import DEFAULT_BOARD, parse_board
from companion.rules.stramash.state import DOCK, LADDIES, StramashState, loc_json

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "joker")
STEPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "9": 9, "10": 10,
         "J": 10, "Q": 10, "K": 10}
ENTER = ("A", "K", "Q", "J")
BACKWARD = 8
OPTION_KEYS = ("board", "pairs")


def _laddie(value: Any, key: str = "laddie") -> int:
    return get_int({key: value}, key, 0, LADDIES - 1)


def _card(a: Mapping[str, Any]) -> str:
    """The card a play or a discard names: one of RANKS."""
    if "card" not in a:
        raise Refusal("missing_key", key="card")
    card = a["card"]
    if card not in RANKS:
        raise Refusal("bad_value", key="card", value=shown(card, 10), allowed=list(RANKS))
    return card


def play(s: StramashState, player: str, a: Mapping[str, Any]) -> tuple[Action, dict[str, Any]]:
    """Carry out a play on `s` (a copy); (canonical action, event)."""
    card = _card(a)
    owner = s.controlled(player)
    before = {p: list(locs) for p, locs in s.laddies.items()}
    canon: Action = {"type": "play", "player": player, "card": card}
    bumped: list[Any] = []
    if card == "7" and "split" in a:
        check_keys(a, ("type", "player", "card", "split"))
        split = a["split"]
        if not (isinstance(split, list) and len(split) == 2
                and all(isinstance(p, list) and len(p) == 2 for p in split)):
            raise Refusal("wrong_type", key="split", expected="[[laddie, steps], [laddie, steps]]")
        (i, x), (j, y) = split
        i, j = _laddie(i), _laddie(j)
        x, y = get_int({"steps": x}, "steps", 1, 6), get_int({"steps": y}, "steps", 1, 6)
        if i == j or x + y != 7:
            raise Refusal("bad_split", split=[[i, x], [j, y]])
        for laddie in (i, j):  # rules: a laddie in its castle takes no part in a split
            if s.laddies[owner][laddie][0] != "track":
                raise Refusal("split_laddie_not_on_track", laddie=laddie)
        for laddie, steps in ((i, x), (j, y)):
            bumped.append(moves.forward(s, (owner, laddie), steps))
        canon["split"] = [[i, x], [j, y]]
    elif card == "joker":
        check_keys(a, ("type", "player", "card", "laddie", "target"))
        i = _laddie(a.get("laddie"))
        target = require_object(a.get("target"), "target")
        check_keys(target, ("player", "laddie"), where="target")
        victim = (get_player(target, "player", s.players), _laddie(target.get("laddie")))
        bumped.append(moves.fechter(s, (owner, i), victim))
        canon.update(laddie=i, target={"player": victim[0], "laddie": victim[1]})
    else:
        check_keys(a, ("type", "player", "card", "laddie", "enter"))
        i = _laddie(a.get("laddie"))
        enter = get_bool(a, "enter", default=False)
        if enter:
            if card not in ENTER:
                raise Refusal("card_cannot_enter", card=card)
            bumped.append(moves.bring_in(s, (owner, i)))
        elif card == "8":
            bumped.append(moves.backward(s, (owner, i), BACKWARD))
        else:
            bumped.append(moves.forward(s, (owner, i), STEPS[card]))
        canon["laddie"] = i
        if enter:
            canon["enter"] = True
    event = {**canon, "type": "played", "owner": owner, "bumped": [b for b in bumped if b],
             "moves": _moved(before, s, owner)}
    return canon, event


def _moved(before: dict[str, list[Any]], s: StramashState, owner: str) -> list[list[Any]]:
    """The laddies a play moved, as `play_results` lists them ([player, laddie, from, to],
    the owner's first): the history says where each went (into the castle, which hole)."""
    order = [owner, *(p for p in s.players if p != owner)]
    return [[p, i, loc_json(was), loc_json(now)] for p in order
            for i, (was, now) in enumerate(zip(before[p], s.laddies[p], strict=True))
            if was != now]


def _works(state: StramashState, step: Any) -> bool:
    trial = state.copy()
    try:
        step(trial)
    except Refusal:
        return False
    return True


def _reaches(state: StramashState, mover: tuple[str, int], n: int) -> bool:
    try:
        moves.forward_target(state, mover, n)
    except Refusal:
        return False
    return True


def legal_plays(s: StramashState, player: str, card: str,
                forward_ok: dict[tuple[int, int], bool] | None = None) -> list[Action]:
    """Every legal play of `card` now, in canonical form. `forward_ok` memoises single
    forward moves across the ranks of one enumeration (J, Q, K and the 7's parts share them)."""
    memo = {} if forward_ok is None else forward_ok
    owner = s.controlled(player)
    base: Action = {"type": "play", "player": player, "card": card}

    def can_forward(i: int, n: int) -> bool:
        if (i, n) not in memo:
            memo[(i, n)] = _reaches(s, (owner, i), n)
        return memo[(i, n)]

    if card == "joker":  # onto any opponent's laddie on the track: nothing can block it
        return [{**base, "laddie": i, "target": {"player": p, "laddie": j}}
                for i in range(LADDIES) if s.laddies[owner][i][0] != "castle"
                for p in s.players if p not in s.team(owner)
                for j in range(LADDIES) if s.laddies[p][j][0] == "track"]
    if card == "8":
        return [{**base, "laddie": i} for i in range(LADDIES)
                if _works(s, lambda t, i=i: moves.backward(t, (owner, i), BACKWARD))]
    out = [{**base, "laddie": i} for i in range(LADDIES) if can_forward(i, STEPS[card])]
    if card in ENTER:
        out += [{**base, "laddie": i, "enter": True} for i in range(LADDIES)
                if s.laddies[owner][i] == DOCK
                and _works(s, lambda t, i=i: moves.bring_in(t, (owner, i)))]
    if card == "7":  # the second part moves on the board the first part left
        on_track = [i for i in range(LADDIES) if s.laddies[owner][i][0] == "track"]
        for i in on_track:
            for x in range(1, 7):
                if not can_forward(i, x):
                    continue
                after = s.copy()
                moves.forward(after, (owner, i), x)
                out += [{**base, "split": [[i, x], [j, 7 - x]]} for j in on_track
                        if j != i and _reaches(after, (owner, j), 7 - x)]
    return out


class StramashCore:
    name = "stramash"
    min_players = 2
    max_players = 6
    button_race = False
    colour_ids = False

    def play_results(self, state: StramashState,
                     actions: list[Action]) -> list[dict[str, Any]]:
        """Each distinct result of the plays among `actions` (one action per result, the
        first found): ``{"action", "moves": [[player, laddie, from, to], ...]}``, ordered by
        card and laddie, so the page names a move by what it does and a 7 split both ways
        is listed once. The laddies waiting in a dock are alike on the table, so bringing in
        one or another is one result. What moved is the played event's own `moves`, so a
        button names a play as the history then says it."""
        plays = [a for a in actions if a.get("type") == "play"]
        results = distinct_results(self, state, plays, "dock", played=lambda a: a["card"],
                                   moves_of=lambda _, outcome: outcome.events[0]["moves"])
        return sorted(results, key=lambda r: (r["action"]["card"], [m[1] for m in r["moves"]]))

    def new_game(self, players: list[str], options: Mapping[str, Any] | None,
                 seed: int) -> StramashState:
        opts = check_option_keys(options, OPTION_KEYS)
        board = parse_board(opts["board"]) if "board" in opts else DEFAULT_BOARD
        pairs = opts.get("pairs", False)
        if not isinstance(pairs, bool):
            raise SetupError("bad_option", key="pairs", value=shown(pairs))
        ids = check_players(players, 2, 6)
        if pairs and len(ids) not in (4, 6):
            raise SetupError("pairs_need_four_or_six", count=len(ids))
        return StramashState(players=tuple(ids), board=board, pairs=pairs, seed=seed,
                             laddies={p: [DOCK] * LADDIES for p in ids}, turn=ids[0])

    def check_new_game(self, state: StramashState) -> None:
        """Nothing beyond what `new_game` checks."""

    def apply(self, state: StramashState, action: Any) -> Outcome:
        a, kind = begin_action(action, ("play", "discard"), state.winner is not None,
                               state.winner)
        player = turn_player(a, state.players, state.turn)
        s = state.copy()
        if kind == "discard":
            check_keys(a, ("type", "player", "card"))
            card = _card(a)
            if legal_plays(state, player, card):
                raise Refusal("card_could_move", card=card)
            canon: Action = {"type": "discard", "player": player, "card": card}
            event = {"type": "discarded", "player": player, "card": card}
        else:
            canon, event = play(s, player, a)
        events = [event]
        s.last = dict(canon)
        owner = event.get("owner", player)
        team = s.team(owner)
        if all(s.all_home(p) for p in team):
            s.winner = list(team) if s.pairs else owner
            events.append({"type": "game_won", "player": s.winner})
            s.turn = None
        else:
            s.turn = s.players[(s.players.index(player) + 1) % len(s.players)]
        s.actions += 1
        return Outcome(s, events, canon)

    def legal_actions(self, state: StramashState, player: str | None = None) -> list[Action]:
        if state.winner is not None or player not in (None, state.turn) or state.turn is None:
            return []
        out: list[Action] = []
        memo: dict[tuple[int, int], bool] = {}
        for card in RANKS:
            plays = legal_plays(state, state.turn, card, memo)
            out += plays or [{"type": "discard", "player": state.turn, "card": card}]
        return out

    def is_over(self, state: StramashState) -> bool:
        return state.winner is not None

    def winner(self, state: StramashState) -> str | list[str] | None:
        return state.winner

    @staticmethod
    def view_score(view: Mapping[str, Any]) -> dict[str, int]:
        """Laddies in the castle, per player (what a scoreboard shows)."""
        return {p: sum(1 for laddie in view["laddies"][p]
                       if isinstance(laddie, dict) and "castle" in laddie)
                for p in view["players"]}

    def view(self, s: StramashState) -> dict[str, Any]:
        return {
            "game": self.name,
            "players": list(s.players),
            "turn": s.turn,
            "laddies": {p: [loc_json(loc) for loc in locs] for p, locs in s.laddies.items()},
            "track_length": s.track_length,
            "squares_per_mashie": s.board.squares_per_mashie,
            "castle_holes": s.board.castle_holes,
            "start": {p: s.start(p) for p in s.players},
            "castle_entry": {p: s.entry(p) for p in s.players},
            "pairs": s.pairs,
            "teams": [list(s.team(p)) for p in s.players[:len(s.players) // 2]] if s.pairs
            else None,
            "moving_for": {p: s.controlled(p) for p in s.players},
            "last": s.last,
            "winner": s.winner,
            "board": s.board.as_json(),
            "seed": s.seed,
            "actions": s.actions,
        }
