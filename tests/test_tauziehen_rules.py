"""Tauziehen: each sentence of shared/rules/tauziehen.md against the real core."""

from __future__ import annotations

import pytest
from helpers import Table

from companion.rules import Refusal, SetupError, get_core
from companion.rules.tauziehen import DECK

CORE = get_core("tauziehen")


def game() -> Table:
    return Table("tauziehen", ["Ida", "Jan"])


def rope(t: Table) -> dict[str, int]:
    return t.view["rope"]


def test_the_decks_hold_the_25_numbers_that_are_not_powers_of_two():
    assert len(DECK) == 25 and DECK[:4] == (3, 5, 6, 7) and DECK[-1] == 30
    assert all(bin(n).count("1") >= 2 for n in DECK) and 31 not in DECK and 0 not in DECK


def test_two_players_and_no_options():
    for players, options, code in [(["Ida"], {}, "bad_player_count"),
                                   (["Ida", "Jan"], {"board": "x"}, "unknown_option")]:
        with pytest.raises(SetupError) as info:
            CORE.new_game(players, options, 1)
        assert info.value.code == code


def test_setup_rope_cards_in_the_middle_and_player_one_opens():
    t = game()
    assert rope(t) == {"1": 0, "2": 0, "4": 0, "8": 0, "16": 0}
    assert t.view["phase"] == "opening" and t.view["turn"] == "Ida"
    assert CORE.legal_actions(t.state) == [{"type": "block", "player": "Ida", "card": c}
                                           for c in (1, 2, 4, 8, 16)]
    with pytest.raises(SetupError):
        CORE.new_game(["A", "B", "C"], {}, 1)


def test_the_opening_marker_blocks_that_card_for_player_twos_first_move():
    t = game()
    t.refuse("not_a_rope_card", type="block", player="Ida", card=3)
    t.do(type="block", player="Ida", card=4)
    assert t.view["turn"] == "Jan"
    t.do(type="play", player="Jan", card=7, marker=1)  # 4+2+1: the 4 is blocked
    assert rope(t) == {"1": -1, "2": -1, "4": 0, "8": 0, "16": 0}
    assert t.view["markers"] == {"Ida": 4, "Jan": 1}


def test_the_marker_is_placed_once_on_a_rope_card_at_the_opening():
    t = game()
    for card, code in [(0, "bad_value"), (17, "bad_value"), (3, "not_a_rope_card")]:
        t.refuse(code, type="block", player="Ida", card=card)
    t.refuse("unknown_key", type="block", player="Ida", card=4, marker=4)
    t.refuse("wrong_phase", type="play", player="Ida", card=3, marker=1)
    t.do(type="block", player="Ida", card=4)
    assert t.events == [{"type": "marker", "player": "Ida", "card": 4}]
    assert t.view["last"] == {"player": "Ida", "type": "block", "card": 4}
    t.refuse("wrong_phase", type="block", player="Jan", card=2)
    for card, code in [(0, "not_in_deck"), (31, "not_in_deck"), (-1, "bad_value"),
                       (32, "bad_value")]:
        t.refuse(code, type="play", player="Jan", card=card, marker=1)
    for marker, code in [("1", "wrong_type"), (0, "bad_value"), (17, "bad_value")]:
        t.refuse(code, type="play", player="Jan", card=3, marker=marker)
    t.refuse("unknown_key", type="play", player="Jan", card=3, marker=1, split=[1, 2])
    t.do(type="play", player="Jan", card=3, marker=1)
    said = {"player": "Jan", "card": 3, "moved": [1, 2], "crossed": [], "marker": 1}
    assert t.events == [{"type": "pulled", **said}]
    assert t.view["last"] == {"type": "play", **said}
    assert t.view["game"] == "tauziehen" and t.view["actions"] == 2 and t.view["seed"] == 7
    assert t.view["cards_left"] == {"Ida": 25, "Jan": 24} and t.view["result"] is None
    assert CORE.legal_actions(t.state, "Jan") == []  # Ida's turn: nothing for Jan


def test_a_played_card_moves_every_rope_card_it_shows_toward_the_player():
    t = game()
    t.do(type="block", player="Ida", card=16)
    t.do(type="play", player="Jan", card=13, marker=8)  # 8 + 4 + 1
    assert rope(t) == {"1": -1, "2": 0, "4": -1, "8": -1, "16": 0}
    t.do(type="play", player="Ida", card=12, marker=4)  # 8 is Jan's: only the 4 moves
    assert rope(t)["4"] == 0 and rope(t)["8"] == -1


def test_the_marker_goes_on_a_card_just_moved_never_last_turns_card():
    t = game()
    t.do(type="block", player="Ida", card=16)
    t.refuse("marker_needed", type="play", player="Jan", card=3)
    t.refuse("marker_not_moved", type="play", player="Jan", card=3, marker=8)
    t.do(type="play", player="Jan", card=3, marker=2)
    t.do(type="play", player="Ida", card=5, marker=4)
    t.refuse("marker_same_as_last", type="play", player="Jan", card=7, marker=2)  # 4 blocked
    t.refuse("card_already_played", type="play", player="Jan", card=3, marker=1)
    t.refuse("not_in_deck", type="play", player="Jan", card=8, marker=8)
    t.refuse("not_your_turn", type="play", player="Ida", card=9, marker=1)


