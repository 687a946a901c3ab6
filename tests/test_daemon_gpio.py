"""The daemon with real gpiozero mock pins: buttons, the race from edge times, LEDs, buzzer."""

from __future__ import annotations

import logging
import math
import os
import signal
import subprocess
import sys
import time

import pytest
from daemon_helpers import Recorder, drive, make_daemon, wait_until
from ports import free_port

A_PIN, B_PIN, OK_PIN = 17, 27, 22


@pytest.fixture
def daemon(tmp_path, mock_pins):
    d = make_daemon(tmp_path)
    d.recorder = Recorder(d.hub)
    d.hub.call(d.table.create_game, "howruck", ["Ann", "Bob"])
    yield d
    d.stop()


def start_race(daemon, mock_pins):
    drive(mock_pins, OK_PIN, True)
    drive(mock_pins, OK_PIN, False)
    daemon.recorder.wait_for(lambda t, p: t == "race" and p["phase"] == "running")
    return daemon.hub.call(lambda: daemon.table.race.signal_t)


def test_ok_button_starts_the_race_and_the_earliest_edge_wins(daemon, mock_pins, monkeypatch):
    daemon.hub.call(daemon.table.create_game, "howruck", ["Ann", "Bob"], {"tie_window_ms": 0})
    signal_t = start_race(daemon, mock_pins)
    # Bob's edge is seen first, but Ann's edge time is 100 µs earlier.
    drive(mock_pins, B_PIN, True, at=signal_t + 0.000300, monkeypatch=monkeypatch)
    drive(mock_pins, A_PIN, True, at=signal_t + 0.000200, monkeypatch=monkeypatch)
    decision = daemon.recorder.race_result()
    assert decision["winner"] == "Ann" and decision["times_ms"] == {"Ann": 0.2, "Bob": 0.3}
    state = daemon.hub.call(daemon.table.view)
    assert state["phase"] == "tug" and state["turn"] == "Ann" and state["barrel"] == 6
    daemon.recorder.wait_for(lambda t, p: t == "leds" and p == [0])


def test_a_race_result_entered_by_hand_ends_the_running_race(daemon, mock_pins, monkeypatch,
                                                            caplog):
    """Buttons not working, the table taps "Bob won the race" on a phone while the race runs:
    the race ends with it (every screen leaves "How Ruck!"), and a press afterwards is no
    race press: it decides nothing and is not refused by the game."""
    signal_t = start_race(daemon, mock_pins)
    daemon.hub.call(daemon.table.apply, daemon.table.current, {"type": "race", "winner": "Bob"})
    daemon.recorder.wait_for(lambda t, p: t == "race" and p["phase"] == "idle")
    assert daemon.hub.call(daemon.table.race_view)["phase"] == "idle"
    drive(mock_pins, A_PIN, True, at=signal_t + 0.5, monkeypatch=monkeypatch)
    drive(mock_pins, A_PIN, False, at=signal_t + 0.6, monkeypatch=monkeypatch)
    daemon.hub.call(lambda: None)
    time.sleep(0.3)  # longer than the race's settle time: a race would be decided by now
    daemon.hub.call(lambda: None)
    view = daemon.hub.call(daemon.table.view)
    assert (view["phase"], view["turn"], view["actions"]) == ("tug", "Bob", 1)
    assert "race result refused" not in caplog.text


def test_a_move_in_another_stored_game_leaves_the_shown_games_race_running(daemon, mock_pins,
                                                                        monkeypatch):
    """While the shown game's race runs, a phone enters a race result in another stored
    game (its own race, played without the buttons): that game needs no race any more, the
    shown one still does, so its race goes on and the buttons decide it."""
    other = daemon.table.current
    daemon.hub.call(daemon.table.create_game, "howruck", ["Cat", "Dan"])
    signal_t = start_race(daemon, mock_pins)
    daemon.hub.call(daemon.table.apply, other, {"type": "race", "winner": "Bob"})
    assert daemon.hub.call(daemon.table.race_view)["phase"] == "running"
    drive(mock_pins, B_PIN, True, at=signal_t + 0.2, monkeypatch=monkeypatch)
    drive(mock_pins, A_PIN, True, at=signal_t + 0.4, monkeypatch=monkeypatch)
    assert daemon.recorder.race_result()["winner"] == "Dan"
    shown = daemon.hub.call(daemon.table.view)
    assert (shown["phase"], shown["turn"]) == ("tug", "Dan")
    assert daemon.hub.call(lambda: daemon.sessions.get(other).view()["turn"]) == "Bob"


