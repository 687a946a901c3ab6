"""Announcements from real actions: every kind a table must notice, made from what the rule
cores return (golden games replayed, and single positions reached by real actions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import Table, card, drawn, played_to_the_end, won_by

from companion.announce import announcements
from companion.rules import Refusal, get_core

PLAYTHROUGHS = Path(__file__).parent / "playthroughs"


def replayed(name: str) -> list[dict]:
    """Every announcement of a golden game, in order."""
    lines = [json.loads(x) for x in (PLAYTHROUGHS / name).read_text().splitlines()
             if x.strip() and not x.startswith("#")]
    header, actions = lines[0], lines[1:]
    core = get_core(header["game"])
    state = core.new_game(header["players"], header.get("options", {}), header.get("seed", 0))
    out = []
    for action in actions:
        try:
            outcome = core.apply(state, action)
        except Refusal:
            continue
        state = outcome.state
        out += announcements(outcome.events, core.view(state))
    return out


def kinds(items: list[dict]) -> set[str]:
    return {a["kind"] for a in items}


def test_a_race_says_who_and_by_how_much():
    t = Table("howruck", ["Anna", "Ben"])
    won = announcements(t.do(type="race", presses={"Anna": [31_000], "Ben": [16_900]}), t.view)
    assert won == [{"kind": "race_won", "params": {"player": "Ben", "margin_us": 14_100,
                                                    "false_starters": []}}]
    t = Table("howruck", ["Anna", "Ben"])
    tie = announcements(t.do(type="race", presses={"Anna": [5_000], "Ben": [9_000]}), t.view)
    assert tie == [{"kind": "race_tie", "params": {"margin_us": 4_000}}]
    t = Table("howruck", ["Anna", "Ben"], {"false_start": "forfeit"})
    early = announcements(t.do(type="race", presses={"Anna": [-2_000], "Ben": [9_000]}), t.view)
    assert early == [{"kind": "race_false_start",
                      "params": {"player": "Ben", "false_starters": ["Anna"]}}]
    t = Table("howruck", ["Anna", "Ben"], {"false_start": "forfeit"})  # both too early:
    both = announcements(t.do(type="race", presses={"Anna": [-5_000], "Ben": [-2_000]}), t.view)
    assert both == [{"kind": "race_false_start",  # the first to jump loses, named alone
                     "params": {"player": "Ben", "false_starters": ["Anna"]}}]


def test_a_tie_break_names_the_cards_drawn_whether_it_decides_or_ties_again():
    t = Table("howruck", ["Anna", "Ben"])
    t.do(type="race", tie=True)
    again = announcements(t.do(type="tiebreak", draws={"Anna": card("red", 3),
                                                       "Ben": card("red", 3)}), t.view)
    assert again == [{"kind": "tiebreak_tied", "params": {"draws": {
        "Anna": card("red", 3), "Ben": card("red", 3)}}}]
    won = announcements(t.do(type="tiebreak", draws={"Anna": {"action": "adrenalin"},
                                                     "Ben": card("green", 0)}), t.view)
    assert won[0] == {"kind": "tiebreak_won", "params": {"player": "Ben", "draws": {
        "Anna": {"action": "adrenalin"}, "Ben": card("green", 0)}}}


def test_a_contest_gives_both_sums_the_pull_and_its_direction():
    t = Table("howruck", ["A", "B"])
    t.start("A")
    said = announcements(t.play("A", card("white", 4, howruck=True), "A", "red"), t.view)
    assert said == [{"kind": "contest", "params": {"a": "A", "b": "B", "sum_a": 8, "sum_b": 6,
                                                   "toward": "A", "by": 2}}]


def test_how_ruck_action_cards_say_what_to_change_on_the_real_board():
    """The barrel moved by an action card (not by a contest: that one says its pull), cards
    cleared or switched, cards drawn, Ungeheuerlich without effect: each from real actions."""
    t = Table("howruck", ["A", "B"])
    t.start("B")  # the barrel on B's start field, 7
    said = announcements(t.act("B", "adrenalin"), t.view)
    assert said == [{"kind": "barrel_moved", "params": {
        "card": "adrenalin", "player": "B", "toward": "B", "by": 2, "field": 9}}]
    assert t.view["barrel"] == 9
    said = announcements(t.act("A", "seilriss"), t.view)  # back to A's start field, 6
    assert said == [{"kind": "barrel_moved", "params": {
        "card": "seilriss", "player": "A", "toward": None, "by": 3, "field": 6}}]
    said = announcements(t.play("B", card("white", 4, howruck=True), "B", "red"), t.view)
    assert [a["kind"] for a in said] == ["contest"]  # a contest's pull: said once, by it

    t = Table("howruck", ["A", "B"])
    t.start("A")
    t.play("A", card("white", 3), "A", "red")
    t.play("B", card("green", 3), "B", "green")
    said = announcements(t.act("A", "mucho_macho"), t.view)
    assert said == [{"kind": "cleared", "params": {"card": "mucho_macho", "player": "A", "cards": [
        {"side": "A", "field": "red", "card": card("white", 3)}]}}]
    said = announcements(t.act("B", "seitenwechsel", **{"from": "B", "field": "green"}), t.view)
    assert said == [{"kind": "switched", "params": {
        "card": "seitenwechsel", "player": "B", "moved": card("green", 3), "side": "B",
        "to": "A", "field": "green"}}]
    said = announcements(t.act("A", "und_tschuess", value=0), t.view)  # nothing of value 0
    assert said == [{"kind": "cleared", "params": {
        "card": "und_tschuess", "player": "A", "cards": []}}]
    said = announcements(t.act("B", "ungeheuerlich"), t.view)  # no Nessie on A's side
    assert said == [{"kind": "no_effect", "params": {"card": "ungeheuerlich", "player": "B"}}]
    before = t.view["hands"]["A"]
    said = announcements(t.act("A", "verstaerkung"), t.view)
    assert said == [{"kind": "reinforced", "params": {
        "card": "verstaerkung", "player": "A", "count": 3}}]
    assert t.view["hands"]["A"] == before + 3  # the card played is replaced from the pile


def test_how_ruck_rounds_and_the_game():
    said = replayed("howruck_full_game.jsonl")
    rounds = [a["params"] for a in said if a["kind"] == "round_won"]
    assert len(rounds) == 5 and {r["reason"] for r in rounds} <= {"goal", "half",
                                                                 "ungeheuerlich"}
    assert said[-1] == {"kind": "game_won", "params": {"players": ["Tom"]}}
    assert "contest" in kinds(said) and "race_won" in kinds(said)


def test_tauziehen_points_name_the_player_and_the_score():
    said = replayed("tauziehen_full_game.jsonl")
    points = [a["params"] for a in said if a["kind"] == "point"]
    assert points
    total: dict[str, int] = {}
    for p in points:  # each point's score is the player's crossings so far
        total[p["player"]] = total.get(p["player"], 0) + p["count"]
        assert p["count"] >= 1 and p["points"] == total[p["player"]]
    assert said[-1]["kind"] in ("game_won", "game_drawn")


@pytest.mark.parametrize(("players", "ends", "said"), [
    (["Ida", "draw"], won_by("draw"), {"kind": "game_won", "params": {"players": ["draw"]}}),
    (["Ida", "draw"], drawn, {"kind": "game_drawn", "params": {}}),
    (["Ida", "Jan"], drawn, {"kind": "game_drawn", "params": {}}),
], ids=["won_by_draw", "drawn_beside_draw", "drawn"])
def test_a_tauziehen_draw_is_told_by_the_game_not_by_a_players_name(players, ends, said):
    """A player may be called "draw" (the ids are the names): the game that player won is
    announced as their win, and a drawn game, with or without such a player, as a draw."""
    t = played_to_the_end("tauziehen", players, ends)
    assert announcements(t.events, t.view)[-1] == said


def test_lauf_rauf_berggeist_cards_and_strikes():
    said = replayed("laufrauf_full_game.jsonl") + replayed("laufrauf_table.jsonl")
    assert {"berggeist_placed", "berggeist_home", "cards_kept"} <= kinds(said)
    placed = next(a["params"] for a in said if a["kind"] == "berggeist_placed")
    assert set(placed) == {"player", "owner", "figure"}


def test_the_berggeist_stays_home_when_nobody_is_on_the_middle_level():
    t = Table("laufrauf", ["red", "blue"])
    said = announcements(t.do(type="roll", player="red", dice=[3, 4]), t.view)
    assert said == [{"kind": "berggeist_stays", "params": {"player": "red"}}]
    t = Table("laufrauf", ["red", "blue"])
    assert announcements(t.do(type="roll", player="red", dice=[3, 5]), t.view) == []
    # a seven thrown again (the 3 kept) is no first throw: the Berggeist is not asked
    assert announcements(t.do(type="roll", player="red", keep=0, dice=[3, 4]), t.view) == []


def test_the_oled_shows_the_last_of_a_moves_announcements_that_has_a_banner():
    from companion.announce import banner
    t = Table("howruck", ["A", "B"])
    t.start("A")
    imprint = card("white", 4, howruck=True)
    t.play("A", imprint, "A", "red")
    t.do(type="action", player="B", card="seilriss", forgo=True)
    t.do(type="action", player="A", card="adrenalin")
    t.do(type="action", player="B", card="how_ruck", forgo=True)
    said = announcements(t.play("A", imprint, "A", "blue"), t.view)  # the round is won
    assert [a["kind"] for a in said] == ["contest", "round_won"]
    assert banner(said, game_over=False) == said[-1]
    assert banner(said, game_over=True) is None  # a won game stays on its own screen


def test_stramash_captures_and_castle_entries():
    said = replayed("stramash_pairs_game.jsonl")
    assert {"capture", "castle"} <= kinds(said)
    castle = next(a["params"] for a in said if a["kind"] == "castle")
    assert 1 <= castle["hole"] <= 5


def test_stramash_a_partner_landed_on_goes_to_its_castle_entry_not_the_dock():
    """Pairs: landing on the partner's laddie moves it to the partner's castle entry. Said
    as a capture ("back to the dock"), the players would put it in the wrong place."""
    t = Table("stramash", ["Ann", "Bob", "Cat", "Dan"], {"pairs": True})  # Ann + Cat
    t.state.laddies["Ann"][0] = ("track", 5)
    t.state.laddies["Cat"][0] = ("track", 8)
    t.state.laddies["Bob"][0] = ("track", 10)
    said = announcements(t.do(type="play", player="Ann", card="3", laddie=0), t.view)
    assert said == [{"kind": "partner_entry", "params": {
        "player": "Ann", "victims": [{"player": "Cat", "laddie": 0, "to": "entry"}]}}]
    said = announcements(t.do(type="play", player="Bob", card="3", laddie=0), t.view)
    assert [a["kind"] for a in said] == []  # Bob's 10 + 3: nobody there
    t.state.laddies["Cat"][1] = ("track", 10)
    said = announcements(t.do(type="play", player="Cat", card="3", laddie=1), t.view)
    assert said == [{"kind": "capture", "params": {
        "player": "Cat", "victims": [{"player": "Bob", "laddie": 0, "to": "dock"}]}}]


@pytest.mark.parametrize("name", sorted(p.name for p in PLAYTHROUGHS.glob("*.jsonl")))
def test_every_announcement_is_plain_json_with_a_kind(name):
    for item in replayed(name):
        assert set(item) == {"kind", "params"} and isinstance(item["params"], dict)
        json.dumps(item)


def test_round_two_does_not_show_round_ones_last_contest_on_the_oled():
    from companion.screens import Scene, render
    t = Table("howruck", ["A", "B"])
    t.start("A")
    imprint = card("white", 4, howruck=True)
    t.play("A", imprint, "A", "red")  # a contest in round 1: 8 vs 6
    t.do(type="action", player="B", card="seilriss", forgo=True)
    t.do(type="action", player="A", card="adrenalin")
    t.do(type="action", player="B", card="how_ruck", forgo=True)
    t.play("A", imprint, "A", "blue")  # round 1 won by A
    t.start("B")
    view = t.view
    assert view["round"] == 2 and view["last_contest"]["round"] == 1
    shown = render(Scene(state=view)).tobytes()
    assert shown == render(Scene(state={**view, "last_contest": None})).tobytes()
    t.play("B", imprint, "B", "red")  # round 2's own contest is shown
    assert render(Scene(state=t.view)).tobytes() != \
        render(Scene(state={**t.view, "last_contest": None})).tobytes()
