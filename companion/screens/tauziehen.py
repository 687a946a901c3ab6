"""Tauziehen: the five rope cards on the −2…+2 track, both markers, the points.

Reads the Tauziehen public view: players, turn, rope ({"1": pos, …}), markers ({ID: card or
None}), points, winner, result (a "draw" is told by it: a player may be called "draw"). Player
1 (first id, +2 side) is drawn on the left; each rope card is a row, its position a slot from
+2 (left) to −2 (right). A player's marker is a bar on that player's side of the card it sits
on. The names stand on a line of their own above, half the width each, so that a name of
eight letters shows whole; the points below them, beside the rope.
"""

from __future__ import annotations

from typing import Any

from companion.screens import common
from companion.screens.canvas import DARK, HEIGHT, LIT, WIDTH, Canvas

ROPE_CARDS = (1, 2, 4, 8, 16)
NAME_H = 14  # the names' line
ROW_H = 10  # a rope card's row, below it
SLOT_W = 10
SLOTS_LEFT = 50
TRACK = (2, 1, 0, -1, -2)  # slot order, left to right
NAME_W = WIDTH // 2 - 1


def draw(canvas: Canvas, state: dict[str, Any], lang: str) -> None:
    players = state.get("players") or ["1", "2"]
    points = state.get("points") or {}
    winner = state.get("winner")
    if winner:
        score = " : ".join(str(points.get(p, 0)) for p in players)
        drawn = state.get("result") == "draw"  # the view's winner says "draw" then, too
        common.game_won(canvas, None if drawn else str(winner), lang, score)
        return
    for side, player in enumerate(players[:2]):
        x0 = 0 if side == 0 else WIDTH - NAME_W
        on_turn = state.get("turn") == player
        if on_turn:  # the player on turn: name lit up
            canvas.draw.rectangle((x0, 0, x0 + NAME_W - 1, NAME_H - 1), fill=LIT)
        canvas.text((x0 + 1, 0, x0 + NAME_W - 1, NAME_H), str(player), 11,
                    align="left" if side == 0 else "right", shorten=True,
                    fill=DARK if on_turn else LIT)
        x0 = 0 if side == 0 else WIDTH - 30
        canvas.text((x0, NAME_H + 6, x0 + 30, HEIGHT - 4), str(points.get(player, 0)), 24,
                    align="center")
    rope = state.get("rope") or {}
    markers = state.get("markers") or {}
    for row, card in enumerate(ROPE_CARDS):
        y = NAME_H + row * ROW_H
        canvas.text((32, y, SLOTS_LEFT - 2, y + ROW_H), str(card), 11, align="right")
        for slot in range(len(TRACK)):
            cx = SLOTS_LEFT + slot * SLOT_W + SLOT_W // 2
            canvas.draw.point((cx, y + ROW_H // 2), fill=LIT)
        position = int(rope.get(str(card), 0))
        x = SLOTS_LEFT + TRACK.index(position) * SLOT_W
        canvas.draw.rectangle((x + 2, y + 2, x + SLOT_W - 3, y + ROW_H - 3), fill=LIT)
        for side, player in enumerate(players[:2]):
            if markers.get(player) == card:
                bar = x if side == 0 else x + SLOT_W - 1
                canvas.draw.rectangle((bar, y + 1, bar, y + ROW_H - 2), fill=LIT)
    canvas.line([(SLOTS_LEFT + 2 * SLOT_W + SLOT_W // 2, NAME_H - 1),
                 (SLOTS_LEFT + 2 * SLOT_W + SLOT_W // 2, NAME_H)])
    canvas.line([(SLOTS_LEFT + 2 * SLOT_W + SLOT_W // 2, HEIGHT - 2),
                 (SLOTS_LEFT + 2 * SLOT_W + SLOT_W // 2, HEIGHT - 1)])
