"""The History tab says each move as `companion replay --text` tells it (headless Chromium
under the page's own CSP): a whole seeded game of each game, entered through the real
daemon over HTTP, and its file as the page offers it (/api/games/N/actions.jsonl) told by
the real command; in every language the page speaks, switched to on the page (the history
drawn again there)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from browser_helpers import accepted, choose_language, phone, until
from web_helpers import Client, play_through

from companion.i18n import sentence
from companion.i18n.said import Said

GAMES = {  # a game's players (and the people playing Lauf Rauf!'s colours) and its seed
    "howruck": (["Ann", "Émile"], None, 5),
    "laufrauf": (["red", "blue", "green"], {"red": "Anna", "green": "Yves"}, 2),
    "tauziehen": (["Ida", "Jan"], None, 3),
    "stramash": (["Ann", "Bob", "Cat", "Dan"], None, 4),
    # a golden game too: every kind of Stramash play (a 7 split, the Bonnie Fechter, castles)
    "stramash_pairs_game.jsonl": None,
}
OPTIONS = {"stramash": {"pairs": True}}


def entered(client: Client, case: str) -> tuple[int, dict | None]:
    """The case's game started and played through the API, as the page does: its id and the
    people playing Lauf Rauf!'s colours."""
    if GAMES[case] is not None:
        players, names, seed = GAMES[case]
        return play_through(client, case, seed, players, names, OPTIONS.get(case))[0], names
    header, done, _ = accepted(case)
    status, view, _ = client.post("/api/games", {k: header[k] for k in (
        "game", "players", "options", "seed")})
    assert status == 201, view
    for action in done:
        status, answer, _ = client.post(f"/api/games/{view['id']}/actions", action)
        assert status == 200, answer
    return view["id"], header.get("names")


def told(path, lang: str) -> list[str]:
    """What `companion replay --text` says each action did, in `lang`: each accepted line
    without its line number (which begins the line with a capital, "Regel 2: …")."""
    result = subprocess.run([sys.executable, "-m", "companion", "replay", str(path), "--text",
                             "--lang", lang], capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr.decode()
    said = []
    for number, line in enumerate(result.stdout.decode().splitlines()[1:-1], start=2):
        prefix = sentence(Said("cli:replay_accepted", line=number, what="").text(lang))
        assert line.startswith(prefix), line
        said.append(line[len(prefix):])
    return said


def full(part: str) -> str:
    """A history line's sentence as the replay ends it (the page's have no full stop; the
    page marks a card's How Ruck imprint ✶ as its board does, the replay "(How Ruck)")."""
    part = part.replace(" ✶", " (How Ruck)")
    return part if part.endswith((".", "!", "?", "…")) else f"{part}."


@pytest.mark.parametrize("case", sorted(GAMES))
def test_each_history_line_says_the_move_as_companion_replay_does(browser, daemon, tmp_path,
                                                                  case):
    from companion.rules import get_core
    from companion.screens.sentences import state_sentence

    client = Client(daemon.web.port)
    client.pair(daemon)
    game_id, names = entered(client, case)
    status, body, _ = client.exchange("GET", f"/api/games/{game_id}/actions.jsonl")
    assert status == 200
    path = tmp_path / "game.jsonl"
    path.write_bytes(body)
    header, *actions = [json.loads(x) for x in body.decode().splitlines()]
    core = get_core(header["game"])
    state = core.new_game(header["players"], header["options"], header["seed"])
    views = []  # the game after each action, as the replay's state sentence says it
    for action in actions:
        state = core.apply(state, action).state
        views.append({**core.view(state), **({"names": names} if names else {})})

    page = phone(browser, daemon)
    until(page, f"window.companion.state && window.companion.state.actions === {len(actions)}")
    page.click("nav [data-tab=history]")
    for lang in ("de", "nl", "fr", "en"):
        if lang != "de":
            choose_language(page, lang)
        until(page, f"document.querySelectorAll('#history-list li').length === {len(actions)}")
        lines = page.locator("#history-list li").all_text_contents()
        replayed = told(path, lang)
        assert len(replayed) == len(lines) == len(actions)
        for k, (line, what, view) in enumerate(zip(lines, replayed, views, strict=True)):
            said = " ".join(full(part) for part in line.split(" — "))
            state = state_sentence(view, lang)  # what the replay says after (none: game over)
            assert what in (said, f"{said} {full(state or '')}"), (k, lang, line, what)