def test_tie_at_exactly_the_window_lights_both_and_goes_to_the_tiebreak(daemon, mock_pins,
                                                                        monkeypatch):
    signal_t = start_race(daemon, mock_pins)
    drive(mock_pins, A_PIN, True, at=signal_t + 1.0, monkeypatch=monkeypatch)
    drive(mock_pins, B_PIN, True, at=signal_t + 1.010, monkeypatch=monkeypatch)
    assert daemon.recorder.race_result()["tie"] is True
    assert daemon.hub.call(daemon.table.view)["phase"] == "tiebreak"
    daemon.recorder.wait_for(lambda t, p: t == "leds" and p == [0, 1])
    # the race owns the LEDs (the core's `button_race`): the game's state after the race
    # does not relight them by turn; both stay lit
    daemon.hub.call(lambda: None)
    time.sleep(0.2)  # the outputs' mailbox has drawn what the hub published
    assert (mock_pins.pin(23).state, mock_pins.pin(24).state) == (1, 1)


def test_false_start_is_reported_then_a_fair_press_counts(tmp_path, mock_pins, monkeypatch):
    d = make_daemon(tmp_path, race={"countdown_s": 1})
    rec = Recorder(d.hub)
    try:
        d.hub.call(d.table.create_game, "howruck", ["Ann", "Bob"])
        drive(mock_pins, OK_PIN, True)
        drive(mock_pins, OK_PIN, False)
        rec.wait_for(lambda t, p: t == "race" and p["phase"] == "countdown")
        drive(mock_pins, A_PIN, True)  # during the countdown
        rec.wait_for(lambda t, p: t == "race" and p.get("false_start") == "Ann")
        rec.wait_for(lambda t, p: t == "sound" and p == "false_start")
        drive(mock_pins, A_PIN, False)
        rec.wait_for(lambda t, p: t == "race" and p["phase"] == "running")
        time.sleep(0.05)
        drive(mock_pins, B_PIN, True)
        decision = rec.race_result()
        assert decision["winner"] == "Bob" and decision["false_starts"] == ["Ann"]
    finally:
        d.stop()


def test_a_button_held_since_before_the_race_and_let_go_in_the_countdown_is_no_false_start(
        tmp_path, mock_pins):
    """Ann rests her hand on her button while OK starts the race and lifts it during the
    countdown: a release is no press, so nobody hears "false start" for her (Bob's real
    one right after is the only one)."""
    d = make_daemon(tmp_path, race={"countdown_s": 5})
    rec = Recorder(d.hub)
    try:
        d.hub.call(d.table.create_game, "howruck", ["Ann", "Bob"])
        drive(mock_pins, A_PIN, True)  # before the race: a press that means nothing
        rec.wait_for(lambda t, p: t == "button" and p["name"] == "p0" and p["pressed"])
        drive(mock_pins, OK_PIN, True)
        drive(mock_pins, OK_PIN, False)
        rec.wait_for(lambda t, p: t == "race" and p["phase"] == "countdown")
        drive(mock_pins, A_PIN, False)  # let go during the countdown
        rec.wait_for(lambda t, p: t == "button" and p["name"] == "p0" and not p["pressed"])
        drive(mock_pins, B_PIN, True)  # a real false start, after Ann's release
        rec.wait_for(lambda t, p: t == "race" and p.get("false_start") == "Bob")
        rec.wait_for(lambda t, p: t == "sound" and p == "false_start")
        assert d.hub.call(lambda: d.table.race_phase) == "countdown"  # all before the signal
        d.hub.call(lambda: None)
        time.sleep(0.1)  # anything published with Bob's press has reached the recorder
        seen = rec.seen + list(rec.messages.queue)
        assert [p["false_start"] for t, p in seen if t == "race" and p["false_start"]] \
            == ["Bob"]
        assert [p for t, p in seen if t == "sound" and p == "false_start"] == ["false_start"]
    finally:
        d.stop()


def published_presses(daemon) -> list[dict]:
    daemon.hub.call(lambda: None)  # everything posted so far has been handled
    return [p for t, p in daemon.recorder.seen + list(daemon.recorder.messages.queue)
            if t == "button" and p["pressed"]]


