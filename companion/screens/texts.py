"""Every word the OLED shows, in English (the catalogs translate them: context ``oled:KEY``).

Kept short on purpose: the right-hand column of the pairing screen is 62 px wide and the
smallest text is 11 px. `tests/test_screens.py` renders every screen in every language with
long player names and fails if any text had to be cut.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.i18n import person, sentence, word
from companion.i18n.catalogs import translate
from companion.screens.canvas import MIN_TEXT_PX, shortened

TEXTS: dict[str, str] = {
    "no_game": "No game",
    "scan": "Scan me",
    "pin": "PIN",
    "wifi_join": "Wi-Fi",
    "wifi_password": "Password",
    "stopped": "Stopped",
    "starting": "Starting…",
    "ready": "Get ready",
    "stopp": "Stopp!",
    "tie": "Tie!",
    "draw_card": "Draw a card",
    "false_start": "False start",
    "press_ok": "OK: race",
    "teams": "Form teams!",
    "round": "Round {n}",
    "wins_round": "wins the round",
    "wins_game": "wins the game",
    "win_game": "win the game",  # a pair
    "draw_game": "Draw",
    "throw": "Throw {n}",
    "huckauf": "Huckauf!",
    "berggeist": "Berggeist",
    "summit": "summit",
    "points": "Points",
    "home": "home",
    "last": "Last",
    "enter": "in",
    "back": "back",
    "discard": "discard",
    "last_play": "{p}: {play}",  # Stramash: who played last, the card and its move ("Ann: 7 2+5")
    "contest": "Contest",
    "barrel_stays": "the barrel stays",
    "field": "Field {n}",  # where an action card put the barrel
    "start_of": "Start: {p}",  # Seilriss: the barrel on that player's start field
    "point": "scores a point",
    "points_scored": "scores {n} points",  # two or more at once (cards crossed together)
    "points_total": "Points: {n}",  # the scorer's points now, under either
    "stays": "stays home",
    "strikes": "strikes",
    "in_castle": "in the castle",
    "sends_to_entry": "to the castle entry:",
    "hole": "hole {n}",
    "undone": "move taken back",
    "box_title": "Button box",
    "box_gone": "not connected",
    "box_check": "Check the USB cable",
    "box_back": "connected again",
    "offline_title": "No network",  # in place of the pairing QR code (daemon/reach.py)
    "offline_said": "Wi-Fi or cable?",
    "offline_hint": "no phone can pair yet",
}

# Lauf Rauf! card kinds, as the OLED abbreviates them (one letter each, same in every language:
# the names are the game's own German words).
CARD_LETTERS = {"blitzstart": "B", "ruecklauf": "R", "aufstieg": "A", "rueckschlag": "S",
                "joker": "J"}


def color(player: str, lang: str) -> str:
    """A colour id in `lang`; any other player id unchanged."""
    return word(player, lang)


def who(player: str, lang: str, names: Mapping[str, str] | None, width: int,
        size: int = MIN_TEXT_PX) -> str:
    """A player as the table says them (`person`: "Anna (gelb)", "Gelb", "Ben"), to be drawn
    in `width` px: a long name is cut at `size`, the colour after it stays whole. It always
    begins its line, so a colour standing for the player begins with a capital where the
    language writes it small (`sentence`: French "Jaune", Dutch "Geel")."""
    name = (names or {}).get(player)
    if not name:
        return sentence(person(player, lang))
    colour = f" ({word(player, lang)})"
    return shortened(name, size, width, after=colour) + colour


def text(key: str, lang: str, **params: object) -> str:
    """The OLED wording for `key` in `lang` (English where a catalog lacks it)."""
    return translate(f"oled:{key}", TEXTS[key], lang).format(**params)