def test_when_only_the_own_marker_card_moves_the_marker_stays():
    t = game()
    t.do(type="block", player="Ida", card=1)
    t.do(type="play", player="Jan", card=6, marker=2)  # Jan's marker on the 2
    # the 2 is Jan's, the 1 her own: it moves and her marker stays (naming it is allowed)
    t.do(type="play", player="Ida", card=3, marker=1)
    assert t.view["markers"]["Ida"] == 1 and rope(t)["1"] == 1
    # the rule text's case: 3 = 2 + 1, the 1 carries Ida's marker, the 2 Jan's own
    t.refuse("marker_must_stay", type="play", player="Jan", card=3, marker=1)
    t.do(type="play", player="Jan", card=3)
    assert t.view["markers"]["Jan"] == 2 and rope(t)["2"] == -2 and rope(t)["1"] == 1


def test_a_card_pushed_past_the_edge_scores_and_returns_to_the_middle():
    t = game()
    t.do(type="block", player="Ida", card=16)
    t.state.rope[8] = -2  # set the track up: the 8 stands at Jan's edge
    t.do(type="play", player="Jan", card=9, marker=8)
    assert rope(t)["8"] == 0 and t.view["points"] == {"Ida": 0, "Jan": 1}
    assert t.event("pulled")["crossed"] == [8]
    assert t.view["markers"]["Jan"] == 8  # the marker stays on it


def test_first_to_four_points_wins():
    t = game()
    t.do(type="block", player="Ida", card=16)
    t.state.points["Jan"] = 3
    t.state.rope[1] = -2
    t.do(type="play", player="Jan", card=3, marker=2)
    assert t.view["winner"] == "Jan" and CORE.is_over(t.state)
    t.refuse("game_over", type="play", player="Ida", card=5, marker=4)


def test_three_points_do_not_win_four_do():
    """Random legal games (seeded): a game goes on at three points and ends at four (or when
    both decks are played out)."""
    import random
    seen_three = False
    for seed in range(10):
        rng, s = random.Random(seed), CORE.new_game(["Ida", "Jan"], {}, seed)
        while not CORE.is_over(s):
            outcome = CORE.apply(s, rng.choice(CORE.legal_actions(s)))
            s = outcome.state
            played_out = all(len(s.played[p]) == len(DECK) for p in s.players)
            assert CORE.is_over(s) == (max(s.points.values()) >= 4 or played_out), s.points
            seen_three = seen_three or max(s.points.values()) == 3
        assert outcome.events[-1] == {"type": "game_won", "player": s.winner}
        assert CORE.legal_actions(s) == [] and CORE.view_score(CORE.view(s)) == s.points
    assert seen_three


def test_when_both_decks_are_played_out_more_points_win_or_it_is_a_draw():
    t = game()
    t.do(type="block", player="Ida", card=16)
    t.state.played = {"Ida": list(DECK), "Jan": [n for n in DECK if n != 30]}
    t.do(type="play", player="Jan", card=30, marker=2)
    assert t.view["winner"] == "draw"


def test_when_both_decks_are_played_out_the_one_with_more_points_wins():
    """Random legal games (seeded) until both decks were played out with points unequal,
    either way round: the one with more points wins."""
    import random
    ends: dict[str, dict[str, int]] = {}
    for seed in range(300):
        rng, s = random.Random(seed), CORE.new_game(["Ida", "Jan"], {}, seed)
        while not CORE.is_over(s):
            s = CORE.apply(s, rng.choice(CORE.legal_actions(s))).state
        played_out = all(len(s.played[p]) == len(DECK) for p in s.players)
        if played_out and len(set(s.points.values())) == 2:
            ends.setdefault(max(s.points, key=s.points.get), s.points)
            assert CORE.winner(s) == max(s.points, key=s.points.get), (seed, s.points)
        if len(ends) == 2:
            break
    assert set(ends) == {"Ida", "Jan"}, ends  # both ways round were reached


def test_every_legal_action_is_accepted_as_listed():
    t = game()
    t.do(type="block", player="Ida", card=2)
    legal = CORE.legal_actions(t.state)
    assert {a["card"] for a in legal} == set(DECK)
    for action in legal:
        assert CORE.apply(t.state, action).action == action


def test_a_draw_has_no_winner_even_beside_a_player_named_draw():
    """The view says "draw" (the spec); the core's winner, which the games list, results and
    statistics use, is None for a draw and the player for a win, whatever they are called."""
    import random
    rng, ends = random.Random(1), {}
    for seed in range(40):  # random whole games (seeded) until one is drawn and one won
        s = CORE.new_game(["Ida", "draw"], {}, seed)
        while not CORE.is_over(s):
            s = CORE.apply(s, rng.choice(CORE.legal_actions(s))).state
        drawn = s.points["Ida"] == s.points["draw"]
        ends.setdefault((drawn, s.winner), s)
    drawn = ends[(True, "draw")]
    assert CORE.view(drawn)["winner"] == "draw" and CORE.winner(drawn) is None
    won = next(s for (d, w), s in ends.items() if not d and w == "draw")  # "draw" the player
    assert CORE.winner(won) == "draw"
    assert (CORE.view(drawn)["result"], CORE.view(won)["result"]) == ("draw", "win")
    for end, result in ((drawn, "draw"), (won, "win")):  # a further action says which
        with pytest.raises(Refusal) as info:
            CORE.apply(end, {"type": "play", "player": "Ida", "card": 3})
        assert info.value.as_dict() == {"code": "game_over",
                                        "params": {"winner": "draw", "result": result}}
