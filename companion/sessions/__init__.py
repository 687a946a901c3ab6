"""Game sessions: a rule core's state kept in step with its durable action log.

`Sessions` is owned by one thread (the daemon's core loop); it is not thread-safe by design —
inputs post events to that thread instead of calling in here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.announce import announcements
from companion.host import default_data_dir
from companion.rules import Outcome, Refusal, RuleCore, SetupError, get_core
from companion.rules.players import name_as_shown
from companion.sessions.people import (
    check_names,
    check_one_seat_each,
    named_people,
    players_said,
    unnamed,
    with_names,
)
from companion.sessions.players import PlayerBook
from companion.sessions.store import GameRow, GameStore
from companion.stats import person_key

MAX_ACTION_BYTES = 16 * 1024


def make_header(game: Any, players: Any, options: Any = None, seed: Any = 0,
                names: Any = None) -> dict[str, Any]:
    """A validated header for a new game (raises `SetupError`). Names are kept as they show:
    trimmed and composed (NFC), so " Anna" and "Anna", or "Jürgen" typed with a combining
    mark, are one name (refused as a duplicate). Names that differ only in case ("Anna" and
    "anna") or in the spaces between words are refused too (`stats.person_key`): read
    aloud, on the OLED or in a history line they are one player. Stored games keep the
    names they had: their actions name the players, and replay must give the same game
    (the rule cores themselves compare names exactly). `names`, the person playing each
    player id (`people.check_names`), is kept when given: a game whose players are colours
    then counts in the statistics under the people's names."""
    core = get_core(game)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -2**63 <= seed < 2**63:
        raise SetupError("bad_seed")
    if isinstance(players, list):
        players = [name_as_shown(name) if isinstance(name, str) else name
                   for name in players]
    options = {} if options is None else options
    core.check_new_game(core.new_game(players, options, seed))  # players and options
    folded = [person_key(name) for name in players]
    if len(set(folded)) != len(folded):
        raise SetupError("bad_players", reason="duplicate")
    header = {"game": game, "players": list(players), "options": options, "seed": seed}
    if names is not None:
        header["names"] = check_names(game, names, header["players"])
    return header


@dataclass
class GameSession:
    id: int
    header: dict[str, Any]
    core: RuleCore
    state: Any
    actions: list[dict[str, Any]] = field(default_factory=list)
    broken: dict[str, Any] | None = None  # a stored log that no longer replays
    # the state before the last action, once known (states are never changed in place)
    before_last: Any = field(default=None, repr=False, compare=False)
    _shown: tuple[Any, Any, dict[str, Any]] | None = field(default=None, repr=False,
                                                           compare=False)

    @property
    def status(self) -> str:
        if self.broken:
            return "broken"
        return "over" if self.core.is_over(self.state) else "playing"

    def view(self) -> dict[str, Any]:
        """The public view (read-only: one dict per state serves every caller; a new action
        or undo makes a new state object, and so a new view)."""
        shown = self._shown
        if shown is None or shown[0] is not self.state or shown[1] is not self.broken:
            view = with_names({"id": self.id, "status": self.status,
                               **self.core.view(self.state)}, self.header)
            self._shown = shown = (self.state, self.broken, view)
        return shown[2]


