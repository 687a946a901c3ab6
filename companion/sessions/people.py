"""The people behind a game's players, and who sits down at the next game.

A game's players are ids the rule core knows. In most games an id is the person's name; in
Lauf Rauf! it is a colour ("red": the figures on the board), so the header may carry
``"names"``, the person playing each id (``{"red": "Anna"}``; an id without one is shown as
itself, as every game stored before names existed is). `person` is that lookup, used by the
statistics and the results.

`next_people` is what the page's new-game form starts from: the newest game's people in
their seats, each with their colour. A person is a name as the statistics know it
(`stats.People`): renames and merges followed, letters' case ignored ("anna" sits where
"Anna" did, as a game refuses the two side by side). A person's colour is the one they last played
with (only Lauf Rauf! has colours of its own), so it stays theirs from game to game until
they choose another. `last_seats` is the same start as a new game's players, for a game
started without naming them (``POST /api/games`` without ``players``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.i18n import PlayerId
from companion.rules import Refusal, SetupError, get_core
from companion.sessions.players import check_name
from companion.stats import People, Unnamed, person_key


def with_names(view: dict[str, Any], header: Mapping[str, Any]) -> dict[str, Any]:
    """A rule core's view as the table shows it: with the people playing the players' ids
    (the header's ``names``: "Sanne (rood)", not "rood"), whoever draws or says it (the live
    game, `companion replay`, `companion render`). The core knows only the ids."""
    return {**view, "names": header["names"]} if "names" in header else view


def check_names(game: str, names: Any, players: list[str], *,
                stored: bool = False) -> dict[str, str]:
    """A new game's ``names``: each of its player ids (not every one need have a name) to a
    name, taken as a typed name is (composed, spaces at its ends dropped); no two alike, a
    letter's case aside; none another seat's colour id (blue's person "red": refused whether
    red has a name or not, a rule the form can say, so that nobody reads that person for the
    unnamed red seat. "Red", a person's name as typed, the seat's own colour and a colour
    nobody plays here are names). `stored`: names a stored game carries (its file replayed),
    where another seat's colour is let through: games stored before that rule hold such
    names, and the statistics tell them by the seat (`players_as_people`). Only a game whose
    ids are colours takes them (elsewhere the ids are the names).
    Raises `SetupError` or `Refusal` ``bad_player_name``."""
    if not get_core(game).colour_ids:
        raise SetupError("unknown_key", key="names")
    if not isinstance(names, dict):
        raise SetupError("wrong_type", key="names", expected="object")
    out: dict[str, str] = {}
    for pid, name in names.items():
        if pid not in players:
            raise SetupError("bad_players", reason="not_allowed", player=str(pid),
                             allowed=list(players))
        out[pid] = check_name(name)
        if out[pid] in players and out[pid] != pid and not stored:
            raise SetupError("bad_players", reason="another_seats_colour",  # quoted as typed,
                             player=PlayerId(out[pid], colour=False))  # not as a colour
    folded = [person_key(name) for name in out.values()]
    if len(set(folded)) != len(folded):
        raise SetupError("bad_players", reason="duplicate")
    return {pid: out[pid] for pid in players if pid in out}  # in seat order


def person(header: Mapping[str, Any], pid: Any) -> Any:
    """The name the player `pid` of a game played under (its id when the game has none)."""
    names = header.get("names") or {}
    return names.get(pid, pid) if isinstance(pid, str) else pid


# A refusal's parameters that name one of the game's players (the core's ids).
PLAYER_PARAMS = ("player", "turn", "winner")


def players_said(refusal: Refusal, header: Mapping[str, Any]) -> Refusal:
    """`refusal` as a sentence should name its players: each parameter naming one of the
    game's players (or a team of them) becomes a `PlayerId`, said as the page says that
    player: in a game whose players are colours with the game's names ("Anna (rot)", "Rot"),
    not as the colour's adjective or the id ("rot", "red"); elsewhere by the name as given
    (never taken for a colour or a card: a player named "joker"). A value that is no player
    of the game (an unknown player someone sent) stays as it came. The JSON is unchanged."""
    players, names = header["players"], header.get("names") or {}
    colour = colour_ids(header)

    def said(value: Any) -> Any:
        if isinstance(value, list):
            return [said(v) for v in value]
        if isinstance(value, str) and value in players:
            return PlayerId(value, names, colour)
        return value

    return type(refusal)(refusal.code, **{key: said(value) if key in PLAYER_PARAMS else value
                                          for key, value in refusal.params.items()})


def people(header: Mapping[str, Any]) -> tuple[str, ...]:
    """A game's players as people, in seat order."""
    return tuple(person(header, p) for p in header["players"])


def unnamed(header: Mapping[str, Any]) -> tuple[str, ...]:
    """The game's seats played without a name (a colour nobody's name was given for, as in
    every game stored before names): nobody, where the statistics count people."""
    if not colour_ids(header):
        return ()
    names = header.get("names") or {}
    return tuple(pid for pid in header["players"] if pid not in names)


