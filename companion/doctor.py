"""`companion doctor`: find what a set-up gets wrong, and say how to fix each thing.

Checks, in order: the config file; I2C switched on and the display answering at its
address; every configured pin free; the serial button box present and speaking the protocol;
the games database writable; the web port free. On a laptop (simulation) the pin and display
checks run against the mock pins and the virtual display, the rest for real.

The daemon itself holds the pins, the display and the port while it runs: a companion
running on the same data folder is said first, with how to stop it (doctor_data.py,
stop_advice.py), and the fixes of what it holds say the same.
"""

from __future__ import annotations

import errno
import itertools
import os
import tempfile
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from companion import config as configuration
from companion.devices.serialbox import HELLO, PROTOCOL
from companion.i18n.catalogs import terminal_language
from companion.i18n.said import Said, os_error, say
from companion.stop_advice import STOP_SERVICE


@dataclass(frozen=True)
class Finding:
    """One thing checked. `message` and `fix` are English (`Said`: shown in the reader's
    language by `main`)."""
    check: str
    ok: bool
    message: str
    fix: str = ""


def check_i2c(config: configuration.Config, dev: Path = Path("/dev")) -> Iterator[Finding]:
    bus = dev / f"i2c-{config.display_port}"
    if bus.exists():
        yield Finding("i2c", True, Said("doctor:i2c_on", port=config.display_port, bus=str(bus)))
    else:
        yield Finding("i2c", False, Said("doctor:i2c_off", bus=str(bus)),
                      Said("doctor:i2c_off_fix"))


def check_display(config: configuration.Config,
                  open_bus: Callable[[int], Any]) -> Iterator[Finding]:
    """Ask the display at its address (and the other usual one) for an acknowledge."""
    try:
        bus = open_bus(config.display_port)
    except OSError as exc:
        yield Finding("display", False, Said("doctor:i2c_cannot_open", port=config.display_port,
                                             error=os_error(exc)),
                      Said("doctor:i2c_cannot_open_fix"))
        return
    address = config.display_address
    if _acknowledges(bus, address):
        yield Finding("display", True, Said("doctor:display_answers", address=f"0x{address:02X}"))
        return
    others = [a for a in (0x3C, 0x3D) if a != address and _acknowledges(bus, a)]
    if others:
        other = f"0x{others[0]:02X}"
        yield Finding("display", False, Said("doctor:display_elsewhere",
                                             address=f"0x{address:02X}", other=other),
                      Said("doctor:display_elsewhere_fix", other=other))
    else:
        yield Finding("display", False, Said("doctor:display_silent", address=f"0x{address:02X}"),
                      Said("doctor:display_silent_fix"))


def _acknowledges(bus: Any, address: int) -> bool:
    try:
        bus.write_i2c_block_data(address, 0x00, [0xE3])  # the controllers' NOP command
        return True
    except OSError:
        return False


def check_pins(config: configuration.Config, stop: str = STOP_SERVICE,
               simulate: bool = False) -> Iterator[Finding]:
    """Claim every configured pin once; a pin taken elsewhere (or twice) is reported. In
    simulation also the mock pins of the seats the config has no button for, as
    `companion run --simulate` claims them."""
    from gpiozero import DigitalInputDevice, DigitalOutputDevice
    from gpiozero.exc import GPIOPinInUse

    player_pins = config.player_pins
    if simulate:
        from companion.rules import MOST_PLAYERS
        player_pins = configuration.simulated_player_pins(config, MOST_PLAYERS)
    wanted: list[tuple[str, int, type]] = [
        *((Said("doctor:role_player", n=i + 1), p, DigitalInputDevice)
          for i, p in enumerate(player_pins)),
        *(((Said("doctor:role_ok"), config.ok_pin, DigitalInputDevice),)
          if config.ok_pin is not None else ()),
        *((Said("doctor:role_led", n=i + 1), p, DigitalOutputDevice)
          for i, p in enumerate(config.led_pins)),
        *(((Said("doctor:role_buzzer"), config.buzzer_pin, DigitalOutputDevice),)
          if config.buzzer_pin is not None else ()),
    ]
    held = []
    try:
        for role, pin, kind in wanted:
            try:
                held.append(kind(pin))
            except GPIOPinInUse:
                yield Finding("pins", False, Said("doctor:pin_in_use", pin=pin, role=role),
                              Said("doctor:pin_in_use_fix", stop=stop))
            except Exception as exc:  # lgpio: "GPIO busy", no permission, no gpiochip
                yield Finding("pins", False, Said("doctor:pin_error", pin=pin, role=role,
                                                  error=str(exc)),
                              Said("doctor:pin_error_fix", stop=stop))
        if len(held) == len(wanted):
            yield Finding("pins", True, Said("doctor:pins_free", n=len(wanted), pins=", ".join(
                f"GPIO{pin}" for _, pin, _ in wanted)))
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