@pytest.mark.parametrize("gap_s", [0.0001, 0.00085, 0.002])
def test_fifty_bounce_edges_are_one_press_at_the_first_edges_time(daemon, mock_pins,
                                                                   monkeypatch, gap_s):
    """Chatter longer than the 40 ms lock-out (0.85 ms and 2 ms apart) is still one press."""
    t0 = time.monotonic() - 1.0
    for i in range(50):
        drive(mock_pins, OK_PIN, i % 2 == 0, at=t0 + i * gap_s, monkeypatch=monkeypatch)
    drive(mock_pins, OK_PIN, False, at=t0 + 0.5, monkeypatch=monkeypatch)
    daemon.recorder.wait_for(lambda t, p: t == "race" and p["phase"] == "running")
    presses = published_presses(daemon)
    assert len(presses) == 1 and presses[0]["t"] == t0
    assert daemon.table.debouncer.dropped >= 48


def hold_ok(mock_pins, monkeypatch, seconds: float) -> None:
    """OK pressed `seconds` ago and released now (edge times within the pins' sanity check)."""
    now = time.monotonic()
    drive(mock_pins, OK_PIN, True, at=now - seconds, monkeypatch=monkeypatch)
    drive(mock_pins, OK_PIN, False, at=now, monkeypatch=monkeypatch)


def test_holding_ok_only_draws_a_new_pin_and_a_short_press_acts_on_release(daemon, mock_pins,
                                                                           monkeypatch):
    old_pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    now = time.monotonic()
    drive(mock_pins, OK_PIN, True, at=now - 4.0, monkeypatch=monkeypatch)
    time.sleep(0.1)
    assert daemon.hub.call(lambda: daemon.table.race_phase) == "idle"  # not on the press
    drive(mock_pins, OK_PIN, False, at=now - 0.5, monkeypatch=monkeypatch)  # held 3.5 s
    wait_until(lambda: daemon.hub.call(lambda: daemon.table.pairing.pin) != old_pin)
    time.sleep(0.1)
    assert daemon.hub.call(lambda: daemon.table.race_phase) == "idle"  # no countdown
    hold_ok(mock_pins, monkeypatch, 0.3)  # a short press: the race starts on its release
    daemon.recorder.wait_for(lambda t, p: t == "race" and p["phase"] == "running")


def test_a_hold_for_a_new_pin_keeps_the_phones_paired(daemon, mock_pins, monkeypatch):
    from companion.daemon.table import NEW_PIN_HOLD_S

    pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    token = daemon.hub.call(daemon.table.pair, pin, "10.0.0.7")
    hold_ok(mock_pins, monkeypatch, NEW_PIN_HOLD_S + 1)
    wait_until(lambda: daemon.hub.call(lambda: daemon.table.pairing.pin) != pin)
    assert daemon.hub.call(daemon.table.paired, token) is True


def test_holding_ok_longer_unpairs_every_phone(daemon, mock_pins, monkeypatch):
    from companion.daemon.table import UNPAIR_ALL_HOLD_S

    pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    token = daemon.hub.call(daemon.table.pair, pin, "10.0.0.7")
    # pressed 4.5 s ago (edge times stay within the pins' 5 s sanity check), released once
    # the hold is long enough
    pressed_at = time.monotonic() - 4.5
    drive(mock_pins, OK_PIN, True, at=pressed_at, monkeypatch=monkeypatch)
    time.sleep(max(0.0, pressed_at + UNPAIR_ALL_HOLD_S + 0.2 - time.monotonic()))
    drive(mock_pins, OK_PIN, False)
    daemon.recorder.wait_for(lambda t, p: t == "unpaired")
    assert daemon.hub.call(daemon.table.paired, token) is False
    # the PIN someone may have seen is replaced, and shown for the owners to pair again
    assert daemon.hub.call(daemon.table.pairing_view)["show"] is True
    assert daemon.hub.call(lambda: daemon.table.pairing.pin) != pin
    assert daemon.hub.call(lambda: daemon.table.race_phase) == "idle"  # not a short press


