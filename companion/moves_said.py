"""What an action did at the table, said in sentences in a language, from the events its rule
core returned and the game's public view before and after it (`companion replay --text`).

Only the move itself: a card placed or played, the rope cards a Tauziehen card pulled, a Lauf
Rauf! throw or a figure's move, the laddies a Stramash card moved. What the move caused beyond
it (a contest, a point, a strike, a round or game won) is an announcement
(`companion.announce`), said by companion/announce_said.py in the page's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.announce_said import clauses, page_said
from companion.i18n import card_name, person, sentence, stramash_card, word
from companion.i18n.said import Said

Event = dict[str, Any]
View = dict[str, Any]


# Announcements these sentences say already, with more (a strike: which figure struck).
SAID_HERE = ("strike",)

# Events that come after what the move caused: a round's tally once it is won, the next
# round, its tug once the race decided it.
TRAILING = ("round_won", "round_started", "tug_started")


def say_moves(events: list[Event], before: View, after: View, lang: str,
              trailing: bool = False) -> list[str]:
    """The sentences of an action's own events, in order (none for an event that is said as
    an announcement); `trailing`: those of the events said after the announcements."""
    said = []
    for event in events:
        kind = event.get("type", "")
        sayer = _SAYERS.get(kind)
        if sayer is None or (kind in TRAILING) != trailing:
            continue
        for text in sayer(event, before, after, lang):
            said.append(sentence(text.text(lang) if isinstance(text, Said) else text))
    return said


Sayer = Callable[[Event, View, View, str], list[Any]]


def _who(player: Any, lang: str, view: View) -> str:
    """A player as the reader sees them (`person`): Lauf Rauf!'s colour with the name of
    whoever plays it (the view's `names`), a name as it is."""
    return person(player, lang, view.get("names"))


# --- How Ruck! ---------------------------------------------------------------------------------
def _hr_tug(e: Event, before: View, after: View, lang: str) -> list[Any]:
    return [Said("replay:hr_tug", round=e["round"])]  # where the barrel stands: the state


def _hr_placed(e: Event, before: View, after: View, lang: str) -> list[Any]:
    return [Said("replay:hr_placed", p=e["player"], card=card_name(e["card"], lang),
                 side=e["side"], field=word(e["field"], lang))]


def _hr_action(e: Event, before: View, after: View, lang: str) -> list[Any]:
    card = word(e["card"], lang)
    return [Said("replay:hr_forgo" if e.get("forgo") else "replay:plays", p=e["player"],
                 card=card)]


def _hr_round_won(e: Event, before: View, after: View, lang: str) -> list[Any]:
    """The tally of barrels after a round (its winner and why: the announcement)."""
    tally = ", ".join(f"{who} {n}" for who, n in (e.get("barrels") or {}).items())
    return [Said("replay:hr_barrels", tally=tally)] if tally else []


# --- Tauziehen ---------------------------------------------------------------------------------
def _tz_pulled(e: Event, before: View, after: View, lang: str) -> list[Any]:
    moved = e.get("moved") or []
    said: list[Any] = [
        Said("replay:tz_pulled", p=e["player"], card=e["card"], n=len(moved),
             cards=", ".join(str(c) for c in moved)) if moved
        else Said("replay:tz_no_pull", p=e["player"], card=e["card"])]
    if e.get("marker") is not None:
        said.append(Said("replay:tz_marker", p=e["player"], c=e["marker"]))
    return said


# --- Lauf Rauf! --------------------------------------------------------------------------------
def _lr_rolled(e: Event, before: View, after: View, lang: str) -> list[Any]:
    a, b = e["dice"]
    p = _who(e["player"], lang, after)
    if e.get("kept") is None:
        return [Said("replay:lr_rolled", p=p, a=a, b=b, n=e["throw"])]
    return [Said("replay:lr_rolled_kept", p=p, k=e["kept"] + 1, a=a, b=b, n=e["throw"])]


def _place(loc: Any) -> Said:
    if isinstance(loc, dict):
        return Said("replay:lr_middle" if loc.get("level") == "middle" else "replay:lr_lower")
    return Said("replay:lr_summit")


def _lr_count(before: View) -> int:
    """How far a run went, either way: the sum of the dice it used (the view before it)."""
    return sum(before.get("dice") or [])


def _lr_moved(e: Event, before: View, after: View, lang: str) -> list[Any]:
    p, f, move = _who(e["player"], lang, after), e["figure"] + 1, e.get("move")
    said: list[Any] = []
    if e.get("card"):
        said.append(Said("replay:plays", p=p, card=word(e["card"], lang)))
    if move == "start":
        said.append(Said("replay:lr_start", p=p, f=f, to=_place(e.get("to"))))
    elif move == "ascend":
        said.append(Said("replay:lr_ascend", p=p, f=f, to=_place(e.get("to"))))
    elif move != "strike":
        said.append(Said("replay:lr_run_back" if e.get("backward") else "replay:lr_run",
                         p=p, f=f, n=_lr_count(before)))
    if e.get("struck"):  # its announcement is left out (SAID_HERE): this says which figure
        struck = e["struck"]
        said.append(Said("replay:lr_strike", p=p, f=f, q=_who(struck["player"], lang, after),
                         g=struck["figure"] + 1))
    said += [Said("replay:lr_pushed", q=_who(x["player"], lang, after), f=x["figure"] + 1)
             for x in e.get("pushed") or []]
    return said


def _lr_huckauf(e: Event, before: View, after: View, lang: str) -> list[Any]:
    if e.get("caller"):
        return [page_said("lr_call", lang, p=_who(e["caller"], lang, after))]
    return [page_said("lr_huckauf", lang)]


# --- Stramash ----------------------------------------------------------------------------------
def _sm_move(e: Event, move: list[Any], length: int) -> Said:
    _, laddie, was, now = move
    l = laddie + 1  # noqa: E741 (the sentences' own name for a laddie)
    if e.get("card") == "joker":
        target = e.get("target") or {}
        return Said("replay:sm_fechter", l=l, q=target.get("player"),
                    m=(target.get("laddie") or 0) + 1)
    if was == "dock":
        return Said("replay:sm_enters")
    if "castle" in now and "castle" in was:
        return Said("replay:sm_in_castle", l=l, a=was["castle"], b=now["castle"])
    if "castle" in now:
        return Said("replay:sm_into_castle", l=l)
    if e.get("card") == "8":
        return Said("replay:sm_back", l=l, n=(was["track"] - now["track"]) % length)
    return Said("replay:sm_forward", l=l, n=(now["track"] - was["track"]) % length)


def _sm_played(e: Event, before: View, after: View, lang: str) -> list[Any]:
    owner = e.get("owner", e["player"])
    length = after.get("track_length") or 1
    moves = clauses([_sm_move(e, m, length).text(lang) for m in e.get("moves") or []
                     if m[0] == owner], lang)  # whom it sent back: the announcement
    card = stramash_card(e["card"], lang)
    if owner != e["player"]:
        return [Said("replay:sm_played_for", p=e["player"], card=card, q=owner, moves=moves)]
    return [Said("replay:sm_played", p=e["player"], card=card, moves=moves)]


_SAYERS: dict[str, Sayer] = {
    "quick_start": lambda e, before, after, lang: [
        page_said("quick_start_line", lang, p=e["barrel"], q=e["starter"])],
    "tug_started": _hr_tug,
    "placed": _hr_placed,
    "action": _hr_action,
    "taken": lambda e, before, after, lang: [
        Said("replay:hr_taken", p=e["player"], q=e["from"])],
    "round_won": _hr_round_won,
    "round_started": lambda e, before, after, lang: [
        Said("replay:hr_round_started", round=e["round"])],
    "marker": lambda e, before, after, lang: [
        Said("replay:tz_opening", p=e["player"], c=e["card"])],
    "pulled": _tz_pulled,
    "rolled": _lr_rolled,
    "moved": lambda e, before, after, lang: _lr_moved(e, before, after, lang)
    if "figure" in e else [],  # How Ruck!'s Seitenwechsel moves a card: its announcement
    "passed": lambda e, before, after, lang: [
        Said("replay:lr_passed", p=_who(e["player"], lang, after))],
    "sacrificed": lambda e, before, after, lang: [
        Said("replay:lr_sacrificed", p=_who(e["player"], lang, after), card=word(e["card"], lang),
             n=e.get("throws_allowed"))],
    "huckauf": _lr_huckauf,
    "played": _sm_played,
    "discarded": lambda e, before, after, lang: [
        Said("replay:sm_discarded", p=e["player"], card=stramash_card(e["card"], lang))],
}
