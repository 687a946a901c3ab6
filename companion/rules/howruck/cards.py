"""How Ruck! cards: the Scot cards entered by their attributes, and the ten action cards.

The box composition is not known (rules DECISION), so a Scot card is any combination the
ranges allow: men red/blue/green 0–3, women white 0–4, Nessie white 6; any of them may carry
the "How Ruck" imprint.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.rules.base import Refusal
from companion.rules.fields import check_keys, get_bool, get_choice, need, require_object

COLORS = ("red", "blue", "green", "white")
FIELD_COLORS = ("red", "blue", "green")
# Tie-break order when strengths are equal: white > red > blue > green.
COLOR_RANK = {"white": 3, "red": 2, "blue": 1, "green": 0}
MAX_STRENGTH = {"red": 3, "blue": 3, "green": 3, "white": 4}
NESSIE_STRENGTH = 6
EMPTY_FIELD_STRENGTH = 2

ACTION_KINDS = (
    "adrenalin",
    "fieser_trick",
    "how_ruck",
    "mucho_macho",
    "schwach_gewinnt",
    "seilriss",
    "seitenwechsel",
    "und_tschuess",
    "ungeheuerlich",
    "verstaerkung",
)
CARD_KEYS = ("color", "strength", "howruck", "nessie")


@dataclass(frozen=True, slots=True)
class Card:
    """A Scot card. Hashable, so it can key the box composition."""

    color: str
    strength: int
    howruck: bool = False
    nessie: bool = False

    @property
    def is_woman(self) -> bool:
        """Mucho Macho clears women: white cards except Nessie."""
        return self.color == "white" and not self.nessie

    def as_json(self) -> dict[str, Any]:
        return {
            "color": self.color,
            "strength": self.strength,
            "howruck": self.howruck,
            "nessie": self.nessie,
        }


def parse_card(value: Any, key: str = "card") -> Card:
    """A `Card` from its JSON form, or a refusal naming what is wrong."""
    if not isinstance(value, dict):
        raise Refusal("wrong_type", key=key, expected="card")
    check_keys(value, CARD_KEYS, where=key)
    color = get_choice(value, "color", COLORS)
    strength = need(value, "strength")
    if isinstance(strength, bool) or not isinstance(strength, int):
        raise Refusal("wrong_type", key="strength", expected="integer")
    howruck = get_bool(value, "howruck", default=False)
    nessie = get_bool(value, "nessie", default=False)
    if nessie:
        if color != "white" or strength != NESSIE_STRENGTH:
            raise Refusal("bad_card", reason="nessie_is_white_6", color=color, strength=strength)
    elif not 0 <= strength <= MAX_STRENGTH[color]:
        raise Refusal("strength_out_of_range", color=color, strength=strength,
                      max=MAX_STRENGTH[color])
    return Card(color, strength, howruck, nessie)


@cache
def all_cards() -> tuple[Card, ...]:
    """Every Scot card the ranges allow (36), in a fixed order."""
    cards = [
        Card(color, strength, howruck)
        for color in COLORS
        for strength in range(MAX_STRENGTH[color] + 1)
        for howruck in (False, True)
    ]
    cards += [Card("white", NESSIE_STRENGTH, howruck, True) for howruck in (False, True)]
    return tuple(cards)


def parse_draw(value: Any, key: str) -> Card | str:
    """A tie-break draw: a Scot card, or ``{"action": KIND}`` for an action card."""
    obj = require_object(value, where=key)
    if "action" in obj:
        check_keys(obj, ("action",), where=key)
        return get_choice(obj, "action", ACTION_KINDS)
    return parse_card(obj, key)


def draw_rank(draw: Card | str) -> tuple[int, int]:
    """Higher wins. Action cards count 0 and (DECISION) rank below every colour."""
    if isinstance(draw, str):
        return (0, -1)
    return (draw.strength, COLOR_RANK[draw.color])


def draw_json(draw: Card | str) -> dict[str, Any]:
    return {"action": draw} if isinstance(draw, str) else draw.as_json()
