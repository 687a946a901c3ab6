"""How Ruck!'s legal-action enumeration: what it offers in the race, the tie-break and a turn
(what the phone page shows and random games draw from), and that it hands out new objects on
every call (its card JSON forms are templates built once): a caller that edits a returned
action changes nothing else."""

from __future__ import annotations

import copy

from helpers import Table, card, play_filler, win_round_for_a

from companion.rules import get_core

CORE = get_core("howruck")


def tiebreak_state():
    state = CORE.new_game(["A", "B"], {}, 1)
    return CORE.apply(state, {"type": "race", "tie": True}).state


def test_editing_returned_actions_leaves_the_next_enumeration_alone():
    state = tiebreak_state()
    first = CORE.legal_actions(state)
    assert first[0]["type"] == "tiebreak" and len(first) > 1000
    before = copy.deepcopy(CORE.legal_actions(state))
    for action in first:
        for draw in action["draws"].values():
            draw["strength"] = -1
    assert CORE.legal_actions(state) == before

    tug = CORE.apply(CORE.new_game(["A", "B"], {}, 1),
                     {"type": "quick_start", "barrel": "A", "starter": "B"}).state
    plays = CORE.legal_actions(tug)
    expected = copy.deepcopy(CORE.legal_actions(tug))
    assert any(a.get("card") == "fieser_trick" and "take" in a for a in plays)
    for action in plays:
        spoil(action)
    assert CORE.legal_actions(tug) == expected


def spoil(value) -> None:
    """Edit every card's colour inside an action, however deep."""
    if isinstance(value, dict):
        if "color" in value:
            value["color"] = "nope"
        for inner in value.values():
            spoil(inner)


def test_the_race_offers_either_winner_a_tie_and_in_round_one_the_quick_start():
    t = Table("howruck", ["A", "B"])
    assert CORE.legal_actions(t.state) == [
        {"type": "race", "winner": "A"}, {"type": "race", "winner": "B"},
        {"type": "race", "tie": True},
        {"type": "quick_start", "barrel": "A", "starter": "B"},
        {"type": "quick_start", "barrel": "B", "starter": "A"}]
    win_round_for_a(t)
    assert CORE.legal_actions(t.state) == [
        {"type": "race", "winner": "A"}, {"type": "race", "winner": "B"},
        {"type": "race", "tie": True}]


def draws(t: Table) -> list[tuple]:
    """The tie-break's draws as (A's, B's), each a card's attributes or an action's name."""
    def key(draw: dict) -> tuple:
        return (draw["action"],) if "action" in draw else tuple(sorted(draw.items()))
    return [(key(a["draws"]["A"]), key(a["draws"]["B"])) for a in CORE.legal_actions(t.state)]


def test_the_tiebreak_offers_action_cards_and_the_same_scot_card_only_with_two_left():
    """Both may draw the same Scot card while two copies may be left (always, without a box
    composition), never the same action card (there is one of each)."""
    t = Table("howruck", ["A", "B"])
    t.do(type="race", tie=True)
    offered = draws(t)
    red2 = tuple(sorted(card("red", 2).items()))
    assert (red2, red2) in offered and (("adrenalin",), red2) in offered
    assert (("adrenalin",), ("adrenalin",)) not in offered
    t = Table("howruck", ["A", "B"], {"composition": [{"card": card("red", 2), "count": 2},
                                                      {"card": card("red", 3), "count": 1}]})
    t.do(type="race", tie=True)
    red3 = tuple(sorted(card("red", 3).items()))
    assert (red2, red2) in draws(t) and (red3, red3) not in draws(t)
    assert (red2, red3) in draws(t)


def test_only_the_player_whose_turn_it_is_has_moves(table):
    table.start("A")
    assert CORE.legal_actions(table.state, "A") and CORE.legal_actions(table.state, "B") == []


def test_a_turn_offers_cards_on_either_side_and_each_action_card_forgone_or_played(table):
    table.start("A")
    legal = CORE.legal_actions(table.state)

    def offered(**action) -> bool:
        return {"player": "A", **action} in legal

    assert offered(type="play", card=card("red", 2), side="B", field="red")
    assert offered(type="action", card="seilriss", forgo=True)
    assert offered(type="action", card="seilriss", forgo=False)
    assert [a["value"] for a in legal if a["card"] == "und_tschuess" and "value" in a] == \
        list(range(7))
    assert offered(type="action", card="fieser_trick", forgo=False,
                   take={"action": "adrenalin", "forgo": True})
    assert offered(type="action", card="fieser_trick", forgo=False,
                   take={"action": "und_tschuess", "forgo": False, "value": 6})


def test_fieser_trick_is_only_forgone_when_the_opponents_hand_is_empty(table):
    table.start("A")
    play_filler(table, 28)
    play_filler(table, 11)  # A: 0 cards, B: 1, B to play
    assert [a for a in CORE.legal_actions(table.state) if a["card"] == "fieser_trick"] == \
        [{"type": "action", "player": "B", "card": "fieser_trick", "forgo": True}]