def check_serial(config: configuration.Config, timeout_s: float = 2.0,
                 stop: str = STOP_SERVICE) -> Iterator[Finding]:
    """The box on its port; a failing check also names other processes holding the port."""
    if not config.serial_port:
        yield Finding("serial", True, Said("doctor:serial_none"))
        return
    for finding in _check_serial(config, timeout_s, stop):
        holders = port_holders(config.serial_port) if not finding.ok else []
        if holders:
            named = ", ".join(f"{name} (pid {pid})" for pid, name in holders)
            finding = Finding(finding.check, False,
                              Said("doctor:serial_held", finding=finding.message, holders=named),
                              Said("doctor:serial_held_fix",
                                   fix=finding.fix or Said("doctor:retry")))
        yield finding


def _check_serial(config: configuration.Config, timeout_s: float, stop: str
                  ) -> Iterator[Finding]:
    import serial

    port = config.serial_port
    if not os.path.exists(port):
        yield Finding("serial", False, Said("doctor:serial_missing", port=port),
                      Said("doctor:serial_missing_fix"))
        return
    try:
        link = serial.Serial(port, config.serial_baud, timeout=0.1)
    except (OSError, serial.SerialException) as exc:
        yield Finding("serial", False, Said("doctor:serial_cannot_open", port=port,
                                            error=str(exc)),
                      Said("doctor:serial_cannot_open_fix", stop=stop))
        return
    try:
        link.write(b"HELLO?\n")
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            line = link.readline().decode("ascii", "replace").strip()
            if (m := HELLO.match(line)) and m.group(1) == PROTOCOL:
                yield Finding("serial", True, Said("doctor:serial_ok", port=port, hello=line))
                return
    except (OSError, serial.SerialException) as exc:
        yield Finding("serial", False, Said("doctor:serial_failed", port=port, error=str(exc)),
                      Said("doctor:serial_failed_fix"))
        return
    finally:
        link.close()
    yield Finding("serial", False, Said("doctor:serial_silent", port=port),
                  Said("doctor:serial_silent_fix"))


def check_database(data_dir: Path) -> Iterator[Finding]:
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=data_dir, prefix=".doctor-") as probe:
            probe.write(b"ok")
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as exc:
        yield Finding("database", False, Said("doctor:database_unwritable", dir=str(data_dir),
                                              error=os_error(exc)),
                      Said("doctor:database_unwritable_fix"))
        return
    yield Finding("database", True, Said("doctor:database_ok", dir=str(data_dir)))


def check_web_port(config: configuration.Config, stop: str = STOP_SERVICE) -> Iterator[Finding]:
    from companion.network.listen import bound_socket

    try:  # as the web server binds it (every interface: IPv4 and IPv6)
        bound_socket(config.web_host, config.web_port).close()
    except OSError as exc:
        why = Said("doctor:in_use") if exc.errno == errno.EADDRINUSE else os_error(exc)
        yield Finding("web", False, Said("doctor:web_port_taken", port=config.web_port,
                                         host=config.web_host, why=why),
                      Said("doctor:web_port_taken_fix", stop=stop))
        return
    yield Finding("web", True, Said("doctor:web_port_free", port=config.web_port))


