"""Every announcement kind has its LED/buzzer pattern (companion/signals.py), and the table's
outputs play it on real gpiozero devices over the mock pin factory: the seats it is about
blink, the buzzer sounds, and the LEDs end as they were."""

from __future__ import annotations

import threading
import time

import pytest
from daemon_helpers import Recorder, make_daemon, wait_until
from helpers import card, round_won_by_a
from test_announce import PLAYTHROUGHS, replayed

from companion.signals import SIGNALS, signal


def kinds_reached() -> dict[str, dict]:
    first: dict[str, dict] = {}
    for path in sorted(PLAYTHROUGHS.glob("*.jsonl")):
        for item in replayed(path.name):
            first.setdefault(item["kind"], item)
    return first


def test_every_kind_the_games_announce_has_a_pattern():
    reached = kinds_reached()
    assert len(reached) >= 14
    assert set(reached) <= set(SIGNALS), set(reached) - set(SIGNALS)


def test_the_seats_an_announcement_is_about_blink():
    players = ["Ann", "Bob", "Cat"]
    won = {"kind": "round_won", "params": {"player": "Bob", "reason": "goal"}}
    assert signal([won], players) == {"sound": "stopp", "blink": [1], "times": 3}
    capture = {"kind": "capture", "params": {"player": "Ann",
                                             "victims": [{"player": "Cat", "laddie": 0}]}}
    out = signal([capture], players)
    assert out["blink"] == [2] and out["sound"] == "false_start"
    game = {"kind": "game_won", "params": {"players": ["Ann", "Cat"]}}
    assert signal([won, game], players)["blink"] == [0, 1, 2]  # every seat named, once
    assert signal([won, game], players)["sound"] == "go"  # the last kind's sound
    race = {"kind": "race_won", "params": {"player": "Ann", "margin_us": 300}}
    assert signal([race], players) is None  # the race plays its own signal
    assert signal([], players) is None


def pulses(pin) -> int:
    return sum(1 for s in pin.states[1:] if s.state)


@pytest.mark.usefixtures("mock_pins")
def test_the_outputs_blink_the_seats_sound_the_buzzer_and_restore_the_leds(mock_pins):
    from companion.devices.outputs import BLINK_S, TableOutputs
    outputs = TableOutputs((5, 6, 13), 12)
    try:
        outputs.handle("leds", [0])  # whose turn it is: seat 0 lit
        pins = [mock_pins.pin(n) for n in (5, 6, 13)]
        buzzer = mock_pins.pin(12)
        for pin in (*pins, buzzer):
            pin.clear_states()
        outputs.handle("signal", {"sound": "tie", "blink": [0, 1], "times": 2})
        deadline = time.monotonic() + 4 * BLINK_S * 2 + 2
        while pins[0].state != 1 or pulses(pins[1]) < 2 or pins[1].state:
            assert time.monotonic() < deadline, [p.states for p in pins]
            time.sleep(0.02)
        time.sleep(BLINK_S)
        assert pulses(pins[1]) == 2 and pins[1].state == 0  # blinked twice, off again
        assert pulses(pins[0]) >= 2 and pins[0].state == 1  # blinked, then lit again
        assert pulses(pins[2]) == 0  # not about seat 2
        assert pulses(buzzer) == 2  # "tie": two beeps
    finally:
        outputs.close()


@pytest.mark.usefixtures("mock_pins")
def test_a_new_blink_hands_the_seats_of_the_one_it_cuts_short_back_at_once(mock_pins):
    from companion.devices.outputs import TableOutputs
    outputs = TableOutputs((5, 6, 13), None)
    try:
        outputs.handle("leds", [0])
        pins = [mock_pins.pin(n) for n in (5, 6, 13)]
        outputs.handle("signal", {"sound": None, "blink": [1], "times": 3})
        deadline = time.monotonic() + 2
        while pins[1].state != 1:  # seat 1's first flash is on
            assert time.monotonic() < deadline
            time.sleep(0.005)
        outputs.handle("signal", {"sound": None, "blink": [2], "times": 1})
        assert pins[1].state == 0 and pins[0].state == 1  # not lit: off now, not later
    finally:
        outputs.close()


def test_a_round_won_is_signalled_by_the_winners_seat_and_the_buzzer(web_live):
    rec = Recorder(web_live.hub)
    game = web_live.hub.call(web_live.table.create_game, "howruck", ["A", "B"])["id"]
    for action in round_won_by_a():
        web_live.hub.call(web_live.table.apply, game, action)
    _, sent = rec.wait_for(lambda t, p: t == "signal" and p and p["sound"] == "stopp")
    assert sent["blink"] == [0]  # A's seat


@pytest.mark.usefixtures("mock_pins")
def test_the_hubs_messages_reach_the_outputs_on_their_own_one_thread(mock_pins, tmp_path):
    """One thread drives the LEDs and the buzzer: it takes the hub's messages and runs the
    timed steps (a mailbox thread besides it was one more thread woken for every move)."""
    daemon = make_daemon(tmp_path, leds={"players": [5, 6]}, buzzer={"pin": 12})
    try:
        writers: set[str] = set()  # the threads that set an LED or the buzzer
        set_pin = daemon.outputs._set
        daemon.outputs._set = lambda index, on: (
            writers.add(threading.current_thread().name), set_pin(index, on))
        daemon.hub.call(daemon.hub.publish, "leds", [1])
        daemon.hub.call(daemon.hub.publish, "signal", {"sound": "tick", "blink": [0],
                                                       "times": 1})
        wait_until(lambda: mock_pins.pin(6).state == 1 and pulses(mock_pins.pin(12)) >= 1
                   and pulses(mock_pins.pin(5)) >= 1)
        assert writers == {"outputs"}
        names = [t.name for t in threading.enumerate()]
        assert names.count("outputs") == 1
        assert not [n for n in names if n.startswith("mailbox-outputs")]
    finally:
        daemon.stop()


@pytest.mark.usefixtures("mock_pins")
def test_an_announcement_with_nothing_to_play_wakes_no_output(tmp_path):
    """A move whose announcements have no LED or buzzer pattern (a race won: the race control
    lights the winner itself) publishes no ``signal``: the outputs' thread is not woken for
    nothing. A move that has one still does."""
    daemon = make_daemon(tmp_path)
    try:
        rec = Recorder(daemon.hub)
        game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])["id"]
        daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "A"})
        daemon.hub.call(daemon.hub.publish, "mark", None)  # after all the race published
        rec.wait_for(lambda t, p: t == "mark")
        assert [p["items"][0]["kind"] for t, p in rec.seen if t == "announce"] == ["race_won"]
        assert not [p for t, p in rec.seen if t == "signal"]
        daemon.hub.call(daemon.table.apply, game, {
            "type": "play", "player": "A", "card": card("white", 4, howruck=True),
            "side": "A", "field": "red"})
        _, sent = rec.wait_for(lambda t, p: t == "signal")
        assert sent["sound"] == "tick"  # the contest's
    finally:
        daemon.stop()
