"""Game routing on the hub thread: which stored game the table shows, and every change to it.

The table shows one game at a time (the OLED, every page, the LEDs). Actions from the page,
the buttons and the race go through `apply`; what changed is published: ``state`` (the shown
game's public view), its ``leds`` (`leds.turn_leds`), ``announce`` and ``banner`` (what just
happened, for the phones and the OLED) and its ``sound``; ``entry`` (the history's new line)
and ``position`` (the state object, for the moves the web stream sends paired phones).
"""

from __future__ import annotations

from typing import Any

from companion.announce import announcements, banner, undone
from companion.daemon.hub import Hub
from companion.daemon.leds import turn_leds
from companion.rules import Outcome, Refusal
from companion.sessions import GameSession, Sessions
from companion.signals import signal

BANNER_S = 4.0  # what just happened stays on the OLED this long


class CurrentGame:
    def __init__(self, hub: Hub, sessions: Sessions) -> None:
        self.hub = hub
        self.sessions = sessions
        self.current: int | None = None
        self.reopen()
        self._banner_until = 0.0  # the newest banner leaves the OLED then (hub clock)
        self._banner_timer = False  # whether `_banner_over` is due

    def reopen(self) -> None:
        """After a restart (a power cut) or a restored backup: the game the table showed
        (an older game brought back to the table stays there), else the newest still played."""
        shown = self.sessions.store.shown()
        if shown in self.sessions.games:
            self.current = shown
            return
        playing = [g.id for g in self.sessions.games.values() if g.status == "playing"]
        self.current = max(playing, default=None)

    def _show(self, game_id: int) -> None:
        self.current = game_id
        self.sessions.store.set_shown(game_id)

    def session(self) -> GameSession | None:
        return self.sessions.games.get(self.current) if self.current is not None else None

    def view(self) -> dict[str, Any] | None:
        session = self.session()
        return session.view() if session else None

    def position(self) -> dict[str, Any] | None:
        """The shown game's state object and its core (None once it is over): what its legal
        moves are computed from, off the hub thread (states are never changed in place)."""
        session = self.session()
        if session is None:
            return None
        return {"game": session.id, "actions": session.state.actions, "state": session.state,
                "core": session.core if session.status == "playing" else None}

    def create(self, game: str, players: list[str], options: dict | None,
               seed: int, names: dict | None = None) -> GameSession:
        """A new stored game, now the one shown (its state is published by the caller)."""
        session = self.sessions.create(game, players, options, seed, names)
        self._show(session.id)
        return session

    def switch_to(self, game_id: int) -> GameSession:
        session = self.sessions.get(game_id)
        self._show(game_id)
        return session

    def delete(self, game_id: int) -> bool:
        """Forget a stored game; True if it was the one shown, which the newest game still
        played then replaces (or none)."""
        self.sessions.delete(game_id)
        if game_id != self.current:
            return False
        self.reopen()
        return True

    def apply(self, game_id: int | None, action: Any, seq: int | None = None) -> Outcome:
        """`seq`: the number of actions the sender saw, if it says (`Sessions.apply`)."""
        if game_id is None:
            raise Refusal("no_such_game", game_id=None)
        outcome = self.sessions.apply(game_id, action, seq)
        if game_id == self.current:
            session = self.sessions.get(game_id)
            view = session.view()
            said = announcements(outcome.events, view)
            # the history's new line first: a phone that has the lines before it appends
            # this one and asks for nothing when the state follows
            self.hub.publish("entry", {"game": game_id, "seq": len(session.actions) - 1,
                                       "action": session.actions[-1], "events": outcome.events,
                                       "announcements": said})
            self.publish_state()
            self._announce(game_id, said, view)
            if any(e.get("type") == "huckauf" for e in outcome.events):
                self.hub.publish("sound", "huckauf")
        return outcome

    def undo(self, game_id: int, seen: int | None = None) -> dict[str, Any]:
        before = self.sessions.get(game_id)
        taken = before.actions[-1] if before.actions and not before.broken else None
        session = self.sessions.undo(game_id, seen)
        if game_id == self.current:
            self.publish_state()
            if taken is not None:  # the table hears which move went, as its line said it
                outcome = session.core.apply(session.state, taken)
                said = announcements(outcome.events, session.core.view(outcome.state))
                self._announce(game_id, [undone(taken, outcome.events, said)], session.view())
        return session.view()

    def publish_state(self) -> None:
        session = self.session()
        view = session.view() if session else None
        self.hub.publish("state", view)
        position = self.position()
        if position is not None:  # for the web stream: the moves it sends paired phones
            self.hub.publish("position", position)
        leds = turn_leds(view, session is not None and session.core.button_race)
        if leds is not None:
            self.hub.publish("leds", leds)

    def _announce(self, game_id: int, said: list[dict[str, Any]],
                  view: dict[str, Any]) -> None:
        """What just happened, for every phone (a banner, the history) and the buzzer."""
        if not said:
            return
        self.hub.publish("announce", {"game": game_id, "items": said})
        shown = banner(said, game_over=bool(view and view.get("winner") is not None))
        if shown is not None:  # on the OLED for BANNER_S, then back to the score
            self.hub.publish("banner", shown)
            self._banner_until = self.hub.clock() + BANNER_S
            if not self._banner_timer:
                self._banner_timer = True
                self.hub.at(self._banner_until, self._banner_over)
        told = signal(said, view and view["players"])
        if told is not None:  # LEDs, buzzer (none: the outputs' thread is not woken for it)
            self.hub.publish("signal", told)

    def _banner_over(self) -> None:
        """BANNER_S after the newest banner, back to the score. One timer for a run of
        banners, moved on while they come: a timer per banner woke the hub once more per
        move, 4 s later, for nothing (a newer banner was showing)."""
        if self.hub.clock() < self._banner_until:
            self.hub.at(self._banner_until, self._banner_over)
            return
        self._banner_timer = False
        self.hub.publish("banner", None)
