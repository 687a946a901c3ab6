"""The OLED inside the daemon: frames follow the state, bursts coalesce, a failing display
never blocks the core, and shut-down leaves "stopped" on the panel."""

from __future__ import annotations

import errno
import logging
import threading
import time

import pytest

from companion.daemon import table as table_module
from companion.daemon.display import scene_after
from companion.screens import Scene, render
from tests.daemon_helpers import Recorder, drive, make_daemon, wait_until


def panel_shows(daemon, scene: Scene) -> bool:
    return daemon.virtual_oled.image().tobytes() == render(scene).tobytes()


def shows(daemon, **parts) -> bool:
    """The panel shows this scene (with the daemon's pairing screen data)."""
    return panel_shows(daemon, Scene(pairing=daemon.hub.call(daemon.table.pairing_view),
                                     **parts))


@pytest.fixture
def daemon(tmp_path, mock_pins):
    d = make_daemon(tmp_path)
    yield d
    if d.hub._running:
        d.stop()


def test_first_frame_is_the_pairing_screen_then_the_game(daemon):
    wait_until(lambda: daemon.display.first_frame_at is not None)
    wait_until(lambda: shows(daemon))
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    wait_until(lambda: shows(daemon, state=view))


def test_race_screens_follow_the_buttons_and_return_to_the_ladder(daemon, mock_pins,
                                                                  monkeypatch):
    monkeypatch.setattr(table_module, "RACE_SHOWN_S", 0.3)
    recorder = Recorder(daemon.hub)
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    drive(mock_pins, 22, True)  # OK (acts on its release): countdown 0 → the signal at once
    drive(mock_pins, 22, False)
    _, race = recorder.wait_for(lambda t, p: t == "race" and p["phase"] == "running")
    wait_until(lambda: shows(daemon, race=race, state=daemon.hub.call(daemon.table.view)))
    drive(mock_pins, 27, True)
    time.sleep(0.03)  # well outside the 10 ms tie window
    drive(mock_pins, 17, True)
    _, decided = recorder.wait_for(lambda t, p: t == "race" and p["phase"] == "decided")
    assert decided["decision"]["winner"] == "Bert"
    recorder.wait_for(lambda t, p: t == "race" and p["phase"] == "idle")
    ladder = daemon.hub.call(daemon.table.view)
    assert ladder["phase"] == "tug"
    wait_until(lambda: shows(daemon, state=ladder))


def test_a_burst_of_states_coalesces_and_the_newest_wins(daemon):
    """While the bus is stuck in one frame, 40 states arrive; then only the newest is drawn.
    (The bus is held by a gate, not slowed by a sleep: how many frames a merely slow bus
    keeps up with depends on the machine's load, and that made this test flaky.)"""
    wait_until(lambda: daemon.display.first_frame_at is not None)
    bus = daemon.virtual_oled
    original = bus.write_i2c_block_data
    gate = threading.Event()
    stuck = threading.Event()

    def stuck_write(*args):  # a bus that hangs until the gate opens
        stuck.set()
        gate.wait(10)
        original(*args)

    game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])["id"]
    wait_until(lambda: shows(daemon, state=daemon.hub.call(daemon.table.view)))
    frames_before = daemon.display.frames
    bus.write_i2c_block_data = stuck_write
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "A"})
    assert stuck.wait(5)  # the display is inside that frame, held
    from companion.rules import get_core
    core = get_core("howruck")
    for _ in range(40):  # the core goes on meanwhile
        state = daemon.hub.call(lambda: daemon.sessions.games[game].state)
        action = core.legal_actions(state)[0]
        daemon.hub.call(daemon.table.apply, game, action)
    final = daemon.hub.call(daemon.table.view)
    gate.set()
    wait_until(lambda: shows(daemon, state=final))
    # The held frame, then the newest state (a round-won banner may add one more).
    assert daemon.display.frames - frames_before <= 3


def test_a_display_that_does_not_answer_never_blocks_the_core(daemon, caplog, monkeypatch):
    monkeypatch.setattr("companion.daemon.display.RETRY_DELAYS_S", (0.05, 0.1))
    wait_until(lambda: daemon.display.first_frame_at is not None)
    caplog.set_level(logging.INFO, "companion.display")
    daemon.virtual_oled.fail = errno.EREMOTEIO
    started = time.monotonic()
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    daemon.hub.call(daemon.table.apply, view["id"], {"type": "race", "winner": "Anna"})
    assert time.monotonic() - started < 2  # the core went on
    wait_until(lambda: daemon.display.failures >= 2)
    assert "display not answering" in caplog.text
    daemon.virtual_oled.ram = [bytearray(128) for _ in range(8)]  # it lost power as well
    daemon.virtual_oled.fail = None
    state = daemon.hub.call(daemon.table.view)
    wait_until(lambda: shows(daemon, state=state))
    assert "display answering again" in caplog.text


def test_shut_down_leaves_the_stopped_screen(daemon):
    wait_until(lambda: daemon.display.first_frame_at is not None)
    device = daemon.display.device
    daemon.stop()
    assert panel_shows(daemon, Scene(lang="en", stopped=True))
    assert device.persist is True  # luma will not clear it at exit


def test_scene_updates_are_pure():
    scene = Scene()
    after = scene_after(scene, "race", {"phase": "idle"})
    assert after.race is None and scene_after(scene, "sound", "go") is scene
    assert scene_after(scene, "pairing", {"url": "u", "pin": "1", "show": True}).show_pairing
    assert scene_after(scene, "screen", "stopped").stopped
    banner = scene_after(scene, "banner", {"kind": "round_won", "params": {"player": "A"}})
    assert scene_after(banner, "state", {"game": "howruck"}).banner is None


