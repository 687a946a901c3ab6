"""A test driver around a real rule core: apply actions, expect refusals, read the view."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from companion.rules import Refusal, get_core


def card(color: str, strength: int, howruck: bool = False) -> dict[str, Any]:
    return {"color": color, "strength": strength, "howruck": howruck, "nessie": False}


NESSIE = {"color": "white", "strength": 6, "howruck": False, "nessie": True}


class Table:
    def __init__(self, game: str, players: list[str], options: dict | None = None,
                 seed: int = 7) -> None:
        self.core = get_core(game)
        self.players = players
        self.state = self.core.new_game(players, options or {}, seed)
        self.events: list[dict] = []

    def new(self, **options: Any) -> Table:
        return Table(self.core.name, self.players, options)

    def do(self, **action: Any) -> list[dict]:
        outcome = self.core.apply(self.state, action)
        self.state = outcome.state
        self.events = outcome.events
        return outcome.events

    def refuse(self, code: str, **action: Any) -> Refusal:
        before = self.core.view(self.state)
        with pytest.raises(Refusal) as info:
            self.core.apply(self.state, action)
        assert info.value.code == code, info.value
        assert self.core.view(self.state) == before  # a refusal changes nothing
        return info.value

    @property
    def view(self) -> dict[str, Any]:
        return self.core.view(self.state)

    def event(self, kind: str) -> dict:
        found = [e for e in self.events if e["type"] == kind]
        assert found, f"no {kind} event in {self.events}"
        return found[-1]

    # How Ruck! conveniences
    def start(self, winner: str = "A") -> None:
        self.do(type="race", winner=winner)

    def play(self, player: str, c: dict, side: str, field: str) -> list[dict]:
        return self.do(type="play", player=player, card=c, side=side, field=field)

    def act(self, player: str, kind: str, **params: Any) -> list[dict]:
        return self.do(type="action", player=player, card=kind, **params)


def seed_ending(game: str, players: list[str], ends: Callable[[Any, Any], bool],
                options: dict[str, Any] | None = None) -> int:
    """The first seed (of 100) whose random game of `game` (`randomplay.random_game`: real
    legal actions) ends the way `ends(core, final state)` accepts: a game a test needs
    played to a particular end (a draw, a win of a player named "draw")."""
    from companion.rules.randomplay import random_game

    core = get_core(game)
    for seed in range(100):
        final = random_game(core, seed, players, options)[1]
        if core.is_over(final) and ends(core, final):
            return seed
    raise AssertionError(f"no {game} game among 100 seeds ends that way")


def played_to_the_end(game: str, players: list[str], ends: Callable[[Any, Any], bool],
                      options: dict[str, Any] | None = None) -> Table:
    """A `Table` that played the game `seed_ending` finds, action by action: its `events`
    are the last action's, its `view` the final one."""
    from companion.rules.randomplay import random_game

    seed = seed_ending(game, players, ends, options)
    table = Table(game, players, options, seed)
    for action in random_game(table.core, seed, players, options)[0]:
        table.do(**action)
    return table


def won_by(name: str) -> Callable[[Any, Any], bool]:
    """`seed_ending`'s `ends` for a game won by the player `name`."""
    return lambda core, state: core.winner(state) == name


def drawn(core: Any, state: Any) -> bool:
    """`seed_ending`'s `ends` for a drawn game (the core's winner None)."""
    return core.winner(state) is None


def play_filler(t: Table, plays: int) -> None:
    """Alternate harmless plays (no imprint) until `plays` cards are down."""
    for _ in range(plays):
        player = t.view["turn"]
        t.play(player, card("green", 0), player, "green")


def round_won_by_a() -> list[dict[str, Any]]:
    """How Ruck! between A and B from its race on: A wins the round on a 6-field-style pull,
    Adrenalin plus a contest (a rule core's `Table` or a running table's hub plays them)."""
    imprint = card("white", 4, howruck=True)
    return [{"type": "race", "winner": "A"},
            {"type": "play", "player": "A", "card": imprint, "side": "A",
             "field": "red"},  # 8 vs 6: 6 -> 4
            {"type": "action", "player": "B", "card": "seilriss", "forgo": True},
            {"type": "action", "player": "A", "card": "adrenalin", "forgo": False},  # 4 -> 2
            {"type": "action", "player": "B", "card": "how_ruck", "forgo": True},
            {"type": "play", "player": "A", "card": imprint, "side": "A",
             "field": "blue"}]  # 10 vs 6: 2 -> 1, goal


def win_round_for_a(t: Table) -> None:
    for action in round_won_by_a():
        t.do(**action)
    assert t.event("round_won")["player"] == "A"


def mutate(action: dict, chooser: random.Random, junk: Any, extra_keys: list[str]) -> dict:
    """A legal action spoiled one way: a key dropped, a value replaced by junk, or a key
    (one of the game's, or an unknown one) added with junk — for the property tests."""
    out = dict(action)
    keys = list(out)
    roll = chooser.random()
    if roll < 0.3 and keys:
        del out[chooser.choice(keys)]
    elif roll < 0.7 and keys:
        out[chooser.choice(keys)] = junk
    else:
        out[chooser.choice([*extra_keys, "zz"])] = junk
    return out


