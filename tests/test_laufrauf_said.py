"""Lauf Rauf!: what each action tells, on the real core: its events (the history, the replay
text and the announcements read them), the view's `last` (the OLED and the page) and its
canonical action (what the log keeps, replayed to rebuild the game). Each game is played
through its actions with entered dice and turned-up cards; a throw's: test_laufrauf_rules.py."""

from __future__ import annotations

from mountain import CORE, Mountain, blitzstarts, field


def test_moving_the_berggeist_is_told_onto_the_figure_and_back_home():
    t = blitzstarts(Mountain())
    t.roll(3, 4)
    onto = {"player": "blue", "figure": 0}
    outcome = CORE.apply(t.state, {"type": "berggeist", "player": "red", "target": onto})
    assert outcome.events == [{"type": "berggeist", "player": "red", "to": onto}]
    assert CORE.view(outcome.state)["last"] == {"player": "red", "type": "berggeist",
                                                "to": onto}
    assert outcome.action == {"type": "berggeist", "player": "red", "target": onto}
    t.state = outcome.state
    t.roll(6, 1)
    t.do(type="berggeist", player="blue", target="summit")
    assert t.events == [{"type": "berggeist", "player": "blue", "to": "summit"}]
    assert t.view["last"] == {"player": "blue", "type": "berggeist", "to": "summit"}


def test_a_sacrifice_is_told_with_the_throws_it_buys():
    t = Mountain()
    t.roll(5, 5)
    t.do(type="take_cards", player="red", revealed=["joker"])
    t.roll(1, 2)
    t.do(type="pass", player="blue")
    for dice in ((1, 2), (1, 3), (1, 4)):
        t.roll(*dice)
    outcome = CORE.apply(t.state, {"type": "sacrifice", "player": "red", "card": "joker"})
    assert outcome.events == [{"type": "sacrificed", "player": "red", "card": "joker",
                               "throws_allowed": 5}]
    assert outcome.action == {"type": "sacrifice", "player": "red", "card": "joker"}


def test_striking_the_carrier_is_told_with_the_berggeist_going_home():
    """Red strikes blue's figure that carries the Berggeist: the move names the struck
    figure, and a second event says the Berggeist is back on the summit."""
    t = blitzstarts(Mountain())
    t.roll(3, 4)
    t.do(type="berggeist", player="red", target={"player": "blue", "figure": 0})
    t.roll(1, 2)
    t.move("run", 0)  # blue, the carrier, to middle 10
    t.roll(2, 3)
    t.move("run", 0)  # red to middle 5
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(5, 6)
    t.move("strike", 0)
    struck = {"player": "blue", "figure": 0}
    assert t.events == [
        {"type": "moved", "player": "red", "move": "strike", "figure": 0,
         "from": field("middle", 5), "to": field("middle", 10), "card": None,
         "backward": False, "pushed": [], "struck": struck},
        {"type": "berggeist", "player": "red", "to": "summit"}]
    assert t.view["last"] == {"player": "red", "move": "strike", "figure": 0,
                              "from": field("middle", 5), "to": field("middle", 10),
                              "card": None, "struck": struck}
    assert t.view["berggeist"] == "summit"


def test_a_run_past_nobody_says_no_berggeist_and_nothing_struck():
    t = Mountain()
    t.roll(5, 5)
    t.move("start", 0)
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(1, 2)
    t.move("run", 0)
    assert [e["type"] for e in t.events] == ["moved"]
    assert t.view["last"] == {"player": "red", "move": "run", "figure": 0,
                              "from": field("lower", 0), "to": field("lower", 3),
                              "card": None, "struck": None}


def test_cards_turned_up_at_the_table_are_kept_in_the_log_and_told():
    """The canonical action keeps the cards the table entered, so a replay of the log takes
    those cards again instead of turning up the virtual supply's."""
    t = Mountain()
    log = []
    for player, dice, revealed in (("red", (2, 2), ["aufstieg"]),
                                   ("blue", (3, 3), ["joker"]),
                                   ("red", (4, 4), ["aufstieg"])):
        log.append(CORE.apply(t.state, {"type": "roll", "player": player,
                                        "dice": list(dice)}).action)
        t.roll(*dice)
        outcome = CORE.apply(t.state, {"type": "take_cards", "player": player,
                                       "revealed": revealed})
        assert outcome.action == {"type": "take_cards", "player": player,
                                  "revealed": revealed}
        log.append(outcome.action)
        t.state = outcome.state
    assert t.view["last"] == {"player": "red", "type": "take_cards", "kept": [],
                              "discarded": ["aufstieg"]}
    replayed = CORE.new_game(["red", "blue"], {}, 7)
    for action in log:
        replayed = CORE.apply(replayed, action).state
    assert CORE.view(replayed) == t.view
    virtual = Mountain()
    virtual.roll(2, 2)
    outcome = CORE.apply(virtual.state, {"type": "take_cards", "player": "red"})
    assert outcome.action == {"type": "take_cards", "player": "red"}
    kept = CORE.view(outcome.state)["cards"]["red"]
    assert CORE.view(outcome.state)["last"] == {"player": "red", "type": "take_cards",
                                                "kept": kept, "discarded": []}


def test_passing_is_told():
    t = Mountain()
    t.roll(1, 2)
    outcome = CORE.apply(t.state, {"type": "pass", "player": "red"})
    assert outcome.events == [{"type": "passed", "player": "red"}]
    assert CORE.view(outcome.state)["last"] == {"player": "red", "type": "pass"}
    assert outcome.action == {"type": "pass", "player": "red"}


def test_the_view_counts_the_actions_taken():
    t = Mountain()
    assert t.view["actions"] == 0
    t.roll(1, 2)
    t.do(type="pass", player="red")
    assert t.view["actions"] == 2