def test_luma_dummy_display_in_simulation_gets_every_frame_and_keeps_stopped(tmp_path, mock_pins):
    """`[display] type = "dummy"`: luma's own stand-in device instead of a driver on a bus."""
    from luma.core.device import dummy

    from companion.config import parse
    from companion.daemon import Daemon

    daemon = Daemon(parse({"display": {"type": "dummy"}, "race": {"countdown_s": 0}}),
                    tmp_path, simulate=True)
    daemon.start()
    try:
        wait_until(lambda: daemon.display.first_frame_at is not None)
        device = daemon.display.device
        assert isinstance(device, dummy) and daemon.virtual_oled is None
        view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
        pairing = daemon.hub.call(daemon.table.pairing_view)
        wanted = render(Scene(pairing=pairing, state=view)).tobytes()
        wait_until(lambda: device.image.convert("1").tobytes() == wanted)
    finally:
        daemon.stop()
    assert device.image.convert("1").tobytes() == render(Scene(stopped=True)).tobytes()
    assert device.persist is True


class Looked:
    """The panel as seen (display.Seen), counting how often its picture was made: the
    simulated panel's is decoded from the controller's RAM when asked for."""

    def __init__(self, frame) -> None:
        self.frame, self.made = frame, 0

    @property
    def picture(self):
        self.made += 1
        return self.frame


def test_frames_for_phones_are_encoded_only_while_a_stream_is_open():
    """Issue 16: PNG encoding competes with the hub; with no phone watching it is skipped,
    and so is making the picture (decoding the simulated panel costs about as much as
    drawing the frame)."""
    from companion.daemon.display import phone_frames
    from companion.screens.samples import SCENES
    from companion.web.stream import Broker, frame_data

    broker = Broker(max_clients=4)
    encoded = []

    def encode(frame):
        encoded.append(frame)
        return frame_data(frame)

    listener = phone_frames(broker.publish, lambda: broker.clients > 0, encode)
    seen = Looked(render(SCENES["race_won_de"]))
    listener(seen)
    assert encoded == [] and seen.made == 0
    stream = broker.open(paired=True)
    written: list[str] = []
    stream.attach(written.append, lambda: 0, lambda: None)
    assert written[0].startswith("retry")
    listener(seen)
    assert len(encoded) == 1 and seen.made == 1
    message = written[-1]
    assert message.startswith("id:") and "event: frame" in message and "image/png" in message
    stream.close()
    listener(seen)
    assert len(encoded) == 1 and seen.made == 1


def test_the_display_gives_way_while_the_hub_has_work():
    """Issue 16: a frame is not drawn while the hub is busy (a race result must not wait for
    the interpreter); once the hub is idle the frame follows. The display's clock stands
    still, so its bounded wait never runs out in this test."""
    from luma.core.device import dummy

    from companion.daemon.display import DisplayOutput
    from companion.daemon.hub import Hub
    from companion.screens.samples import howruck_view

    hub = Hub()
    hub.start()
    gave_way = threading.Event()

    def sleep(seconds: float) -> None:
        gave_way.set()
        time.sleep(seconds)

    display = DisplayOutput(lambda: dummy(width=128, height=64, mode="1"),
                            clock=lambda: 0.0, sleep=sleep)
    display.attach(hub)
    try:
        wait_until(lambda: display.frames == 1)
        gate = threading.Event()
        hub.post(gate.wait, 10)
        wait_until(hub.busy)
        display.mailbox.put("state", howruck_view())
        assert gave_way.wait(5)
        assert display.frames == 1
        gate.set()
        wait_until(lambda: display.frames == 2)
        assert display.shown.tobytes() == render(Scene(state=howruck_view())).tobytes()
    finally:
        gate.set()
        hub.stop()


def test_a_run_of_banners_leaves_the_oled_banner_s_after_the_newest(tmp_path, mock_pins):
    """Each banner stays BANNER_S on the OLED; one that comes while another shows moves the
    end on (the first one's time running out does not end the newer one), and the last one
    still ends on time. The hub's clock is moved ahead by the test (no sleeping)."""
    from companion.config import parse
    from companion.daemon import Daemon
    from tests.helpers import card
    from tests.test_panel_care import Clock, run_due

    clock = Clock()
    daemon = Daemon(parse({"race": {"countdown_s": 0}}), tmp_path, simulate=False,
                    virtual_display=True, clock=clock)
    daemon.start()
    try:
        rec = Recorder(daemon.hub)

        def banners() -> list:
            return [p for t, p in rec.seen if t == "banner"]
        game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
        daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Bert"})
        daemon.hub.call(daemon.table.apply, game, {
            "type": "play", "player": "Bert", "side": "Bert", "field": "red",
            "card": card("white", 4, howruck=True)})
        rec.wait_for(lambda t, p: t == "banner" and p is not None and p["kind"] == "contest")
        clock.skipped += table_module.BANNER_S - 1
        daemon.hub.call(daemon.table.undo, game)  # a newer banner, 1 s before the first ends
        rec.wait_for(lambda t, p: t == "banner" and p is not None and p["kind"] == "undone")
        clock.skipped += 2  # the first banner's time is over, not the newer one's
        run_due(daemon)
        daemon.hub.call(daemon.hub.publish, "mark", None)  # after all the hub published so far
        rec.wait_for(lambda t, p: t == "mark")
        assert banners()[-1] is not None and banners()[-1]["kind"] == "undone"
        clock.skipped += table_module.BANNER_S - 2  # the newer one's time is over
        run_due(daemon)
        rec.wait_for(lambda t, p: t == "banner" and p is None)
        assert [p and p["kind"] for p in banners()] == ["contest", "undone", None]
    finally:
        daemon.stop()
