"""The legal actions as choice sets (companion/web/choices.py): exactly the core's set, and
small enough to send to every phone after every change, in states real games reach."""

from __future__ import annotations

import json
import random

import pytest

from companion.rules import get_core
from companion.web.choices import compact, expand

LIMIT = 16_384  # bytes of one /legal answer
PLAYERS = {"howruck": ["Anna", "Bert"], "laufrauf": ["red", "blue", "green", "yellow"],
           "tauziehen": ["Ida", "Jan"], "stramash": ["A", "B", "C", "D", "E", "F"]}


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def reachable_states(game: str, games: int, seed: int = 5):
    """Every state of a few random games: the tie-break (a race tie) and Fieser Trick turns
    come up in How Ruck!."""
    core = get_core(game)
    chooser = random.Random(seed)
    for n in range(games):
        state = core.new_game(PLAYERS[game], {}, n)
        for _ in range(400):
            if core.is_over(state):
                break
            legal = core.legal_actions(state)
            if not legal:
                break
            yield core, state, legal
            ties = [a for a in legal if a.get("tie")]
            action = ties[0] if ties and chooser.random() < 0.5 else chooser.choice(legal)
            state = core.apply(state, action).state


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_choice_sets_are_exactly_the_legal_actions_and_small(game):
    kinds = set()
    biggest = 0
    for _core, _state, legal in reachable_states(game, games=3):
        items = compact(legal)
        back = expand(items)
        assert len(back) == len(legal)
        assert sorted(map(key, back)) == sorted(map(key, legal))
        size = len(json.dumps({"choices": items}, ensure_ascii=False, separators=(",", ":")))
        biggest = max(biggest, size)
        assert size <= LIMIT, (game, legal[0]["type"], size)
        kinds |= {a["type"] for a in legal}
    if game == "howruck":
        assert {"tiebreak", "play", "action"} <= kinds
    assert biggest > 0


def test_the_tiebreak_and_fieser_trick_shrink_to_a_few_kilobytes():
    for _core, _state, legal in reachable_states("howruck", games=3):
        full = len(json.dumps({"actions": legal}, separators=(",", ":")))
        small = len(json.dumps({"choices": compact(legal)}, separators=(",", ":")))
        if legal[0]["type"] == "tiebreak":
            assert full > 200_000 and small < 6_000
            return
    pytest.fail("no tie-break reached")


def test_the_page_expands_the_choice_sets_to_the_same_actions(tmp_path):
    """The page's expandChoices (web/static/choices.js) in Chromium, on a tie-break and a
    How Ruck! turn with Fieser Trick: the core's set exactly."""
    import shutil

    from test_web_browser import CHROMIUM, FLAGS
    if not shutil.which(CHROMIUM):
        pytest.skip("no chromium")
    from playwright.sync_api import sync_playwright

    from companion.web import web_root
    wanted = {}
    for _core, _state, legal in reachable_states("howruck", games=3):
        kind = legal[0]["type"]
        if kind == "tiebreak" or any(a.get("card") == "fieser_trick" for a in legal):
            wanted.setdefault("tiebreak" if kind == "tiebreak" else "tug", legal)
    assert set(wanted) == {"tiebreak", "tug"}
    script = (web_root() / "static" / "choices.js").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.set_content("<html><body></body></html>")
        page.add_script_tag(content=script)
        for legal in wanted.values():
            back = page.evaluate("(items) => window.expandChoices(items)", compact(legal))
            assert sorted(map(key, back)) == sorted(map(key, legal))
        browser.close()
