"""What the hub thread owns: the sessions, the current game, the race, debouncing.

Every method here runs on the hub thread (inputs `post` to it, the web `call`s it), so the
state needs no locks. What changes is published: ``state`` (the current game's public view),
``race`` (the race screen), ``leds`` (seats to light), ``sound``, ``button`` and ``screen``.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from companion.config import Config
from companion.daemon.button_actions import button_action
from companion.daemon.hub import Hub
from companion.daemon.pairing import Pairing
from companion.daemon.settings import Settings
from companion.devices.debounce import Debouncer
from companion.race import Decision, Edge, RaceArbiter
from companion.rules import Outcome, Refusal
from companion.sessions import Sessions

log = logging.getLogger("companion.table")
COUNTDOWN_STEP_S = 1.0
RACE_SHOWN_S = 3.0  # the race result stays on the OLED this long
BANNER_S = 4.0  # a round won stays on the OLED this long
NEW_PIN_HOLD_S = 3.0  # holding OK this long draws a new pairing PIN
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
        if not self.debouncer.accept(f"{source}:{name}", t, pressed):
            return
        self.hub.publish("button", {"name": name, "pressed": pressed, "source": source})
        if name == "ok":
            if pressed:
                self._ok_pressed_at = t
                self.on_ok()
            elif self._ok_pressed_at is not None and t - self._ok_pressed_at >= NEW_PIN_HOLD_S:
                self.new_pin()
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
        session = self._session()
        return session is not None and session.header["game"] == "howruck" \
            and session.state.phase == "teams"

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
            settle_s=self.config.settle_ms / 1000)
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

    def set_hardware(self, hardware: dict[str, Any], config: Config) -> None:
        """Keep the page's hardware settings; the race options apply from the next race."""
        self.settings.hardware = hardware
        self.settings.save()
        self.config = config

    def set_language(self, lang: str) -> dict[str, Any]:
        self.settings.language = lang
        self.settings.save()
        self.hub.publish("language", lang)
        return self.settings.as_json()

    def apply(self, game_id: int | None, action: Any) -> Outcome:
        if game_id is None:
            raise Refusal("no_such_game", game_id=None)
        outcome = self.sessions.apply(game_id, action)
        if game_id == self.current:
            self._publish_state()
            self._banner(outcome.events)
            if any(e.get("type") == "huckauf" for e in outcome.events):
                self.hub.publish("sound", "huckauf")
        return outcome

    def _banner(self, events: list[dict[str, Any]]) -> None:
        """A round won (not the game: its end stays on screen) shows for BANNER_S."""
        if any(e.get("type") == "game_won" for e in events):
            return
        for event in events:
            if event.get("type") == "round_won":
                self._banner_seq += 1
                seq = self._banner_seq
                self.hub.publish("banner", event)
                self.hub.at(self.hub.clock() + BANNER_S, partial(self._banner_over, seq))

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
