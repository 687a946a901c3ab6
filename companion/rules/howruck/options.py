"""How Ruck! game options (the header's ``"options"``), validated once at game creation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.base import Refusal, SetupError, shown
from companion.rules.howruck.cards import Card, parse_card
from companion.rules.players import check_option_keys

OPTION_KEYS = ("ladder", "own_side_only", "composition", "tie_window_ms", "false_start")
FALSE_START_RULES = ("ignore", "forfeit")
SCOT_CARDS_IN_BOX = 45
MAX_TIE_WINDOW_MS = 1000


@dataclass(frozen=True, slots=True)
class Options:
    ladder: int = 12
    own_side_only: bool = False
    # Card -> copies in the box; None when the table did not enter the composition.
    composition: tuple[tuple[Card, int], ...] | None = None
    tie_window_ms: int = 10
    false_start: str = "ignore"

    @property
    def copies(self) -> dict[Card, int] | None:
        return None if self.composition is None else dict(self.composition)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ladder": self.ladder,
            "own_side_only": self.own_side_only,
            "tie_window_ms": self.tie_window_ms,
            "false_start": self.false_start,
        }
        if self.composition is not None:
            out["composition"] = [{"card": c.as_json(), "count": n} for c, n in self.composition]
        return out


def _bad(key: str, value: Any, **extra: Any) -> SetupError:
    return SetupError("bad_option", key=key, value=value if isinstance(value, int | bool)
                      else shown(value), **extra)


def parse_options(raw: Any) -> Options:
    opts = check_option_keys(raw, OPTION_KEYS)
    ladder = opts.get("ladder", 12)
    if isinstance(ladder, bool) or not isinstance(ladder, int) or not 6 <= ladder <= 20 \
            or ladder % 2:
        raise _bad("ladder", ladder, allowed="even number 6-20")
    own_side_only = opts.get("own_side_only", False)
    if not isinstance(own_side_only, bool):
        raise _bad("own_side_only", own_side_only, allowed="true or false")
    window = opts.get("tie_window_ms", 10)
    if isinstance(window, bool) or not isinstance(window, int) \
            or not 0 <= window <= MAX_TIE_WINDOW_MS:
        raise _bad("tie_window_ms", window, allowed=f"0-{MAX_TIE_WINDOW_MS}")
    false_start = opts.get("false_start", "ignore")
    if false_start not in FALSE_START_RULES:
        raise _bad("false_start", false_start, allowed=list(FALSE_START_RULES))
    composition = None
    if opts.get("composition") is not None:
        composition = _parse_composition(opts["composition"])
    return Options(ladder, own_side_only, composition, window, false_start)


def _parse_composition(raw: Any) -> tuple[tuple[Card, int], ...]:
    if not isinstance(raw, list) or not raw:
        raise _bad("composition", "not a list", allowed="list of {card, count}")
    seen: dict[Card, int] = {}
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) != {"card", "count"}:
            raise _bad("composition", f"entry {index}", allowed="{card, count}")
        try:
            card = parse_card(entry["card"])
        except Refusal as refusal:
            raise _bad("composition", f"entry {index}", reason=refusal.code) from None
        count = entry["count"]
        if isinstance(count, bool) or not isinstance(count, int) \
                or not 1 <= count <= SCOT_CARDS_IN_BOX:
            raise _bad("composition", f"entry {index} count", allowed=f"1-{SCOT_CARDS_IN_BOX}")
        if card in seen:
            raise _bad("composition", f"entry {index}", reason="duplicate_card")
        seen[card] = count
    if sum(seen.values()) > SCOT_CARDS_IN_BOX:
        raise _bad("composition", sum(seen.values()), reason="more_than_45_scot_cards")
    return tuple(seen.items())


def check_whole_box(options: Options) -> None:
    """A new game's composition must list every Scot card of the box. With fewer, the cards
    it leaves out cannot be entered: once its own are seen, a player still holding a card
    has no move left and the table is stuck. Only new games are held to it (games stored
    with a shorter one still load and play as they were)."""
    if options.composition is not None:
        listed = sum(count for _, count in options.composition)
        if listed < SCOT_CARDS_IN_BOX:
            raise _bad("composition", listed, reason="fewer_than_45_scot_cards")
