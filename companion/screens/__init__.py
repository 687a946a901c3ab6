"""Screens: pure functions from what the table knows (a `Scene`) to a 128×64 one-bit image.

No I/O, no clock: the same scene always draws the same pixels, so screens are checked against
reference PNGs and `companion render` can draw any of them from a state file.

Which screen shows (`pick`): "stopped" after shut-down; a notice about the table's parts (the
button box pulled out: daemon/links.py shows it for a few seconds at a time); the race while
one runs or was just decided; the pairing screen (QR code, PIN, game name) when no game is
on or pairing is asked for (the box's own Wi-Fi's QR code instead, while no phone has joined
it; "No network" instead, while no phone could reach the box); else what just happened (a
banner, for a few seconds), or the current game's own screen.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from companion.screens import banner, common
from companion.screens.canvas import Canvas

GameScreen = Callable[[Canvas, dict[str, Any], str], None]
# each game's screen is its module here, imported when first drawn: the first frame (the
# pairing screen) does not wait for four games' drawing code
GAME_SCREENS = ("howruck", "laufrauf", "tauziehen", "stramash")
SCREEN_NAMES = ("pairing", "wifi", "race", "stopped", *GAME_SCREENS)


@dataclass(frozen=True)
class Scene:
    """Everything a frame depends on. Two equal scenes draw identical frames."""

    lang: str = "en"
    state: dict[str, Any] | None = None  # the current game's public view (has "game")
    race: dict[str, Any] | None = None  # the race view published by the table
    pairing: dict[str, Any] | None = None  # {"url": ..., "pin": ... or None}
    banner: dict[str, Any] | None = None  # what just happened (an announcement), for a while
    show_pairing: bool = False
    stopped: bool = False
    wifi: dict[str, Any] | None = None  # the box's own access point, while it is up
    notice: str | None = None  # a part of the table is gone ("box_gone") or back, for a while


def pick(scene: Scene) -> str:
    """The name of the screen this scene shows."""
    if scene.stopped:
        return "stopped"
    if scene.notice in common.NOTICES:
        return "notice"
    if scene.race and scene.race.get("phase") in ("countdown", "running", "decided"):
        return "race"
    state = scene.state
    if scene.show_pairing or not state or state.get("game") not in GAME_SCREENS:
        wifi = scene.wifi or {}  # on its own Wi-Fi, phones join that first
        if wifi.get("mode") == "ap" and not wifi.get("joined"):
            return "wifi"
        # no network: a QR code no phone could use gives way to saying so (daemon/reach.py)
        return "offline" if (scene.pairing or {}).get("offline") else "pairing"
    return state["game"]


def draw(scene: Scene) -> Canvas:
    """Draw the scene; the canvas also lists any text that had to be cut."""
    canvas = Canvas()
    name = pick(scene)
    if name == "stopped":
        common.stopped(canvas, scene.lang)
    elif name == "notice":
        common.notice(canvas, scene.notice or "", scene.lang)
    elif name == "offline":
        common.notice(canvas, "offline", scene.lang)
    elif name == "race":
        common.race(canvas, scene.race or {}, scene.lang)
    elif name == "wifi":
        common.wifi(canvas, scene.wifi or {}, scene.lang)
    elif name == "pairing":
        common.pairing(canvas, scene.pairing or {}, scene.state, scene.lang)
    elif scene.banner:
        banner.draw(canvas, scene.banner, scene.lang, (scene.state or {}).get("names"))
    else:
        game_screen(name)(canvas, scene.state or {}, scene.lang)
    return canvas


def game_screen(game: str) -> GameScreen:
    """The drawing function of one of `GAME_SCREENS`."""
    return importlib.import_module(f"companion.screens.{game}").draw


def render(scene: Scene) -> Image.Image:
    """The frame for a scene, a mode "1" 128×64 image."""
    return draw(scene).image
