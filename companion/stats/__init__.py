"""Players' statistics from stored games: pure (no I/O, clock or randomness).

Input: the games in the order they were started (`GameRecord`), and the aliases players
were renamed or merged with; who is one person is `same_person.People`'s rule (aliases
followed, letters' case and spaces aside, shown as spelled most). Output: per player,
overall and per game, games played and won, an Elo rating, head-to-head records, streaks,
and for How Ruck! the races won and the median race margin.

Elo: every player starts at 1000, K = 32. A finished game counts as a set of two-player
matches, all scored from the ratings before the game: each winner beats each non-winner;
winners (a Stramash pair) are not compared with each other, nor non-winners with each other.
A finished game without a winner is a draw between every pair. A player's change is
K / (n - 1) times the sum of (score - expected) over their matches, n being the number of
players, so a game moves a rating by at most K however many play, and two-player games are
plain Elo. Unfinished and broken games do not count.

A seat played without a name (a Lauf Rauf! colour nobody's name was given for: every game
stored before names, or a seat left unnamed) is nobody (`Unnamed`): whoever sat there that
evening. It is no person in the list or the ranking and never one with a person really
called so ("Red" at How Ruck!, however names are merged, or blue's person "red" beside it in
a game stored before such names were refused); the people who played with it count the
game (played, won or lost) but have no Elo match against it (it has no rating). The game
still counts in its kind's totals (``games``: finished games played, seats without a name).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

from companion.stats.same_person import People, person_key

K = 32.0
START = 1000.0


@dataclass(frozen=True)
class Unnamed:
    """A seat played without a name, by its id (a Lauf Rauf! colour): nobody. Not a name, so
    it is never taken for a person called as its id is, nor the other way round."""
    seat: str


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    players: tuple[str | Unnamed, ...]  # in seat order: each seat's person, or nobody
    winner: Any  # a player of `players`, a list of them (a team), or None
    over: bool
    races: tuple[tuple[str, int | None], ...] = ()  # How Ruck!: (race winner, margin in µs)


def expected(rating: float, opponent: float) -> float:
    """The Elo expectation of scoring against `opponent`."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def elo_changes(ratings: dict[str, float], players: list[str],
                winners: set[str]) -> dict[str, float]:
    """Each player's rating change for one finished game (see the module docstring)."""
    n = len(players)
    if n < 2:
        return {p: 0.0 for p in players}
    change = {p: 0.0 for p in players}
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if winners and (a in winners) == (b in winners):
                continue  # team mates, or two who both lost: no match between them
            score = 0.5 if not winners else (1.0 if a in winners else 0.0)
            e = expected(ratings[a], ratings[b])
            change[a] += score - e
            change[b] += (1.0 - score) - (1.0 - e)
    return {p: K / (n - 1) * c for p, c in change.items()}


@dataclass
class _Line:
    played: int = 0
    won: int = 0
    rating: float = START
    peak: float = START


@dataclass
class _Player:
    name: str
    played: int = 0
    won: int = 0
    games: dict[str, _Line] = field(default_factory=dict)
    h2h: dict[str, dict[str, int]] = field(default_factory=dict)
    results: list[bool | None] = field(default_factory=list)  # won, lost, None: a draw
    history: list[dict[str, Any]] = field(default_factory=list)
    race_wins: int = 0
    races: int = 0
    margins: list[int] = field(default_factory=list)


