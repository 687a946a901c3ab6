"""The actions of a Lauf Rauf! turn: throw, buy throws, the Berggeist, move, take cards, pass.

Each handler checks its action, changes the (already copied) state, appends its events and
returns the action in canonical form. A turn is: a first throw (a 7 may call the Berggeist),
up to two re-throws with both dice or one kept, two more per sacrificed card after the third,
then exactly one action — or none when none is possible — and the dice pass clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.base import Action, Event, Refusal
from companion.rules.fields import check_keys, get_bool, get_choice, get_int, get_player, need
from companion.rules.laufrauf.cards import CARD_FOR, KINDS, USABLE, read_revealed, spend, take_cards
from companion.rules.laufrauf.legal import must_run
from companion.rules.laufrauf.moves import MOVES, MoveSpec, carry_out, plan_move
from companion.rules.laufrauf.state import (
    BERGGEIST_SUM,
    SUMMIT,
    THROWS_PER_SACRIFICE,
    LaufRaufState,
    figure_json,
    loc_json,
)
from companion.rules.rng import randint


def _thrown(s: LaufRaufState) -> None:
    """Every action but a throw needs the dice on the table and the Berggeist settled."""
    if s.throws == 0:
        raise Refusal("roll_first")
    if s.prompt == "huckauf":
        raise Refusal("berggeist_first")


def _read_dice(value: Any) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise Refusal("wrong_type", key="dice", expected="two dice [a, b]")
    for die in value:
        if isinstance(die, bool) or not isinstance(die, int):
            raise Refusal("wrong_type", key="dice", expected="two dice [a, b]")
        if not 1 <= die <= 6:
            raise Refusal("bad_value", key="dice", value=die, min=1, max=6)
    return value[0], value[1]


def roll(s: LaufRaufState, player: str, a: Mapping[str, Any], events: list[Event]) -> Action:
    check_keys(a, ("type", "player", "dice", "keep"))
    if s.prompt == "huckauf":
        raise Refusal("berggeist_first")
    if s.throws >= s.throws_allowed:
        raise Refusal("no_throws_left", throws=s.throws, allowed=s.throws_allowed)
    canon: Action = {"type": "roll", "player": player}
    keep = None
    if "keep" in a:
        if s.dice is None:
            raise Refusal("nothing_to_keep")
        keep = get_int(a, "keep", 0, 1)
        canon["keep"] = keep
    if "dice" in a:
        dice = _read_dice(a["dice"])
        if keep is not None and s.dice is not None and dice[keep] != s.dice[keep]:
            raise Refusal("kept_die_changed", die=keep, was=s.dice[keep], now=dice[keep])
        canon["dice"] = list(dice)
    else:
        values = []
        for i in range(2):
            if i == keep and s.dice is not None:
                values.append(s.dice[i])
            else:
                value, s.rng = randint(s.rng, 1, 6)
                values.append(value)
        dice = (values[0], values[1])
    s.throws += 1
    s.dice = dice
    s.huckauf_open = False
    events.append({"type": "rolled", "player": player, "dice": list(dice), "throw": s.throws,
                   "kept": keep})
    if s.throws == 1:
        s.first_throw = dice
        if sum(dice) == BERGGEIST_SUM and s.berggeist_targets():
            s.huckauf_open = True
            if s.huckauf == "auto":
                s.prompt = "huckauf"
                events.append({"type": "huckauf", "caller": None})
    s.last = {"player": player, "type": "roll", "dice": list(dice), "throw": s.throws}
    return canon


def huckauf(s: LaufRaufState, caller: str, a: Mapping[str, Any], events: list[Event]) -> Action:
    """A player calls "Huckauf!" (table mode): the Berggeist must now be moved."""
    check_keys(a, ("type", "player"))
    if s.huckauf != "table":
        raise Refusal("huckauf_is_automatic")
    if not s.huckauf_open or s.prompt == "huckauf":
        raise Refusal("nothing_to_call")
    s.prompt = "huckauf"
    events.append({"type": "huckauf", "caller": caller})
    return {"type": "huckauf", "player": caller}


def berggeist(s: LaufRaufState, player: str, a: Mapping[str, Any],
              events: list[Event]) -> Action:
    check_keys(a, ("type", "player", "target"))
    if s.throws == 0 or not s.huckauf_open:
        raise Refusal("no_berggeist_move")
    target = need(a, "target")
    if s.berggeist is None:
        if target == "summit":
            raise Refusal("berggeist_already_home")
        if not isinstance(target, dict):
            raise Refusal("wrong_type", key="target", expected="\"summit\" or a figure")
        check_keys(target, ("player", "figure"), where="target")
        fig = (get_player(target, "player", s.players), get_int(target, "figure", 0, 2))
        if s.loc(fig)[0] != "middle":
            raise Refusal("berggeist_target_not_middle", player=fig[0], figure=fig[1])
        s.berggeist = fig
    else:
        if target != "summit":
            raise Refusal("berggeist_figure_to_figure")
        s.berggeist = None
    events.append({"type": "berggeist", "player": player, "to": figure_json(s.berggeist)})
    s.last = {"player": player, "type": "berggeist", "to": figure_json(s.berggeist)}
    s.end_turn()
    return {"type": "berggeist", "player": player, "target": figure_json(s.berggeist)}


def sacrifice(s: LaufRaufState, player: str, a: Mapping[str, Any],
              events: list[Event]) -> Action:
    check_keys(a, ("type", "player", "card"))
    card = get_choice(a, "card", KINDS)
    _thrown(s)
    if s.throws < s.throws_allowed:
        raise Refusal("throws_left", left=s.throws_allowed - s.throws)
    spend(s, player, card)
    s.throws_allowed += THROWS_PER_SACRIFICE
    events.append({"type": "sacrificed", "player": player, "card": card,
                   "throws_allowed": s.throws_allowed})
    return {"type": "sacrifice", "player": player, "card": card}


def read_move(s: LaufRaufState, player: str, a: Mapping[str, Any]) -> tuple[MoveSpec, Action]:
    """The move's spec (a Joker resolved to what it stands for) and its canonical form."""
    check_keys(a, ("type", "player", "move", "figure", "card", "joker_as", "backward"))
    move = get_choice(a, "move", MOVES)
    figure = get_int(a, "figure", 0, 2)
    card = None if a.get("card") is None else get_choice(a, "card", KINDS)
    joker_as = None
    if card == "joker":
        joker_as = get_choice(a, "joker_as", USABLE)
    elif a.get("joker_as") is not None:
        raise Refusal("joker_as_without_joker")
    kind = joker_as or card
    implied = kind in ("ruecklauf", "rueckschlag")
    backward = get_bool(a, "backward", default=implied)
    if kind is not None and CARD_FOR.get((move, implied)) != kind:
        raise Refusal("card_does_not_fit", card=kind, move=move)
    if backward != implied:
        if backward and move in ("run", "strike"):
            raise Refusal("card_needed", card=CARD_FOR[(move, True)])
        raise Refusal("card_does_not_fit", card=kind or "-", move=move)
    canon: Action = {"type": "move", "player": player, "move": move, "figure": figure,
                     "card": card, "backward": backward}
    if joker_as is not None:
        canon["joker_as"] = joker_as
    return MoveSpec(move, figure, kind, backward), canon


