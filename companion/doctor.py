"""`companion doctor`: find what a set-up gets wrong, and say how to fix each thing.

Checks, in order: the config file; I2C switched on and the display answering at its
address; every configured pin free; the serial button box present and speaking the protocol;
the games database writable; the web port free. On a laptop (simulation) the pin and display
checks run against the mock pins and the virtual display, the rest for real.

The daemon itself holds the pins, the display and the port while it runs: stop the service
first (``sudo systemctl stop companion``) for a full check.
"""

from __future__ import annotations

import errno
import itertools
import os
import socket
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from companion import config as configuration
from companion.devices.serialbox import HELLO, PROTOCOL

STOP_SERVICE = "stop the running companion first: sudo systemctl stop companion"


@dataclass(frozen=True)
class Finding:
    check: str
    ok: bool
    message: str
    fix: str = ""


def check_i2c(config: configuration.Config, dev: Path = Path("/dev")) -> Iterator[Finding]:
    bus = dev / f"i2c-{config.display_port}"
    if bus.exists():
        yield Finding("i2c", True, f"I2C bus {config.display_port} is on ({bus})")
    else:
        yield Finding("i2c", False, f"no {bus}: I2C is switched off",
                      "sudo raspi-config nonint do_i2c 0, then reboot")


def check_display(config: configuration.Config,
                  open_bus: Callable[[int], Any]) -> Iterator[Finding]:
    """Ask the display at its address (and the other usual one) for an acknowledge."""
    try:
        bus = open_bus(config.display_port)
    except OSError as exc:
        yield Finding("display", False, f"cannot open I2C bus {config.display_port}: "
                      f"{exc.strerror or exc}", "add the user to the i2c group, or "
                      "switch I2C on: sudo raspi-config nonint do_i2c 0")
        return
    address = config.display_address
    if _acknowledges(bus, address):
        yield Finding("display", True, f"a display answers at 0x{address:02X}")
        return
    others = [a for a in (0x3C, 0x3D) if a != address and _acknowledges(bus, a)]
    if others:
        yield Finding("display", False, f"no display at 0x{address:02X}, but one answers at "
                      f"0x{others[0]:02X}", f"set [display] address = 0x{others[0]:02X}")
    else:
        yield Finding("display", False, f"no display answers at 0x{address:02X}",
                      "check the OLED wiring: SDA to pin 3, SCL to pin 5, VCC to 3.3 V "
                      "(pin 1), GND (pin 6); see wiring.md")


def _acknowledges(bus: Any, address: int) -> bool:
    try:
        bus.write_i2c_block_data(address, 0x00, [0xE3])  # the controllers' NOP command
        return True
    except OSError:
        return False


def check_pins(config: configuration.Config) -> Iterator[Finding]:
    """Claim every configured pin once; a pin taken elsewhere (or twice) is reported."""
    from gpiozero import DigitalInputDevice, DigitalOutputDevice
    from gpiozero.exc import GPIOPinInUse

    wanted: list[tuple[str, int, type]] = [
        *((f"player button {i + 1}", p, DigitalInputDevice)
          for i, p in enumerate(config.player_pins)),
        *((("OK button", config.ok_pin, DigitalInputDevice),) if config.ok_pin is not None
          else ()),
        *((f"LED {i + 1}", p, DigitalOutputDevice) for i, p in enumerate(config.led_pins)),
        *((("buzzer", config.buzzer_pin, DigitalOutputDevice),)
          if config.buzzer_pin is not None else ()),
    ]
    held = []
    try:
        for role, pin, kind in wanted:
            try:
                held.append(kind(pin))
            except GPIOPinInUse:
                yield Finding("pins", False, f"GPIO{pin} ({role}) is in use",
                              f"free it, choose another pin in the config, or {STOP_SERVICE}")
            except Exception as exc:  # lgpio: "GPIO busy", no permission, no gpiochip
                yield Finding("pins", False, f"GPIO{pin} ({role}): {exc}",
                              "add the user to the gpio group; " + STOP_SERVICE)
        if len(held) == len(wanted):
            yield Finding("pins", True, f"all {len(wanted)} pins free: " +
                          ", ".join(f"GPIO{pin}" for _, pin, _ in wanted))
    finally:
        for device in held:
            device.close()


