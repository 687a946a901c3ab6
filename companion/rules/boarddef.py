"""Checks shared by the board definitions (Lauf Rauf!, Stramash): every fault is
``SetupError("bad_board", where=..., reason=...)``, naming the key and a short reason (each
reason a constant with a sentence of its own, ``refusal:bad_board.REASON``; numbers in it are
parameters)."""

from __future__ import annotations

from typing import Any

from companion.rules.base import SetupError


def bad_board(where: str, reason: str, **params: int) -> SetupError:
    return SetupError("bad_board", where=where, reason=reason, **params)


def board_int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad_board(where, reason="not_an_integer")
    if not lo <= value <= hi:
        raise bad_board(where, reason="out_of_range", lo=lo, hi=hi)
    return value


def board_object(value: Any, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """An object with exactly `keys` (an unknown or a missing one is refused)."""
    if not isinstance(value, dict):
        raise bad_board(where, reason="not_an_object")
    for key in value:
        if key not in keys:
            raise bad_board(f"{where}.{str(key)[:20]}", reason="unknown_key")
    for key in keys:
        if key not in value:
            raise bad_board(f"{where}.{key}", reason="missing")
    return value


def board_name(value: Any, where: str, longest: int = 60) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise bad_board(where, reason="not_a_short_text")
    return value
