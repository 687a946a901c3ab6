"""A table's renames and merges reach the league (a real Mosquitto): the table sends its
aliases through its outbox (``companion/<table>/aliases``), the league keeps them and counts
that table's results under the names its Players tab shows, also after a restart; a namesake
at another table is not renamed; one person in two spellings is one, as at a table."""

from __future__ import annotations

from daemon_helpers import wait_until
from mqtt_helpers import Broker, Listener, needs_mosquitto
from test_mqtt import play, run, table  # noqa: F401  (the fixture and helpers)
from web_helpers import Client

from companion.club.league import League
from companion.rules import get_core
from companion.rules.randomplay import random_game

pytestmark = needs_mosquitto


def finish(daemon, game: str, seed: int, players: list[str]) -> None:
    log, _ = random_game(get_core(game), seed, players)
    view = daemon.hub.call(daemon.table.create_game, game, players, {}, seed)
    play(daemon, view["id"], log)


def played(league: League) -> dict[str, int]:
    return {p["name"]: p["played"] for p in league.standings()["players"]}


def test_renames_and_merges_at_a_table_reach_the_league(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    league = League("127.0.0.1", broker.port, tmp_path / "league")
    league.start()
    wait_until(lambda: league.connected)
    listener = run(Listener(broker.port, "companion/+/aliases"))
    kitchen = table(run, tmp_path / "kitchen", broker.port, "kitchen")
    garden = table(run, tmp_path / "garden", broker.port, "garden")
    finish(garden, "howruck", 3, ["Ann", "bob"])  # another Ann; "bob" is Bob (the rule)
    finish(kitchen, "howruck", 1, ["Ann", "Bob"])  # spelled so last: shown so
    finish(kitchen, "howruck", 2, ["Ann", "Bobby"])
    wait_until(lambda: sum(league.standings()["tables"].values()) == 3)
    assert played(league) == {"Ann": 3, "Bob": 2, "Bobby": 1}

    client = Client(kitchen.web.port)
    client.pair(kitchen)
    for path, body in (("/api/players/rename", {"name": "Ann", "to": "Anna"}),
                       ("/api/players/merge", {"name": "Bobby", "into": "Bob"})):
        status, answer, _ = client.post(path, body)
        assert status == 200, answer
    sent = listener.take(lambda t, p, r: t == "companion/kitchen/aliases"
                         and p["aliases"] == {"Ann": "Anna", "Bobby": "Bob"})
    assert sent[-1][1]["box"] and isinstance(sent[-1][1]["seq"], int)
    wait_until(lambda: played(league) == {"Anna": 2, "Ann": 1, "Bob": 3})
    # the table's own Players tab says the same
    tab = {p["name"]: p["played"] for p in client.get("/api/players")[1]["players"]}
    assert tab == {"Anna": 2, "Bob": 2}
    league.stop()
    again = run(League("127.0.0.1", broker.port, tmp_path / "league"))  # from its own file
    assert played(again) == {"Anna": 2, "Ann": 1, "Bob": 3}


def test_a_table_renamed_before_it_sent_aliases_sends_them_once(tmp_path):
    """An older data folder: players renamed before the table sent its aliases. The outbox
    sends them once when its trigger is new, not again on every start."""
    from companion.club.outbox import Outbox
    from companion.sessions import Sessions
    from companion.sessions.players import PlayerBook

    sessions = Sessions(tmp_path)
    game = sessions.create("howruck", ["Ann", "Bob"])
    PlayerBook(sessions.store.db).rename("Ann", "Anna", [(game.id, ("Ann", "Bob"))])
    path = tmp_path / "games.sqlite3"
    sessions.close()
    outbox = Outbox(path)
    assert [r.kind for r in outbox.pending()] == ["aliases"]
    assert outbox.aliases() == {"Ann": "Anna"}
    outbox.delivered(outbox.pending()[0].seq)
    outbox.close()
    outbox = Outbox(path)
    assert outbox.pending() == []
    outbox.close()
