"""`companion doctor --offline`: whether a newly installed version can run, checked before
the installer switches over to it (install.sh) while the old one still serves."""

from __future__ import annotations

from collections.abc import Iterator

from companion.doctor import Finding
from companion.i18n.said import Said

# What a new installation must be able to load before the installer switches over to it.
PARTS = ("companion.daemon.run", "companion.daemon.table", "companion.devices.buttons",
         "companion.devices.oled", "companion.devices.serialbox", "companion.screens",
         "companion.web", "companion.web.api", "companion.club.publisher")


def check_installation() -> Iterator[Finding]:
    """Offline: every part loads, the page's files are there, each rule core plays a game.
    Touches no pin, display, port or database: the installer runs it on a new version while
    the old one still serves (see install.sh)."""
    import importlib

    for part in PARTS:
        try:
            importlib.import_module(part)
        except Exception as exc:  # any failure to load is the finding
            yield Finding("program", False, Said("doctor:part_broken", part=part,
                                                 error=repr(exc)), Said("doctor:reinstall"))
            return
    from companion.web import web_root
    missing = [name for name in ("templates/index.html", "static/app.js")
               if not (web_root() / name).is_file()]
    if missing:
        yield Finding("program", False, Said("doctor:page_missing", files=", ".join(missing)),
                      Said("doctor:reinstall"))
        return
    yield Finding("program", True, Said("doctor:parts_ok", n=len(PARTS)))
    from companion.rules import GAMES
    from companion.rules.randomplay import random_game
    for name, core in GAMES.items():
        try:
            random_game(core, 0)
        except Exception as exc:  # a rule core that raises is the finding
            yield Finding("rules", False, Said("doctor:game_broken", game=name, error=repr(exc)),
                          Said("doctor:reinstall"))
            return
    yield Finding("rules", True, Said("doctor:games_ok", games=", ".join(GAMES)))
