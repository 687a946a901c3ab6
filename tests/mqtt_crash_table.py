"""Child process for the SIGKILL test: a table publishing to a broker that is not there
enters actions and prints "ack SEQ" after each was accepted, then waits to be killed."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from companion.config import parse
from companion.daemon import Daemon
from companion.rules import get_core
from companion.rules.randomplay import random_game


def main(data_dir: str, port: str, count: str) -> None:
    config = parse({"display": {"type": "none"}, "race": {"countdown_s": 0},
                    "mqtt": {"host": "127.0.0.1", "port": int(port), "table": "crash"}})
    daemon = Daemon(config, Path(data_dir), simulate=True)
    daemon.start()
    log, _ = random_game(get_core("howruck"), 1, ["A", "B"])
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)
    for seq, action in enumerate(log[:int(count)]):
        daemon.hub.call(daemon.table.apply, view["id"], action)
        sys.stdout.write(f"ack {seq}\n")
        sys.stdout.flush()
    time.sleep(600)


if __name__ == "__main__":
    main(*sys.argv[1:4])
