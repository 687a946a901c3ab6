"""The command line's help (`companion --help`, each command's `--help`) and the words of
Python's argparse around it (usage, its error messages), in English; catalog contexts
``help:KEY`` and ``argparse:KEY``. `companion/cli.py` says them in the terminal's language
when a person reads them: asked for help, or told a mistake."""

from __future__ import annotations

HELP: dict[str, str] = {
    "help:description": "Referee for physical board games.",
    "help:run": "start the companion (simulated off a Raspberry Pi)",
    "help:config": "TOML config (default /etc/companion/config.toml when it exists)",
    "help:data": "data directory (games database)",
    "help:simulate": "mock pins and display",
    "help:host": "web address to listen on",
    "help:port": "web port",
    "help:replay": "run a game file (JSON Lines) through its rules",
    "help:replay_file": "the file, or - for standard input",
    "help:replay_lang": "language of the messages (default: the terminal's for sentences, "
                        "English for JSON lines)",
    "help:replay_text": "say what each action did in sentences (the default at a terminal)",
    "help:replay_json": "one JSON line per action, as the spec fixes them (the default into a "
                        "pipe or a file)",
    "help:render": "draw an OLED screen as a PNG",
    "help:screen": "howruck, laufrauf, tauziehen, stramash, race, pairing, wifi (the box's "
                   "own Wi-Fi), stopped, or a notice: box_gone, box_back (the button box "
                   "pulled out, plugged in again), offline (no network)",
    "help:state": "state JSON, replay file or race view",
    "help:out": "PNG to write",
    "help:render_lang": "language of the screen's texts",
    "help:scale": "pixels per OLED pixel (default 4)",
    "help:doctor": "check the set-up and say how to fix it",
    "help:doctor_config": "TOML config (default as for run)",
    "help:doctor_simulate": "mock pins, virtual display (the default off a Raspberry Pi)",
    "help:buttons": "then ask for each button in turn (wait SECONDS each, default 10): finds "
                    "swapped, stuck or loose buttons",
    "help:offline": "check only this installation (the config, every part loads, the rules "
                    "play): no hardware, port or database is touched",
    "help:doctor_lang": "language of the findings (default: the terminal's)",
    "help:backup": "write every game, player and setting to FILE (works while the companion "
                   "runs)",
    "help:backup_file": "the backup file to write",
    "help:messages_lang": "language of its messages (default: the terminal's)",
    "help:backup_json": "say what was written as one JSON line (for scripts)",
    "help:restore": "replace the data with a checked backup FILE (stop the service first; the "
                    "old data is kept as a backup)",
    "help:restore_file": "a file written by `companion backup` or the page",
    "help:restore_json": "say what was restored as one JSON line (for scripts)",
    "help:league": "standings of every table publishing to a broker",
    "help:mqtt": "the broker",
    "help:league_data": "where the league keeps the results (default ./league)",
    "help:league_port": "web port (default 8090)",
    "help:bench": "benchmarks as JSON lines",
    "help:bench_names": "benchmark name prefixes (default: all)",
    "help:quick": "fewer samples (for tests)",
    # the command line's own refusals of a value
    "help:bad_language": "invalid choice: “{value}” (choose from {choices})",
    "help:not_seconds": "“{value}” is not a number of seconds",
    "help:seconds_range": "“{value}”: give seconds above 0, at most 3600",
    "help:port_range": "“{value}”: give a port from 1 to 65535",
    "help:is_directory": "“{value}” is a directory, not a file's name",
    "help:empty_name": "an empty name is not a directory",
    "help:is_file": "“{value}” is a file, not a directory",
    "help:bad_broker": "“{value}” is not a broker's address: give HOST or HOST:PORT (port 1 to "
                       "65535)",
}

# Python's argparse (3.11, Raspberry Pi OS Bookworm) as a user meets it: key -> its msgid.
# A newer Python whose wording differs shows its own English.
ARGPARSE: dict[str, str] = {
    "argparse:usage": "usage: ",
    "argparse:positional": "positional arguments",
    "argparse:options": "options",
    "argparse:help": "show this help message and exit",
    "argparse:error": "%(prog)s: error: %(message)s\n",
    "argparse:argument": "argument %(argument_name)s: %(message)s",
    "argparse:required": "the following arguments are required: %s",
    "argparse:one_of": "one of the arguments %s is required",
    "argparse:unrecognized": "unrecognized arguments: %s",
    "argparse:not_allowed": "not allowed with argument %s",
    "argparse:ignored": "ignored explicit argument %r",
    "argparse:one": "expected one argument",
    "argparse:at_most_one": "expected at most one argument",
    "argparse:at_least_one": "expected at least one argument",
    "argparse:ambiguous": "ambiguous option: %(option)s could match %(matches)s",
    "argparse:invalid_value": "invalid %(type)s value: %(value)r",
    "argparse:invalid_choice": "invalid choice: %(value)r (choose from %(choices)s)",
}
