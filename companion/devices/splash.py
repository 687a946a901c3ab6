"""The start-up splash: "companion / Starting…" on the OLED within milliseconds of
`companion run`, before Pillow, luma, the command line's parser or the config's checks are
imported (issue 16: on a Pi Zero 2 W the panel stayed dark for most of a second).

How it can draw before the config is read and checked: the daemon, once it has read and
checked the config file and laid the page's settings over it, leaves a note in the data folder
(`display.json`, `remember`): the panel it opened (chip, bus, address, rotation, contrast,
column offset, language) and the sizes and times of the files that decided it. The next start
reads only that note (`show`), and draws only when those files are unchanged and nothing else
holds the data folder; anything unexpected (a first start, an edited config, an option it
does not know, a bus error) means no splash, and the daemon draws its first screen as before.

The splash sends luma's own set-up commands and the splash's page bytes, both worked out ahead
(`splash_frames.py`). The daemon's driver then adopts the panel as it stands (`Splash.adopt`:
no second set-up, no blank frame) and its first screen replaces the splash. A splash nobody
adopted (the start failed) switches the panel off at exit rather than say "Starting…" forever.
"""

from __future__ import annotations

import atexit
import json
import sys
import time
from pathlib import Path

from companion.atomic import write_atomically
from companion.datalock import DataDirBusy, DataLock
from companion.host import DEFAULT_CONFIG_PATH, default_data_dir, simulating

TYPE_CHECKING = False  # `typing` itself is one import more before the splash
if TYPE_CHECKING:
    from typing import Any

    from companion.config import Config

NOTE_NAME = "display.json"
SETTINGS_NAME = "settings.json"  # the page's settings (daemon/settings.py)
I2C_BLOCK = 32  # an SMBus block write carries at most this many bytes
DISPLAY_ON, DISPLAY_OFF, CONTRAST, PAGE_ADDRESSING = 0xAF, 0xAE, 0x81, (0x20, 0x02)
CONTROL_COMMAND, CONTROL_DATA = 0x00, 0x40
OPTIONS_WITH_VALUE = ("--config", "--data", "--host", "--port")


def run_options(argv: list[str]) -> dict[str, Any] | None:
    """What the splash needs from `companion run`'s arguments (`argv` after "run"): --config,
    --data, --simulate; None for anything else it does not know (argparse, which reads the
    command properly afterwards, decides then; the splash only stays away)."""
    options: dict[str, Any] = {"simulate": False}
    tokens = iter(argv)
    for token in tokens:
        name, has_value, value = token.partition("=")
        if name == "--simulate" and not has_value:
            options["simulate"] = True
        elif name in OPTIONS_WITH_VALUE:
            value = value if has_value else next(tokens, None)
            if not value or value.startswith("-"):
                return None
            options[name[2:]] = value
        else:
            return None
    return options


def _signature(path: Path | None) -> list[Any] | None:
    """What changes when a file is edited: its name, size and modification time."""
    if path is None:
        return None
    try:
        stat = path.stat()
    except OSError:
        return [str(path.absolute()), None]
    return [str(path.absolute()), stat.st_size, stat.st_mtime_ns]


def sources(config_path: Path | None, data_dir: Path, simulate: bool) -> dict[str, Any]:
    """Everything that decided the panel, as the note keeps it."""
    if config_path is None and DEFAULT_CONFIG_PATH.exists():
        config_path = DEFAULT_CONFIG_PATH
    return {"config": _signature(config_path), "settings": _signature(data_dir / SETTINGS_NAME),
            "simulate": simulate}


def panel_note(config: Config, lang: str, virtual: bool) -> dict[str, Any] | None:
    """The panel a daemon with `config` opens, as the note keeps it and a splash is drawn on
    (None: no panel for a splash: none, or luma's dummy)."""
    if config.display_type not in ("ssd1306", "sh1106"):
        return None
    return {"chip": config.display_type, "port": config.display_port,
            "address": config.display_address, "rotate": config.display_rotate,
            "contrast": config.display_contrast,
            "sh1106_column_offset": config.display_sh1106_column_offset,
            "lang": lang, "virtual": virtual}


def remember(data_dir: Path, decided_by: dict[str, Any], panel: dict[str, Any] | None) -> None:
    """Leave the note for the next start (the daemon calls this once started): `panel` is what
    it opened (None: no panel to show a splash on). Written only when it changed (an SD card
    is not rewritten at every start)."""
    path = data_dir / NOTE_NAME
    text = json.dumps({"sources": decided_by, "panel": panel}, sort_keys=True) + "\n"
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except OSError:
        pass
    write_atomically(path, text)