def move(s: LaufRaufState, player: str, a: Mapping[str, Any], events: list[Event]) -> Action:
    spec, canon = read_move(s, player, a)
    _thrown(s)
    card = canon["card"]
    if card is not None and card not in s.cards[player]:
        raise Refusal("card_not_owned", player=player, card=card)
    plan = plan_move(s, player, spec)
    before = loc_json(s.loc((player, spec.figure)))
    if card is not None:
        spend(s, player, card)
    carry_out(s, plan)
    event: Event = {"type": "moved", "player": player, "move": spec.move, "figure": spec.figure,
                    "from": before, "to": loc_json(s.loc((player, spec.figure))),
                    "card": card, "backward": spec.backward,
                    "pushed": [figure_json(f) for f in plan.pushed],
                    "struck": figure_json(plan.struck) if plan.struck else None}
    events.append(event)
    if plan.berggeist_home:
        events.append({"type": "berggeist", "player": player, "to": "summit"})
    s.last = {k: event[k] for k in ("player", "move", "figure", "from", "to", "card", "struck")}
    if all(loc == SUMMIT for loc in s.figures[player]):
        s.winner = player
        events.append({"type": "game_won", "player": player})
    s.end_turn()
    return canon


def cards(s: LaufRaufState, player: str, a: Mapping[str, Any], events: list[Event]) -> Action:
    check_keys(a, ("type", "player", "revealed"))
    _thrown(s)
    assert s.dice is not None
    if s.dice[0] != s.dice[1]:
        raise Refusal("needs_a_double", dice=list(s.dice))
    revealed = read_revealed(a["revealed"]) if "revealed" in a else None
    event = take_cards(s, player, revealed)
    events.append(event)
    s.last = {"player": player, "type": "take_cards", "kept": event["kept"],
              "discarded": event["discarded"]}
    s.end_turn()
    canon: Action = {"type": "take_cards", "player": player}
    if revealed is not None:
        canon["revealed"] = revealed
    return canon


def pass_turn(s: LaufRaufState, player: str, a: Mapping[str, Any],
              events: list[Event]) -> Action:
    check_keys(a, ("type", "player"))
    _thrown(s)
    if must_run(s, player):
        raise Refusal("must_run")
    events.append({"type": "passed", "player": player})
    s.last = {"player": player, "type": "pass"}
    s.end_turn()
    return {"type": "pass", "player": player}
