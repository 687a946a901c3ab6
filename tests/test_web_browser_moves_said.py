"""What a move's button says, in Chromium in German: what the move does on the table, in the
table's own words (the laddies and figures it sends back, pushes or brings in), checked
against the core's own result for real positions of the golden games."""

from __future__ import annotations

from browser_helpers import accepted, part_words, phone, seated_at, shot, until


def test_stramash_results_say_what_a_play_does_in_the_tables_words(browser, daemon):
    """Every result of every 10th position of a whole pairs game, as the page names it: a
    laddie moves by the card's count (a 7 by its split), a laddie comes in from the dock
    onto the start square, a laddie landed on goes back to its dock or, a partner, to its
    castle entry; never a square's number, which the table's board does not have."""
    from companion.rules import get_core
    core = get_core("stramash")
    header, done, _ = accepted("stramash_pairs_game.jsonl")
    state = core.new_game(header["players"], header["options"], header["seed"])
    cases = []
    for k, action in enumerate(done):
        if k % 10 == 0:
            cases += [(r, core.view(state)) for r in core.play_results(
                state, core.legal_actions(state))]
        state = core.apply(state, action).state
    page = phone(browser, daemon)
    part_words(page, "stramash")  # its words, as a Stramash game shown brings them
    page.add_script_tag(url="/static/stramash.js")  # as the page loads it for such a game
    said = page.evaluate("(cases) => cases.map(([r, s]) => "
                         "window.companion.games.stramash.result(r, s, window.companion.t))",
                         cases)
    count = {"A": 1, "J": 10, "Q": 10, "K": 10}
    kinds = set()
    for (result, view), text in zip(cases, said, strict=True):
        action, mover = result["action"], view["moving_for"][result["action"]["player"]]
        steps = dict(action.get("split") or [(action.get("laddie"), None)])
        for player, laddie, src, dst in result["moves"]:
            if player != mover:
                kinds.add("sent")
                assert (f"Laddie {laddie + 1} von {player}: " + (
                    "zurück ins Dock" if dst == "dock" else "auf das Burgeingangsfeld")) in text
            elif src == "dock":
                kinds.add("in")
                assert "Neuer Laddie" in text and (action["card"] == "joker"
                                                   or "Neuer Laddie aufs Startfeld" in text)
            elif "castle" in dst:
                assert f"Laddie {laddie + 1}: " in text and "Burg, Feld" in text
            elif action["card"] == "8":
                kinds.add("back")
                assert f"Laddie {laddie + 1}: 8 zurück" in text
            elif action["card"] != "joker":
                kinds.add("forward")
                n = steps[laddie] or count.get(action["card"]) or int(action["card"])
                assert f"Laddie {laddie + 1}: {n} vor" in text
        assert "#" not in text and "Dock →" not in text
    assert kinds == {"sent", "in", "back", "forward"}  # each kind of sentence was read


def _strikes(core, state) -> list:
    return [a for a in core.legal_actions(state) if a["type"] == "move" and a["move"] == "strike"]


def _pushes(core, state) -> bool:
    return any(to != "base" for r in core.play_results(state, core.legal_actions(state))
               for _, _, _, to in r["moves"][1:])


DE = {"red": "rot", "blue": "blau", "green": "grün", "yellow": "gelb"}


def _others_said(page, core, state) -> list[dict]:
    """Each move's button names every figure its move sends back or pushes on, as the core's
    result says, and no button names more than that; the results."""
    until(page, "window.companion.t('lr_to_base') !== 'lr_to_base'")  # the German catalog
    results = core.play_results(state, core.legal_actions(state))
    buttons = page.locator("#choices button.lr-move").all_inner_texts()
    assert len(buttons) == len(results)
    said = []
    for result in results:
        a = result["action"]
        word = page.evaluate(f"window.companion.t('lr_{a['move']}')")
        mine = [b for b in buttons if b.startswith(f"{DE[a['player']]} {a['figure'] + 1}: {word}")]
        others = [f"{DE[p]} {f + 1} zurück ins Basislager" if to == "base" else
                  f"schiebt {DE[p]} {f + 1} weiter" for p, f, _, to in result["moves"][1:]]
        assert any(all(o in b for o in others) for b in mine), (others, mine)
        said += others
    count = sum(b.count("zurück ins Basislager") + b.count("schiebt ") for b in buttons)
    assert count == len(said) > 0
    return results


def test_lauf_rauf_a_move_names_whom_it_strikes_or_pushes_and_the_history_whom_it_pushed(
        browser, daemon):
    """The golden game's first position with a strike on offer, and its first with a push:
    each move's button names the figures it sends back to base camp or pushes on; once a
    push is played, the history's line says whom it pushed."""
    from companion.rules import get_core
    core = get_core("laufrauf")
    header, done, state = accepted("laufrauf_full_game.jsonl", _strikes)
    _others_said(seated_at(browser, daemon, "laufrauf", header, done), core, state)
    header, done, state = accepted("laufrauf_full_game.jsonl", _pushes)
    page = seated_at(browser, daemon, "laufrauf", header, done)
    push = next(r for r in _others_said(page, core, state)
                if any(to != "base" for *_, to in r["moves"][1:]))
    player, figure, _, _ = next(m for m in push["moves"][1:] if m[3] != "base")
    pushed = f"schiebt {DE[player]} {figure + 1} weiter"
    page.get_by_role("button", name=pushed, exact=False).first.click()
    until(page, f"window.companion.state.actions === {len(done) + 1}")
    page.click("nav [data-tab=history]")
    page.wait_for_selector("#history-list li")
    lines = page.locator("#history-list li").all_inner_texts()
    assert f"Figur {figure + 1} von {DE[player].capitalize()} wird weitergeschoben" in lines[-1]
    assert "Blau gibt die Würfel weiter" in lines  # every line says who (it said only what)
    shot(page, "22-laufrauf-push-said")


def test_lauf_rauf_must_run_is_said_only_when_no_throw_is_left(browser, daemon):
    """"Laufzwang" is for the last throw (shared/rules/laufrauf.md, turn 4): at throw 1 of 3
    the player may still throw again, so the prompt does not say it yet."""
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"])["id"]
    for action in ({"type": "roll", "player": "red", "dice": [6, 4]},
                   {"type": "move", "player": "red", "move": "start", "figure": 0},
                   {"type": "roll", "player": "blue", "dice": [1, 2]},
                   {"type": "pass", "player": "blue"},
                   {"type": "roll", "player": "red", "dice": [1, 2]}):
        daemon.hub.call(daemon.table.apply, game, action)
    assert daemon.hub.call(daemon.table.view)["must_run"]  # only a run: no pass now
    page = phone(browser, daemon)
    until(page, "window.companion.state && window.companion.state.actions === 5"
                " && window.companion.t('lr_must_run') !== 'lr_must_run'")
    assert page.inner_text("#prompt") == "Rot ist am Zug · Wurf 1 von 3"
    for _ in range(2):
        daemon.hub.call(daemon.table.apply, game, {"type": "roll", "player": "red",
                                                   "dice": [1, 2]})
    until(page, "window.companion.state.actions === 7")
    assert page.inner_text("#prompt") == "Rot ist am Zug · Wurf 3 von 3 · Laufzwang"
