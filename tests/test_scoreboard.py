"""Each core's `view_score` (the scoreboard line Home Assistant shows) agrees with the rules'
own winner over random finished games: the winner leads (Stramash in pairs: the winning pair
holds the most)."""

from __future__ import annotations

import pytest

from companion.club.homeassistant import scoreboard, seat_labels
from companion.rules import GAMES
from companion.rules.randomplay import random_game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_winner_leads_the_scoreboard(name):
    core = GAMES[name]
    for seed in range(8):
        _, final = random_game(core, seed)
        view = {**core.view(final), "status": "over"}
        scores = core.view_score(view)
        assert set(scores) == set(view["players"])
        winners = core.winner(final)
        winners = winners if isinstance(winners, list) else [winners]
        best = max(scores.values())
        assert all(scores[w] == best for w in winners), (seed, scores, winners)
        assert best > 0
        board, said = scoreboard(view), seat_labels(view, "en")  # an unnamed colour: "Red"
        assert board["scores"] == {said[p]: n for p, n in scores.items()}
        assert board["winner"] == (said[view["winner"]] if isinstance(view["winner"], str)
                                   else [said[w] for w in view["winner"]])


def test_the_score_line_of_two_players_reads_like_the_display():
    core = GAMES["tauziehen"]
    _, final = random_game(core, 2, ["Ida", "Jan"])
    view = core.view(final)
    points = view["points"]
    assert scoreboard(view)["score"] == f"Ida {points['Ida']} : {points['Jan']} Jan"
    assert scoreboard(None) == {"title": "", "status": "none", "score": "", "scores": {}}
