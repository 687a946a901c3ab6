"""Child process for the crash test: enters the actions of random games into a session store
and prints "ack GAME SEQ" only after `Sessions.apply` returned (i.e. after the commit). The
first line reports the connection's durability settings: "pragmas JOURNAL_MODE SYNCHRONOUS"."""

from __future__ import annotations

import sys

from companion.rules import get_core
from companion.rules.randomplay import random_game
from companion.sessions import Sessions


def main(data_dir: str) -> None:
    sessions = Sessions(data_dir)
    journal = sessions.store.db.execute("PRAGMA journal_mode").fetchone()[0]
    synchronous = sessions.store.db.execute("PRAGMA synchronous").fetchone()[0]
    sys.stdout.write(f"pragmas {journal} {synchronous}\n")
    core = get_core("howruck")
    for seed in range(1000):
        log, _ = random_game(core, seed)
        game = sessions.create("howruck", ["A", "B"], {}, seed)
        for seq, action in enumerate(log):
            sessions.apply(game.id, action)
            sys.stdout.write(f"ack {game.id} {seed} {seq}\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1])
