"""The `companion` command: run, replay, render, doctor, backup, restore, bench."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from companion.devices.splash import Splash

Words = Callable[..., str]  # a help key and its values -> the sentence in the reader's language


def _english(key: str, **values: Any) -> str:
    """The help in English: no catalog is read (`companion run` starts without them)."""
    from companion.i18n.cli_help import HELP

    return HELP[f"help:{key}"].format(**values)


def _words(lang: str) -> Words:
    if lang == "en":
        return _english
    from companion.i18n.catalogs import fill
    from companion.i18n.cli_help import HELP

    return lambda key, **values: fill(f"help:{key}", HELP[f"help:{key}"], lang, values, values)


def _argparse_words(lang: str) -> Callable[[str], str]:
    """argparse's own words ("usage: ", its refusals) in `lang`; words it has that we do not
    know (another Python's wording) stay as they are."""
    from companion.i18n.catalogs import translate
    from companion.i18n.cli_help import ARGPARSE

    keys = {msgid: key for key, msgid in ARGPARSE.items()}
    return lambda msgid: translate(keys[msgid], msgid, lang) if msgid in keys else msgid


def _language(value: str, words: Words) -> str:
    """A --lang value: one of the catalogs on disk (read only when --lang is given, so that
    `companion run` reaches its first frame without the catalogs)."""
    from companion.i18n.catalogs import languages

    if value not in languages():
        raise argparse.ArgumentTypeError(words("bad_language", value=value,
                                               choices=", ".join(languages())))
    return value


def _seconds(value: str, words: Words) -> float:
    """A --buttons wait: a number of seconds above 0, at most an hour (not -5, inf or nan,
    which a wait cannot use)."""
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(words("not_seconds", value=value)) from None
    if not 0 < seconds <= 3600:  # false for nan too
        raise argparse.ArgumentTypeError(words("seconds_range", value=value))
    return seconds


def _port(value: str, words: Words) -> int:
    """A --port: a TCP port a server can listen on (not 0, which would be any, or 99999)."""
    try:
        port = int(value)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(words("port_range", value=value))
    return port


def _backup_file(value: str, words: Words) -> Path:
    """A backup's FILE: a file's name, not a directory's."""
    path = Path(value)
    if not value.strip() or path.is_dir():
        raise argparse.ArgumentTypeError(words("is_directory", value=value))
    return path


def _data_dir(value: str, words: Words) -> Path:
    """A --data value: a directory, or where one may be made; never a file or an empty name
    (which would be the current directory)."""
    if not value.strip():
        raise argparse.ArgumentTypeError(words("empty_name"))
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(words("is_file", value=value))
    return path


def _broker(value: str, words: Words) -> tuple[str, int]:
    """A --mqtt value: HOST or HOST:PORT ([IPv6]:PORT) as (host, port)."""
    from companion.club.league import broker_address

    try:
        return broker_address(value)
    except ValueError:
        raise argparse.ArgumentTypeError(words("bad_broker", value=value)) from None


class _Unparsed(Exception):
    """The first, English parse met --help or a mistake: it is said in the terminal's
    language instead (`_parse_for_a_person`)."""


class _QuietParser(argparse.ArgumentParser):
    """A parser that prints nothing: help and refusals raise `_Unparsed` (its commands'
    parsers are of the same class)."""

    def print_help(self, file: Any = None) -> None:
        raise _Unparsed

    def error(self, message: str) -> NoReturn:
        raise _Unparsed


def _parser(words: Words = _english, quiet: bool = False) -> argparse.ArgumentParser:
    h = words
    parser = (_QuietParser if quiet else argparse.ArgumentParser)(
        prog="companion", description=h("description"))
    language, seconds = partial(_language, words=h), partial(_seconds, words=h)
    port = partial(_port, words=h)
    backup_file, data_dir = partial(_backup_file, words=h), partial(_data_dir, words=h)
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help=h("run"))
    run.add_argument("--config", type=Path, help=h("config"))
    run.add_argument("--data", type=data_dir, help=h("data"))
    run.add_argument("--simulate", action="store_true", help=h("simulate"))
    run.add_argument("--host", help=h("host"))
    run.add_argument("--port", type=port, help=h("port"))

    replay = sub.add_parser("replay", help=h("replay"))
    replay.add_argument("file", help=h("replay_file"))
    replay.add_argument("--lang", type=language, help=h("replay_lang"))
    told = replay.add_mutually_exclusive_group()
    told.add_argument("--text", action="store_true", help=h("replay_text"))
    told.add_argument("--json", action="store_true", help=h("replay_json"))

    render = sub.add_parser("render", help=h("render"))
    render.add_argument("screen", help=h("screen"))
    render.add_argument("--state", type=Path, help=h("state"))
    render.add_argument("--out", type=Path, required=True, help=h("out"))
    render.add_argument("--lang", default="en", type=language, help=h("render_lang"))
    render.add_argument("--scale", type=int, default=4, choices=range(1, 17),
                        metavar="1-16", help=h("scale"))

    doctor = sub.add_parser("doctor", help=h("doctor"))
    doctor.add_argument("--config", type=Path, help=h("doctor_config"))
    doctor.add_argument("--data", type=data_dir, help=h("data"))
    doctor.add_argument("--simulate", action="store_true", help=h("doctor_simulate"))
    doctor.add_argument("--buttons", nargs="?", type=seconds, const=10.0, metavar="SECONDS",
                        help=h("buttons"))
    doctor.add_argument("--offline", action="store_true", help=h("offline"))
    doctor.add_argument("--lang", type=language, help=h("doctor_lang"))

    backup = sub.add_parser("backup", help=h("backup"))
    backup.add_argument("file", type=backup_file, help=h("backup_file"))
    backup.add_argument("--data", type=data_dir, help=h("data"))
    backup.add_argument("--lang", type=language, help=h("messages_lang"))
    backup.add_argument("--json", action="store_true", help=h("backup_json"))
    restore = sub.add_parser("restore", help=h("restore"))
    restore.add_argument("file", type=Path, help=h("restore_file"))
    restore.add_argument("--data", type=data_dir, help=h("data"))
    restore.add_argument("--lang", type=language, help=h("messages_lang"))
    restore.add_argument("--json", action="store_true", help=h("restore_json"))

    league = sub.add_parser("league", help=h("league"))
    league.add_argument("--mqtt", required=True, type=partial(_broker, words=h),
                        metavar="HOST[:PORT]", help=h("mqtt"))
    league.add_argument("--data", type=Path, default=Path("league"), help=h("league_data"))
    league.add_argument("--host", default="0.0.0.0", help=h("host"))
    league.add_argument("--port", type=port, default=8090, help=h("league_port"))

    bench = sub.add_parser("bench", help=h("bench"))
    bench.add_argument("names", nargs="*", help=h("bench_names"))
    bench.add_argument("--quick", action="store_true", help=h("quick"))
    return parser


