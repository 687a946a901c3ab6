"""`companion run`: the daemon beside the board.

Wiring only: the hub thread owns the state (`Table`); buttons and the serial box post into
it; LEDs and buzzer subscribe. Off a Raspberry Pi (or with --simulate) gpiozero's mock pin
factory stands in for the pins.

- daemon.py: `Daemon`, the running companion's parts: built (start-up and wiring), started,
  stopped; what the page asks of them beyond the hub (settings, simulated buttons).
- run.py: `main`, the process of `companion run`: the config, signals, systemd's watchdog,
  the simulation's terminal, and why it did not start, said in the terminal's language.

Start-up order (issue 16, a dark display on a Pi Zero for seconds otherwise): the start-up
splash is on the panel before this package is even imported (devices/splash.py, taken over
by `Daemon`); it imports only the hub and the display at first; the display's thread draws
the first screen while the rest (the rule cores, the games database, gpiozero, Flask) is
imported and built.
"""

from companion.daemon.daemon import Daemon, use_mock_pins

__all__ = ["Daemon", "use_mock_pins"]