def port_holders(port: str, proc: Path = Path("/proc")) -> list[tuple[int, str]]:
    """Other processes with `port` open, as (pid, name): ModemManager probing a new ttyACM
    holds the box's port this way."""
    target = os.path.realpath(port)
    holders = []
    for fd_dir in proc.glob("[0-9]*/fd"):
        pid = int(fd_dir.parent.name)
        if pid == os.getpid():
            continue
        try:
            links = [os.readlink(fd) for fd in fd_dir.iterdir()]
            if target in links:
                name = (fd_dir.parent / "comm").read_text().strip()
                holders.append((pid, name))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return sorted(holders)


def check_serial(config: configuration.Config, timeout_s: float = 2.0) -> Iterator[Finding]:
    """The box on its port; a failing check also names other processes holding the port."""
    if not config.serial_port:
        yield Finding("serial", True, "no serial button box configured")
        return
    for finding in _check_serial(config, timeout_s):
        holders = port_holders(config.serial_port) if not finding.ok else []
        if holders:
            named = ", ".join(f"{name} (pid {pid})" for pid, name in holders)
            finding = Finding(finding.check, False, f"{finding.message}; held by {named}",
                              "stop it (ModemManager: install hardware/99-companion-buttons."
                              "rules, which sets ID_MM_DEVICE_IGNORE, or sudo systemctl "
                              "disable --now ModemManager); then " + (finding.fix or "retry"))
        yield finding


def _check_serial(config: configuration.Config, timeout_s: float) -> Iterator[Finding]:
    import serial

    port = config.serial_port
    if not os.path.exists(port):
        yield Finding("serial", False, f"{port} does not exist: the button box is not plugged "
                      "in", "plug it in; install hardware/99-companion-buttons.rules for "
                      "/dev/companion-buttons")
        return
    try:
        link = serial.Serial(port, config.serial_baud, timeout=0.1)
    except (OSError, serial.SerialException) as exc:
        yield Finding("serial", False, f"cannot open {port}: {exc}",
                      "add the user to the dialout group; " + STOP_SERVICE)
        return
    try:
        link.write(b"HELLO?\n")
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            line = link.readline().decode("ascii", "replace").strip()
            if (m := HELLO.match(line)) and m.group(1) == PROTOCOL:
                yield Finding("serial", True, f"button box on {port}: {line}")
                return
    except (OSError, serial.SerialException) as exc:
        yield Finding("serial", False, f"{port} failed while talking: {exc}", "replug the box")
        return
    finally:
        link.close()
    yield Finding("serial", False, f"{port} does not speak the button box protocol",
                  "flash hardware/buttonbox/main.py onto the Pico (hardware/buttonbox/README.md)")


def check_database(data_dir: Path) -> Iterator[Finding]:
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=data_dir, prefix=".doctor-") as probe:
            probe.write(b"ok")
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as exc:
        yield Finding("database", False, f"cannot write the games database in {data_dir}: "
                      f"{exc.strerror or exc}", "give the companion user that directory "
                      "(the service's StateDirectory does), or pass --data DIR")
        return
    yield Finding("database", True, f"games database directory writable: {data_dir}")


def check_web_port(config: configuration.Config) -> Iterator[Finding]:
    family = socket.AF_INET6 if ":" in config.web_host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((config.web_host, config.web_port))
        except OSError as exc:
            why = "in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
            yield Finding("web", False, f"web port {config.web_port} on {config.web_host}: "
                          f"{why}", f"set [web] port to a free one, or {STOP_SERVICE}")
            return
    yield Finding("web", True, f"web port {config.web_port} is free")


def diagnose(config: configuration.Config, data_dir: Path, simulate: bool,
             open_bus: Callable[[int], Any] | None = None) -> Iterator[Finding]:
    if config.display_type == "none":
        yield Finding("display", True, "no display configured")
    elif config.display_type == "dummy":
        yield Finding("display", True, "luma's dummy display: frames only on the phone page")
    elif simulate and open_bus is None:
        yield Finding("display", True, "simulation: the display is virtual")
    else:
        if open_bus is None:
            yield from check_i2c(config)
        yield from check_display(config, open_bus or _smbus)
    yield from check_pins(config)
    yield from check_serial(config)
    yield from check_database(data_dir)
    yield from check_web_port(config)
    yield from check_network(config, simulate)
    from companion.club.doctor import check_mqtt
    yield from check_mqtt(config, data_dir)


