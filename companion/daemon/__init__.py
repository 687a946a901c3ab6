"""`companion run`: the daemon beside the board."""

from __future__ import annotations

import argparse
import logging
import signal
import threading

from companion.sessions import Sessions

log = logging.getLogger("companion")


def main(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    sessions = Sessions(args.data)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    log.info("companion running; games database %s (%d games)", sessions.store.path,
             len(sessions.games))
    stop.wait()
    sessions.close()
    log.info("companion stopped")
    return 0
