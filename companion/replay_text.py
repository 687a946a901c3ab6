"""`companion replay` for a person: what each action did, in sentences in the reader's
language (``--text``, and the default at a terminal; the JSON lines of
``shared/spec/actions.md`` stay the output for programs).

A line per action, named by its line in the file as the file's errors are: the move itself
as a person at the table would say it (moves_said.py: the card placed or played, the throw,
the figure or laddies moved, the rope cards pulled), what it caused in the page's words
(announce_said.py: the race, the contest and the barrel's pull, a point, a strike, the round
or game won), then the game's state after it (whose turn, where the barrel stands:
`screens.sentences.state_sentence`); a refused action with its message and code.
"""

from __future__ import annotations

from typing import IO, Any

from companion.announce import announcements
from companion.announce_said import in_full, say_announcement
from companion.i18n import message, person, sentence
from companion.i18n.said import Said
from companion.moves_said import SAID_HERE, say_moves
from companion.rules import Outcome, Refusal
from companion.screens.common import GAME_TITLES
from companion.screens.sentences import state_sentence

GAME_OVER = ("game_won", "game_drawn")  # announced: the state's "game over" would repeat it


class TextTeller:
    def __init__(self, out: IO[str], lang: str) -> None:
        self.out, self.lang = out, lang
        self.view: dict[str, Any] = {}  # the game as it stood before the next action
        self.names: dict[str, str] = {}  # the people playing the colours (Lauf Rauf!)

    def _line(self, said: Said | str) -> None:
        """A line as a sentence begins, whatever its first word (French and Dutch write
        "ligne 5", "regel 5" small, as inside a sentence): "Ligne 5 : …"."""
        self.out.write(f"{sentence(said.text(self.lang) if isinstance(said, Said) else said)}\n")

    def header(self, header: dict[str, Any], view: dict[str, Any]) -> None:
        self.names = dict(header.get("names") or {})
        self.view = view
        title = GAME_TITLES.get(header["game"], header["game"])
        players = ", ".join(person(p, self.lang, self.names) for p in header["players"])
        self._line(Said("replay:header", game=title, players=players))

    def accepted(self, line: int, outcome: Outcome, view: dict[str, Any]) -> None:
        before, self.view = self.view, view
        items = [i for i in announcements(outcome.events, view) if i["kind"] not in SAID_HERE]
        said = say_moves(outcome.events, before, view, self.lang)
        said += [s for s in (say_announcement(i, self.lang, self.names) for i in items) if s]
        said += say_moves(outcome.events, before, view, self.lang, trailing=True)
        state = None if any(i["kind"] in GAME_OVER for i in items) else \
            state_sentence(view, self.lang)
        said += [state] if state else []
        self._line(Said("cli:replay_accepted", line=line, what=" ".join(map(in_full, said)))
                   if said else Said("cli:replay_accepted_plain", line=line))

    def refused(self, line: int, refusal: Refusal) -> None:
        self._line(Said("cli:replay_refused", line=line, code=refusal.code,
                        message=message(refusal.code, refusal.params, self.lang)))

    def final(self, view: dict[str, Any]) -> None:
        state = state_sentence(view, self.lang)
        if state:
            self._line(Said("cli:replay_end", what=state))

