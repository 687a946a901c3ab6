"""Stramash: whose turn, the last card and its move, laddies home per player.

Reads the Stramash public view: players, turn, laddies ({ID: [LOC × 5]}, a castle hole is
``{"castle": h}``), winner (ID, list of IDs for a pair, or None), and `last` — the core's
record of the last accepted play: ``{"player": ID, "card": RANK, ...the action's keys}``.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import stramash_card
from companion.screens import common
from companion.screens.canvas import MIN_TEXT_PX, WIDTH, Canvas, shortened, text_width
from companion.screens.texts import text

PAIR_HALF = 58  # in pairs, each partner's part of a team's line; "&" between them


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
        canvas.text((0, 16, WIDTH, 30), _last_play(last, lang), MIN_TEXT_PX)
    laddies = state.get("laddies") or {}
    teams = [[str(p) for p in team] for team in state.get("teams") or []]
    if state.get("pairs") and teams:
        for row, team in enumerate(teams[:3]):  # a team per line: "Anna 0/5 & Daan 0/5"
            y0 = 31 + row * 11
            _home_count(canvas, (0, y0, PAIR_HALF, y0 + 11), team[0], laddies)
            canvas.text((PAIR_HALF, y0, WIDTH - PAIR_HALF, y0 + 11), "&", 11, align="center")
            if len(team) > 1:
                _home_count(canvas, (WIDTH - PAIR_HALF, y0, WIDTH, y0 + 11), team[1], laddies)
        return
    for i, player in enumerate(players[:6]):
        x0 = 0 if i % 2 == 0 else WIDTH // 2 + 1
        y0 = 31 + (i // 2) * 11
        _home_count(canvas, (x0, y0, x0 + WIDTH // 2 - 2, y0 + 11), player, laddies)


def _home_count(canvas: Canvas, box: tuple[int, int, int, int], player: str,
                laddies: dict[str, Any]) -> None:
    """"Anna 3/5": the player's name, cut to leave room for how many laddies are home."""
    home = sum(1 for loc in laddies.get(player, []) if isinstance(loc, dict) and "castle" in loc)
    count = f" {home}/5"
    canvas.text(box, shortened(player, 11, box[2] - box[0] - 2, after=count) + count, 11)


def _last_play(last: dict[str, Any], lang: str) -> str:
    """"Anna: 7 2+5", "Anna: A in", "Anna: 8 back", "Anna: 5 discard", "Anna: Bonnie
    Fechter": the card named as the page and the refusals name it (`stramash_card`: the
    reader's face letters, the joker by its name in the rules). The card and its words stay
    whole; the player's name is cut to leave them room. The Bonnie Fechter's victim is not
    named: beside the card's name it would fit only two-letter names, and the capture's
    announcement has just said it."""
    card = str(last.get("card", ""))
    detail = ""
    if last.get("type") == "discard":
        detail = text("discard", lang)
    elif last.get("split"):
        detail = "+".join(str(steps) for _, steps in last["split"])
    elif last.get("enter"):
        detail = text("enter", lang)
    elif card == "8":
        detail = text("back", lang)
    play = f"{stramash_card(card, lang)} {detail}".rstrip()
    before, _, said = text("last_play", lang, p="\0", play=play).partition("\0")
    room = WIDTH - text_width(before, MIN_TEXT_PX)
    return before + shortened(str(last.get("player", "")), MIN_TEXT_PX, room, after=said) + said
