"""`companion doctor --buttons`: press each button when asked, and learn what is wired wrong.

Catches what a pin check cannot: a button on the wrong pin (two wires swapped), one that
reads pressed without being touched (pull-up setting or a short), one that never arrives
(a loose wire), and edge times the race cannot use (a pin backend stamping them on no
known clock). It uses the daemon's own `ButtonPanel`, so it sees exactly what a race sees.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterator

from companion import config as configuration
from companion.devices.buttons import ButtonPanel
from companion.doctor import STOP_SERVICE, Finding


def _roles(config: configuration.Config) -> dict[str, tuple[str, int]]:
    roles = {f"p{i}": (f"player {i + 1} button", pin)
             for i, pin in enumerate(config.player_pins)}
    if config.ok_pin is not None:
        roles["ok"] = ("OK button", config.ok_pin)
    return roles


def check_buttons(config: configuration.Config, wait_s: float, ask: Callable[[str], None],
                  make_panel: Callable[..., ButtonPanel] = ButtonPanel) -> Iterator[Finding]:
    """Ask for each button in turn (`ask` shows the request); a finding per button."""
    roles = _roles(config)
    presses: queue.Queue[str] = queue.Queue()
    try:
        panel = make_panel(config.player_pins, config.ok_pin, config.pull_up,
                           lambda name, _t, pressed, _source: pressed and presses.put(name))
    except Exception as exc:  # the pins check has said why, with its fix
        yield Finding("buttons", False, f"cannot claim the buttons: {exc}", STOP_SERVICE)
        return
    try:
        stuck = [name for name, button in panel.buttons.items() if button.is_pressed]
        for name in stuck:
            role, pin = roles[name]
            yield Finding("buttons", False, f"the {role} (GPIO{pin}) reads pressed without "
                          "being touched", "check [buttons] pull_up (true: button to GND) "
                          "and that the wire does not touch GND elsewhere")
        for name in (n for n in panel.names if n not in stuck):
            yield _one_press(name, roles, presses, wait_s, ask)
        if panel.ticks_clock == "arrival":
            yield Finding("buttons", False, "the pin backend stamps edges on no known clock: "
                          "races are decided by arrival order", "update gpiozero and lgpio "
                          "(pip install -U gpiozero lgpio in the companion's venv)")
        elif panel.ticks_clock == "realtime":
            yield Finding("buttons", True, "edge times come on the realtime clock (converted)")
    finally:
        panel.close()


def _one_press(name: str, roles: dict[str, tuple[str, int]], presses: queue.Queue[str],
               wait_s: float, ask: Callable[[str], None]) -> Finding:
    role, pin = roles[name]
    while not presses.empty():  # releases and chatter of the button before
        presses.get_nowait()
    ask(f"press the {role} (GPIO{pin}) now")
    try:
        got = presses.get(timeout=wait_s)
    except queue.Empty:
        return Finding("buttons", False, f"no press of the {role} (GPIO{pin}) within "
                       f"{wait_s:g} s", f"check its wires: GPIO{pin} to one contact, GND to "
                       "the other (wiring.md)")
    if got != name:
        other_role, other_pin = roles[got]
        return Finding("buttons", False, f"asked for the {role} (GPIO{pin}), got the "
                       f"{other_role} (GPIO{other_pin})", "swap those two wires, or swap "
                       "the pins in [buttons] of the config")
    return Finding("buttons", True, f"{role} (GPIO{pin}) pressed")
