"""`companion league`: every table's results from the broker, standings across tables.

Subscribes to ``companion/+/result`` (QoS 1, a persistent session: results sent while the
league was down wait at the broker). Its client id, ``companion-league-<id>``, is kept in
its data folder (club/identity.py): the same after a restart, so the session is found
again, and not another league's, so two leagues on one broker neither knock each other off
nor split one session's messages; one league per data folder (datalock.py, as `run`).
Keeps each result once per (table, box, seq) in its own SQLite file (a restart rebuilds
the standings from it) and serves the standings as a page and as JSON, computed with the
same statistics as a table's (`companion.stats`). Messages on those topics that are not a
table's result are ignored and counted. A broker it cannot reach (no broker on the port,
no such host), one that refuses it or one that dies under it is logged once per kind, as a
table logs it, and said on the page (``broker`` in the JSON) until it is connected again.

``box`` is the sending box's own id (club/identity.py): two boxes that share a table name
count their own sequence numbers, so (table, seq) alone would drop the second box's games as
copies. Results from tables older than the box id have none (""). A table name that more
than one box sent results under is a clash: logged once and listed (``clashes``) for the
page; a box that replaced another under the same name looks the same, so the words say so.

Each table also sends its renames and merges (``companion/<table>/aliases``, all of them each
time they change; kept per table and box, the newest ``seq``): a table's results are counted
under its people's names now, as its own Players tab shows them, then one person is one
person across tables by the same rule as a table's (`stats.People`: letters' case and spaces
aside, shown as spelled most). A rename at one table does not rename a namesake at another.

A Lauf Rauf! seat played without a name comes under its colour ("red"): the result's
``unnamed`` lists those players, and they are nobody here as in a table's statistics (not
in the standings, never one "red" across tables, never merged with a person called "Red").
A result from a table before that key is read by `unnamed_before` from its players and
``names``, whatever colours the table's board has; one a league file kept from before it
(``unnamed`` NULL, no names kept) by the shipped board's colours. A result that says its
seats (``seats``, ``named``, ``winner_seats``: league_messages.py `seating`) is counted by
seat: blue's person "red" of a game stored before such names were refused, beside the
unnamed red seat, is one person, and wins only when blue won.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from flask import Flask, Response, jsonify, request

from companion.club.identity import stable_id
from companion.club.league_messages import parse_aliases, parse_result, unnamed_before
from companion.club.league_page import HEADERS, render
from companion.stats import GameRecord, People, Unnamed, compute

log = logging.getLogger("companion.league")
TOPIC = "companion/+/result"
ALIASES_TOPIC = "companion/+/aliases"
MQTT_PORT = 1883  # the broker's port when `--mqtt` names none
ID_FILE = "league-id"  # in the league's data folder: its client id's own part
SCHEMA = """CREATE TABLE IF NOT EXISTS results (
    tbl TEXT NOT NULL, box TEXT NOT NULL, seq INTEGER NOT NULL, game_id INTEGER NOT NULL,
    game TEXT NOT NULL, players TEXT NOT NULL, winner TEXT, at REAL, unnamed TEXT,
    named TEXT, won TEXT, PRIMARY KEY (tbl, box, seq))"""
ALIASES_SCHEMA = """CREATE TABLE IF NOT EXISTS aliases (
    tbl TEXT NOT NULL, box TEXT NOT NULL, seq INTEGER NOT NULL, aliases TEXT NOT NULL,
    PRIMARY KEY (tbl, box))"""
COLUMNS = "tbl, box, seq, game_id, game, players, winner, at, unnamed, named, won"


class League:
    def __init__(self, host: str, port: int, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(data_dir / "league.sqlite3", isolation_level=None,
                                  check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        migrate(self.db)
        self.lock = threading.Lock()
        self.foreign = 0
        self._stopping = False
        self._clashes_said: set[str] = set()
        self.host, self.port = host, port
        self.client_id = f"companion-league-{stable_id(data_dir / ID_FILE)}"
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2,
                                  client_id=self.client_id, clean_session=False)
        self.client.on_connect = self._on_connect
        self.client.on_connect_fail = self._on_connect_fail
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.connected = False
        # why the broker is not connected: "away" (cannot reach it, or lost it) or "refused"
        self.problem: str | None = None
        self.refusal = ""  # the broker's reason, when it refused
        self.client.reconnect_delay_set(1, 30)

    def start(self) -> None:
        self.client.connect_async(self.host, self.port, 30)
        self.client.loop_start()

    def stop(self) -> None:
        self._stopping = True
        self.client.disconnect()
        self.client.loop_stop()
        self.db.close()

    # --- paho's thread: the broker's connection, said once per kind -------------------------
    @property
    def where(self) -> str:
        return f"{self.host}:{self.port}"

    def _on_connect(self, client, userdata, flags, reason, properties) -> None:
        if reason.is_failure:
            self.refusal = str(reason)
            self._fail("refused", f"the broker refused the league: {reason}")
            return
        client.subscribe([(TOPIC, 1), (ALIASES_TOPIC, 1)])
        self.connected, self.problem = True, None
        log.info("league: connected to the broker at %s", self.where)

    def _on_connect_fail(self, client, userdata) -> None:
        self._fail("away", "cannot reach the broker; the league keeps trying (results sent "
                           "meanwhile arrive once it is back)")

    def _on_disconnect(self, client, userdata, flags, reason, properties) -> None:
        was_connected, self.connected = self.connected, False
        if was_connected and not self._stopping:  # a refusal was said already
            self._fail("away", f"lost the broker ({reason}); the league keeps trying")

    def _fail(self, kind: str, words: str) -> None:
        if kind != self.problem:
            log.warning("league: %s: %s", self.where, words)
        self.problem = kind

    def _on_message(self, client, userdata, message) -> None:
        """A table's result, or its renames and merges; anything else is counted foreign."""
        kind = "aliases" if message.topic.endswith("/aliases") else "result"
        row = (parse_aliases if kind == "aliases" else parse_result)(message.topic,
                                                                     message.payload)
        with self.lock:
            if row is None:
                self.foreign += 1
                log.warning("league: ignored a message on %s that is not a table's %s",
                            message.topic[:80], kind)
            elif kind == "aliases":
                self._keep_aliases(row)
            else:
                self._keep_result(row)

    def _keep_result(self, row: tuple) -> None:
        self.db.execute(f"INSERT OR IGNORE INTO results ({COLUMNS}) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        table = row[0]
        if table not in self._clashes_said and table in self._clashes():
            self._clashes_said.add(table)
            log.warning("league: more than one box sends results as table %r: unless one "
                        "replaced the other, give each table its own [mqtt] table name "
                        "(the results are all kept, apart)", table)

    def _keep_aliases(self, row: tuple) -> None:
        """A table's renames and merges: the newest (by its ``seq``) replaces the older."""
        self.db.execute("INSERT INTO aliases VALUES (?, ?, ?, ?) ON CONFLICT (tbl, box) "
                        "DO UPDATE SET seq=excluded.seq, aliases=excluded.aliases "
                        "WHERE excluded.seq > aliases.seq", row)

    def _clashes(self) -> list[str]:
        """Table names that more than one box sent results under (those without a box id,
        from older tables, are not counted as one)."""
        return [r[0] for r in self.db.execute(
            "SELECT tbl FROM results GROUP BY tbl HAVING COUNT(DISTINCT NULLIF(box, '')) > 1 "
            "ORDER BY tbl")]

    def standings(self) -> dict[str, Any]:
        with self.lock:
            rows = self.db.execute("SELECT tbl, box, game, players, winner, unnamed, named, "
                                   "won FROM results ORDER BY at, tbl, box, seq").fetchall()
            renamed = {(tbl, box): People((), json.loads(aliases)) for tbl, box, aliases
                       in self.db.execute("SELECT tbl, box, aliases FROM aliases")}
            foreign, clashes = self.foreign, self._clashes()
        records = []
        for i, (tbl, box, game, players, winner, unnamed, named, won) in enumerate(rows):
            renames = renamed[tbl, box].follow if (tbl, box) in renamed else str
            players, winner = json.loads(players), json.loads(winner)
            if named is not None:  # the table said its seats: counted by seat
                seats = tuple(renames(p) if n else Unnamed(p)
                              for p, n in zip(players, json.loads(named), strict=True))
                records.append(GameRecord(i, game, seats, _winner_at(winner, json.loads(won),
                                                                     seats), True))
                continue
            nobody = json.loads(unnamed) if unnamed is not None else unnamed_before(game,
                                                                                   players)
            records.append(GameRecord(i, game, _seats(players, nobody, renames),
                                      _winner(winner, players, nobody, renames), True))
        tables: dict[str, int] = {}
        for row in rows:
            tables[row[0]] = tables.get(row[0], 0) + 1
        return {**compute(records), "tables": tables, "foreign": foreign,
                "clashes": clashes, "broker": {
                    "where": self.where, "connected": self.connected,
                    "problem": self.problem, "refusal": self.refusal or None}}


def _winner_at(winner: Any, won: list[int], seats: tuple[str | Unnamed, ...]) -> Any:
    """A result's winner as the statistics count it, from where its winners sit (`won`:
    told by seat, so blue's person "red" and the unnamed red seat beside it are two): a
    pair's list, one seat, or None (a draw)."""
    if isinstance(winner, list):
        return [seats[i] for i in won]
    return seats[won[0]] if won else None


def _winner(winner: Any, players: list[str], nobody: list[str],
            renames: Callable[[str], str]) -> Any:
    """A result's winner (a name, a pair's list, or None) as the statistics count it: a
    person under their name now, an unnamed seat nobody. A name that is none of the
    result's `players` (as the table sent them) won nothing: a draw. Tables before stop 34
    sent a drawn Tauziehen game as won by "draw", which the statistics, reading names
    alike but for case as one person (`stats.person_key`), would count as won by a player
    called "Draw"."""
    def one(name: str) -> str | Unnamed:
        return Unnamed(name) if name in nobody else renames(name)

    if isinstance(winner, list):
        return [one(w) for w in winner if isinstance(w, str)]
    return one(winner) if isinstance(winner, str) and winner in players else None


def _seats(players: list[str], nobody: list[str],
           renames: Callable[[str], str]) -> tuple[str | Unnamed, ...]:
    """A result's players as the statistics count them: each of `nobody` (its unnamed seats)
    once, the others people under their names now (a person called as an unnamed seat's
    colour, in a game stored before that was refused, is still one)."""
    left = list(nobody)
    seats: list[str | Unnamed] = []
    for name in players:
        if name in left:
            left.remove(name)
            seats.append(Unnamed(name))
        else:
            seats.append(renames(name))
    return tuple(seats)


def migrate(db: sqlite3.Connection) -> None:
    """The results table, with the box column: a league file from before it keeps its
    results, each with the box "" (its tables sent none); and the unnamed column, NULL in
    results kept from before it (`unnamed_before` tells them); and the named and won columns
    (a result's seats: `league_messages.seating`), NULL in results kept from before them."""
    columns = [r[1] for r in db.execute("PRAGMA table_info(results)")]
    if columns and "box" not in columns:
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("ALTER TABLE results RENAME TO results_before_box")
            db.execute(SCHEMA)
            db.execute("INSERT INTO results (tbl, box, seq, game_id, game, players, winner, "
                       "at) SELECT tbl, '', seq, game_id, game, players, winner, at FROM "
                       "results_before_box")
            db.execute("DROP TABLE results_before_box")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    else:
        db.execute(SCHEMA)
    columns = [r[1] for r in db.execute("PRAGMA table_info(results)")]
    for column in ("unnamed", "named", "won"):  # NULL: kept from before them
        if column not in columns:
            db.execute(f"ALTER TABLE results ADD COLUMN {column} TEXT")
    db.execute(ALIASES_SCHEMA)


def league_app(league: League) -> Flask:
    app = Flask(__name__)
    app.json.ensure_ascii = False

    @app.get("/standings.json")
    def standings_json() -> Response:
        return jsonify(league.standings())

    @app.get("/")
    def page() -> Response:
        body, lang = render(league.standings(), request.headers.get("Accept-Language"))
        return Response(body, mimetype="text/html", headers={
            **HEADERS, "Content-Language": lang, "Vary": "Accept-Language"})

    return app


def broker_address(broker: str) -> tuple[str, int]:
    """`--mqtt HOST[:PORT]` as (host, port): MQTT's own port unless one is given. An IPv6
    address with a port is bracketed as in a URL ("[fd00::5]:8883"); bare, it is all host.
    ValueError for anything else (no host, a space, a port that is no number of 1-65535)."""
    if broker.startswith("["):
        name, bracket, rest = broker[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(broker)
        number = rest[1:] if rest else None
    elif broker.count(":") > 1:
        name, number = broker, None  # an IPv6 address without a port
    else:
        name, colon, number = broker.partition(":")
        number = number if colon else None
    if not name or any(c.isspace() for c in name):
        raise ValueError(broker)
    if number is None:
        return name, MQTT_PORT
    if not (number.isascii() and number.isdigit()) or not 0 < int(number) < 65536:
        raise ValueError(broker)
    return name, int(number)


def standings_url(host: str, port: int) -> str:
    """Where people reach the standings, as the table's daemon says its page's address
    (`daemon.address.page_url`): a listen address of every interface ("0.0.0.0", the
    default) is no address to type into a phone, so it is the one this machine routes from;
    without a network, this machine's own, said so."""
    from companion.daemon.address import LOOPBACK, WILDCARDS, page_url, route_address

    address = route_address() if host in WILDCARDS else host
    url = page_url(address or LOOPBACK, port)
    return url if address else f"{url} (no network: only on this machine)"


def main(broker: tuple[str, int], data_dir: Path, host: str, port: int) -> int:
    """`companion league`: `broker` is (host, port), as `broker_address` reads `--mqtt`."""
    from companion.datalock import DataDirBusy, DataLock
    from companion.web import WebServer

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:  # one league per data folder, as one `companion run`: its file, its session
        lock = DataLock(data_dir).acquire()
    except DataDirBusy as exc:
        from companion.i18n.catalogs import terminal_language
        from companion.i18n.said import Said, complaint
        from companion.stop_advice import stop_advice

        said = Said("cli:cannot_start_busy", data=str(exc.data_dir), pid=exc.holder or "?",
                    stop=stop_advice(exc.holder))
        sys.stderr.write(f"{complaint('companion league', said, terminal_language())}\n")
        return 2
    broker_host, broker_port = broker
    league = League(broker_host, broker_port, data_dir)
    league.start()
    server = WebServer(league_app(league), host, port, threads=8)
    server.start()
    log.info("league standings on %s from %s:%d", standings_url(host, server.port),
             broker_host, broker_port)
    stop = threading.Event()
    import signal
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    stop.wait()
    server.stop()
    league.stop()
    lock.release()
    return 0
