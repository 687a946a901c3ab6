"""The running companion's parts: built in start-up order, wired to the hub, started and
stopped (`Daemon`). Tests and benchmarks drive it directly; `companion run` (run.py) is
the process around it.

The display first: its mailbox thread draws the first frame while the rest (the rule
cores, the games database, gpiozero, Flask) is imported and built (issue 16).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from companion import config as configuration
from companion.daemon.display import DisplayOutput, phone_frames
from companion.daemon.hub import Hub
from companion.daemon.settings import SETTINGS_FILE, Settings
from companion.datalock import DataLock
from companion.devices.splash import panel_note
from companion.host import default_data_dir

if TYPE_CHECKING:
    from companion.devices.splash import Splash

log = logging.getLogger("companion")
WEB_THREADS = 4  # threads for the app; live streams and idle connections hold none
MAX_STREAMS = 200  # open live streams at once (each a few kilobytes in the event loop)
FIRST_FRAME_WAIT_S = 0.5


def use_mock_pins() -> None:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    Device.pin_factory = MockFactory(pin_class=MockPWMPin)


class Daemon:
    """The running companion: build, start, stop. Tests and benchmarks drive it directly."""

    def __init__(self, config: configuration.Config, data_dir: Path | None,
                 simulate: bool, virtual_display: bool | None = None,
                 web: bool = False, clock: Callable[[], float] = time.monotonic,
                 splash: Splash | None = None) -> None:
        """`splash`: the start-up splash already on the panel (devices/splash.py), taken
        over when it was drawn for this data folder and this very panel."""
        self.data_lock: DataLock | None = None
        try:
            self._build(config, data_dir, simulate, virtual_display, web, clock, splash)
        except BaseException:  # a daemon that did not start holds nothing
            if self.data_lock is not None:
                self.data_lock.release()
            raise
        finally:
            if splash is not None:
                splash.abandon()  # what was not taken over: panel off, folder free

    def _build(self, config: configuration.Config, data_dir: Path | None, simulate: bool,
               virtual_display: bool | None, web: bool, clock: Callable[[], float],
               splash: Splash | None) -> None:
        self.started = time.monotonic()
        self.simulate = simulate
        self.data_dir = data = Path(data_dir) if data_dir is not None else default_data_dir()
        # one companion per data directory (datalock.py), taken before anything is shown:
        # a second daemon must not draw over the running one's display. Raises DataDirBusy.
        if splash is not None and splash.lock.data_dir.resolve() == data.resolve():
            self.data_lock = splash.take_lock()
        else:
            if splash is not None:
                splash.abandon()
            self.data_lock = DataLock(data)
            self.data_lock.acquire()
        self.settings = Settings.load(data / SETTINGS_FILE, config.language)
        self.file_config = config
        self.config = config = self._with_page_settings(config)
        self.virtual_display = simulate if virtual_display is None else virtual_display
        self.panel_note = panel_note(config, self.settings.language, self.virtual_display)
        self._splash_bus, self._splash_pages = None, None
        if splash is not None:  # this very panel, or switched off before ours opens
            self._splash_bus, self._splash_pages = splash.take_panel(self.panel_note)
        self.hub = Hub(clock)
        # The display first: its mailbox thread draws the first frame at once, while the
        # rest (the table, the web stack: Flask is imported only below) is still loading.
        self.virtual_oled = None
        self.display: DisplayOutput | None = None
        if config.display_type != "none":
            self.display = DisplayOutput(self._display_opener(), self.settings.language)
            self.display.attach(self.hub)
            self._await_first_frame()
        # After the first frame: the rule cores, the database, gpiozero.
        from companion.daemon.address import WILDCARDS
        from companion.daemon.links import Links
        from companion.daemon.pairing import Pairing
        from companion.daemon.table import Table
        from companion.devices.buttons import ButtonPanel
        from companion.devices.outputs import TableOutputs
        from companion.sessions import Sessions

        self.sessions = Sessions(data)

        if simulate:
            use_mock_pins()
        pairing = Pairing(data / "pairing.json", self.hub.clock)
        # listening on every interface: the page's address is the network's, and follows it
        route, self.route_watch = None, None
        if config.web_host in WILDCARDS:
            from companion.network.route import RouteWatch, route_address
            route = route_address()
        self.table = Table(self.hub, self.sessions, config, pairing, route=route,
                           settings=self.settings, announce_pin=simulate)
        if config.web_host in WILDCARDS:
            self.route_watch = RouteWatch(partial(self.hub.post, self.table.route_changed),
                                          route)
        self.panel_care = None
        if self.display is not None:
            from companion.daemon.panel_care import PanelCare
            self.panel_care = PanelCare(self.hub, config.display_contrast,
                                        config.display_dim_after_s, config.display_off_after_s,
                                        config.display_shift_pixels)
            self.table.panel_care = self.panel_care  # a press that wakes the panel is no press
            self.panel_care.attach()
        self.outputs = TableOutputs(config.led_pins, config.buzzer_pin)
        self.hub.subscribe_posted(self.outputs.handle, "outputs", self.outputs.post,
                                  topics=TableOutputs.TOPICS)  # on the outputs' own thread
        from companion.web.stream import Broker, frame_data  # Flask: after the first frame

        self.broker = Broker(max_clients=MAX_STREAMS)
        self.mqtt = _club_publisher(config, self.sessions.store.path, self.settings.language)
        if self.mqtt is not None:
            self.hub.subscribe(self.mqtt.handle, "mqtt")
        if self.display is not None and (self.virtual_display or config.display_type == "dummy"):
            # the page shows the frames: the simulated panel (as seen: dimmed, dark when
            # blanked, decoded from what luma sent it), or luma's dummy
            if self.virtual_oled is not None:
                self.display.look = self.virtual_oled.look
            self.display.listeners.append(phone_frames(
                self.broker.publish, lambda: self.broker.clients > 0, frame_data))
        self.web = None
        if web:
            from companion.web import LARGE_BODIES, WebServer, create_app, move_lane
            app = create_app(self)
            self.web = WebServer(app, config.web_host, config.web_port, WEB_THREADS,
                                 broker=self.broker, lane=move_lane(app),
                                 large_bodies=LARGE_BODIES,
                                 spool_dir=self.sessions.store.path.parent)
            # the streams' messages are made and sent in the server's loop
            self.hub.subscribe_posted(self.broker.publish, "web-stream", self.web.door.call,
                                      topics=Broker.TOPICS)
        player_pins = config.player_pins
        if simulate:  # a button for every seat of any game: a third player's P3, …
            from companion.rules import MOST_PLAYERS
            player_pins = configuration.simulated_player_pins(config, MOST_PLAYERS)
        self.buttons = ButtonPanel(player_pins, config.ok_pin, config.pull_up, self.post_edge)
        # the seat buttons the config has not: the page shows them for a game's seats only
        self.simulated_seats = [f"p{i}" for i in range(len(config.player_pins),
                                                      len(player_pins))]
        self.hotspot = self._hotspot(config, data, simulate)
        self.links = Links(self.hub, config.serial_port, self.mqtt and self.mqtt.link_info())
        if self.mqtt is not None:  # its link's changes, posted to the hub like the box's
            self.mqtt.on_status = partial(self.hub.post, self.links.club_changed)
        self.serial_box = None
        if config.serial_port:
            from companion.devices.serialbox import SerialBox
            self.serial_box = SerialBox(config.serial_port, self.post_edge, config.serial_baud,
                                        on_status=partial(self.hub.post, self.links.box_changed))

    @property
    def page_url(self) -> str:
        """The phone page's address now (it follows the network: daemon/reach.py)."""
        return self.table.page_url

    def _hotspot(self, config: configuration.Config, data: Path, simulate: bool):
        """The box's own Wi-Fi (companion/network/). Never in simulation, where the laptop's
        network is not ours to change, unless COMPANION_NMCLI names an nmcli to use."""
        nmcli = os.environ.get("COMPANION_NMCLI")
        if config.wifi_hotspot == "off" or (simulate and not nmcli):
            return None
        from companion.network import credentials
        from companion.network.hotspot import Hotspot
        from companion.network.nmcli import Nmcli
        return Hotspot(Nmcli(nmcli or "nmcli"), config.wifi_hotspot,
                       credentials.load(data / "wifi.json", config.wifi_ssid,
                                        config.wifi_password),
                       lambda status: self.hub.post(self.table.network_changed, status),
                       forced=self.buttons.held("ok"))

    def _await_first_frame(self, limit_s: float = FIRST_FRAME_WAIT_S) -> None:
        """Let the display's thread draw its first frame before the heavy loading goes on
        (both need the interpreter); a panel that is slow or failing holds nothing up."""
        deadline = time.monotonic() + limit_s
        while self.display is not None and self.display.first_frame_at is None \
                and self.display.frames == 0 and time.monotonic() < deadline:
            time.sleep(0.002)

    def _display_opener(self):
        """How to (re)open the OLED: luma over I2C on a Pi; in simulation the same driver
        over a virtual controller, whose RAM the web page shows; or luma's `dummy` device
        (no driver, no bus) when the config asks for it."""
        from companion.devices.oled import open_display

        chip, cfg = self.config.display_type, self.config
        if chip == "dummy":  # luma's own stand-in: keeps the last frame as `image`
            from luma.core.device import dummy
            return lambda: dummy(width=128, height=64, mode="1")
        panel = {"rotate": cfg.display_rotate, "contrast": cfg.display_contrast,
                 "sh1106_column_offset": cfg.display_sh1106_column_offset}
        if self.virtual_display:
            from companion.devices.virtual_oled import VirtualOled
            self.virtual_oled = self._splash_bus or VirtualOled(chip, cfg.display_address)
            bus = self.virtual_oled
            return lambda: open_display(chip, bus=bus, address=cfg.display_address,
                                        shown=self._splash_shown(), **panel)
        return lambda: open_display(chip, port=cfg.display_port, address=cfg.display_address,
                                    shown=self._splash_shown(), **panel)

    def _splash_shown(self) -> list[bytes] | None:
        """The pages the start-up splash left on the panel: for its first opening only."""
        pages, self._splash_pages = self._splash_pages, None
        return pages

    def _with_page_settings(self, config: configuration.Config,
                            hardware: dict | None = None) -> configuration.Config:
        """The config file with the page's hardware settings laid over it."""
        hardware = self.settings.hardware if hardware is None else hardware
        try:
            return configuration.parse(hardware, config.source, base=config)
        except configuration.ConfigError as err:
            log.warning("ignoring the page's hardware settings: %s", err)
            return config

    def save_settings(self, language: str | None, hardware: dict) -> dict:
        """Validate and save the page's settings on the hub thread (raises `ConfigError`);
        say whether a restart is needed."""
        self.hub.call(self.table.save_settings, language, hardware, self.file_config)
        return self.settings_view()

    def settings_view(self) -> dict:
        """The saved settings (one consistent snapshot, taken on the hub) beside the running
        config."""
        language, hardware = self.hub.call(
            lambda: (self.settings.language, self.settings.hardware))
        wanted = self._with_page_settings(self.file_config, hardware)
        running = configuration.as_sections(self.config)
        saved = configuration.as_sections(wanted)
        restart = any(saved[s] != running[s] for s in saved
                      if s not in configuration.LIVE_SECTIONS)
        return {"language": language, "hardware": saved,
                "restart_needed": restart}

    def button_names(self) -> list[str]:
        return list(self.buttons.names)

    def press_simulated(self, name: str, pressed: bool) -> None:
        """An on-screen button of the simulation page: drive its mock pin (active low)."""
        mock = self.buttons.buttons[name].pin
        if pressed == self.config.pull_up:
            mock.drive_low()
        else:
            mock.drive_high()

    def post_edge(self, name: str, t: float, pressed: bool, source: str) -> None:
        """Called on input threads: hand the edge to the hub thread."""
        self.hub.post(self.table.on_edge, name, t, pressed, source)

    def start(self) -> None:
        self.hub.start()
        if self.web is not None:
            self.web.start()
        self.hub.post(self.table.reach.announce)
        self.hub.post(self.table.publish_pairing)
        self.hub.post(self.table.publish_current)
        if self.mqtt is not None:
            self.mqtt.handle("state", self.hub.call(self.table.view))
            self.mqtt.start()
        if self.serial_box is not None:
            self.serial_box.start()
        if self.hotspot is not None:
            self.hotspot.start()
        if self.route_watch is not None:
            self.route_watch.start()

    def stop(self) -> None:
        """Clean shut-down: inputs first, then the core, outputs, pins, database."""
        if self.hotspot is not None:
            self.hotspot.stop()
        if self.route_watch is not None:
            self.route_watch.stop()
        self.broker.close()
        if self.web is not None:
            self.web.stop()
        if self.serial_box is not None:
            self.serial_box.stop()
        self.buttons.close()
        self.hub.call(self.table.shutdown)
        self.hub.stop()  # drains the mailboxes: the "stopped" frame is drawn
        if self.mqtt is not None:
            self.mqtt.stop()
        if self.display is not None:
            self.display.close()
        self.outputs.close()
        self.sessions.close()
        if self.data_lock is not None:
            self.data_lock.release()


def _club_publisher(config: configuration.Config, db_path: Path, lang: str):
    """With [mqtt], the outbox's triggers and the publisher (saying the scoreboard in the
    table's language, `lang`); without, no triggers."""
    if not config.mqtt_host:
        from companion.club.outbox import uninstall
        uninstall(db_path)
        return None
    from companion.club.publisher import Publisher
    return Publisher(config, db_path, lang)
