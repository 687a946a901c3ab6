"""`companion doctor --buttons` on real gpiozero mock pins: the "user" presses whatever
button the test wires to each request, the way a swapped or loose wire would."""

from __future__ import annotations

import io

import gpiozero.pins.mock
from ports import free_port

from companion import doctor
from companion.cli import main as cli_main
from companion.config import parse
from companion.devices.buttons import ButtonPanel
from companion.doctor_buttons import check_buttons

CONFIG = parse({"buttons": {"players": [17, 27], "ok": 22}})


def tap(factory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def run(mock_pins, answers: dict[str, int | None], wait_s: float = 0.3,
        make_panel=ButtonPanel):
    """`answers`: for each requested GPIO label, the pin the user actually presses."""
    asked: list[str] = []

    def ask(request: str) -> None:
        asked.append(request)
        wanted = next(label for label in answers if f"({label})" in request)
        if answers[wanted] is not None:
            tap(mock_pins, answers[wanted])

    return list(check_buttons(CONFIG, wait_s, ask, make_panel)), asked


def test_every_button_pressed_when_asked_is_all_good(mock_pins):
    results, asked = run(mock_pins, {"GPIO17": 17, "GPIO27": 27, "GPIO22": 22})
    assert [f.ok for f in results] == [True, True, True]
    assert asked == ["press the player 1 button (GPIO17) now",
                     "press the player 2 button (GPIO27) now",
                     "press the OK button (GPIO22) now"]


def test_swapped_wires_are_named_with_the_fix(mock_pins):
    results, _ = run(mock_pins, {"GPIO17": 27, "GPIO27": 17, "GPIO22": 22})
    bad = [f for f in results if not f.ok]
    assert len(bad) == 2
    assert "asked for the player 1 button (GPIO17), got the player 2 button (GPIO27)" \
        in bad[0].message and "swap" in bad[0].fix


def test_a_loose_button_times_out_and_a_stuck_one_is_found_at_rest(mock_pins):
    def shorted_panel(*args):  # GPIO27's wire touches GND once the pull-up is on
        panel = ButtonPanel(*args)
        mock_pins.pin(27).drive_low()
        return panel

    results, asked = run(mock_pins, {"GPIO17": None, "GPIO27": 27, "GPIO22": 22}, 0.2,
                         shorted_panel)
    messages = [f.message for f in results if not f.ok]
    assert "reads pressed without being touched" in messages[0] and "GPIO27" in messages[0]
    assert messages[1] == "no press of the player 1 button (GPIO17) within 0.2 s"
    assert not any("GPIO27" in request for request in asked)  # a stuck one is not asked for


def test_edge_times_on_no_known_clock_are_a_finding(mock_pins, monkeypatch):
    monkeypatch.setattr(gpiozero.pins.mock, "monotonic", lambda: -1_000_000.0)  # on no clock
    results, _ = run(mock_pins, {"GPIO17": 17, "GPIO27": 27, "GPIO22": 22})
    assert "no known clock" in results[-1].message and not results[-1].ok


def _config(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(f"[web]\nhost = \"127.0.0.1\"\nport = {free_port()}\n"
                      "[buttons]\nplayers = [17]\nok = -1\n[leds]\nplayers = [23]\n")
    return config


def test_the_command_prompts_and_reports(tmp_path, mock_pins):
    """On the Pi (here: the mock pins the fixture installed, as the daemon's pins would be)
    nobody presses anything: each request is shown, each times out, exit status 1."""
    out = io.StringIO()
    assert doctor.main(_config(tmp_path), tmp_path / "data", False, out, buttons_wait_s=0.1,
                       lang="en") == 1
    assert "→ press the player 1 button (GPIO17) now" in out.getvalue()
    assert "✗ buttons: no press of the player 1 button (GPIO17) within 0.1 s" in out.getvalue()


def test_in_simulation_no_button_is_asked_for(tmp_path, mock_pins, capsys):
    """`--simulate` has only mock pins nobody can press: the doctor says the buttons were not
    checked, and why, instead of asking for presses that cannot come."""
    cli_main(["doctor", "--simulate", "--config", str(_config(tmp_path)), "--data",
              str(tmp_path / "data"), "--buttons", "0.1"])
    out = capsys.readouterr().out
    assert "buttons not checked: in simulation there are none to press" in out
    assert "→" not in out and "no press of" not in out
