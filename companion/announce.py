"""What a table must notice after an action, as announcements: ``{"kind", "params"}``.

Pure: made from the events a rule core returned and its public view after the action, never
from sentences. The phones and the history say them in the reader's language, the OLED shows
the first one as a banner, and the LEDs/buzzer play its pattern (`companion.signals`).
"""

from __future__ import annotations

from typing import Any

Announcement = dict[str, Any]
BERGGEIST_SUM = 7  # a first throw of 7 moves the Berggeist (Lauf Rauf!)

# Kinds the OLED shows as a banner for a few seconds (the race has its own screen, and a won
# game stays on screen as the game's own end).
BANNER_KINDS = ("round_won", "contest", "barrel_moved", "point", "berggeist_placed",
                "berggeist_home", "berggeist_stays", "strike", "capture", "partner_entry",
                "castle", "undone")


def banner(items: list[Announcement], game_over: bool) -> Announcement | None:
    """The announcement the OLED shows: the last one it has a banner for."""
    if game_over:
        return None
    return next((a for a in reversed(items) if a["kind"] in BANNER_KINDS), None)


def announcements(events: list[dict[str, Any]], view: dict[str, Any] | None) -> list[Announcement]:
    """The announcements for one accepted action, most important last-in-time order kept."""
    out: list[Announcement] = []
    view = view or {}
    cause: dict[str, Any] = {}  # the latest action card or contest: what moved the board
    for event in events:
        out += _one(event, view, events) or _action_card(event, cause)
        if event.get("type") in ("action", "contest"):
            cause = event
    return out


def undone(action: dict[str, Any], events: list[dict[str, Any]],
           said: list[Announcement] | None = None) -> Announcement:
    """A move taken back: the action, the events it had caused and their announcements
    (`said`), so a phone says it as the history's line said it (and the OLED whose move it
    was)."""
    return {"kind": "undone", "params": {"player": action.get("player"), "action": action,
                                         "events": events, "announcements": said or []}}


def _a(kind: str, **params: Any) -> list[Announcement]:
    return [{"kind": kind, "params": params}]


def _one(e: dict[str, Any], view: dict[str, Any],
         events: list[dict[str, Any]]) -> list[Announcement]:
    kind = e.get("type")
    if kind == "race":
        return _race(e)
    if kind == "tiebreak":  # the cards drawn: on the table, and what decided (or did not)
        draws = e.get("draws") or {}
        if e.get("winner"):
            return _a("tiebreak_won", player=e["winner"], draws=draws)
        return _a("tiebreak_tied", draws=draws)
    if kind == "contest":
        a, b = list(e["strength"])
        pull = e.get("pull") or {}
        return _a("contest", a=a, b=b, sum_a=e["strength"][a], sum_b=e["strength"][b],
                  toward=pull.get("toward"), by=pull.get("by", 0))
    if kind == "round_won":
        return _a("round_won", player=e["player"], reason=e.get("reason"),
                  barrels=e.get("barrels", {}))
    if kind == "game_won":
        winner = e.get("player")
        if winner is None or view.get("result") == "draw":  # Tauziehen: a player may be "draw"
            return _a("game_drawn")
        players = winner if isinstance(winner, list) else [winner]
        return _a("game_won", players=players)
    if kind == "pulled" and e.get("crossed"):
        player = e["player"]
        return _a("point", player=player, count=len(e["crossed"]),
                  points=(view.get("points") or {}).get(player))
    if kind == "berggeist":
        to = e.get("to")
        if to == "summit" or to is None:
            return _a("berggeist_home", player=e["player"])
        return _a("berggeist_placed", player=e["player"], owner=to["player"],
                  figure=to["figure"])
    if kind == "rolled":
        return _berggeist_stays(e, view, events)
    if kind == "cards_taken":
        return _a("cards_kept", player=e["player"], kept=list(e.get("kept") or []),
                  discarded=list(e.get("discarded") or []))
    if kind == "moved" and e.get("struck"):
        return _a("strike", player=e["player"], figure=e["figure"], victim=e["struck"])
    if kind == "played":
        return _stramash(e, view)
    return []


def _action_card(e: dict[str, Any], cause: dict[str, Any]) -> list[Announcement]:
    """What a How Ruck! action card (`cause`, the latest action or contest event before `e`)
    changed on the board, which the players must copy onto the real one: the barrel moved
    (not by a contest: that one says its pull), top cards cleared or switched to the other
    side, cards drawn, or Ungeheuerlich without effect."""
    if cause.get("type") != "action":
        return []
    kind, played, player = e.get("type"), cause["card"], cause["player"]
    if kind == "barrel_moved":  # Seilriss: back to the player's start field, either way
        toward = None if played == "seilriss" else e["toward"]
        return _a("barrel_moved", card=played, player=player, toward=toward,
                  by=abs(e["to"] - e["from"]), field=e["to"])
    if kind == "cleared":
        return _a("cleared", card=played, player=player, cards=list(e.get("cards") or []))
    if kind == "moved":  # Seitenwechsel: a top card to the other side's field
        return _a("switched", card=played, player=player, moved=e["card"], side=e["from"],
                  to=e["to"], field=e["field"])
    if kind == "reinforced":
        return _a("reinforced", card=played, player=player, count=e["cards"])
    if kind == "no_effect":
        return _a("no_effect", card=played, player=player)
    return []


def _race(e: dict[str, Any]) -> list[Announcement]:
    if e.get("tie"):
        return _a("race_tie", margin_us=e.get("margin_us"))
    if e.get("reason") == "false_start":
        others = [p for p in e.get("false_starts", []) if p != e["winner"]]
        return _a("race_false_start", player=e["winner"], false_starters=others)
    return _a("race_won", player=e["winner"], margin_us=e.get("margin_us"),
              false_starters=list(e.get("false_starts", [])))


def _berggeist_stays(e: dict[str, Any], view: dict[str, Any],
                     events: list[dict[str, Any]]) -> list[Announcement]:
    """A first throw of 7 with nobody on the middle level: the Berggeist stays home."""
    first_seven = e.get("throw") == 1 and sum(e.get("dice") or ()) == BERGGEIST_SUM
    called = any(x.get("type") == "huckauf" for x in events) or view.get("huckauf_open")
    return _a("berggeist_stays", player=e["player"]) if first_seven and not called else []


def _stramash(e: dict[str, Any], view: dict[str, Any]) -> list[Announcement]:
    out: list[Announcement] = []
    sent = [b for b in e.get("bumped", []) if b.get("player") != e.get("owner")]
    captured = [b for b in sent if b.get("to") != "entry"]  # an opponent's: to its dock
    partners = [b for b in sent if b.get("to") == "entry"]  # a partner's: to its castle entry
    if captured:
        out += _a("capture", player=e["player"], victims=captured)
    if partners:
        out += _a("partner_entry", player=e["player"], victims=partners)
    owner = e.get("owner", e.get("player"))
    moved = [i for i, _ in e["split"]] if e.get("split") else [e.get("laddie")]
    for laddie in moved:
        where = ((view.get("laddies") or {}).get(owner) or [None] * 5)[laddie] \
            if isinstance(laddie, int) else None
        if isinstance(where, dict) and "castle" in where:
            out += _a("castle", player=owner, laddie=laddie, hole=where["castle"])
    return out