def check_network(config: configuration.Config, simulate: bool) -> Iterator[Finding]:
    """The network phones reach the table on, and the box's own Wi-Fi (companion/network/)."""
    from companion.network.nmcli import Nmcli, NmcliError

    if config.wifi_hotspot == "off":
        yield Finding("wifi", True, "own Wi-Fi off ([wifi] hotspot = \"off\"): phones must "
                      "be on the Pi's network")
        return
    program = os.environ.get("COMPANION_NMCLI")
    if simulate and not program:
        yield Finding("wifi", True, "simulation: this computer's network is left alone")
        return
    nm = Nmcli(program or "nmcli")
    try:
        device = nm.wifi_device()
        if device is None:
            yield Finding("wifi", config.wifi_hotspot == "auto", "no Wi-Fi interface",
                          "phones need the Pi's network (a cable), or a Pi with Wi-Fi")
            return
        if nm.hotspot_up():
            joined = nm.joined(device)
            yield Finding("wifi", True, f"the box's own Wi-Fi is up on {device} "
                          f"({joined} phone(s) joined): phones scan the Wi-Fi QR code on the "
                          "display")
            return
        network = nm.connected()
    except NmcliError as exc:
        yield Finding("wifi", False, str(exc), "install NetworkManager (Raspberry Pi OS "
                      "Bookworm has it), or set [wifi] hotspot = \"off\"")
        return
    if network:
        yield Finding("wifi", True, f"on the network {network!r}: phones join that one"
                      + (" (hotspot = \"always\": the box opens its own when it starts)"
                         if config.wifi_hotspot == "always" else ""))
    else:
        yield Finding("wifi", True, f"no network connected on {device}: the companion opens "
                      "its own Wi-Fi 20 s after it starts (hold OK while it starts to open it "
                      "at once)")


# What a new installation must be able to load before the installer switches over to it.
PARTS = ("companion.daemon", "companion.daemon.table", "companion.devices.buttons",
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
            yield Finding("program", False, f"{part} does not load: {exc!r}",
                          "reinstall: sudo ./install.sh (the previous version stays)")
            return
    from companion.web import web_root
    missing = [name for name in ("templates/index.html", "static/app.js")
               if not (web_root() / name).is_file()]
    if missing:
        yield Finding("program", False, f"the phone page's files are missing: {missing}",
                      "reinstall: sudo ./install.sh")
        return
    yield Finding("program", True, f"every part loads ({len(PARTS)}), the page's files are there")
    from companion.rules import GAMES
    from companion.rules.randomplay import random_game
    for name, core in GAMES.items():
        try:
            random_game(core, 0)
        except Exception as exc:  # a rule core that raises is the finding
            yield Finding("rules", False, f"{name} cannot play a game: {exc!r}",
                          "reinstall: sudo ./install.sh")
            return
    yield Finding("rules", True, f"each game plays a whole game ({', '.join(GAMES)})")


def _smbus(port: int) -> Any:
    import smbus2
    return smbus2.SMBus(port)


def main(config_path: Path | None, data_dir: Path | None, simulate: bool, out: TextIO,
         buttons_wait_s: float | None = None, offline: bool = False) -> int:
    from companion.sessions.store import default_data_dir

    try:
        config = configuration.load(config_path)
    except configuration.ConfigError as err:
        out.write(f"✗ config: {err}\n  fix: correct that key (examples/config.toml lists "
                  "them all)\n")
        return 1
    out.write(f"✓ config: {config.source}\n")
    problems = 0
    if offline:
        findings: Iterator[Finding] = check_installation()
    else:
        if simulate:
            from companion.daemon import use_mock_pins
            use_mock_pins()
            out.write("  (simulation: mock pins, virtual display)\n")
        findings = diagnose(config, data_dir or default_data_dir(), simulate)
    if buttons_wait_s is not None:
        from companion.doctor_buttons import check_buttons

        def ask(request: str) -> None:
            out.write(f"→ {request}\n")
            out.flush()

        findings = itertools.chain(findings, check_buttons(config, buttons_wait_s, ask))
    for finding in findings:
        mark = "✓" if finding.ok else "✗"
        out.write(f"{mark} {finding.check}: {finding.message}\n")
        if not finding.ok:
            problems += 1
            out.write(f"  fix: {finding.fix}\n")
    out.write("all good\n" if not problems else f"{problems} problem(s) found\n")
    return 0 if not problems else 1
