"""The page's code stays easy to carry on: one module per game behind one registry, one
escaping helper, colours defined once (CSS custom properties the scripts read), one namespace
(`window.companion`) instead of globals. Read from the files the page ships."""

from __future__ import annotations

import re
from pathlib import Path

from companion.rules import GAMES

STATIC = Path(__file__).parent.parent / "web" / "static"
# The one global the page's scripts make: the namespace (the live stream's module is in it
# since live.js opens the page's stream itself).
ALLOWED_GLOBALS = {"companion"}


def scripts() -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in sorted(STATIC.glob("*.js"))}


def test_every_game_has_its_own_module_registered_in_the_one_registry():
    for game in GAMES:
        code = (STATIC / f"{game}.js").read_text("utf-8")
        assert f"companion.games.{game} = " in code, game
    # the page's shell knows no game: no phase, card or field of one
    for shell in ("app.js", "play.js", "tabs.js", "live.js", "choices.js", "pairing.js"):
        for word in ("howruck", "tiebreak", "teams", "barrel", "laufrauf", "stramash", "nessie"):
            assert word not in scripts()[shell].lower(), (shell, word)


def test_one_escaping_helper_and_markup_only_from_escaped_parts():
    code = scripts()
    escapers = [name for name, text in code.items() if re.search(r"replace\(/\[&<>", text)]
    assert escapers == ["core.js"]
    inner = [(name, line.strip()) for name, text in code.items()
             for line in text.splitlines() if "innerHTML" in line]
    # markup only from the board's drawing (which escapes every name): the Game tab's board
    # and the step-through view's
    assert ("play.js", '$("#board").innerHTML = companion.board(s, t);') in inner
    assert all(re.search(r"\.innerHTML = (window\.)?companion\.board\(\w+, t\);$", line)
               for _, line in inner), inner


def test_colours_are_defined_once_in_the_stylesheet_and_read_by_the_scripts():
    css = (STATIC / "app.css").read_text("utf-8")
    defined = set(re.findall(r"--([a-z0-9-]+):", css))
    for name, text in scripts().items():
        assert not re.findall(r"""["'`]#[0-9a-fA-F]{3,8}["'`]""", text), name
        for used in re.findall(r"""colour\(["']([a-z0-9-]+)["']\)""", text):
            assert used in defined, (name, used)


def test_one_namespace_instead_of_globals():
    found = {}
    for name, text in scripts().items():
        for glob in re.findall(r"window\.([A-Za-z_$][\w$]*)\s*=[^=]", text):
            found.setdefault(glob, []).append(name)
    assert set(found) <= ALLOWED_GLOBALS, found