def players_as_people(header: Mapping[str, Any]) -> tuple[str | Unnamed, ...]:
    """The game's players as the statistics count them, in seat order: each seat's person,
    or `Unnamed` for a seat played without a name. Told by the seat, not by the name: in a
    game stored before 1c6a60d, blue's person "red" is a person beside the unnamed red seat."""
    nobody = unnamed(header)
    return tuple(Unnamed(p) if p in nobody else person(header, p) for p in header["players"])


def named_people(header: Mapping[str, Any]) -> tuple[str, ...]:
    """The game's people, in seat order: `players_as_people` without the seats nobody
    named. Who can be renamed or merged, and whose spellings count."""
    return tuple(p for p in players_as_people(header) if isinstance(p, str))


def check_one_seat_each(header: Mapping[str, Any], aliases: Mapping[str, str]) -> None:
    """Refuse a new game that seats one person twice under two names the Players tab made
    one (a merge or a rename: "Ann" is Anna): the statistics would count it as a game
    against oneself, which a merge refuses for the games already played. Names alike but
    for case or spaces are the header's own refusal (`make_header`). Raises `SetupError`
    ``bad_players`` ``same_person``, naming the two as typed."""
    who = People((), aliases)
    seated: dict[str, str] = {}
    for name in named_people(header):
        key = person_key(who.follow(name))
        if key in seated:
            raise SetupError("bad_players", reason="same_person",
                             player=PlayerId(seated[key], colour=False),
                             other=PlayerId(name, colour=False))
        seated[key] = name


def winner_as_people(header: Mapping[str, Any], winner: Any) -> Any:
    """A core's winner (`winner_people`) as `players_as_people` says its seats."""
    seats = dict(zip(header["players"], players_as_people(header), strict=True))
    if isinstance(winner, list):
        return [seats.get(p, p) for p in winner]
    return seats.get(winner, winner) if isinstance(winner, str) else winner


def winner_people(header: Mapping[str, Any], winner: Any) -> Any:
    """A core's winner (an id, a team's list of ids, "draw" or None) as people."""
    if isinstance(winner, list):
        return [person(header, p) for p in winner]
    if isinstance(winner, str) and winner in header["players"]:
        return person(header, winner)
    return winner


def next_people(headers: Iterable[Mapping[str, Any]], aliases: Mapping[str, str],
                game: str | None = None) -> dict[str, Any]:
    """The new-game form's start, from the stored games' headers oldest first: ``{"game":
    the newest game's kind or None, "people": [{"name": str or None, "colour": str or
    None}, ...]}``, the newest game's people in its seat order. A name is None where a
    colour was played without one (a game stored before names), a colour None where the
    person never played one. With `game`, the newest game of that kind (the colours still
    those last played in any game)."""
    headers = list(headers)
    who = People((named_people(h) for h in headers), aliases)  # unnamed seats are nobody
    colour_of: dict[str, str] = {}  # a person (`person_key`) -> the colour they last played
    newest: Mapping[str, Any] | None = None
    for header in headers:
        if game is None or header["game"] == game:
            newest = header
        if colour_ids(header):
            for pid in header["players"]:
                name = _name(header, pid, who)
                if name is not None:
                    colour_of[person_key(name)] = pid
    if newest is None:
        return {"game": None, "people": []}
    out = []
    for pid in newest["players"]:
        name = _name(newest, pid, who)
        colour = pid if colour_ids(newest) else colour_of.get(person_key(str(name)))
        out.append({"name": name, "colour": colour})
    return {"game": newest["game"], "people": out}


def last_seats(game: str, headers: Iterable[Mapping[str, Any]],
               aliases: Mapping[str, str]) -> tuple[list[str], dict[str, str] | None]:
    """A new game of `game` started without players: the people of the newest game of that
    kind (`next_people`), as its ``players`` and ``names``: in a game of colours the
    colours they played and the names of those who had one, elsewhere their names (renames
    followed). Raises `SetupError` ``unknown_game``, or ``no_previous_players`` when no game
    of that kind was played yet."""
    core = get_core(game)
    start = next_people(headers, aliases, game)
    if start["game"] is None:
        raise SetupError("no_previous_players", game=game)
    if core.colour_ids:
        names = {p["colour"]: p["name"] for p in start["people"] if p["name"] is not None}
        return [p["colour"] for p in start["people"]], names or None
    return [p["name"] for p in start["people"]], None


def colour_ids(header: Mapping[str, Any]) -> bool:
    """Whether the game's player ids are colours (Lauf Rauf!), not names."""
    return get_core(header["game"]).colour_ids


def _name(header: Mapping[str, Any], pid: str, who: People) -> str | None:
    """The person playing `pid`, under their name now (renames followed); None for a colour
    played without a name."""
    if pid in unnamed(header):
        return None
    return who(person(header, pid))
