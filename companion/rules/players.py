"""Validation of the player list in a game header, shared by every game."""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.rules.base import SetupError, shown

MAX_ID_LENGTH = 32
JOINERS = str.maketrans("", "", "\u200c\u200d")  # zero-width non-joiner and joiner


def printable_name(text: str) -> bool:
    """Whether a name shows as it is written: printable characters only, except the two
    joiners that are part of writing itself (Persian and Indic names need the non-joiner;
    emoji such as 👨‍👩‍👧 and 🏳️‍🌈 are joined by the joiner). Other invisible or control
    characters are refused: they would make two names that look the same."""
    return text.translate(JOINERS).isprintable()


def invisible_character(text: str) -> dict[str, Any] | None:
    """The first character of `text` that does not show (`printable_name`), as a refusal
    names it: ``{"character": "U+200B (zero width space)", "position": 2}`` (counted from 1;
    a control character has no Unicode name: "U+0007"); None when every one shows."""
    for position, char in enumerate(text, 1):
        if not printable_name(char):
            name = unicodedata.name(char, "").lower()
            code = f"U+{ord(char):04X}"
            return {"character": f"{code} ({name})" if name else code, "position": position}
    return None


def name_as_shown(text: str) -> str:
    """A typed name as it shows: composed (NFC: "Jürgen" typed with a combining mark is the
    "Jürgen" typed with "ü") and without spaces at its ends. A new game's players and a
    renamed player are taken so, or one person would be two names."""
    return unicodedata.normalize("NFC", text).strip()


def check_players(players: Any, lo: int, hi: int, allowed: tuple[str, ...] = ()) -> list[str]:
    """Distinct, non-empty, printable ids; `allowed` restricts them (Lauf Rauf!'s colours)."""
    if not isinstance(players, list):
        raise SetupError("bad_players", reason="not_a_list")
    if not lo <= len(players) <= hi:
        if lo == hi:  # "takes 2 to 2 players" reads oddly
            raise SetupError("bad_player_count", count=len(players), min=lo, max=hi,
                             reason="exact")
        raise SetupError("bad_player_count", count=len(players), min=lo, max=hi)
    for pid in players:
        if not isinstance(pid, str) or not pid.strip():
            raise SetupError("bad_players", reason="empty_or_not_text")
        hidden = invisible_character(pid)
        if hidden is not None:  # said, or nobody could find it in a name that looks right
            raise SetupError("bad_players", reason="invisible_character", player=shown(pid),
                             **hidden)
        if len(pid) > MAX_ID_LENGTH:
            raise SetupError("bad_players", reason="too_long_or_unprintable", player=shown(pid))
        if allowed and pid not in allowed:
            raise SetupError("bad_players", reason="not_allowed", player=pid, allowed=list(allowed))
    if len(set(players)) != len(players):
        raise SetupError("bad_players", reason="duplicate")
    return list(players)


def check_option_keys(options: Any, known: tuple[str, ...]) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise SetupError("bad_option", key="options", value=shown(options),
                         reason="not_an_object")
    for key in options:
        if key not in known:
            raise SetupError("unknown_option", key=shown(key), known=list(known))
    return options