def test_buzzer_and_leds_follow_the_race(daemon, mock_pins, monkeypatch):
    signal_t = start_race(daemon, mock_pins)
    daemon.recorder.wait_for(lambda t, p: t == "sound" and p == "go")
    drive(mock_pins, B_PIN, True, at=signal_t + 0.05, monkeypatch=monkeypatch)
    assert daemon.recorder.race_result()["winner"] == "Bob"
    daemon.recorder.wait_for(lambda t, p: t == "sound" and p == "stopp")
    daemon.recorder.wait_for(lambda t, p: t == "leds" and p == [1])
    deadline = time.monotonic() + 2
    while mock_pins.pin(24).state != 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert mock_pins.pin(24).state == 1 and mock_pins.pin(23).state == 0  # Bob's LED only


def test_race_result_is_durable(tmp_path, mock_pins, monkeypatch):
    d = make_daemon(tmp_path)
    rec = Recorder(d.hub)
    d.hub.call(d.table.create_game, "howruck", ["Ann", "Bob"])
    drive(mock_pins, OK_PIN, True)
    drive(mock_pins, OK_PIN, False)
    rec.wait_for(lambda t, p: t == "race" and p["phase"] == "running")
    signal_t = d.hub.call(lambda: d.table.race.signal_t)
    drive(mock_pins, B_PIN, True, at=signal_t + 0.012345, monkeypatch=monkeypatch)
    rec.race_result()
    d.stop()
    from companion.sessions import Sessions
    again = Sessions(tmp_path)
    # The press times are what is stored: a replay decides the race again from them.
    game = next(iter(again.games.values()))
    assert game.actions == [{"type": "race", "presses": {"Bob": [12345]}}]
    assert game.state.turn == "Bob"
    again.close()


def test_sigterm_shuts_down_cleanly(tmp_path):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--simulate",
                             "--host", "127.0.0.1", "--port", str(free_port()), "--data",
                             str(tmp_path)], stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                            env=env)
    lines = []
    for raw in proc.stderr:
        lines.append(raw.decode())
        if "running" in lines[-1]:
            break
    proc.send_signal(signal.SIGTERM)
    rest = proc.communicate(timeout=20)[1].decode()
    assert proc.returncode == 0
    assert "companion stopped" in rest and "Traceback" not in rest
    assert "first screen on the display" in "".join(lines) + rest
    assert (tmp_path / "games.sqlite3").exists()


def test_invalid_config_names_the_key_and_refuses_to_start(tmp_path):
    bad = tmp_path / "config.toml"
    bad.write_text('[buttons]\nplayers = [17, 17]\n')
    proc = subprocess.run([sys.executable, "-m", "companion", "run", "--config", str(bad),
                           "--data", str(tmp_path)], capture_output=True, timeout=30)
    assert proc.returncode == 2
    assert b"buttons.players[1]" in proc.stderr and b"already used" in proc.stderr


def test_after_seeing_late_inputs_the_race_waits_for_an_earlier_press_100ms_late(
        daemon, mock_pins, monkeypatch):
    """The daemon feeds every edge's delivery delay to the arbiter's settle time: once edges
    have arrived 0.4 s late (a stalled serial box), Ann's press, 20 ms before Bob's but
    delivered 100 ms after it, still wins (a constant 50 ms settle gives it to Bob)."""
    now = time.monotonic()
    for i in range(3):  # edges of a button no seat uses: only their delay counts
        daemon.post_edge("x9", now - 0.4 + i * 0.001, i % 2 == 0, "serial")
    signal_t = start_race(daemon, mock_pins)
    time.sleep(max(0.0, signal_t + 0.05 - time.monotonic()))  # both presses after the signal
    bob_t = time.monotonic()
    drive(mock_pins, B_PIN, True, at=bob_t, monkeypatch=monkeypatch)
    time.sleep(0.1)
    drive(mock_pins, A_PIN, True, at=bob_t - 0.02, monkeypatch=monkeypatch)
    decision = daemon.recorder.race_result()
    assert decision["winner"] == "Ann", (decision, daemon.table.delays.delays)


def test_a_hold_of_exactly_the_unpair_time_unpairs_every_phone(daemon, mock_pins, monkeypatch):
    from companion.daemon.table import UNPAIR_ALL_HOLD_S

    pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    token = daemon.hub.call(daemon.table.pair, pin, "10.0.0.7")
    # edge times within the pins' 5 s sanity check either side of now, the hold exact in
    # binary (a multiple of 1/64 s); the next press confirms the release at once
    pressed_at = math.floor((time.monotonic() - UNPAIR_ALL_HOLD_S / 2) * 64) / 64
    released_at = pressed_at + UNPAIR_ALL_HOLD_S
    assert released_at - pressed_at == UNPAIR_ALL_HOLD_S
    drive(mock_pins, OK_PIN, True, at=pressed_at, monkeypatch=monkeypatch)
    drive(mock_pins, OK_PIN, False, at=released_at, monkeypatch=monkeypatch)
    drive(mock_pins, OK_PIN, True, at=released_at + 0.1, monkeypatch=monkeypatch)
    daemon.recorder.wait_for(lambda t, p: t == "unpaired")
    assert daemon.hub.call(daemon.table.paired, token) is False


