"""Representative scenes for every screen: the reference PNGs (tests/screens/), the fit test and
the render benchmark use them."""

from __future__ import annotations

from companion.rules import get_core
from companion.screens import Scene

LONG = "Maximiliane-Wilhelmina"  # a name longer than any box: names are cut by design


def howruck_view(**changes):
    core = get_core("howruck")
    view = core.view(core.new_game(["Anna", "Bert"], {}, 1))
    view.update(changes)
    return view


TUG = dict(phase="tug", turn="Anna", barrel=8, barrels={"Anna": 1, "Bert": 2},
           last_contest={"kind": "imprint", "round": 1, "strength": {"Anna": 6, "Bert": 9},
                         "pull": {"toward": "Bert", "by": 3}})
LAUF = {"game": "laufrauf", "players": ["red", "green"], "turn": "green", "throws": 1,
        "dice": [3, 4], "first_throw": [3, 4], "prompt": "huckauf", "berggeist": "summit",
        "cards": {"green": ["blitzstart", "joker"]}, "winner": None}
LAUF_BOUGHT = dict(LAUF, throws=4, throws_allowed=5, dice=[6, 2], prompt=None,
                   berggeist={"player": "red", "figure": 1}, cards={"green": ["aufstieg"]})
TAU = {"game": "tauziehen", "players": ["Ida", "Jan"], "turn": "Jan",
       "rope": {"1": 2, "2": -1, "4": 0, "8": 1, "16": -2}, "markers": {"Ida": 8, "Jan": 2},
       "points": {"Ida": 1, "Jan": 3}, "winner": None}
STRAMASH = {"game": "stramash", "players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fin"],
            "turn": "Bob", "last": {"player": "Ann", "type": "play", "card": "7",
                                    "split": [[0, 2], [1, 5]]},
            "laddies": {"Ann": [{"castle": 1}, {"castle": 2}, "dock", "dock", {"track": 4}],
                        "Bob": ["dock"] * 5}, "winner": None}
RACE_WON = {"phase": "decided", "players": ["Anna", "Bert"],
            "decision": {"winner": "Bert", "tie": False, "reason": "press",
                         "times_ms": {"Anna": 180.2, "Bert": 171.9}, "false_starts": []}}
PAIRING = {"url": "http://192.168.178.20:8080/", "pin": "4821"}

SCENES: dict[str, Scene] = {
    "pairing_de": Scene(lang="de", state=howruck_view(), pairing=PAIRING, show_pairing=True),
    "idle_en": Scene(lang="en", pairing={"url": PAIRING["url"], "pin": None}),
    "race_countdown_en": Scene(race={"phase": "countdown", "countdown": 3}),
    "race_signal_en": Scene(race={"phase": "running", "countdown": 0}),
    "race_false_start_de": Scene(lang="de", race={"phase": "countdown", "countdown": 2,
                                                  "false_start": "Anna"}),
    "race_won_de": Scene(lang="de", race=RACE_WON),
    "race_tie_nl": Scene(lang="nl", race={"phase": "decided", "decision": {
        "winner": None, "tie": True, "reason": "tie", "times_ms": {}}}),
    "howruck_teams_nl": Scene(lang="nl", state=howruck_view()),
    "howruck_tug_de": Scene(lang="de", state=howruck_view(**TUG)),
    "howruck_tiebreak_en": Scene(state=howruck_view(phase="tiebreak")),
    "howruck_round_won_de": Scene(lang="de", state=howruck_view(**TUG), banner={
        "kind": "round_won", "params": {"player": "Bert", "barrels": {"Anna": 1, "Bert": 2}}}),
    "howruck_game_won_en": Scene(state=howruck_view(phase="over", winner="Bert",
                                                    barrels={"Anna": 1, "Bert": 3})),
    "laufrauf_huckauf_de": Scene(lang="de", state=LAUF),
    "laufrauf_bought_nl": Scene(lang="nl", state=LAUF_BOUGHT),
    "tauziehen_en": Scene(state=TAU),
    "stramash_de": Scene(lang="de", state=STRAMASH),
    "stopped_nl": Scene(lang="nl", stopped=True),
}


def long_banners(names: list[str]) -> list[dict]:
    """One announcement of every kind the OLED shows, with the longest names and numbers."""
    a, b = names
    return [
        {"kind": "contest", "params": {"a": a, "b": b, "sum_a": 24, "sum_b": 23, "toward": a,
                                       "by": 11}},
        {"kind": "contest", "params": {"a": a, "b": b, "sum_a": 8, "sum_b": 8, "toward": None,
                                       "by": 0}},
        {"kind": "point", "params": {"player": a, "count": 2, "points": 4}},
        {"kind": "berggeist_placed", "params": {"player": "red", "owner": "yellow",
                                                "figure": 2}},
        {"kind": "berggeist_home", "params": {"player": "red"}},
        {"kind": "berggeist_stays", "params": {"player": "red"}},
        {"kind": "strike", "params": {"player": "yellow", "figure": 0,
                                      "victim": {"player": "yellow", "figure": 2}}},
        {"kind": "capture", "params": {"player": a, "victims": [{"player": b, "laddie": 4}]}},
        {"kind": "castle", "params": {"player": a, "laddie": 4, "hole": 5}},
    ]


def long_name_scenes(lang: str) -> list[Scene]:
    """Every screen with the longest names, in `lang` (for the fits-its-box test)."""
    names = [LONG, LONG + "2"]
    tug = dict(TUG, turn=LONG, barrels={n: 2 for n in names},
               last_contest={"round": 1, "strength": {names[0]: 24, names[1]: 23},
                             "pull": {"toward": names[0], "by": 1}})
    hr = howruck_view()
    hr.update(players=names, **tug)
    race = dict(RACE_WON, decision=dict(RACE_WON["decision"], winner=LONG,
                                        times_ms={LONG: 100.0, names[1]: 199.9}))
    return [
        Scene(lang=lang, state=hr, pairing=PAIRING, show_pairing=True),
        Scene(lang=lang, pairing={"url": PAIRING["url"], "pin": "999999"}),
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
        Scene(lang=lang, state=dict(TAU, players=names, turn=LONG, points={n: 3 for n in names},
                                    markers={LONG: 16})),
        Scene(lang=lang, state=dict(TAU, winner="draw")),
        Scene(lang=lang, state=dict(STRAMASH, players=[f"{LONG}{i}" for i in range(6)],
                                    turn=LONG, last={"player": LONG, "type": "discard",
                                                     "card": "10"})),
        Scene(lang=lang, state=dict(STRAMASH, winner=[LONG, LONG])),
        Scene(lang=lang, stopped=True),
    ]