def diagnose(config: configuration.Config, data_dir: Path, simulate: bool,
             open_bus: Callable[[int], Any] | None = None, stop: str = STOP_SERVICE
             ) -> Iterator[Finding]:
    """Every check but the installation's; `stop`: how to stop the companion that holds
    what is in use (`doctor_data.check_data_folder`)."""
    if config.display_type == "none":
        yield Finding("display", True, Said("doctor:display_none"))
    elif config.display_type == "dummy":
        yield Finding("display", True, Said("doctor:display_dummy"))
    elif simulate and open_bus is None:
        yield Finding("display", True, Said("doctor:display_virtual"))
    else:
        if open_bus is None:
            yield from check_i2c(config)
        yield from check_display(config, open_bus or _smbus)
    yield from check_pins(config, stop, simulate)
    yield from check_serial(config, stop=stop)
    yield from check_database(data_dir)
    yield from check_web_port(config, stop)
    own_wifi = yield from wifi_findings(config, simulate)
    yield from check_reach(config, own_wifi)
    from companion.club.doctor import check_mqtt
    yield from check_mqtt(config, data_dir)


def check_network(config: configuration.Config, simulate: bool) -> Iterator[Finding]:
    """The network phones reach the table on, and the box's own Wi-Fi (companion/network/)."""
    yield from wifi_findings(config, simulate)


def wifi_findings(config: configuration.Config, simulate: bool
                  ) -> Generator[Finding, None, bool]:
    """`check_network`'s finding; returns whether the box's own Wi-Fi is up or would open
    (then phones reach it without any other network)."""
    from companion.network.nmcli import Nmcli, NmcliError

    if config.wifi_hotspot == "off":
        yield Finding("wifi", True, Said("doctor:wifi_off"))
        return False
    program = os.environ.get("COMPANION_NMCLI")
    if simulate and not program:
        yield Finding("wifi", True, Said("doctor:wifi_simulation"))
        return False
    nm = Nmcli(program or "nmcli")
    try:
        device = nm.wifi_device()
        if device is None:
            yield Finding("wifi", config.wifi_hotspot == "auto", Said("doctor:wifi_no_interface"),
                          Said("doctor:wifi_no_interface_fix"))
            return False
        if nm.hotspot_up():
            joined = nm.joined(device)
            yield Finding("wifi", True, Said("doctor:wifi_hotspot_up", device=device,
                                             joined=joined))
            return True
        network = nm.connected()
    except NmcliError as exc:
        yield Finding("wifi", False, str(exc), Said("doctor:wifi_nmcli_fix"))
        return False
    if network:
        key = "wifi_network_always" if config.wifi_hotspot == "always" else "wifi_network"
        yield Finding("wifi", True, Said(f"doctor:{key}", network=network))
    else:
        yield Finding("wifi", True, Said("doctor:wifi_none", device=device))
    return True


def check_reach(config: configuration.Config, own_wifi: bool) -> Iterator[Finding]:
    """Whether a phone can reach the companion at all: listening on every interface, its
    page's address is the network's (daemon/reach.py); with no network and no Wi-Fi of its
    own, the pairing QR code would point at this machine's loopback."""
    from companion.daemon.address import LOOPBACK, WILDCARDS, page_url
    from companion.network.route import route_address

    if config.web_host not in WILDCARDS:
        return  # a configured address: the web check binds it
    route = route_address()
    if route is not None:
        yield Finding("network", True, Said("doctor:reach_ok",
                                            url=page_url(route, config.web_port)))
    elif own_wifi:
        yield Finding("network", True, Said("doctor:reach_own_wifi"))
    else:
        yield Finding("network", False, Said("doctor:reach_none",
                                             url=page_url(LOOPBACK, config.web_port)),
                      Said("doctor:reach_none_fix"))


def _smbus(port: int) -> Any:
    import smbus2
    return smbus2.SMBus(port)


