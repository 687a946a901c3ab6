"""A game and its races said in a sentence, in a language: the simulation's terminal
(daemon/console.py) says both, `companion replay --text` (replay_text.py) a game's state after
each move (the move itself: moves_said.py, a race: announce_said.py). Kept apart from the
terminal's device code, so a replay loads no pins."""

from __future__ import annotations

from typing import Any

from companion.i18n import person, sentence
from companion.i18n.catalogs import decimal
from companion.i18n.said import Said
from companion.screens.common import GAME_TITLES


def race_sentence(decision: dict[str, Any], lang: str = "en") -> str:
    """A decided race as the terminal says it: who, and by how much."""
    margin = decision.get("margin_us")
    ms = decimal(margin / 1000, lang) if margin is not None else None
    if decision["tie"]:
        said = Said("console:tie", ms=ms) if ms else Said("console:tie_plain")
    elif decision.get("reason") == "false_start":
        said = Said("console:won_false_start", player=decision["winner"])
    else:
        said = Said("console:won", player=decision["winner"], ms=ms) if ms else \
            Said("console:won_plain", player=decision["winner"])
    return said.text(lang)


def state_line(view: dict[str, Any], lang: str = "en") -> str:
    """A game's state after a change, in a line: the game, then `state_sentence` (or, while
    How Ruck!'s teams are formed, that the race for the barrel is on)."""
    game = Said("console:game", id=view["id"],
                title=GAME_TITLES.get(view.get("game"), view.get("game")))
    what = state_sentence(view, lang)
    if what is None and view.get("game") == "howruck" and view.get("phase") == "teams":
        what = sentence(Said("console:teams", round=view["round"]).text(lang))
    if what is None:
        return game.text(lang)
    return Said("console:line", game=game.text(lang), what=what).text(lang)


def state_sentence(view: dict[str, Any], lang: str = "en") -> str | None:
    """A game's state in a sentence: whose turn it is (and in How Ruck! where the barrel
    stands), or how the game ended; None if it says neither. Lauf Rauf!'s players are
    colours, said in `lang` after the name of whoever plays them (`person`: "Anna (rot) ist
    am Zug"); the sentence begins with a capital ("Rot ist am Zug")."""
    winner = view.get("winner")
    names = view.get("names")
    turn = person(view["turn"], lang, names) if view.get("turn") else None
    barrel = view.get("barrel")
    if view.get("status") == "over" or winner is not None:
        winners = winner if isinstance(winner, list) else [winner]
        drawn = winner is None or view.get("result") == "draw"  # a player may be "draw"
        what = Said("console:over_draw") if drawn else \
            Said("console:over_won", player=" & ".join(person(n, lang, names) for n in winners))
    elif barrel is not None:
        what = Said("console:barrel", field=barrel, player=turn) if turn else \
            Said("console:barrel_only", field=barrel)
    elif turn:
        what = Said("console:turn", player=turn)
    else:
        return None
    return sentence(what.text(lang))