class Splash:
    """A splash on the panel, holding the data folder until the daemon takes both over."""

    def __init__(self, lock: DataLock, bus: Any, panel: dict[str, Any], pages: bytes) -> None:
        self.lock, self.bus, self.panel = lock, bus, panel
        self.pages = [pages[p * 128:(p + 1) * 128] for p in range(8)]
        self.lock_taken = self.panel_taken = False
        atexit.register(self.abandon)

    def take_lock(self) -> DataLock:
        """The daemon holds the data folder from here (it was held all along)."""
        self.lock_taken = True
        return self.lock

    def take_panel(self, panel: dict[str, Any] | None) -> tuple[Any, list[bytes] | None]:
        """The daemon's driver takes the panel as it stands if the splash was drawn for this
        very `panel` (`panel_note`): the bus (the virtual controller in simulation; None on
        a Pi, where the driver opens its own) and the pages it holds. Else the splash's
        panel is switched off now, before the daemon's display opens (later, its "off"
        would darken the daemon's first screen on the same panel): (None, None)."""
        if panel != self.panel:
            self.abandon()
            return None, None
        self.panel_taken = True
        if self.panel["virtual"]:
            return self.bus, self.pages
        self.bus.close()
        return None, self.pages

    def abandon(self) -> None:
        """What the daemon did not take: the panel is switched off, the data folder freed
        (at exit too: a failed start does not leave "Starting…" on the panel)."""
        if not self.panel_taken:
            self.panel_taken = True
            try:  # noqa: SIM105 (contextlib: one import more before the first frame)
                _send(self.bus, self.panel["address"], CONTROL_COMMAND, bytes([DISPLAY_OFF]))
            except OSError:
                pass
            if not self.panel["virtual"]:
                self.bus.close()
        if not self.lock_taken:
            self.lock_taken = True
            self.lock.release()


def _send(bus: Any, address: int, control: int, payload: bytes) -> None:
    for start in range(0, len(payload), I2C_BLOCK):
        bus.write_i2c_block_data(address, control, list(payload[start:start + I2C_BLOCK]))


PANEL_NUMBERS = {"port": range(11), "address": range(0x03, 0x78), "contrast": range(256),
                 "sh1106_column_offset": range(5)}


def _usable(panel: Any) -> bool:
    """A note's panel as the daemon writes it (the note is a file: it may have been edited)."""
    return isinstance(panel, dict) and panel.get("chip") in ("ssd1306", "sh1106") \
        and isinstance(panel.get("virtual"), bool) and all(
            type(panel.get(key)) is int and panel[key] in allowed
            for key, allowed in PANEL_NUMBERS.items())


def _open_bus(panel: dict[str, Any]) -> Any:
    if panel["virtual"]:
        from companion.devices.virtual_oled import VirtualOled
        return VirtualOled(panel["chip"], panel["address"])
    from smbus2 import SMBus  # what luma uses on a Pi
    return SMBus(panel["port"])


def _draw(bus: Any, panel: dict[str, Any], pages: bytes) -> None:
    """luma's set-up, our contrast, the splash page by page (page addressing on both chips),
    then the panel on."""
    from companion.devices.splash_frames import INIT
    address, chip = panel["address"], panel["chip"]
    setup = INIT[chip] + bytes([CONTRAST, panel["contrast"]])
    if chip == "ssd1306":
        setup += bytes(PAGE_ADDRESSING)  # luma sets horizontal addressing
    _send(bus, address, CONTROL_COMMAND, setup)
    column = panel["sh1106_column_offset"] if chip == "sh1106" else 0
    for page in range(8):
        _send(bus, address, CONTROL_COMMAND,
              bytes([0xB0 | page, column & 0x0F, 0x10 | column >> 4]))
        _send(bus, address, CONTROL_DATA, pages[page * 128:(page + 1) * 128])
    _send(bus, address, CONTROL_COMMAND, bytes([DISPLAY_ON]))


def show(argv: list[str]) -> Splash | None:
    """Draw the splash for `companion run` with these arguments, if the note allows (module
    docstring); never raises for anything the splash meets, the daemon's start says it."""
    options = run_options(argv)
    if options is None:
        return None
    data_dir = Path(options["data"]) if "data" in options else default_data_dir()
    config = Path(options["config"]) if "config" in options else None
    try:
        note = json.loads((data_dir / NOTE_NAME).read_text(encoding="utf-8"))
        panel = note["panel"]
        if not _usable(panel) or note["sources"] != sources(config, data_dir,
                                                   simulating(options["simulate"])):
            return None
        from companion.devices.splash_frames import PAGES
        pages = PAGES[(panel["lang"], panel["rotate"])]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    lock = DataLock(data_dir)
    try:
        lock.acquire()
    except (DataDirBusy, OSError):
        return None
    bus = None
    try:
        bus = _open_bus(panel)
        _draw(bus, panel, pages)
    except (OSError, KeyError, TypeError, ValueError, ImportError):
        if bus is not None and not panel["virtual"]:
            bus.close()
        lock.release()
        return None
    now = time.time()
    stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now))
    sys.stderr.write(f"{stamp},{int(now % 1 * 1000):03d} INFO first frame on the display"
                     " (the start-up splash)\n")
    return Splash(lock, bus, panel, pages)