def with_page_settings(config: configuration.Config, data_dir: Path, lang: str
                       ) -> tuple[configuration.Config, Finding | None]:
    """The config file with the hardware settings saved on the page laid over it, as the
    daemon runs (`Settings`); and a finding about them, if there are any. Settings the
    daemon would ignore (it logs a warning) are a problem: the table runs without them."""
    from companion.daemon.settings import SETTINGS_FILE, Settings

    path = data_dir / SETTINGS_FILE
    hardware = Settings.load(path, config.language).hardware
    if not hardware:
        return config, None
    try:
        laid = configuration.parse(hardware, config.source, base=config)
    except configuration.ConfigError as err:
        return config, Finding("page_settings", False,
                               Said("doctor:page_settings_ignored", error=err.text(lang)),
                               Said("doctor:page_settings_fix", file=str(path)))
    return laid, Finding("page_settings", True, Said("doctor:page_settings", file=str(path)))


def checked(check: str, lang: str) -> str:
    """A check's name as the finding line shows it, in `lang`."""
    key = "check_" + check
    return say(Said(f"doctor:{key}"), lang)


def finding_line(check: str, message: str, lang: str) -> str:
    """A check's name and what it found ("serial: …"), joined as `lang` writes it."""
    return say(Said("doctor:finding", check=checked(check, lang), message=message), lang)


def main(config_path: Path | None, data_dir: Path | None, simulate: bool, out: TextIO,
         buttons_wait_s: float | None = None, offline: bool = False,
         lang: str | None = None) -> int:
    """Every finding, in `lang` (default: the terminal's language)."""
    from companion.host import default_data_dir

    lang = lang or terminal_language()
    try:
        config = configuration.load(config_path)
    except configuration.ConfigError as err:
        what = "doctor:config_file_fix" if isinstance(err, configuration.ConfigFileError) \
            else "doctor:config_fix"
        fix = say(Said("doctor:fix", fix=Said(what)), lang)
        out.write(f"✗ {finding_line('config', err.text(lang), lang)}\n  {fix}\n")
        return 1
    source = Said("doctor:config_defaults") if config.source == "defaults" else config.source
    out.write(f"✓ {finding_line('config', say(source, lang), lang)}\n")
    problems = 0
    data_dir = data_dir or default_data_dir()
    config, page_settings = with_page_settings(config, data_dir, lang)  # as the daemon runs
    first = [page_settings] if page_settings is not None else []
    stop: str = STOP_SERVICE
    if offline:
        from companion.doctor_install import check_installation
        findings: Iterator[Finding] = check_installation()
    else:
        if simulate:
            from companion.daemon import use_mock_pins
            use_mock_pins()
            out.write(f"  {say(Said('doctor:simulation'), lang)}\n")
        from companion.doctor_data import check_data_folder
        held, stop = check_data_folder(data_dir)
        first += [held] if held is not None else []
        findings = diagnose(config, data_dir, simulate, stop=stop)
    if buttons_wait_s is not None and simulate:  # mock pins: nobody can press them
        out.write(f"  {say(Said('doctor:buttons_simulated'), lang)}\n")
    elif buttons_wait_s is not None:
        from companion.doctor_buttons import check_buttons

        def ask(request: str) -> None:
            out.write(f"→ {say(request, lang)}\n")
            out.flush()

        findings = itertools.chain(findings, check_buttons(config, buttons_wait_s, ask,
                                                           stop=stop))
    for finding in itertools.chain(first, findings):
        mark = "✓" if finding.ok else "✗"
        out.write(f"{mark} {finding_line(finding.check, say(finding.message, lang), lang)}\n")
        if not finding.ok:
            problems += 1
            out.write(f"  {say(Said('doctor:fix', fix=finding.fix), lang)}\n")
    result = Said("doctor:problems", n=problems) if problems else Said("doctor:all_good")
    out.write(f"{say(result, lang)}\n")
    return 0 if not problems else 1