def test_ok_races_again_at_once_after_a_race_is_taken_back(daemon, mock_pins, monkeypatch):
    """The race result is still on the OLED when the table takes it back (a phone's undo):
    OK starts the race again straight away."""
    signal_t = start_race(daemon, mock_pins)
    drive(mock_pins, A_PIN, True, at=signal_t + 0.1, monkeypatch=monkeypatch)
    drive(mock_pins, B_PIN, True, at=signal_t + 0.2, monkeypatch=monkeypatch)
    daemon.recorder.race_result()
    game = daemon.table.current
    assert daemon.hub.call(daemon.table.undo, game)["phase"] == "teams"
    drive(mock_pins, OK_PIN, True)
    drive(mock_pins, OK_PIN, False)
    wait_until(lambda: daemon.hub.call(lambda: daemon.table.race_phase) == "running")


def test_a_new_game_ends_the_running_race(daemon, mock_pins, monkeypatch):
    """Presses after a new game was started are no race presses: nobody won a race in the
    new game."""
    signal_t = start_race(daemon, mock_pins)
    daemon.hub.call(daemon.table.create_game, "howruck", ["Cat", "Dan"])
    assert daemon.hub.call(daemon.table.race_view)["phase"] == "idle"
    drive(mock_pins, A_PIN, True, at=signal_t + 0.1, monkeypatch=monkeypatch)
    drive(mock_pins, B_PIN, True, at=signal_t + 0.2, monkeypatch=monkeypatch)
    daemon.hub.call(lambda: None)  # the edges are handled (a race decides on both presses)
    view = daemon.hub.call(daemon.table.view)
    assert (view["players"], view["phase"], view["actions"]) == (["Cat", "Dan"], "teams", 0)


def test_a_seat_button_beyond_the_games_players_does_nothing(tmp_path, mock_pins, caplog):
    d = make_daemon(tmp_path, buttons={"players": [A_PIN, B_PIN, 5]})
    try:
        d.hub.call(d.table.create_game, "howruck", ["Ann", "Bob"])
        drive(mock_pins, 5, True)
        drive(mock_pins, 5, False)
        d.hub.call(lambda: None)
        assert d.hub.call(d.table.view)["actions"] == 0
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    finally:
        d.stop()


def test_taking_back_the_move_before_a_race_ends_the_running_race(daemon, mock_pins,
                                                                  monkeypatch):
    """The race of a new round runs; a phone takes back the move that ended the round: the
    game wants no race now, so the race ends and later presses are no race presses (a result
    for it would only be refused by the game, the presses lost without a word)."""
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    core = get_core("howruck")
    log, _ = random_game(core, 1, ["Ann", "Bob"])
    state, due = core.new_game(["Ann", "Bob"], {}, 1), []  # moves after which a race is due
    for action in log:
        before = any(a["type"] == "race" for a in core.legal_actions(state))
        state = core.apply(state, action).state
        due.append(not before and any(a["type"] == "race" for a in core.legal_actions(state)))
    k = due.index(True) + 1  # the moves up to the first that made a race due
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Ann", "Bob"], {}, 1)["id"]
    for action in log[:k]:
        daemon.hub.call(daemon.table.apply, game, action)
    signal_t = start_race(daemon, mock_pins)
    daemon.hub.call(daemon.table.undo, game)
    assert daemon.hub.call(daemon.table.race_view)["phase"] == "idle"
    daemon.recorder.wait_for(lambda t, p: t == "race" and p["phase"] == "idle")
    drive(mock_pins, A_PIN, True, at=signal_t + 0.1, monkeypatch=monkeypatch)
    drive(mock_pins, B_PIN, True, at=signal_t + 0.2, monkeypatch=monkeypatch)
    daemon.hub.call(lambda: None)  # the edges are handled
    assert daemon.hub.call(daemon.table.view)["actions"] == k - 1
