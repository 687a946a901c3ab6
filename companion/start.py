"""The `companion` command's entry point. `companion run` first shows the start-up splash,
before anything heavy is imported (devices/splash.py); then the command line proper
(cli.py: argparse, the config's checks) takes over and hands the splash to the daemon."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    splash = None
    if argv[:1] == ["run"]:
        from companion.devices.splash import show
        splash = show(argv[1:])
    from companion.cli import main as cli_main
    return cli_main(argv, splash=splash)
