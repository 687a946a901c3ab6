"""Players' statistics against values worked out by hand (Elo K = 32, start 1000)."""

from __future__ import annotations

import pytest

from companion.rules import get_core
from companion.rules.randomplay import random_game
from companion.sessions import replay_events
from companion.stats import GameRecord, compute, race_results


def rec(id_, game, players, winner, over=True, races=()):
    return GameRecord(id_, game, tuple(players), winner, over, tuple(races))


GAMES = [
    rec(1, "howruck", ["A", "B"], "A", races=[("A", 1200), ("B", 800), ("A", None)]),
    rec(2, "howruck", ["B", "A"], "B"),
    rec(3, "stramash", ["A", "B", "C"], "A"),
    rec(4, "stramash", ["A", "B", "C", "D"], ["A", "B"]),
    rec(5, "howruck", ["A", "C"], None, over=False),  # unfinished: does not count
]


def players(result):
    return {p["name"]: p for p in result["players"]}


def test_two_player_elo_by_hand():
    # game 1: 1000 v 1000, E = 0.5: A +16, B -16.
    # game 2: B (984) beats A (1016): E_B = 1 / (1 + 10^(32/400)) = 0.454078,
    #         B + 32 * 0.545922 = +17.4695 -> 1001.4695; A 998.5305.
    p = players(compute(GAMES[:2]))
    assert p["A"]["games"]["howruck"]["rating"] == 998.5
    assert p["B"]["games"]["howruck"]["rating"] == 1001.5
    assert p["A"]["games"]["howruck"]["peak"] == 1016.0
    assert [h["rating"] for h in p["B"]["history"]] == [984.0, 1001.5]


def test_multi_player_elo_by_hand():
    # game 3: A beats B and C (all 1000), K/(n-1) = 16: A +16, B -8, C -8.
    # game 4: A, B (team) beat C, D: A 1016, B 992, C 992, D 1000; K/(n-1) = 32/3.
    #   A: (1 - E(1016, 992)) + (1 - E(1016, 1000)) = 0.465515 + 0.476986 = 0.942501
    #      -> +10.0534 -> 1026.05
    #   C: (0 - E(992, 1016)) + (0 - E(992, 992)) = -0.465515 - 0.5 -> -10.2988 -> 981.70
    p = players(compute(GAMES))
    assert p["A"]["games"]["stramash"]["rating"] == 1026.1
    assert p["C"]["games"]["stramash"]["rating"] == 981.7
    assert p["A"]["games"]["howruck"] == {"played": 2, "won": 1, "rating": 998.5,
                                          "peak": 1016.0}
    total = sum(p[n]["games"]["stramash"]["rating"] - 1000 for n in "ABCD")
    assert total == pytest.approx(0, abs=0.2)  # Elo moves points between players


def test_counts_head_to_head_and_streaks():
    p = players(compute(GAMES))
    a = p["A"]
    assert (a["played"], a["won"]) == (4, 3)
    assert a["head_to_head"]["B"] == {"games": 4, "won": 2, "lost": 1}
    assert a["head_to_head"]["D"] == {"games": 1, "won": 1, "lost": 0}
    assert a["rival"] == {"name": "B", "lost": 1}
    assert a["most_beaten"] == {"name": "B", "won": 2}  # B and C twice each: by name
    assert a["streak"] == {"current": 2, "kind": "won", "longest_won": 2}
    assert p["C"]["streak"] == {"current": 2, "kind": "lost", "longest_won": 0}
    assert p["C"]["rival"] == {"name": "A", "lost": 2}
    assert p["D"]["most_beaten"] is None


def test_race_wins_and_median_margin():
    p = players(compute([*GAMES, rec(6, "howruck", ["A", "B"], "B",
                                     races=[("A", 3000), ("A", 500), ("B", None)])]))
    assert p["A"]["race"] == {"races": 6, "wins": 4, "median_margin_us": 1200}
    assert p["B"]["race"] == {"races": 6, "wins": 2, "median_margin_us": 800}


def test_aliases_merge_players():
    result = compute(GAMES, {"B": "Bea", "Bee": "Bea"})
    p = players(result)
    assert "B" not in p and p["Bea"]["played"] == 4
    assert p["A"]["head_to_head"]["Bea"]["games"] == 4