def compute(records: list[GameRecord], aliases: dict[str, str] | None = None) -> dict[str, Any]:
    """Every player's statistics (JSON-ready), players sorted by name."""
    aliases = aliases or {}
    ordered = sorted(records, key=lambda r: r.id)
    who = People((_people(r) for r in ordered), aliases)
    people: dict[str, _Player] = {}
    totals: dict[str, dict[str, int]] = {}

    def person(name: str) -> _Player:
        if name not in people:
            people[name] = _Player(name)
        return people[name]

    for record in ordered:
        if not record.over:
            continue
        total = totals.setdefault(record.game, {"played": 0, "unnamed_seats": 0})
        total["played"] += 1
        total["unnamed_seats"] += sum(isinstance(p, Unnamed) for p in record.players)
        players = list(dict.fromkeys(who(p) for p in _people(record)))
        raw = record.winner if isinstance(record.winner, list) else (
            [record.winner] if record.winner is not None else [])
        winners = {who(w) for w in raw if isinstance(w, str)} & set(players)
        # won by a seat nobody named: every person lost to it, none played against another
        to_nobody = not winners and any(isinstance(w, Unnamed) for w in raw)
        lines = {p: person(p).games.setdefault(record.game, _Line()) for p in players}
        changes = {p: 0.0 for p in players} if to_nobody else \
            elo_changes({p: lines[p].rating for p in players}, players, winners)
        for p in players:
            me, line, won = person(p), lines[p], p in winners
            me.played, line.played = me.played + 1, line.played + 1
            me.won, line.won = me.won + won, line.won + won
            line.rating += changes[p]
            line.peak = max(line.peak, line.rating)
            me.results.append(won if winners or to_nobody else None)  # None: a draw
            me.history.append({"id": record.id, "game": record.game, "won": won,
                               "rating": round(line.rating, 1)})
            for q in players:
                if q != p:
                    row = me.h2h.setdefault(q, {"games": 0, "won": 0, "lost": 0})
                    row["games"] += 1
                    row["won"] += won and q not in winners
                    row["lost"] += q in winners and not won
        for race_winner, margin in record.races:
            for p in players:
                person(p).races += 1
            winner = who(race_winner)
            if winner in players:
                person(winner).race_wins += 1
                if margin is not None:
                    person(winner).margins.append(margin)
    return {"k": K, "start": START,
            "players": [_as_json(people[name]) for name in sorted(people, key=str.casefold)],
            "aliases": dict(sorted(aliases.items())), "games": dict(sorted(totals.items()))}


def _people(record: GameRecord) -> list[str]:
    """The game's players who are people (its seats played without a name are nobody)."""
    return [p for p in record.players if isinstance(p, str)]


def _streaks(results: list[bool | None]) -> dict[str, Any]:
    """The current streak (its kind "won", "lost" or "drawn") and the longest won; a draw
    ends a streak of wins or losses."""
    current, kind, longest, run = 0, None, 0, 0
    for won in results:
        run = run + 1 if won else 0
        longest = max(longest, run)
    if results:
        kind = {True: "won", False: "lost", None: "drawn"}[results[-1]]
        for won in reversed(results):
            if won != results[-1]:
                break
            current += 1
    return {"current": current, "kind": kind, "longest_won": longest}


def _most(h2h: dict[str, dict[str, int]], key: str) -> dict[str, Any] | None:
    best = max(sorted(h2h), key=lambda q: h2h[q][key], default=None)
    if best is None or h2h[best][key] == 0:
        return None
    return {"name": best, key: h2h[best][key]}


def _as_json(p: _Player) -> dict[str, Any]:
    return {
        "name": p.name, "played": p.played, "won": p.won, "drawn": p.results.count(None),
        "games": {g: {"played": line.played, "won": line.won,
                      "rating": round(line.rating, 1), "peak": round(line.peak, 1)}
                  for g, line in sorted(p.games.items())},
        "head_to_head": dict(sorted(p.h2h.items())),
        "rival": _most(p.h2h, "lost"),  # who beat this player most often
        "most_beaten": _most(p.h2h, "won"),
        "streak": _streaks(p.results),
        "race": {"races": p.races, "wins": p.race_wins,
                 "median_margin_us": statistics.median(p.margins) if p.margins else None},
        "history": p.history,
    }


def race_results(events: list[list[dict[str, Any]]]) -> tuple[tuple[str, int | None], ...]:
    """How Ruck!: each decided race's winner and margin, from a game's replayed events."""
    out = []
    for caused in events:
        for event in caused:
            if event.get("type") == "race" and isinstance(event.get("winner"), str):
                margin = event.get("margin_us")
                out.append((event["winner"], margin if isinstance(margin, int) else None))
    return tuple(out)


__all__ = [
    "START",
    "GameRecord",
    "K",
    "People",
    "Unnamed",
    "compute",
    "elo_changes",
    "expected",
    "person_key",
    "race_results",
]
