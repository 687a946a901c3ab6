"""`companion replay` for a person: what each action did, in sentences in the reader's
language (``--text``, and the default at a terminal; the JSON lines of
``shared/spec/actions.md`` stay the output for programs).

A line per action, named by its line in the file as the file's errors are: a race's result
as the terminal table says it, then the game's state after it (whose turn, where the barrel
stands, how it ended: `screens.sentences.state_sentence`); a refused action with its
message and code.
"""

from __future__ import annotations

from typing import IO, Any

from companion.i18n import message
from companion.i18n.said import Said
from companion.rules import Outcome, Refusal
from companion.screens.common import GAME_TITLES
from companion.screens.sentences import race_sentence, state_sentence
from companion.screens.texts import color


class TextTeller:
    def __init__(self, out: IO[str], lang: str) -> None:
        self.out, self.lang = out, lang

    def _line(self, said: Said | str) -> None:
        self.out.write(f"{said.text(self.lang) if isinstance(said, Said) else said}\n")

    def header(self, header: dict[str, Any]) -> None:
        title = GAME_TITLES.get(header["game"], header["game"])
        self._line(f"{title}: {', '.join(color(p, self.lang) for p in header['players'])}")

    def accepted(self, line: int, outcome: Outcome, view: dict[str, Any]) -> None:
        said = [race_sentence({"tie": False, **e}, self.lang) for e in outcome.events
                if e.get("type") == "race"]
        state = state_sentence(view, self.lang)
        said += [state] if state else []
        self._line(Said("cli:replay_accepted", line=line, what=" ".join(said)) if said
                   else Said("cli:replay_accepted_plain", line=line))

    def refused(self, line: int, refusal: Refusal) -> None:
        self._line(Said("cli:replay_refused", line=line, code=refusal.code,
                        message=message(refusal.code, refusal.params, self.lang)))

    def final(self, view: dict[str, Any]) -> None:
        state = state_sentence(view, self.lang)
        if state:
            self._line(Said("cli:replay_end", what=state))