def walk(core, state: Any, steps: int, pick) -> tuple[Any, list[dict]]:
    """Up to `steps` actions chosen by `pick(legal)`; the state reached and what is legal
    there (empty when the game ended on the way)."""
    for _ in range(steps):
        legal = core.legal_actions(state)
        if not legal:
            return state, []
        state = core.apply(state, pick(legal)).state
    return state, core.legal_actions(state)


def check_the_same_game_again(core, players: list[str], seed: int, steps: int, pick) -> Any:
    """Up to `steps` actions chosen by `pick(legal)` from a new game (no options); the same
    header and actions, replayed, must give the same game. The state reached."""
    state, log = core.new_game(players, {}, seed), []
    for _ in range(steps):
        legal = core.legal_actions(state)
        if not legal:
            break
        log.append(pick(legal))
        state = core.apply(state, log[-1]).state
    again = core.new_game(players, {}, seed)
    for action in log:
        again = core.apply(again, action).state
    assert core.view(again) == core.view(state)
    return state


def check_mutations(core, state: Any, legal: list[dict], chooser: random.Random, junk: Any,
                    extra_keys: list[str], check, free_form: tuple[str, ...] = (),
                    tries: int = 10) -> None:
    """Spoiled legal actions are refused with a clean code, or accepted as one the
    enumeration lists (`free_form` types may carry the table's own dice or cards); `check`
    holds for any state reached; the old state is never touched."""
    before = core.view(state)
    for _ in range(tries):
        action = mutate(chooser.choice(legal), chooser, junk, extra_keys)
        try:
            outcome = core.apply(state, action)
        except Refusal as refusal:
            assert refusal.code and refusal.code == refusal.code.lower()
            assert " " not in refusal.code
        else:
            if outcome.action["type"] not in free_form:
                assert outcome.action in legal
            check(outcome.state)
        assert core.view(state) == before


def check_arbitrary(core, state: Any, action: Any, free_form: tuple[str, ...] = ()) -> None:
    """What any JSON value sent as an action must get: a legal action is accepted as itself;
    anything accepted is a listed legal action (`free_form` types may carry the table's own
    dice or cards); anything refused is not legal and carries a code that has a sentence in
    every language and JSON parameters; the old state is never touched."""
    import json

    from companion.i18n.catalog import MESSAGES

    legal = core.legal_actions(state)
    before = core.view(state)
    try:
        outcome = core.apply(state, action)
    except Refusal as refusal:
        assert action not in legal, f"a legal action was refused: {action} ({refusal.code})"
        assert refusal.code in MESSAGES, f"uncatalogued code {refusal.code!r}"  # translated:
        json.dumps(refusal.params, allow_nan=False)
    else:
        if action in legal:
            assert outcome.action == action
        elif outcome.action["type"] not in free_form:
            assert outcome.action in legal, f"accepted but not legal: {action}"
    assert core.view(state) == before


REGEN_SWITCH = "COMPANION_REGEN_GOLDEN"


def regenerating() -> bool:
    """Whether this run rewrites the reviewed golden files (COMPANION_REGEN_GOLDEN=1)."""
    import os
    return os.environ.get(REGEN_SWITCH, "") == "1"


def golden(path, produce, save, load):
    """(the reviewed reference at `path`, freshly produced output) for a test to compare.
    When regenerating, a first production is saved before the reference is read; the output
    compared is always produced again, so a regenerated file is never compared with itself
    (output that differs between runs still fails)."""
    if regenerating():
        save(produce(), path)
    return load(path), produce()


class Track(Table):
    """A Stramash table whose laddies a test may set where it needs them."""

    def __init__(self, players=("Ann", "Bob", "Cat"), **options) -> None:
        super().__init__("stramash", list(players), options)

    def put(self, player: str, laddie: int, loc) -> Track:
        self.state.laddies[player][laddie] = ("dock", 0) if loc == "dock" else loc
        return self

    def play(self, card: str, player: str | None = None, **extra):
        return self.do(type="play", player=player or self.view["turn"], card=card, **extra)

    def refuse_play(self, code: str, card: str, **extra):
        return self.refuse(code, type="play", player=self.view["turn"], card=card, **extra)

    def at(self, player: str, laddie: int):
        return self.view["laddies"][player][laddie]

    def turn_of(self, player: str, card: str = "5") -> Track:
        """The players before `player` discard `card` (one none of them can move) in turn."""
        while self.view["turn"] != player:
            self.do(type="discard", player=self.view["turn"], card=card)
        return self

    def run(self, player: str, laddie: int, *cards: str) -> Track:
        """`player` brings `laddie` in with an ace, then moves it with each of `cards` (the
        others discarding in between): a laddie walked there through the actions."""
        for card, extra in [("A", {"enter": True}), *((c, {}) for c in cards)]:
            self.turn_of(player).play(card, laddie=laddie, **extra)
        return self
