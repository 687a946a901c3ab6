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
from companion.doctor import Finding
from companion.i18n.said import Said
from companion.stop_advice import STOP_SERVICE


def _roles(config: configuration.Config) -> dict[str, tuple[str, int]]:
    roles: dict[str, tuple[str, int]] = {
        f"p{i}": (Said("doctor:role_player", n=i + 1), pin)
        for i, pin in enumerate(config.player_pins)}
    if config.ok_pin is not None:
        roles["ok"] = (Said("doctor:role_ok"), config.ok_pin)
    return roles


def check_buttons(config: configuration.Config, wait_s: float, ask: Callable[[str], None],
                  make_panel: Callable[..., ButtonPanel] = ButtonPanel,
                  stop: str = STOP_SERVICE) -> Iterator[Finding]:
    """Ask for each button in turn (`ask` shows the request); a finding per button. `stop`:
    how to stop the companion that holds them (`doctor_data.check_data_folder`)."""
    roles = _roles(config)
    presses: queue.Queue[str] = queue.Queue()
    try:
        panel = make_panel(config.player_pins, config.ok_pin, config.pull_up,
                           lambda name, _t, pressed, _source: pressed and presses.put(name))
    except Exception as exc:  # the pins check has said why, with its fix
        yield Finding("buttons", False, Said("doctor:buttons_unclaimed", error=str(exc)),
                      stop)
        return
    try:
        stuck = [name for name, button in panel.buttons.items() if button.is_pressed]
        for name in stuck:
            role, pin = roles[name]
            yield Finding("buttons", False, Said("doctor:button_stuck", role=role, pin=pin),
                          Said("doctor:button_stuck_fix"))
        for name in (n for n in panel.names if n not in stuck):
            yield _one_press(name, roles, presses, wait_s, ask)
        if panel.ticks_clock == "arrival":
            yield Finding("buttons", False, Said("doctor:clock_unknown"),
                          Said("doctor:clock_unknown_fix"))
        elif panel.ticks_clock == "realtime":
            yield Finding("buttons", True, Said("doctor:clock_realtime"))
    finally:
        panel.close()


def _one_press(name: str, roles: dict[str, tuple[str, int]], presses: queue.Queue[str],
               wait_s: float, ask: Callable[[str], None]) -> Finding:
    role, pin = roles[name]
    while not presses.empty():  # releases and chatter of the button before
        presses.get_nowait()
    ask(Said("doctor:press_now", role=role, pin=pin))
    try:
        got = presses.get(timeout=wait_s)
    except queue.Empty:
        return Finding("buttons", False, Said("doctor:no_press", role=role, pin=pin,
                                              seconds=f"{wait_s:g}"),
                       Said("doctor:no_press_fix", pin=pin))
    if got != name:
        other_role, other_pin = roles[got]
        return Finding("buttons", False, Said("doctor:wrong_button", role=role, pin=pin,
                                              other=other_role, other_pin=other_pin),
                       Said("doctor:wrong_button_fix"))
    return Finding("buttons", True, Said("doctor:pressed", role=role, pin=pin))
