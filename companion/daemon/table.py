"""What the hub thread owns: the sessions, the current game, the race, debouncing.

Every method here runs on the hub thread (inputs `post` to it, the web `call`s it), so the
state needs no locks. What changes is published: ``state`` (the current game's public view),
``race`` (the race screen), ``leds`` (seats to light), ``sound``, ``button`` and ``screen``.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from companion.announce import SOUND, announcements, banner
from companion.config import Config
from companion.daemon.button_actions import button_action
from companion.daemon.hub import Hub
from companion.daemon.pairing import Pairing
from companion.daemon.settings import Settings, with_live_sections
from companion.devices.debounce import Debouncer
from companion.race import Decision, DelayTracker, Edge, RaceArbiter
from companion.rules import Outcome, Refusal
from companion.sessions import Sessions

log = logging.getLogger("companion.table")
COUNTDOWN_STEP_S = 1.0
RACE_SHOWN_S = 3.0  # the race result stays on the OLED this long
BANNER_S = 4.0  # what just happened stays on the OLED this long
NEW_PIN_HOLD_S = 3.0  # holding OK this long draws a new pairing PIN (and nothing else)
UNPAIR_ALL_HOLD_S = 8.0  # holding OK this long is to unpair every phone (pairing's job)
PAIRING_SHOWN_S = 120.0  # a new PIN stays on the OLED this long (or until a phone pairs)


class Table:
    def __init__(self, hub: Hub, sessions: Sessions, config: Config,
                 pairing: Pairing | None = None, page_url: str = "",
                 settings: Settings | None = None, announce_pin: bool = False) -> None:
        self.hub = hub
        self.sessions = sessions
        self.config = config
        self.debouncer = Debouncer(config.debounce_ms / 1000)
        playing = [g for g in sessions.games.values() if g.status == "playing"]
        self.current: int | None = max((g.id for g in playing), default=None)
        self.race: RaceArbiter | None = None
        self.delays = DelayTracker()  # every edge's delivery delay: the race's settle time
        self.race_phase = "idle"  # idle | countdown | running | decided
        self.countdown = 0
        self.decision: Decision | None = None
        self._banner_seq = 0
        self.pairing = pairing or Pairing(None, hub.clock)
        self.page_url = page_url
        self.settings = settings or Settings(None, config.language)
        self.show_pairing = False
        self.announce_pin = announce_pin  # log new PINs: only the simulation's terminal
        self._announced: tuple[str, str] | None = None
        self._ok_pressed_at: float | None = None

    # --- inputs ----------------------------------------------------------------------------
    def on_edge(self, name: str, t: float, pressed: bool, source: str) -> None:
        """A raw button edge from GPIO or the serial box (hub thread)."""
        self.delays.observe(self.hub.clock() - t)
        key = f"{source}:{name}"
        for edge_t, edge_pressed in self.debouncer.edge(key, t, pressed):
            self._on_button(name, edge_t, edge_pressed, source)
        if not pressed:  # a release counts once the contact stayed open for the lock-out
            self.hub.at(t + self.debouncer.lockout_s, partial(self._settle, key, name, source))

    def _settle(self, key: str, name: str, source: str) -> None:
        for edge_t, edge_pressed in self.debouncer.settle(key, self.hub.clock()):
            self._on_button(name, edge_t, edge_pressed, source)

    def _on_button(self, name: str, t: float, pressed: bool, source: str) -> None:
        """A debounced edge, stamped with the time of its first raw edge."""
        if getattr(self, "panel_care", None) and self.panel_care.press(name, pressed):
            return  # it woke the blank panel and means nothing else (daemon/panel_care.py)
        self.hub.publish("button", {"name": name, "pressed": pressed, "source": source, "t": t})
        if name == "ok":
            if pressed:
                self._ok_pressed_at = t
            elif self._ok_pressed_at is not None:
                held_s, self._ok_pressed_at = t - self._ok_pressed_at, None
                self._ok_released(held_s)
            return
        player = self._seat_player(name)
        if player is None:
            return
        if self.race is not None and self.race_phase in ("countdown", "running"):
            self.race.feed(Edge(player, t, pressed, source))
            if pressed and self.race.signal_t is None:
                self.hub.publish("race", self.race_view(false_start=player))
                self.hub.publish("sound", "false_start")
            self._check_race()  # decided at once when every player has pressed
        elif pressed:
            self._press(player)

    def _ok_released(self, held_s: float) -> None:
        """OK acts on its release: a short press is OK; a hold of NEW_PIN_HOLD_S or more only
        draws a new PIN (an even longer hold, UNPAIR_ALL_HOLD_S, is meant to unpair every
        phone: that belongs to the pairing and is wired there)."""
        if held_s >= NEW_PIN_HOLD_S:
            self.new_pin()
        else:
            self.on_ok()

    def on_ok(self) -> None:
        """OK starts the race when a How Ruck! game is forming teams (and throws the dice
        in Lauf Rauf!)."""
        if self.race_phase in ("idle", "decided") and self._wants_race():
            self.start_race()
        else:
            self._press(None)

    def _press(self, player: str | None) -> None:
        session = self._session()
        action = button_action(session.core, session.state, player) if session else None
        if action is not None:
            if action["type"] == "roll":
                self.hub.publish("sound", "dice")
            self.apply(self.current, action)

    def _seat_player(self, name: str) -> str | None:
        session = self._session()
        if session is None or not name.startswith("p") or not name[1:].isdigit():
            return None
        seat = int(name[1:])
        players = session.header["players"]
        return players[seat] if seat < len(players) else None

    def _session(self):
        return self.sessions.games.get(self.current) if self.current is not None else None

    def _wants_race(self) -> bool:
        """Whether the current game waits for a button race: its core lists a race now."""
        session = self._session()
        return session is not None and any(
            a["type"] == "race" for a in session.core.legal_actions(session.state))

    # --- the race --------------------------------------------------------------------------
    def start_race(self) -> dict[str, Any]:
        if not self._wants_race():
            raise Refusal("no_race_now")
        if self.race_phase in ("countdown", "running"):
            raise Refusal("race_running")
        session = self._session()
        options = session.header["options"]
        self.race = RaceArbiter(
            tuple(session.header["players"]),
            tie_window_s=options.get("tie_window_ms", self.config.tie_window_ms) / 1000,
            false_start=options.get("false_start", self.config.false_start),
            settle_s=self.config.settle_ms / 1000, delays=self.delays)
        # A false start decided before the signal is stored relative to when it was due.
        self.race.planned_signal_t = self.hub.clock() + self.config.countdown_s * COUNTDOWN_STEP_S
        self.decision = None
        self.race_phase = "countdown"
        self.countdown = self.config.countdown_s
        self.hub.publish("leds", [])
        self._tick()
        return self.race_view()

    def _tick(self) -> None:
        if self.race_phase != "countdown":
            return
        if self.countdown <= 0:
            self._signal()
            return
        self.hub.publish("race", self.race_view())
        self.hub.publish("sound", "tick")
        self.countdown -= 1
        self.hub.at(self.hub.clock() + COUNTDOWN_STEP_S, self._tick)

    def _signal(self) -> None:
        assert self.race is not None
        self.race.start(self.hub.clock())
        self.race_phase = "running"
        self.hub.publish("race", self.race_view())
        self.hub.publish("sound", "go")
        self._schedule_decision()

    def _schedule_decision(self) -> None:
        if self.race is not None and (due := self.race.due()) is not None:
            self.hub.at(due, self._check_race)

    def _check_race(self) -> None:
        if self.race is None or self.race_phase not in ("countdown", "running"):
            return
        decision = self.race.decide(self.hub.clock())
        if decision is None:
            self._schedule_decision()
            return
        self.decision = decision
        self.race_phase = "decided"
        players = self.race.players
        lit = [i for i, p in enumerate(players) if decision.tie or p == decision.winner]
        # The table learns the result first (LEDs, "Stopp!", the race screen); entering it
        # into the game (a durable commit, ~1 ms or more with the fsync) follows at once.
        # A crash in between loses nothing accepted: the game still waits for its race.
        self.hub.publish("leds", lit)
        self.hub.publish("sound", "tie" if decision.tie else "stopp")
        self.hub.publish("race", self.race_view())
        try:
            self.apply(self.current, decision.action())
        except Refusal as refusal:
            log.warning("race result refused by the game: %s", refusal.code)
        race = self.race
        self.hub.at(self.hub.clock() + RACE_SHOWN_S, lambda: self._race_over(race))

    def _race_over(self, race: RaceArbiter | None) -> None:
        """The decided race leaves the screen (unless another race started meanwhile)."""
        if self.race is race and self.race_phase == "decided":
            self.race_phase = "idle"
            self.hub.publish("race", self.race_view())

    def race_view(self, false_start: str | None = None) -> dict[str, Any]:
        return {"phase": self.race_phase, "countdown": self.countdown,
                "decision": self.decision.as_json() if self.decision else None,
                "false_start": false_start,
                "players": list(self.race.players) if self.race else []}

    # --- games (the web page and tests call these through hub.call) ------------------------
    def create_game(self, game: str, players: list[str], options: dict | None = None,
                    seed: int = 0) -> dict[str, Any]:
        session = self.sessions.create(game, players, options, seed)
        self.current = session.id
        self.race_phase, self.race, self.decision = "idle", None, None
        self._publish_state()
        self.hub.publish("games", {"created": session.id})
        return session.view()

    def switch_to(self, game_id: int) -> dict[str, Any]:
        """Show another stored game on the table (the OLED and every page)."""
        session = self.sessions.get(game_id)
        self.current = game_id
        self.race_phase, self.race, self.decision = "idle", None, None
        self._publish_state()
        return session.view()

    def save_settings(self, language: str | None, hardware: dict[str, Any],
                      file_config: Config) -> dict[str, Any]:
        """The page's settings change, laid over the current ones and saved in one atomic
        write (on the hub thread: concurrent saves apply one after the other). The language
        and the race options apply at once; the rest from the next start."""
        wanted, config = self.settings.changed(language, hardware, file_config)
        if wanted.as_json() != self.settings.as_json():
            wanted.save()
        old_language = self.settings.language
        self.settings.language, self.settings.hardware = wanted.language, wanted.hardware
        self.config = with_live_sections(self.config, config)
        if wanted.language != old_language:
            self.hub.publish("language", wanted.language)
        return self.settings.as_json()

    def apply(self, game_id: int | None, action: Any) -> Outcome:
        if game_id is None:
            raise Refusal("no_such_game", game_id=None)
        outcome = self.sessions.apply(game_id, action)
        if game_id == self.current:
            self._publish_state()
            self._announce(game_id, outcome.events)
            if any(e.get("type") == "huckauf" for e in outcome.events):
                self.hub.publish("sound", "huckauf")
        return outcome

    def _announce(self, game_id: int, events: list[dict[str, Any]]) -> None:
        """What just happened, for every phone (a banner, the history) and the buzzer."""
        view = self.view()
        said = announcements(events, view)
        if not said:
            return
        self.hub.publish("announce", {"game": game_id, "items": said})
        shown = banner(said, game_over=bool(view and view.get("winner") is not None))
        if shown is not None:  # on the OLED for BANNER_S, then back to the score
            self._banner_seq += 1
            self.hub.publish("banner", shown)
            self.hub.at(self.hub.clock() + BANNER_S, partial(self._banner_over,
                                                              self._banner_seq))
        sound = next((SOUND[a["kind"]] for a in reversed(said) if a["kind"] in SOUND), None)
        if sound:
            self.hub.publish("sound", sound)

    def _banner_over(self, seq: int) -> None:
        if seq == self._banner_seq:
            self.hub.publish("banner", None)

    def undo(self, game_id: int) -> dict[str, Any]:
        session = self.sessions.undo(game_id)
        if game_id == self.current:
            self._publish_state()
        return session.view()

    def view(self) -> dict[str, Any] | None:
        session = self._session()
        return session.view() if session else None

    def publish_current(self) -> None:
        """Show the current game (at start: the game that was being played comes back)."""
        self._publish_state()

    def _publish_state(self) -> None:
        view = self.view()
        self.hub.publish("state", view)
        if view and view["game"] != "howruck" and self.race is None:  # light whose turn it is
            turn = view.get("turn")
            self.hub.publish("leds", [view["players"].index(turn)] if turn in view["players"]
                             else [])

    # --- pairing (the web calls these through hub.call) -----------------------------------
    def pairing_view(self) -> dict[str, Any]:
        """What the OLED's pairing screen shows: "qr" is the address with the one-time
        secret in its fragment (the page never gets it: the stream forwards url and show)."""
        return {"url": self.page_url, "qr": f"{self.page_url}#pair={self.pairing.secret}",
                "pin": self.pairing.pin, "show": self.show_pairing}

    def publish_pairing(self) -> None:
        view = self.pairing_view()
        announced = (view["qr"], view["pin"])
        if self.announce_pin and announced != self._announced:
            self._announced = announced  # the simulation's terminal is the display
            log.info("pairing: open %s or enter PIN %s", *announced)
        self.hub.publish("pairing", view)

    def new_pin(self) -> dict[str, Any]:
        """Draw a new PIN (and QR secret) and show it on the OLED for a while."""
        self.pairing.draw_pin()
        self.show_pairing = True
        self.publish_pairing()
        pin = self.pairing.pin
        self.hub.at(self.hub.clock() + PAIRING_SHOWN_S, partial(self._hide_pairing, pin))
        return self.pairing_view()

    def _hide_pairing(self, pin: str | None = None) -> None:
        if self.show_pairing and (pin is None or pin == self.pairing.pin):
            self.show_pairing = False
            self.publish_pairing()

    def pair(self, pin: Any, client: str, secret: Any = None) -> str:
        token = self.pairing.pair(pin, client, secret)
        self.show_pairing = False  # a phone paired: the game's screen comes back
        self.publish_pairing()  # with the QR code's new secret
        return token

    def unpair_all(self) -> None:
        """Forget every paired phone (the page's button, a long OK hold): their open
        streams are closed and they are watchers again."""
        self.pairing.unpair_all()
        self.hub.publish("unpaired", {})

    def paired(self, token: str | None) -> bool:
        return self.pairing.paired(token)

    def shutdown(self) -> None:
        self.hub.publish("leds", [])
        self.hub.publish("screen", "stopped")
