"""A terminal table for simulation: keys drive the mock pins; what happens is printed.

Keys (printed at start, in the terminal's language: ``console:keys``): ``n`` a new How Ruck!
game (A against B), ``o`` OK (starts the race), ``1`` … ``6`` a player's button, ``t`` P1's and
P2's buttons pressed together (a race's tie: one key after the other never makes one), ``q``
quit.
On a terminal each key acts at once (cbreak mode; the terminal is given back as it was at
exit); from a pipe each character read is a key.

What it prints is said in the terminal's language (`companion.i18n.terminal_language`): each
race's countdown, signal and result (once per race), who won a How Ruck! round or tie-break
(the page's sentences for those announcements), and after each move whose turn it is, that
the teams are being raced for, or how the game ended.
"""

from __future__ import annotations

import os
import sys
import termios
import threading
import time
import tty
from typing import Any

from companion.announce_said import in_full, say_announcement
from companion.i18n.catalogs import terminal_language
from companion.i18n.said import Said
from companion.screens.sentences import race_sentence, state_line

SAID_HERE = ("round_won", "tiebreak_won", "tiebreak_tied")  # announcements the terminal says
TIE_KEY_BUTTONS = ("p0", "p1")  # key t: the two racers' buttons at once


class Console:
    def __init__(self, daemon, stop: threading.Event, lang: str | None = None) -> None:
        self.daemon = daemon
        self.stop = stop
        self.lang = lang or terminal_language()
        self._saved: list[Any] | None = None
        self._decided = False  # the race's result is printed (a race is re-published after)
        daemon.hub.subscribe(self.show, "console")

    def start(self) -> None:
        fd = sys.stdin.fileno()
        if os.isatty(fd):
            self._saved = termios.tcgetattr(fd)
            tty.setcbreak(fd)
        threading.Thread(target=self._read, name="console", daemon=True).start()
        print(Said("console:keys").text(self.lang), flush=True)

    def close(self) -> None:
        """Give the terminal back as it was (cbreak off, echo on)."""
        if self._saved is not None:
            termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self._saved)
            self._saved = None

    def press(self, *names: str) -> None:
        """A whole press of buttons (``p0``…, ``ok``) on their mock pins, as the page's: all
        of them go down together (a race's tie), then all come up."""
        for name in names:
            self.daemon.press_simulated(name, True)
        time.sleep(0.08)
        for name in names:
            self.daemon.press_simulated(name, False)

    def _read(self) -> None:
        fd = sys.stdin.fileno()
        while not self.stop.is_set():
            try:
                data = os.read(fd, 1)
            except OSError:
                data = b""
            if not data:  # end of input: the table goes on without a keyboard
                return
            self.key(data.decode(errors="replace").lower())

    def key(self, key: str) -> None:
        """One key: ``1`` is P1's button, … (every seat's, the simulation's own included)."""
        names = self.daemon.button_names()
        if key == "q":
            self.stop.set()
        elif key == "n":
            self.daemon.hub.call(self.daemon.table.create_game, "howruck", ["A", "B"])
        elif key == "o" and "ok" in names:
            self.press("ok")
        elif key == "t" and set(TIE_KEY_BUTTONS) <= set(names):
            self.press(*TIE_KEY_BUTTONS)
        elif key.isascii() and key.isdigit() and key != "0" and f"p{int(key) - 1}" in names:
            self.press(f"p{int(key) - 1}")

    def show(self, topic: str, payload: Any) -> None:
        if topic == "race":
            decision = payload.get("decision")
            if payload["phase"] == "countdown":
                self._decided = False
                print(f"  … {payload['countdown']}", flush=True)
            elif payload["phase"] == "running":
                self._decided = False
                print("  How Ruck!", flush=True)
            elif decision and not self._decided:
                self._decided = True
                print(f"  {race_sentence(decision, self.lang)}", flush=True)
            if payload.get("false_start"):
                said = Said("console:false_start", player=payload["false_start"])
                print(f"  {said.text(self.lang)}", flush=True)
        elif topic == "entry":  # before the state it led to: who won the round, then the next
            for item in payload.get("announcements") or []:
                if item.get("kind") in SAID_HERE:
                    print(f"  {in_full(say_announcement(item, self.lang))}", flush=True)
        elif topic == "state" and payload:
            print(f"  {state_line(payload, self.lang)}", flush=True)
