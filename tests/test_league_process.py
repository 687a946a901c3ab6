"""`companion league` as a club runs it, real processes on a real Mosquitto: two leagues on
one broker each keep their own session and get every result; a second league on the same
data folder is refused; a restarted league finds what was sent while it was down."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from daemon_helpers import wait_until
from mqtt_helpers import Broker, needs_mosquitto
from ports import free_port
from test_league import get, result, send
from test_mqtt import run  # noqa: F401  (the fixture)

from companion.network.route import route_address

pytestmark = needs_mosquitto


class LeagueProcess:
    """`python -m companion league` with its stderr (the log) read as it comes."""

    def __init__(self, broker: str, data: Path, lang: str = "en_GB.UTF-8",
                 host: str = "127.0.0.1") -> None:
        self.port = free_port()
        env = {k: v for k, v in os.environ.items()
               if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "league", "--mqtt", broker, "--data", str(data),
             "--host", host, "--port", str(self.port)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, env={**env, "LANG": lang})
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line)

    @property
    def text(self) -> str:
        return "".join(self.lines)

    def serving(self) -> LeagueProcess:
        wait_until(lambda: "standings on http://" in self.text or self.proc.poll() is not None,
                   timeout=20)
        assert self.proc.poll() is None, self.text
        return self

    def tables(self) -> dict[str, int]:
        return json.loads(get(self.port, "/standings.json")[1])["tables"]

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(10)
        self._reader.join(5)
        return code


def subscribed(league: LeagueProcess, broker: Broker) -> None:
    """Until the league has subscribed, what is sent is not kept for it: wait for that."""
    def counted() -> bool:
        send(broker.port, ["hello?"])
        return "not a table's result" in league.text
    wait_until(counted, timeout=15)


def test_two_leagues_on_one_broker_each_get_every_result(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    where = f"127.0.0.1:{broker.port}"
    leagues = [run(LeagueProcess(where, tmp_path / name).serving()) for name in ("a", "b")]
    for league in leagues:
        subscribed(league, broker)
    time.sleep(3)  # a knock-off loop, if any, shows within its reconnect delay (1 s)
    send(broker.port, [result("t1", seq, ["Ann", "Bob"], "Ann", float(seq))
                       for seq in range(1, 6)])
    for league in leagues:
        wait_until(lambda league=league: league.tables() == {"t1": 5}, timeout=15)
    said = broker.log.read_text()
    assert "already connected, closing old connection" not in said, said[-2000:]


def test_a_second_league_on_the_same_data_folder_is_refused_in_words(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    where = f"127.0.0.1:{broker.port}"
    first = run(LeagueProcess(where, tmp_path / "league").serving())
    second = LeagueProcess(where, tmp_path / "league", lang="de_DE.UTF-8")
    assert second.proc.wait(20) == 2
    second.stop()
    assert "kann nicht starten" in second.text and str(first.proc.pid) in second.text, \
        second.text
    assert "Traceback" not in second.text
    assert first.proc.poll() is None


def test_results_sent_while_the_league_was_down_wait_for_it(run, tmp_path):  # noqa: F811
    """The league's session at the broker outlives it: same client id after a restart."""
    broker = run(Broker(tmp_path / "broker").start())
    where = f"127.0.0.1:{broker.port}"
    league = LeagueProcess(where, tmp_path / "league").serving()
    try:
        subscribed(league, broker)
    finally:
        assert league.stop() == 0
    send(broker.port, [result("t1", 1, ["Ann", "Bob"], "Ann", 1.0)])
    again = run(LeagueProcess(where, tmp_path / "league").serving())
    wait_until(lambda: again.tables() == {"t1": 1}, timeout=15)
    assert re.search(r"standings on http://127\.0\.0\.1:\d+/", again.text)


def test_a_league_on_every_interface_says_the_address_people_can_type(run, tmp_path):  # noqa: F811
    """`--host 0.0.0.0` (the default) is no address to type into a phone: the log says the
    one this machine is reached at, as the table's daemon does for its page (the address it
    routes from; a phone reaches the standings there)."""
    closed = f"127.0.0.1:{free_port()}"  # the standings are served without a broker too
    league = run(LeagueProcess(closed, tmp_path / "league", host="0.0.0.0").serving())
    address = route_address() or "127.0.0.1"
    url = f"http://{f'[{address}]' if ':' in address else address}:{league.port}/"
    assert f"standings on {url} from" in league.text, league.text
    assert "0.0.0.0" not in league.text, league.text
    conn = http.client.HTTPConnection(address, league.port, timeout=10)
    conn.request("GET", "/standings.json")
    assert conn.getresponse().status == 200
    conn.close()


def page(league: LeagueProcess, lang: str = "de-DE") -> str:
    return get(league.port, "/", {"Accept-Language": lang})[1].decode()


def test_a_league_that_cannot_reach_its_broker_says_so(run, tmp_path):  # noqa: F811
    """A port where no broker listens, a host that does not exist: the log says it (once)
    and the page says it, in the reader's language."""
    closed = run(LeagueProcess(f"127.0.0.1:{free_port()}", tmp_path / "closed").serving())
    nowhere = run(LeagueProcess("no-such-broker.invalid", tmp_path / "nowhere").serving())
    for league in (closed, nowhere):
        wait_until(lambda league=league: "cannot reach the broker" in league.text, timeout=15)
        assert "Keine Verbindung zum Broker" in page(league)
        assert json.loads(get(league.port, "/standings.json")[1])["broker"]["connected"] \
            is False
    time.sleep(3)  # it keeps trying; the log does not say it again each time
    assert closed.text.count("cannot reach the broker") == 1, closed.text


def test_a_league_whose_broker_dies_says_so_and_recovers(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    league = run(LeagueProcess(f"127.0.0.1:{broker.port}", tmp_path / "league").serving())
    wait_until(lambda: "connected to the broker" in league.text, timeout=15)
    assert "Keine Verbindung" not in page(league)
    broker.stop()
    wait_until(lambda: "lost the broker" in league.text, timeout=15)
    assert "Keine Verbindung zum Broker" in page(league)
    assert "cannot reach the broker" not in league.text  # one sentence for one outage
    broker.start()
    wait_until(lambda: "connected to the broker" in league.text.split("lost the broker")[-1],
               timeout=40)
    wait_until(lambda: "Keine Verbindung" not in page(league), timeout=5)


def test_a_league_the_broker_refuses_says_so(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker", users={"club": "secret"}).start())
    league = run(LeagueProcess(f"127.0.0.1:{broker.port}", tmp_path / "league").serving())
    wait_until(lambda: "refused the league" in league.text, timeout=15)
    assert "hat die Liga abgewiesen (Not authorized)" in page(league)