def test_a_merged_player_in_one_game_counts_once():
    p = players(compute([rec(1, "howruck", ["A", "A2"], "A")], {"A2": "A"}))
    assert p["A"]["played"] == 1 and p["A"]["games"]["howruck"]["rating"] == 1000.0


def test_race_results_from_a_replayed_game():
    core = get_core("howruck")
    log, _ = random_game(core, 1, ["A", "B"])
    header = {"game": "howruck", "players": ["A", "B"], "options": {}, "seed": 1}
    races = race_results(replay_events(core, header, log))
    decided = [a for a in log if a["type"] == "race" and "winner" in a]
    assert [w for w, _ in races] == [a["winner"] for a in decided]


def test_a_draw_ends_a_streak_and_is_neither_won_nor_lost():
    games = [rec(1, "tauziehen", ["A", "B"], "A"), rec(2, "tauziehen", ["A", "B"], "A"),
             rec(3, "tauziehen", ["A", "B"], None)]  # a draw: the core's winner is None
    p = players(compute(games))
    assert p["A"]["streak"] == {"current": 1, "kind": "drawn", "longest_won": 2}
    assert p["B"]["streak"] == {"current": 1, "kind": "drawn", "longest_won": 0}
    assert p["B"]["head_to_head"]["A"] == {"games": 3, "won": 0, "lost": 2}


def test_a_draw_moves_the_ratings_toward_each_other():
    # game 1: A beats B: A 1016, B 984. game 2, a draw: A scores 0.5 - E(1016, 984)
    #   = 0.5 - 0.546002 -> 32 * -0.046002 = -1.4721 -> 1014.53; B +1.47 -> 985.47
    p = players(compute([rec(1, "tauziehen", ["A", "B"], "A"),
                         rec(2, "tauziehen", ["A", "B"], None)]))
    assert p["A"]["games"]["tauziehen"]["rating"] == 1014.5
    assert p["B"]["games"]["tauziehen"]["rating"] == 985.5


@pytest.mark.timeout(20)
def test_aliases_that_point_at_each_other_end():
    p = players(compute([rec(1, "howruck", ["A", "C"], "A")], {"A": "B", "B": "A"}))
    assert p["A"]["won"] == 1 and p["C"]["played"] == 1


def test_a_winner_who_did_not_play_makes_the_game_a_draw():
    p = players(compute([rec(1, "howruck", ["A", "B"], "A"),
                         rec(2, "howruck", ["A", "B"], "Eve")]))
    assert "Eve" not in p
    assert p["A"]["streak"] == {"current": 1, "kind": "drawn", "longest_won": 1}
    assert p["B"]["streak"]["kind"] == "drawn"


def test_one_person_in_two_spellings_counts_once_under_the_spelling_used_most():
    """The same-person rule (stats/same_person.py), as the league and the results use it:
    case and the spaces between words aside, one name is one person, shown as spelled most
    often (of equal ones, the latest); a rename of one spelling renames them all."""
    games = [rec(1, "howruck", ["anna", "Bob"], "anna"),
             rec(2, "howruck", ["Anna", "Bob"], "Bob"),
             rec(3, "howruck", ["Anna ", "bob"], "Anna "),
             rec(4, "howruck", ["ANNA", "Bob  Lee"], "ANNA"),
             rec(5, "howruck", ["Anna", "Bob Lee"], "Bob Lee")]
    p = players(compute(games))
    assert set(p) == {"Anna", "Bob", "Bob Lee"}
    assert (p["Anna"]["played"], p["Anna"]["won"]) == (5, 3)
    assert p["Bob"]["played"] == 3 and p["Bob Lee"]["played"] == 2  # two of each: the latest
    renamed = players(compute(games, {"anna": "Anni"}))  # any spelling names the person
    assert "Anna" not in renamed and renamed["Anni"]["played"] == 5
    # an alias for the exact spelling comes first (a table's older data keeps its meaning)
    apart = players(compute(games, {"anna": "Anneke", "Anna": "Anni"}))
    assert apart["Anneke"]["played"] == 1 and apart["Anni"]["played"] == 4
