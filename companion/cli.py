"""The `companion` command: run, replay, render, doctor, backup, restore, bench."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _language(value: str) -> str:
    """A --lang value: one of the catalogs on disk (read only when --lang is given, so that
    `companion run` reaches its first frame without the catalogs)."""
    from companion.i18n.catalogs import languages

    if value not in languages():
        raise argparse.ArgumentTypeError(
            f"invalid choice: {value!r} (choose from {', '.join(languages())})")
    return value


def _seconds(value: str) -> float:
    """A --buttons wait: a number of seconds above 0, at most an hour (not -5, inf or nan,
    which a wait cannot use)."""
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds") from None
    if not 0 < seconds <= 3600:  # false for nan too
        raise argparse.ArgumentTypeError(f"{value!r}: give seconds above 0, at most 3600")
    return seconds


def _backup_file(value: str) -> Path:
    """A backup's FILE: a file's name, not a directory's."""
    path = Path(value)
    if not value.strip() or path.is_dir():
        raise argparse.ArgumentTypeError(f"{value!r} is a directory, not a file's name")
    return path


def _data_dir(value: str) -> Path:
    """A --data value: a directory, or where one may be made; never a file or an empty name
    (which would be the current directory)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("an empty name is not a directory")
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{value!r} is a file, not a directory")
    return path


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion",
                                     description="Referee for physical board games.")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="start the companion (simulated off a Raspberry Pi)")
    run.add_argument("--config", type=Path, help="TOML config (default /etc/companion/"
                     "config.toml when it exists)")
    run.add_argument("--data", type=_data_dir, help="data directory (games database)")
    run.add_argument("--simulate", action="store_true", help="mock pins and display")
    run.add_argument("--host", help="web address to listen on")
    run.add_argument("--port", type=int, help="web port")

    replay = sub.add_parser("replay", help="run a game file (JSON Lines) through its rules")
    replay.add_argument("file", help="the file, or - for standard input")
    replay.add_argument("--lang", default="en", type=_language,
                        help="language of refusal messages")

    render = sub.add_parser("render", help="draw an OLED screen as a PNG")
    render.add_argument("screen", help="howruck, laufrauf, tauziehen, stramash, race, "
                        "pairing or stopped")
    render.add_argument("--state", type=Path, help="state JSON, replay file or race view")
    render.add_argument("--out", type=Path, required=True, help="PNG to write")
    render.add_argument("--lang", default="en", type=_language)
    render.add_argument("--scale", type=int, default=4, choices=range(1, 17),
                        metavar="1-16", help="pixels per OLED pixel (default 4)")

    doctor = sub.add_parser("doctor", help="check the set-up and say how to fix it")
    doctor.add_argument("--config", type=Path, help="TOML config (default as for run)")
    doctor.add_argument("--data", type=_data_dir, help="data directory (games database)")
    doctor.add_argument("--simulate", action="store_true",
                        help="mock pins, virtual display (the default off a Raspberry Pi)")
    doctor.add_argument("--buttons", nargs="?", type=_seconds, const=10.0, metavar="SECONDS",
                        help="then ask for each button in turn (wait SECONDS each, default "
                             "10): finds swapped, stuck or loose buttons")
    doctor.add_argument("--offline", action="store_true",
                        help="check only this installation (the config, every part loads, "
                             "the rules play): no hardware, port or database is touched")
    doctor.add_argument("--lang", type=_language,
                        help="language of the findings (default: the terminal's)")

    backup = sub.add_parser("backup", help="write every game, player and setting to FILE "
                            "(works while the companion runs)")
    backup.add_argument("file", type=_backup_file, help="the backup file to write")
    backup.add_argument("--data", type=_data_dir, help="data directory (games database)")
    backup.add_argument("--lang", type=_language,
                        help="language of its messages (default: the terminal's)")
    backup.add_argument("--json", action="store_true",
                        help="say what was written as one JSON line (for scripts)")
    restore = sub.add_parser("restore", help="replace the data with a checked backup FILE "
                             "(stop the service first; the old data is kept as a backup)")
    restore.add_argument("file", type=Path, help="a file written by `companion backup` or "
                         "the page")
    restore.add_argument("--data", type=_data_dir, help="data directory (games database)")
    restore.add_argument("--lang", type=_language,
                         help="language of its messages (default: the terminal's)")
    restore.add_argument("--json", action="store_true",
                         help="say what was restored as one JSON line (for scripts)")

    league = sub.add_parser("league", help="standings of every table publishing to a broker")
    league.add_argument("--mqtt", required=True, metavar="HOST[:PORT]", help="the broker")
    league.add_argument("--data", type=Path, default=Path("league"),
                        help="where the league keeps the results (default ./league)")
    league.add_argument("--host", default="0.0.0.0", help="web address to listen on")
    league.add_argument("--port", type=int, default=8090, help="web port (default 8090)")

    bench = sub.add_parser("bench", help="benchmarks as JSON lines")
    bench.add_argument("names", nargs="*", help="benchmark name prefixes (default: all)")
    bench.add_argument("--quick", action="store_true", help="fewer samples (for tests)")
    return parser


def _replay(file: str, lang: str) -> int:
    from companion.replay import replay
    if file == "-":
        return replay(sys.stdin.buffer, sys.stdout, sys.stderr, lang)
    try:
        with open(file, "rb") as stream:
            return replay(stream, sys.stdout, sys.stderr, lang)
    except BrokenPipeError:
        raise  # our output closed, not the file: main() handles it
    except OSError as exc:
        from companion.i18n.said import Said, say

        said = Said("cli:cannot_read", file=str(file), error=str(exc.strerror))
        sys.stderr.write(f"companion replay: {say(said, lang)}\n")
        return 2


def _terminal_language() -> str:
    from companion.i18n.catalogs import terminal_language

    return terminal_language()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
    try:
        return _command(args)
    except KeyboardInterrupt:  # Ctrl-C before a command set up its own way to stop
        sys.stderr.write("\n")
        return 130  # as a shell reports a command ended by SIGINT


def _command(args: argparse.Namespace) -> int:
    if args.command == "replay":
        try:
            return _replay(args.file, args.lang)
        except BrokenPipeError:
            # The reader stopped early (`| head`): its choice, not an error. Point stdout at
            # /dev/null so that the interpreter's final flush does not fail again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if args.command == "render":
        from companion.render import render_file
        return render_file(args.screen, args.state, args.out, args.lang, args.scale,
                           sys.stderr)
    if args.command == "doctor":
        from companion.daemon import on_raspberry_pi
        from companion.doctor import main as doctor_main
        return doctor_main(args.config, args.data, args.simulate or not on_raspberry_pi(),
                           sys.stdout, args.buttons, args.offline, args.lang)
    if args.command == "backup":
        from companion.backup_cli import backup_main
        return backup_main(args.file, args.data, sys.stdout, sys.stderr,
                           args.lang or _terminal_language(), args.json)
    if args.command == "restore":
        from companion.backup_cli import restore_main
        return restore_main(args.file, args.data, args.lang or _terminal_language(),
                            sys.stdout, sys.stderr, args.json)
    if args.command == "league":
        from companion.club.league import main as league_main
        return league_main(args.mqtt, args.data, args.host, args.port)
    if args.command == "bench":
        from companion.bench import main as bench_main
        return bench_main(args.names, args.quick)
    if args.command == "run":
        from companion.daemon import main as daemon_main
        return daemon_main(args)
    return 2
