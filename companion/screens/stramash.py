"""Stramash: whose turn, the last card and its move, laddies home per player.

Reads the Stramash public view: players, turn, laddies ({ID: [LOC × 5]}, a castle hole is
``{"castle": h}``), winner (ID, list of IDs for a pair, or None), and `last` — the core's
record of the last accepted play: ``{"player": ID, "card": RANK, ...the action's keys}``.
"""

from __future__ import annotations

from typing import Any

from companion.screens import common
from companion.screens.canvas import WIDTH, Canvas, shortened, text_width
from companion.screens.texts import text

RANK_NAMES = {"joker": "Joker"}


def draw(canvas: Canvas, state: dict[str, Any], lang: str) -> None:
    players = [str(p) for p in state.get("players") or []]
    winner = state.get("winner")
    if winner:
        common.game_won(canvas, [str(w) for w in winner] if isinstance(winner, list)
                        else str(winner), lang)
        return
    canvas.text((0, 0, WIDTH, 15), "▶ " + str(state.get("turn") or ""), 13, shorten=True)
    last = state.get("last")
    if last:
        canvas.text((0, 16, WIDTH, 30), _last_play(last, lang), 11, shorten=True)
    laddies = state.get("laddies") or {}
    for i, player in enumerate(players[:6]):
        home = sum(1 for loc in laddies.get(player, []) if isinstance(loc, dict)
                   and "castle" in loc)
        x0 = 0 if i % 2 == 0 else WIDTH // 2 + 1
        y0 = 31 + (i // 2) * 11
        count = f" {home}/5"
        name = shortened(player, 11, WIDTH // 2 - 4 - text_width(count, 11))
        canvas.text((x0, y0, x0 + WIDTH // 2 - 2, y0 + 11), name + count, 11)


def _last_play(last: dict[str, Any], lang: str) -> str:
    """"Anna: 7 2+5", "Anna: A in", "Anna: 8 back", "Anna: 5 discard"."""
    card = str(last.get("card", ""))
    shown = RANK_NAMES.get(card, card)
    detail = ""
    if last.get("type") == "discard":
        detail = text("discard", lang)
    elif last.get("split"):
        detail = "+".join(str(steps) for _, steps in last["split"])
    elif last.get("enter"):
        detail = text("enter", lang)
    elif card == "8":
        detail = text("back", lang)
    elif last.get("target"):
        detail = "→ " + str(last["target"].get("player", ""))
    return f"{last.get('player', '')}: {shown} {detail}".strip()
