"""Bytes on the I2C wire per score-ladder step over a real How Ruck! game: the golden
playthroughs replayed through the rule core, each accepted action's frame sent by the
changed-only driver and by stock luma on the same kind of recording bus."""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from pathlib import Path

from luma.core.interface.serial import i2c

from companion.bench import Result, benchmark, percentile
from companion.devices.oled import STOCK_DRIVERS, open_display
from companion.devices.virtual_oled import VirtualOled
from companion.rules import Refusal, get_core
from companion.screens import Scene, pick, render

# Real games: the golden playthroughs shipped with the tests, and the rulebook example.
ROOT = Path(__file__).resolve().parents[2]
GAMES = ("tests/playthroughs/howruck_full_game.jsonl",
         "tests/playthroughs/howruck_action_cards.jsonl", "examples/howruck-rulebook.jsonl")


def ladder_frames(path: Path, lang: str = "en") -> list:
    """(frame, is a ladder step) for the How Ruck! ladder screen after each accepted action
    of a replay file, in order (other screens, e.g. the game won, are left out). A ladder
    step is an action after which a contest was decided: the last contest line changed."""
    lines = [json.loads(line) for line in path.read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    header, actions = lines[0], lines[1:]
    core = get_core("howruck")
    state = core.new_game(header["players"], header.get("options") or {}, header.get("seed", 0))
    frames = []
    last = None
    for action in actions:
        try:
            state = core.apply(state, action).state
        except Refusal:
            continue
        scene = Scene(lang=lang, state=core.view(state))
        if pick(scene) == "howruck" and scene.state.get("phase") != "over":
            contest = scene.state.get("last_contest")
            frames.append((render(scene), contest is not None and contest != last))
            last = contest
    return frames


def _bytes_per_step(make, chip: str, frames: list) -> list[int]:
    """Bytes on the wire for each ladder step, every frame of the game sent in order."""
    bus = VirtualOled(chip)
    device = make(chip, bus)
    device.display(frames[0][0])
    counts = []
    for frame, step in frames[1:]:
        bus.reset_counters()
        device.display(frame)
        if step:
            counts.append(bus.bytes_on_wire)
    return counts


@benchmark("oled.wire_bytes.real_game")
def real_game(quick: bool) -> Iterator[Result]:
    games = [ladder_frames(ROOT / name) for name in GAMES if (ROOT / name).exists()]

    def changed_only(chip, bus):
        return open_display(chip, bus=bus)

    def stock(chip, bus):
        return STOCK_DRIVERS[chip](i2c(bus=bus))

    for chip in ("ssd1306", "sh1106"):
        ours = [n for frames in games for n in _bytes_per_step(changed_only, chip, frames)]
        theirs = [n for frames in games for n in _bytes_per_step(stock, chip, frames)]
        yield {"name": f"oled.wire_bytes.{chip}.real_game_ladder_step",
               "value": statistics.median(ours), "unit": "bytes",
               "median": statistics.median(ours), "p90": percentile(ours, 90),
               "mean": round(statistics.fmean(ours), 1), "steps": len(ours),
               "stock_luma": statistics.median(theirs), "games": len(games)}
