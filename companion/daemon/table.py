"""What the hub thread owns, put together: the buttons' meaning, and the table's one face.

Every method here runs on the hub thread (inputs `post` to it, the web `call`s it), so the
state needs no locks. The jobs live in their own modules and this class wires them:

- `race_control.RaceControl`: the button race (countdown, signal, decision);
- `games.CurrentGame`: which game is shown and every change to it (``state``, announcements);
- `settings.save_change`: the page's settings, saved in one write;
- `pairing_screen.PairingScreen`: the PIN and QR code on the OLED, pairing, unpairing;
- `leds`: which seats are lit.

What stays here is input routing: a raw edge is debounced, a player's button goes to the
race or to the game (`button_actions`), and OK acts on its release (a hold draws a new PIN).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from companion.config import Config
from companion.daemon.button_actions import button_action
from companion.daemon.games import BANNER_S, CurrentGame
from companion.daemon.hub import Hub
from companion.daemon.pairing import Pairing
from companion.daemon.pairing_screen import PAIRING_SHOWN_S, PairingScreen
from companion.daemon.race_control import COUNTDOWN_STEP_S, RACE_SHOWN_S, RaceControl
from companion.daemon.reach import Reach
from companion.daemon.settings import Settings, save_change
from companion.devices.debounce import Debouncer
from companion.race import Decision
from companion.rules import Outcome, Refusal
from companion.sessions import Sessions

log = logging.getLogger("companion.table")
NEW_PIN_HOLD_S = 3.0  # holding OK this long draws a new pairing PIN (and nothing else)
UNPAIR_ALL_HOLD_S = 8.0  # holding OK this long unpairs every phone (and draws a new PIN)

__all__ = ["BANNER_S", "COUNTDOWN_STEP_S", "NEW_PIN_HOLD_S", "PAIRING_SHOWN_S",
           "RACE_SHOWN_S", "UNPAIR_ALL_HOLD_S", "Table"]


class Table:
    def __init__(self, hub: Hub, sessions: Sessions, config: Config,
                 pairing: Pairing | None = None, route: str | None = None,
                 settings: Settings | None = None, announce_pin: bool = False) -> None:
        """`route`: the address the machine routed from at start (network/route.py)."""
        self.hub = hub
        self.sessions = sessions
        self.config = config
        self.debouncer = Debouncer(config.debounce_ms / 1000)
        self.racing = RaceControl(hub, self._race_decided)
        self.games = CurrentGame(hub, sessions)
        self.pairing = pairing or Pairing(None, hub.clock)
        self.pairing_screen = PairingScreen(hub, self.pairing, "", announce_pin)
        self.reach = Reach(self.pairing_screen, config.web_host, config.web_port, route)
        self.settings = settings or Settings(None, config.language)
        self._ok_pressed_at: float | None = None

    # --- what other modules and tests read ---------------------------------------------------
    @property
    def current(self) -> int | None:
        return self.games.current

    @property
    def race_phase(self) -> str:
        return self.racing.phase

    @property
    def race(self):
        return self.racing.race

    @property
    def decision(self) -> Decision | None:
        return self.racing.decision

    @property
    def delays(self):
        return self.racing.delays

    @property
    def show_pairing(self) -> bool:
        return self.pairing_screen.show

    @property
    def page_url(self) -> str:
        return self.pairing_screen.page_url

    # --- inputs ----------------------------------------------------------------------------
    def on_edge(self, name: str, t: float, pressed: bool, source: str) -> None:
        """A raw button edge from GPIO or the serial box (hub thread)."""
        self.racing.delays.observe(self.hub.clock() - t)
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
        if self.racing.running:
            self.racing.feed(player, t, pressed, source)
        elif pressed:
            self._press(player)

    def _ok_released(self, held_s: float) -> None:
        """OK acts on its release: a short press is OK; a hold of NEW_PIN_HOLD_S or more only
        draws a new PIN; a hold of UNPAIR_ALL_HOLD_S or more unpairs every phone."""
        if held_s >= UNPAIR_ALL_HOLD_S:
            self.unpair_all()
        elif held_s >= NEW_PIN_HOLD_S:
            self.new_pin()
        else:
            self.on_ok()

    def on_ok(self) -> None:
        """OK starts the race when a How Ruck! game is forming teams (and throws the dice
        in Lauf Rauf!)."""
        if self.racing.phase in ("idle", "decided") and self._wants_race():
            self.start_race()
        else:
            self._press(None)

    def _press(self, player: str | None) -> None:
        session = self.games.session()
        action = button_action(session.core, session.state, player) if session else None
        if action is not None:
            if action["type"] == "roll":
                self.hub.publish("sound", "dice")
            self.apply(self.current, action)

    def _seat_player(self, name: str) -> str | None:
        session = self.games.session()
        if session is None or not name.startswith("p") or not name[1:].isdigit():
            return None
        seat = int(name[1:])
        players = session.header["players"]
        return players[seat] if seat < len(players) else None

    def _wants_race(self) -> bool:
        """Whether the current game waits for a button race: its core lists a race now."""
        session = self.games.session()
        return session is not None and any(
            a["type"] == "race" for a in session.core.legal_actions(session.state))

    # --- the race --------------------------------------------------------------------------
    def start_race(self) -> dict[str, Any]:
        if not self._wants_race():
            raise Refusal("no_race_now")
        if self.racing.running:
            raise Refusal("race_running")
        session = self.games.session()
        return self.racing.start(tuple(session.header["players"]), session.header["options"],
                                 self.config)

    def _race_decided(self, decision: Decision) -> None:
        """The decided race is entered into the game it was held for."""
        try:
            self.apply(self.current, decision.action())
        except Refusal as refusal:
            log.warning("race result refused by the game: %s", refusal.code)

    def race_view(self, false_start: str | None = None) -> dict[str, Any]:
        return self.racing.view(false_start)

    def reset_race(self) -> None:
        self.racing.reset()

    # --- games (the web page and tests call these through hub.call) ------------------------
    def create_game(self, game: str, players: list[str], options: dict | None = None,
                    seed: int = 0, names: dict | None = None) -> dict[str, Any]:
        session = self.games.create(game, players, options, seed, names)
        self.racing.reset()
        self.games.publish_state()
        self.hub.publish("games", {"created": session.id})
        return session.view()

    def switch_to(self, game_id: int) -> dict[str, Any]:
        """Show another stored game on the table (the OLED and every page)."""
        session = self.games.switch_to(game_id)
        self.racing.reset()
        self.games.publish_state()
        return session.view()

    def delete_game(self, game_id: int) -> dict[str, Any]:
        """Forget a stored game. If the table showed it, the newest game still played is
        shown instead (or none), as after a restart; the pages, told after the new state,
        say why the table changed (`was_shown`, and the deleted game's kind to name it)."""
        kind = self.games.sessions.get(game_id).header["game"]  # no_such_game
        was_shown = self.games.delete(game_id)
        if was_shown:
            self.racing.reset()
            self.games.publish_state()
        self.hub.publish("games", {"deleted": game_id, "game": kind, "was_shown": was_shown})
        return {"deleted": game_id, "current": self.current}

    def apply(self, game_id: int | None, action: Any, seq: int | None = None) -> Outcome:
        outcome = self.games.apply(game_id, action, seq)
        self._race_still_due(game_id)
        return outcome

    def undo(self, game_id: int, seen: int | None = None) -> dict[str, Any]:
        view = self.games.undo(game_id, seen)
        self._race_still_due(game_id)
        return view

    def _race_still_due(self, game_id: int | None) -> None:
        """After a change to the shown game that leaves it no race (its result came by hand:
        buttons not working, a phone's "… won the race"; the move that made it due taken
        back) a running race ends, and later presses are no race presses."""
        if self.racing.running and game_id == self.current and not self._wants_race():
            self.racing.reset()
            self.hub.publish("race", self.race_view())

    def view(self) -> dict[str, Any] | None:
        return self.games.view()

    def position(self) -> dict[str, Any] | None:
        return self.games.position()

    def publish_current(self) -> None:
        """Show the current game (at start: the game that was being played comes back)."""
        self.games.publish_state()

    # --- settings --------------------------------------------------------------------------
    def save_settings(self, language: str | None, hardware: dict[str, Any],
                      file_config: Config, replace: bool = False) -> dict[str, Any]:
        """The page's settings change, laid over the current ones (with `replace`, a
        restore's: over none) and saved in one atomic write (on the hub thread: concurrent
        saves apply one after the other). The language and the race options apply at once;
        the rest from the next start."""
        old = (self.settings.language, self.settings.chosen)
        self.config = save_change(self.settings, language, hardware, file_config, self.config,
                                  replace)
        if (self.settings.language, self.settings.chosen) != old:  # the pages' forms follow
            self.hub.publish("language", self.settings.language)
        return self.settings.as_json()

    # --- pairing (the web calls these through hub.call) -----------------------------------
    def pairing_view(self) -> dict[str, Any]:
        return self.pairing_screen.view()

    def publish_pairing(self) -> None:
        self.pairing_screen.publish()

    def new_pin(self) -> dict[str, Any]:
        """Draw a new PIN (and QR secret) and show it on the OLED for a while."""
        return self.pairing_screen.new_pin()

    def pair(self, pin: Any, client: str, secret: Any = None) -> str:
        return self.pairing_screen.pair(pin, client, secret)

    def unpair_all(self) -> None:
        """Forget every paired phone (the page's button, a long OK hold): their open
        streams are closed and they are watchers again. A new PIN (and QR secret) is drawn
        and shown, for the owners to pair again: whoever was unpaired may know the old one."""
        self.pairing_screen.unpair_all()
        self.pairing_screen.new_pin()

    def paired(self, token: str | None) -> bool:
        return self.pairing.paired(token)

    def network_changed(self, status: dict[str, Any]) -> None:
        """The box's own Wi-Fi (companion/network/) changed: the OLED shows its QR code while
        no phone has joined, and the pairing QR then points at the access point's address."""
        self.hub.publish("wifi", status)
        self.reach.wifi_changed(status)

    def route_changed(self, address: str | None) -> None:
        """The network came, went or changed (network/route.py): the pairing address follows."""
        self.reach.route_changed(address)

    def shutdown(self) -> None:
        self.hub.publish("leds", [])
        self.hub.publish("screen", "stopped")
