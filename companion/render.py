"""`companion render SCREEN --state FILE --out PNG`: any OLED screen as a picture for people.

SCREEN is a game (`howruck`, `laufrauf`, `tauziehen`, `stramash`), `race`, `pairing`, `wifi`
(the box's own Wi-Fi while phones join it), `stopped`, or one of the notices
(screens/common.py, NOTICES): `box_gone`, `box_back` (the button box pulled out, plugged in
again: shown for a while, daemon/links.py) and `offline` (no network: said instead of a
pairing QR code no phone could use, daemon/reach.py). FILE holds what that screen draws from
(`stopped` and the notices draw from nothing):
- for a game: its public state (a JSON object, or the `{"final": ...}` line `companion replay`
  prints), or a whole game file (JSON Lines) or a saved history (`GET /api/games/N/history`:
  one object with "header" and "actions"), played to its end first as `companion replay`
  plays it (replay.py reads both, and numbers their lines);
- for `race`: the race view (`{"phase": "decided", "decision": {...}}`);
- for `pairing`: `{"url": ..., "pin": ...}`;
- for `wifi`: `{"ssid": ..., "password": ..., "qr": ...}`, each optional (no "qr": no code).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, TextIO

from PIL import Image

from companion.i18n.said import Said, complaint, os_error
from companion.replay import QuietTeller, ReplayInputError, game_rows, history_rows, play
from companion.rules import GAMES
from companion.rules.base import shown
from companion.screens import GAME_SCREENS, SCREEN_NAMES, Scene, draw, pick
from companion.screens.common import NOTICES

SCREENS = (*SCREEN_NAMES, *NOTICES)  # what SCREEN names: a notice by its kind


class RenderError(Exception):
    """What is wrong with the input (`said`, translatable)."""

    def __init__(self, said: Said) -> None:
        super().__init__(str(said))
        self.said = said


def load_state(path: Path, lang: str = "en") -> dict[str, Any]:
    """What a screen draws from, read from `path` (the module docstring): a game's state as
    it is, a game file or saved history played to its end as `companion replay` plays it
    (its lines numbered as that command numbers them)."""
    def bad(problem: Said) -> RenderError:
        return RenderError(Said("cli:in_file", file=str(path), problem=problem))

    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except OSError as exc:
        raise RenderError(Said("cli:cannot_read", file=str(path),
                               error=os_error(exc))) from exc
    except UnicodeDecodeError:
        raise bad(Said("cli:not_utf8")) from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        data = None  # a game file: a header, then one action a line
    if data is not None and not isinstance(data, dict):
        raise bad(Said("cli:not_object"))
    if isinstance(data, dict) and isinstance(data.get("final"), dict):
        return data["final"]  # the last line `companion replay` prints
    if isinstance(data, dict) and "header" in data:  # no game's state has one: a history
        rows = history_rows(data)
    elif data is None or (data.get("game") in GAMES and "turn" not in data):  # a header
        rows = game_rows(io.BytesIO(raw))  # (alone, a game file of no action yet)
    else:
        return data
    try:
        view = play(rows, QuietTeller(), lang)
    except ReplayInputError as exc:
        raise bad(exc.said) from None
    if view is None:
        raise bad(Said("cli:no_header"))
    return view


def scene_for(screen: str, data: dict[str, Any], lang: str) -> Scene:
    if screen == "race":
        return Scene(lang=lang, race=data)
    if screen == "pairing":
        return Scene(lang=lang, pairing=data, show_pairing=True)
    if screen == "stopped":
        return Scene(lang=lang, stopped=True)
    if screen in NOTICES:
        return Scene(lang=lang, notice=screen)
    if screen == "wifi":  # the box's own access point (a file need not say so)
        return Scene(lang=lang, wifi={"mode": "ap", **data}, show_pairing=True)
    return Scene(lang=lang, state=data)


def render_file(screen: str, state: Path | None, out: Path, lang: str, scale: int,
                err: TextIO) -> int:
    if screen not in SCREENS:
        said = Said("cli:unknown_screen", screen=screen, known=", ".join(SCREENS))
        err.write(f"{complaint('companion render', said, lang)}\n")
        return 2
    try:
        data = load_state(state, lang) if state is not None else {}
    except RenderError as exc:
        err.write(f"{complaint('companion render', exc.said, lang)}\n")
        return 2
    if screen in GAME_SCREENS:  # a state without its game is taken as this screen's
        game = data.setdefault("game", screen)
        if game != screen:  # else the screen the state's own game has would be drawn
            said = Said("cli:state_of_other_game", screen=screen, game=shown(game))
            err.write(f"{complaint('companion render', said, lang)}\n")
            return 2
    scene = scene_for(screen, data, lang)
    drawn = "notice" if screen in NOTICES else screen  # a notice of either kind
    if pick(scene) != drawn:  # e.g. `race` over a game file: the pairing screen instead
        said = Said("cli:nothing_for_screen", file=str(state), screen=screen) \
            if state is not None else Said("cli:screen_needs_state", screen=screen)
        err.write(f"{complaint('companion render', said, lang)}\n")
        return 2
    canvas = draw(scene)
    big = canvas.image.resize((canvas.image.width * scale, canvas.image.height * scale),
                              Image.Resampling.NEAREST)
    # lit pixels white on a dark grey panel, like the real thing
    picture = big.convert("L").point(lambda v: 255 if v else 24)
    try:
        picture.save(out, format="PNG")
    except OSError as exc:
        said = Said("cli:cannot_write", file=str(out), error=os_error(exc))
        err.write(f"{complaint('companion render', said, lang)}\n")
        return 2
    for overflow in canvas.overflows:
        cut = Said("cli:text_cut", text=overflow.text)
        err.write(f"{complaint('companion render', cut, lang)}\n")
    return 0