def _parse_for_a_person(argv: list[str] | None) -> argparse.Namespace:
    """The command parsed again, to be read by a person: its help or its refusal, in the
    terminal's language (argparse looks up its own words at each use: they are lent ours for
    this parse only)."""
    lang = _terminal_language()
    lent, argparse._ = argparse._, _argparse_words(lang)  # type: ignore[attr-defined]
    try:
        return _parser(_words(lang)).parse_args(argv)
    finally:
        argparse._ = lent  # type: ignore[attr-defined]


def _replay(file: str, lang: str | None, text: bool, json: bool) -> int:
    """JSON lines for programs; sentences for a person (--text, or at a terminal), in the
    terminal's language unless --lang says (the JSON's messages: English unless it says)."""
    from companion.replay import replay
    text = text or (not json and sys.stdout.isatty())
    lang = lang or (_terminal_language() if text else "en")
    if file == "-":
        return replay(sys.stdin.buffer, sys.stdout, sys.stderr, lang, text)
    try:
        with open(file, "rb") as stream:
            return replay(stream, sys.stdout, sys.stderr, lang, text)
    except BrokenPipeError:
        raise  # our output closed, not the file: main() handles it
    except OSError as exc:
        from companion.i18n.said import Said, complaint, os_error

        said = Said("cli:cannot_read", file=str(file), error=os_error(exc))
        sys.stderr.write(f"{complaint('companion replay', said, lang)}\n")
        return 2


def _terminal_language() -> str:
    from companion.i18n.catalogs import terminal_language

    return terminal_language()


def main(argv: list[str] | None = None, splash: Splash | None = None) -> int:
    """The command line; `splash`: the start-up splash `companion run` already shows
    (start.py), handed to the daemon."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
    try:
        args = _parser(quiet=True).parse_args(argv)
    except _Unparsed:
        args = _parse_for_a_person(argv)  # prints the help or the refusal and exits
    try:
        return _command(args, splash)
    except KeyboardInterrupt:  # Ctrl-C before a command set up its own way to stop
        sys.stderr.write("\n")
        return 130  # as a shell reports a command ended by SIGINT


def _command(args: argparse.Namespace, splash: Splash | None = None) -> int:
    if args.command == "replay":
        try:
            return _replay(args.file, args.lang, args.text, args.json)
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
        from companion.doctor import main as doctor_main
        from companion.host import on_raspberry_pi
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
        from companion.daemon.run import main as daemon_main
        return daemon_main(args, splash)
    return 2
