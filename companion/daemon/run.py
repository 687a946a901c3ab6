"""`companion run`: the process around the `Daemon`: the config read, the daemon built and
started, systemd told it is ready (and pinged from the hub thread), the simulation's
terminal, SIGTERM/SIGINT for a clean stop; and why it did not start, in the terminal's
language (exit 2).
"""

from __future__ import annotations

import argparse
import dataclasses
import errno
import logging
import signal
import sys
import threading
from typing import TYPE_CHECKING

from companion import config as configuration
from companion.daemon.daemon import Daemon
from companion.datalock import DataDirBusy
from companion.devices.splash import remember, sources
from companion.host import simulating

if TYPE_CHECKING:
    from companion.daemon.hub import Hub
    from companion.daemon.notify import Notifier
    from companion.devices.splash import Splash

log = logging.getLogger("companion")


def _watchdog(hub: Hub, notifier: Notifier, every_s: float) -> None:
    """Ping systemd from the hub thread itself: a hung hub stops the pings."""
    def ping() -> None:
        notifier.ping()
        hub.at(hub.clock() + every_s, ping)
    hub.post(ping)


M_ARENA_MAX = -8  # glibc's mallopt parameter


def _few_malloc_arenas(arenas: int = 2) -> bool:
    """glibc gives each thread that allocates its own malloc arena (up to 8 per core), and
    memory freed in one is not given back while any of its blocks lives: over an evening
    with a dozen threads RSS crept up 20 MiB. Two arenas keep it flat (as MALLOC_ARENA_MAX=2
    would; set before any thread starts). Whether it took: not glibc (macOS, musl), nothing
    to do. The C library is reached through the process's own symbols (``CDLL(None)``), not
    `ctypes.util.find_library`, which runs ``ldconfig -p`` in a subprocess before the first
    frame (1.2 ms here, with `subprocess` imported for it)."""
    import ctypes

    try:
        mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
    except OSError:
        return False
    return mallopt is not None and mallopt(M_ARENA_MAX, arenas) == 1


def _say_error(context: str, **params: str) -> None:
    """Why the companion did not start, in the terminal's language."""
    from companion.i18n.catalogs import terminal_language
    from companion.i18n.said import Said, complaint

    sys.stderr.write(f"{complaint('companion', Said(context, **params), terminal_language())}\n")


def main(args: argparse.Namespace, splash: Splash | None = None) -> int:
    _few_malloc_arenas()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        config = configuration.load(args.config)
    except configuration.ConfigError as err:
        from companion.i18n.catalogs import terminal_language

        _say_error("cli:config_error", error=err.text(terminal_language()))
        return 2
    simulate = simulating(args.simulate)
    if args.host:
        config = dataclasses.replace(config, web_host=args.host)
    if args.port:
        config = dataclasses.replace(config, web_port=args.port)
    try:
        daemon = Daemon(config, args.data, simulate, web=True, splash=splash)
    except DataDirBusy as exc:
        from companion.stop_advice import stop_advice
        _say_error("cli:cannot_start_busy", data=str(exc.data_dir), pid=exc.holder or "?",
                   stop=stop_advice(exc.holder))
        return 2
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:  # the page's address: the only one the daemon binds
            _say_error("cli:port_in_use", address=f"{config.web_host}:{config.web_port}")
        else:
            _say_error("cli:cannot_start", error=str(exc))
        return 2
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    daemon.start()
    from companion.daemon.notify import Notifier
    notifier = Notifier()
    if notifier.watchdog_s:
        _watchdog(daemon.hub, notifier, notifier.watchdog_s / 3)
    notifier.ready("refereeing")
    remember(daemon.data_dir, sources(args.config, daemon.data_dir, simulate), daemon.panel_note)
    games = len(daemon.sessions.games)
    log.info("companion running%s; games database %s (%d %s)",
             " in simulation" if simulate else "", daemon.sessions.store.path, games,
             "game" if games == 1 else "games")
    if simulate:
        log.info("phone page %s (the pairing address and PIN are printed as they change)",
                 daemon.page_url)
    console = None
    if simulate and sys.stdin.isatty():
        from companion.daemon.console import Console
        console = Console(daemon, stop)
        console.start()
    stop.wait()
    if console is not None:
        console.close()
    notifier.stopping()
    daemon.stop()
    log.info("companion stopped")
    return 0
