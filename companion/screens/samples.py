"""Representative scenes for every screen: the reference PNGs (tests/screens/), the fit test and
the render benchmark use them."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

from companion.announce import announcements
from companion.daemon.pairing import SECRET_BYTES, Pairing
from companion.daemon.pairing_screen import PairingScreen
from companion.daemon.race_control import RaceControl
from companion.race import Edge, RaceArbiter
from companion.rules import get_core
from companion.rules.randomplay import DECISIVE, LEAN
from companion.screens import Scene

LONG = "Maximiliane-Wilhelmina"  # a name longer than any box: names are cut by design
Wanted = Callable[[dict[str, Any], list[dict[str, Any]]], bool]


def reach(game: str, players: list[str], wanted: Wanted, options: dict | None = None,
          seed: int = 1) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(the view, the events of the action that led to it) of the first state in seeded
    random legal games where `wanted(view, events)` holds: states the rules really reach,
    never hand-made ones (a screen drawn from a state no game produces proves nothing)."""
    core = get_core(game)
    for game_seed in range(seed, seed + 200):
        chooser = random.Random(game_seed)
        state = core.new_game(players, options or {}, game_seed)
        events: list[dict[str, Any]] = []
        for _ in range(5000):
            view = core.view(state)
            if wanted(view, events):
                return view, events
            legal = core.legal_actions(state)
            if not legal:
                break
            decisive = [a for a in legal if a["type"] in DECISIVE.get(game, ())]
            pool = decisive if decisive and chooser.random() < LEAN else legal
            outcome = core.apply(state, chooser.choice(pool))
            state, events = outcome.state, outcome.events
    raise LookupError(f"no {game} game reached the wanted state")


def howruck_view(**changes):
    """A new How Ruck! game's view (`changes`: only for the fit test's long names)."""
    core = get_core("howruck")
    view = core.view(core.new_game(["Anna", "Bert"], {}, 1))
    view.update(changes)
    return view


