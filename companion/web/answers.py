"""Answers computed once per change of a game, for every phone.

Every phone wants the same history and the same legal moves after each change. The first
to ask (or the stream, which sends paired phones the moves with each change) computes them;
the others get the stored answer. Each answer is kept with the game state it was computed
from: a new action or an undo makes a new state object, and holding it here keeps its
identity from being reused, so a stale answer is never served.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from companion.web.choices import legal_answer


class PerState:
    """The last few answers (a dict, a JSON text), each with the state object it belongs to."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._answers: dict[Any, tuple[Any, Any]] = {}
        self._lock = threading.Lock()

    def get(self, key: Any, state: Any) -> Any:
        with self._lock:
            kept = self._answers.get(key)
        return kept[1] if kept is not None and kept[0] is state else None

    def put(self, key: Any, state: Any, answer: Any) -> None:
        with self._lock:
            self._answers.pop(key, None)
            self._answers[key] = (state, answer)
            while len(self._answers) > self.size:
                self._answers.pop(next(iter(self._answers)))


ANSWERS = PerState()


def legal(game_id: int, core: Any, state: Any, player: str | None = None) -> dict[str, Any]:
    """The compact legal moves of a game in `state` (`core` None: it is not being played)."""
    key = ("legal", game_id, player)
    answer = ANSWERS.get(key, state)
    if answer is None:
        answer = legal_answer(core, state, player, {}) if core else {"groups": [], "count": 0}
        ANSWERS.put(key, state, answer)
    return answer


# The app's JSON (`create_app`: compact, UTF-8, keys in the order built), made once.
_view_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"),
                              check_circular=False).encode


def view_json(view: dict[str, Any]) -> str:
    """A game's view as JSON, encoded once for the stream's ``state`` and the move's answer
    (`GameSession.view`: one read-only dict per state, kept with its text like any answer)."""
    key = ("view_json", view.get("id"))
    text = ANSWERS.get(key, view)
    if text is None:
        text = _view_json(view)
        ANSWERS.put(key, view, text)
    return text