def replay_events(core: RuleCore, header: dict[str, Any],
                  actions: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events each stored action caused (see `replay_history`)."""
    return replay_history(core, header, actions)[0]


def replay_history(core: RuleCore, header: dict[str, Any], actions: list[dict[str, Any]]
                   ) -> tuple[list[list[dict[str, Any]]], list[list[dict[str, Any]]]]:
    """The events and the announcements each stored action caused (the log replayed through
    the core): what the history shows, e.g. a race's winner and margin decided from its press
    times. A stored log that no longer replays (a game marked broken) has none from its first
    bad action on."""
    state = core.new_game(header["players"], header["options"], header["seed"])
    events: list[list[dict[str, Any]]] = []
    said: list[list[dict[str, Any]]] = []
    for action in actions:
        try:
            outcome = core.apply(state, action)
        except Refusal:
            break
        state = outcome.state
        events.append(outcome.events)
        said.append(announcements(outcome.events, core.view(state)))
    missing = [[] for _ in actions[len(events):]]
    return events + missing, said + missing


def rebuild(core: RuleCore, header: dict[str, Any], actions: list[dict[str, Any]]):
    """(state, index of the first action that no longer applies or None)."""
    state = core.new_game(header["players"], header["options"], header["seed"])
    for index, action in enumerate(actions):
        try:
            state = core.apply(state, action).state
        except Refusal:
            return state, index
    return state, None


class Sessions:
    """All games in a data directory, their states rebuilt from the log at start."""

    def __init__(self, data_dir: Path | str | None = None) -> None:
        self.store = GameStore(data_dir if data_dir is not None else default_data_dir())
        self.games: dict[int, GameSession] = {}
        for row in self.store.games():
            self.games[row.id] = self._load(row)
        self._tidy_aliases()

    def close(self) -> None:
        self.store.close()

    def reload(self) -> None:
        """Read every game again from the store (after a restore replaced its contents)."""
        self.games = {row.id: self._load(row) for row in self.store.games()}
        self._tidy_aliases()

    def _tidy_aliases(self) -> None:
        """Renames kept from before 15abf16 that can only be about seats played without a
        name go (`PlayerBook.drop_aliases_of_nobody`)."""
        headers = [g.header for g in self.games.values()]
        PlayerBook(self.store.db).drop_aliases_of_nobody(
            [(g.id, named_people(g.header)) for g in self.games.values()],
            {pid for h in headers for pid in unnamed(h)})

    def _load(self, row: GameRow) -> GameSession:
        core = get_core(row.game)
        actions = self.store.actions(row.id)
        state, bad = rebuild(core, row.header, actions)
        kept = actions if bad is None else actions[:bad]  # bad may be 0: an empty prefix
        session = GameSession(row.id, row.header, core, state, kept)
        if bad is not None:
            session.broken = {"seq": bad, "stored_actions": len(actions)}
        return session

    def create(self, game: Any, players: Any, options: Any = None, seed: Any = 0,
               names: Any = None) -> GameSession:
        header = make_header(game, players, options, seed, names)
        check_one_seat_each(header, PlayerBook(self.store.db).aliases())
        core = get_core(game)
        game_id = self.store.create(header)
        state = core.new_game(header["players"], header["options"], header["seed"])
        session = GameSession(game_id, header, core, state)
        self.games[game_id] = session
        return session

    def get(self, game_id: int) -> GameSession:
        session = self.games.get(game_id)
        if session is None:
            raise Refusal("no_such_game", game_id=game_id)
        return session

    def apply(self, game_id: int, action: Any, seq: int | None = None) -> Outcome:
        """Validate, commit, then acknowledge: the returned outcome is already durable.

        `seq` is the number of actions the sender saw. A move the game already took (two
        phones entering one move, a retry) is refused as ``already_entered``: with `seq`,
        if the action at `seq` is this one entered then; without it, only if the rules refuse
        it and it is the last action entered again (the refusal the rules give would be
        about a move its sender did not mean: "it is Bob's turn" after Ann's own move)."""
        session = self.get(game_id)
        if session.broken:
            raise Refusal("game_broken", **session.broken)
        if len(json.dumps(action, ensure_ascii=False)) > MAX_ACTION_BYTES:
            raise Refusal("action_too_large", max=MAX_ACTION_BYTES)
        if seq is not None and seq < len(session.actions) and _entered(session, action, seq):
            raise Refusal("already_entered", seq=seq)
        try:
            outcome = session.core.apply(session.state, action)
        except Refusal as refusal:
            last = len(session.actions) - 1
            if seq is None and last >= 0 and _entered(session, action, last):
                raise Refusal("already_entered", seq=last) from None
            raise players_said(refusal, session.header) from None
        self.store.append(game_id, len(session.actions), outcome.action,
                          _status(session.core, outcome.state), session.core.winner(
                              outcome.state))
        session.actions.append(outcome.action)
        session.before_last, session.state = session.state, outcome.state
        return outcome

    def undo(self, game_id: int, seen: int | None = None) -> GameSession:
        """Remove the last action and rebuild the state from the log. In a broken game the
        last actions are the stored ones that no longer replay: undo removes those. With
        `seen` (the number of actions the asker saw), only if the game still has that many."""
        session = self.get(game_id)
        if seen is not None and seen != len(session.actions):
            raise Refusal("undo_stale", actions=len(session.actions))
        if session.broken:
            actions = session.actions
        elif not session.actions:
            raise Refusal("nothing_to_undo")
        else:
            actions = session.actions[:-1]
        state, bad = rebuild(session.core, session.header, actions)
        assert bad is None, "a prefix of an accepted log always replays"
        self.store.truncate(game_id, len(actions), _status(session.core, state),
                            session.core.winner(state))
        session.actions, session.state, session.broken = actions, state, None
        session.before_last = None
        return session

    def delete(self, game_id: int) -> None:
        """A game the players no longer want (one started by mistake, one left unfinished)
        goes, with its actions; ids are never given again (AUTOINCREMENT)."""
        self.get(game_id)  # no_such_game
        self.store.delete(game_id)
        del self.games[game_id]

    def listing(self) -> list[dict[str, Any]]:
        """Every game, finished ones with their result, newest first."""
        out = []
        for row in reversed(self.store.games()):
            # the status and result as the replayed game tells them now (rows stored before
            # stop 34 hold a drawn Tauziehen game as won by "draw")
            session = self.games.get(row.id)
            status = session.status if session else row.status
            winner = session.core.winner(session.state) if session and status == "over" \
                else row.result
            out.append({"id": row.id, "game": row.game, "players": row.header["players"],
                        "status": status, "winner": winner, "actions": row.actions,
                        "created": row.created, "updated": row.updated,
                        **({"names": row.header["names"]} if "names" in row.header else {})})
        return out


def _entered(session: GameSession, action: Any, seq: int) -> bool:
    """Whether `action`, entered after the game's first `seq` actions, is the action the
    game took there (compared as the core stores it: a roll's dice, a race's result)."""
    if seq == len(session.actions) - 1 and session.before_last is not None:
        state = session.before_last
    else:  # after a restart or an undo, or a page that saw an older state: replayed
        state, bad = rebuild(session.core, session.header, session.actions[:seq])
        assert bad is None, "a prefix of an accepted log always replays"
    try:
        return session.core.apply(state, action).action == session.actions[seq]
    except Refusal:
        return False


def _status(core: RuleCore, state: Any) -> str:
    return "over" if core.is_over(state) else "playing"