def _event(events: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((e for e in events if e.get("type") == kind), None)


HR = ["Anna", "Bert"]
TUG_VIEW, _ = reach("howruck", HR, lambda v, e: v["phase"] == "tug" and v["round"] >= 3
                    and (v.get("last_contest") or {}).get("pull") is not None
                    and v["last_contest"]["round"] == v["round"])
TUG = {k: TUG_VIEW[k] for k in ("phase", "turn", "barrel", "barrels", "last_contest", "round")}
TIEBREAK_VIEW, _ = reach("howruck", HR, lambda v, e: v["phase"] == "tiebreak")
ROUND_WON_VIEW, ROUND_WON_EVENTS = reach(
    "howruck", HR, lambda v, e: _event(e, "round_won") is not None and v["winner"] is None)
GAME_WON_VIEW, _ = reach("howruck", HR, lambda v, e: v["winner"] is not None)
LAUF, _ = reach("laufrauf", ["red", "green"], lambda v, e: v["prompt"] == "huckauf")
LAUF_BOUGHT, _ = reach("laufrauf", ["red", "green"], lambda v, e: v["throws_allowed"] > 3
                       and v["throws"] > 3 and isinstance(v["berggeist"], dict))
TAU, _ = reach("tauziehen", ["Ida", "Jan"],
               lambda v, e: sum(v["points"].values()) >= 3 and v["winner"] is None)
STRAMASH, _ = reach("stramash", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fin"],
                    lambda v, e: (v.get("last") or {}).get("card") == "7"
                    and any(isinstance(loc, dict) and "castle" in loc
                            for locs in v["laddies"].values() for loc in locs)
                    and v["winner"] is None, {"pairs": True})
STRAMASH_JOKER, _ = reach("stramash", ["Anna", "Bram", "Cor", "Daan"],
                          lambda v, e: (v.get("last") or {}).get("card") == "joker"
                          and v["winner"] is None)


def race_view(phase: str, countdown: int = 0, presses: dict[str, float] | None = None,
              false_start: str | None = None, tie_window_s: float = 0.010) -> dict[str, Any]:
    """The race screen's data as the table's race control gives it (`RaceControl.view`), the
    decision made by the real arbiter from press times (seconds after the signal)."""
    racing = RaceControl(None, lambda decision: None)  # type: ignore[arg-type]  # no hub
    racing.race = RaceArbiter(tuple(HR), tie_window_s=tie_window_s)
    racing.phase, racing.countdown = phase, countdown
    if presses is not None:
        racing.race.start(0.0)
        for player, t in presses.items():
            racing.race.feed(Edge(player, t))
        racing.decision = racing.race.decide(10.0)
    return racing.view(false_start)


RACE_WON = race_view("decided", presses={"Anna": 0.1902, "Bert": 0.1719})


def pairing_view(show: bool = True, pin: str = "482193") -> dict[str, Any]:
    """The pairing screen's data as the table gives it (`PairingScreen.view`): the address,
    the QR code's address with a one-time secret of the real length in its fragment (fixed
    here so the reference stays put) and a 6-digit PIN."""
    pairing = Pairing(None, lambda: 0.0, new_pin=lambda: pin)
    pairing.secret = "Xq3vR8_kLm2NwZ7-pT5yHc"  # as secrets.token_urlsafe(SECRET_BYTES)
    assert len(pairing.secret) == len(secrets.token_urlsafe(SECRET_BYTES))
    screen = PairingScreen(None, pairing, "http://192.168.178.20:8080/")  # type: ignore[arg-type]
    screen.show = show
    return screen.view()


PAIRING = pairing_view()

SCENES: dict[str, Scene] = {
    "pairing_de": Scene(lang="de", state=howruck_view(), pairing=PAIRING, show_pairing=True),
    "idle_en": Scene(lang="en", pairing=pairing_view(show=False)),
    "race_countdown_en": Scene(race=race_view("countdown", 3)),
    "race_signal_en": Scene(race=race_view("running")),
    "race_false_start_de": Scene(lang="de", race=race_view("countdown", 2,
                                                           false_start="Anna")),
    "race_won_de": Scene(lang="de", race=RACE_WON),
    "race_tie_nl": Scene(lang="nl", race=race_view("decided",
                                                   presses={"Anna": 0.2, "Bert": 0.205})),
    "howruck_teams_nl": Scene(lang="nl", state=howruck_view()),
    "howruck_tug_de": Scene(lang="de", state=TUG_VIEW),
    "howruck_tiebreak_en": Scene(state=TIEBREAK_VIEW),
    "howruck_round_won_de": Scene(lang="de", state=ROUND_WON_VIEW,
                                  banner=announcements(ROUND_WON_EVENTS, ROUND_WON_VIEW)[-1]),
    "howruck_game_won_en": Scene(state=GAME_WON_VIEW),
    "laufrauf_huckauf_de": Scene(lang="de", state=LAUF),
    "laufrauf_bought_nl": Scene(lang="nl", state=LAUF_BOUGHT),
    "tauziehen_en": Scene(state=TAU),
    "stramash_de": Scene(lang="de", state=STRAMASH),
    "stramash_joker_nl": Scene(lang="nl", state=STRAMASH_JOKER),
    "stopped_nl": Scene(lang="nl", stopped=True),
    "notice_box_gone_de": Scene(lang="de", state=TUG_VIEW, notice="box_gone"),
}


def long_banners(names: list[str]) -> list[dict]:
    """One announcement of every kind the OLED shows, with the longest names and numbers."""
    a, b = names
    return [
        {"kind": "contest", "params": {"a": a, "b": b, "sum_a": 24, "sum_b": 23, "toward": a,
                                       "by": 11}},
        {"kind": "contest", "params": {"a": a, "b": b, "sum_a": 8, "sum_b": 8, "toward": None,
                                       "by": 0}},
        {"kind": "barrel_moved", "params": {"card": "adrenalin", "player": a,
                                             "toward": a, "by": 2, "field": 12}},
        {"kind": "barrel_moved", "params": {"card": "seilriss", "player": b, "toward": None,
                                             "by": 5, "field": 7}},
        {"kind": "point", "params": {"player": a, "count": 2, "points": 4}},
        {"kind": "berggeist_placed", "params": {"player": "red", "owner": "yellow",
                                                "figure": 2}},
        {"kind": "berggeist_home", "params": {"player": "red"}},
        {"kind": "berggeist_stays", "params": {"player": "red"}},
        {"kind": "strike", "params": {"player": "yellow", "figure": 0,
                                      "victim": {"player": "yellow", "figure": 2}}},
        {"kind": "capture", "params": {"player": a, "victims": [{"player": b, "laddie": 4}]}},
        {"kind": "partner_entry", "params": {"player": a, "victims": [
            {"player": b, "laddie": 4, "to": "entry"}]}},
        {"kind": "castle", "params": {"player": a, "laddie": 4, "hole": 5}},
        {"kind": "undone", "params": {"player": a, "action": {"type": "play", "player": a},
                                      "events": []}},
    ]


def long_name_scenes(lang: str) -> list[Scene]:
    """Every screen with the longest names, in `lang` (for the fits-its-box test)."""
    names = [LONG, LONG + "2"]
    lr_names = {"yellow": LONG, "red": LONG + "2"}
    tug = dict(TUG, turn=LONG, barrels={n: 2 for n in names},
               last_contest={"round": 1, "strength": {names[0]: 24, names[1]: 23},
                             "pull": {"toward": names[0], "by": 1}})
    hr = howruck_view()
    hr.update(players=names, **tug)
    race = dict(RACE_WON, decision=dict(RACE_WON["decision"], winner=LONG,
                                        times_ms={LONG: 100.0, names[1]: 199.9}))
    return [
        Scene(lang=lang, state=hr, pairing=PAIRING, show_pairing=True),
        Scene(lang=lang, pairing=pairing_view(pin="999999"), show_pairing=True),
        Scene(lang=lang, race={"phase": "countdown", "countdown": 10}),
        Scene(lang=lang, race={"phase": "running"}),
        Scene(lang=lang, race={"phase": "countdown", "false_start": LONG}),
        Scene(lang=lang, race=race),
        Scene(lang=lang, race={"phase": "decided", "decision": {"tie": True}}),
        Scene(lang=lang, state=hr),
        Scene(lang=lang, state=dict(hr, phase="teams", round=3)),
        Scene(lang=lang, state=dict(hr, phase="tiebreak")),
        Scene(lang=lang, state=hr, banner={"kind": "round_won", "params": {
            "player": LONG, "barrels": {n: 2 for n in names}}}),
        *[Scene(lang=lang, state=hr, banner=item) for item in long_banners(names)],
        Scene(lang=lang, state=dict(hr, phase="over", winner=LONG)),
        Scene(lang=lang, state=dict(LAUF, turn="yellow", throws=3)),
        Scene(lang=lang, state=dict(LAUF_BOUGHT, turn="yellow", throws=11, throws_allowed=13,
                                    berggeist={"player": "yellow", "figure": 2},
                                    cards={"yellow": ["blitzstart", "ruecklauf", "aufstieg",
                                                      "rueckschlag", "joker"]})),
        Scene(lang=lang, state=dict(LAUF, winner="yellow")),
        # Lauf Rauf!'s colours with the people playing them ("Maximil… (gelb)")
        Scene(lang=lang, state=dict(LAUF, turn="yellow", throws=3, names=lr_names)),
        Scene(lang=lang, state=dict(LAUF_BOUGHT, turn="yellow", throws=11, throws_allowed=13,
                                    names=lr_names)),
        Scene(lang=lang, state=dict(LAUF, winner="yellow", names=lr_names)),
        *[Scene(lang=lang, state=dict(LAUF, names=lr_names), banner=item)
          for item in long_banners(names) if item["params"].get("player") in lr_names],
        Scene(lang=lang, state=dict(LAUF, names=lr_names), banner={
            "kind": "undone", "params": {"player": "yellow", "action": {}, "events": []}}),
        Scene(lang=lang, state=dict(TAU, players=names, turn=LONG, points={n: 3 for n in names},
                                    markers={LONG: 16})),
        Scene(lang=lang, state=dict(TAU, winner="draw", result="draw")),
        Scene(lang=lang, state=dict(STRAMASH, players=[f"{LONG}{i}" for i in range(6)],
                                    teams=[[f"{LONG}{i}", f"{LONG}{i + 3}"] for i in range(3)],
                                    turn=LONG, last={"player": LONG, "type": "discard",
                                                     "card": "10"})),
        Scene(lang=lang, state=dict(STRAMASH_JOKER, turn=LONG, last=dict(
            STRAMASH_JOKER["last"], player=LONG, target={"player": LONG, "laddie": 4}))),
        Scene(lang=lang, state=dict(STRAMASH, winner=[LONG, LONG])),
        Scene(lang=lang, stopped=True),
        Scene(lang=lang, state=hr, notice="box_gone"),
        Scene(lang=lang, race=race, notice="box_back"),
        Scene(lang=lang, pairing={"url": "http://127.0.0.1:8080/", "pin": "123456",
                                  "offline": True}),
    ]
