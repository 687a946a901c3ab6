"""`companion replay` as the spec fixes it, run as a real process, and the golden files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import golden

ROOT = Path(__file__).resolve().parent.parent
PLAYTHROUGHS = sorted((ROOT / "tests" / "playthroughs").glob("*.jsonl"))


def replay(data: bytes | str, *args: str) -> subprocess.CompletedProcess:
    if isinstance(data, str):
        data = data.encode()
    return subprocess.run([sys.executable, "-m", "companion", "replay", "-", *args],
                          input=data, capture_output=True, timeout=60)


def lines(result: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in result.stdout.decode().splitlines()]


HEADER = '{"game": "howruck", "players": ["A", "B"], "options": {}, "seed": 7}\n'


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_golden_playthrough(path):
    """The replay output of each playthrough equals its reviewed .out file.
    COMPANION_REGEN_GOLDEN=1 rewrites them (review the diff before committing)."""
    def produce() -> bytes:
        result = subprocess.run([sys.executable, "-m", "companion", "replay", str(path)],
                                capture_output=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout

    expected, fresh = golden(path.with_suffix(".out"), produce,
                             lambda out, p: p.write_bytes(out), lambda p: p.read_bytes())
    assert fresh.decode() == expected.decode("utf-8")


def test_example_in_the_readme_replays():
    result = subprocess.run([sys.executable, "-m", "companion", "replay",
                             str(ROOT / "examples" / "howruck-rulebook.jsonl")],
                            capture_output=True, timeout=60)
    out = lines(result)
    assert result.returncode == 0
    contest = out[4]["events"][1]
    assert contest["strength"] == {"A": 6, "B": 9} and contest["pull"] == {"toward": "B", "by": 3}
    assert out[5]["ok"] is False and out[5]["error"]["code"] == "not_your_turn"
    assert "final" in out[-1]


def test_one_output_line_per_action_then_final_and_comments_skipped():
    text = HEADER + "\n# a comment\n   \n" + '{"type": "race", "winner": "B"}\n' \
        + '{"type": "race", "winner": "A"}\n'
    result = replay(text)
    out = lines(result)
    assert result.returncode == 0
    assert len(out) == 3
    assert out[0]["ok"] is True and out[0]["events"][0] == {"type": "race", "winner": "B"}
    assert out[1] == {"ok": False, "error": {
        "code": "wrong_phase", "message": "That is not possible now (phase: tug).",
        "params": {"phase": "tug", "action": "race"}}}
    final = out[2]["final"]
    for key in ("phase", "round", "turn", "barrel", "ladder", "barrels", "fields", "hands",
                "piles", "winner"):
        assert key in final
    assert final["turn"] == "B" and final["barrel"] == 7


def test_refusal_messages_in_german():
    result = replay(HEADER + '{"type": "play", "player": "A"}\n', "--lang", "de")
    assert lines(result)[0]["error"]["message"] == "Das geht jetzt nicht (Phase: teams)."


@pytest.mark.parametrize("text,where", [
    ('{"game": "chess", "players": ["A", "B"]}\n', "line 1"),
    ('{"game": "howruck", "players": ["A"]}\n', "line 1"),
    ('{"game": "howruck", "players": ["A", "B"], "options": {"ladder": 13}}\n', "line 1"),
    ('{"game": "howruck", "players": ["A", "B"], "options": {"speed": 1}}\n', "line 1"),
    ('{"game": "howruck", "players": ["A", "B"], "seed": "x"}\n', "line 1"),
    ('{"game": "howruck", "players": ["A", "B"], "seed": true}\n', "line 1"),  # not 1
    ('{"game": "howruck", "players": ["A", "B"], "colour": 1}\n', "line 1"),
    (HEADER + '{"type": "race", "winner": "A"}\n{"type": \n', "line 3"),
    (HEADER + "\n\n[1, 2]\n", "line 4"),
    ("", "line 1"),
    ("# only a comment\n", "line 1"),
])
def test_unreadable_input_exits_2_naming_the_line(text, where):
    result = replay(text)
    assert result.returncode == 2
    assert where in result.stderr.decode()
    assert "Traceback" not in result.stderr.decode()


def test_a_stored_headers_names_replay_and_bad_ones_are_refused():
    """A Lauf Rauf! game's header as the table stores it (with the people's `names`, as
    its history hands it out) replays; names that no game would take are a bad header."""
    named = replay('{"game": "laufrauf", "players": ["red", "blue"], "seed": 3, '
                   '"names": {"red": "Anna", "blue": "Ben"}}\n{"player": "red", "type": "roll"}\n')
    assert named.returncode == 0, named.stderr
    assert lines(named)[0]["ok"] and lines(named)[-1]["final"]["players"] == ["red", "blue"]
    for names, code in (('{"green": "Anna"}', "bad_players"), ('{"red": ""}', "bad_player_name"),
                        ('["Anna"]', "wrong_type")):
        bad = replay('{"game": "laufrauf", "players": ["red", "blue"], "names": ' + names + "}\n")
        assert bad.returncode == 2 and f"[{code}]" in bad.stderr.decode(), bad.stderr
        assert "Traceback" not in bad.stderr.decode()


def test_a_bad_file_is_said_in_the_readers_language_with_the_code_beside_it():
    refused = replay('{"game": "howruck", "players": ["A"]}\n', "--lang", "de")
    assert refused.returncode == 2
    assert refused.stderr.decode() == (
        "companion replay: Zeile 1: der Kopf wird abgelehnt: Dieses Spiel braucht 2 "
        "Spieler, nicht 1. [bad_player_count]\n")
    unknown = replay('{"game": "howruck", "players": ["A", "B"], "x": 1}\n', "--lang", "nl")
    assert unknown.stderr.decode() == \
        "companion replay: regel 1: onbekende sleutel “x” in de kop\n"
    binary = replay(HEADER.encode() + b"\xff\n", "--lang", "fr")
    assert binary.stderr.decode() == "companion replay\u202f: ligne 2\u202f: pas du texte UTF-8\n"


def test_binary_and_huge_lines_are_refused_without_a_traceback():
    binary = replay(HEADER.encode() + b"\xff\xfe\x00\x01garbage\n")
    assert binary.returncode == 2 and b"line 2" in binary.stderr
    huge = replay(HEADER.encode() + b'{"type": "' + b"x" * 200_000 + b'"}\n')
    assert huge.returncode == 2 and b"line 2" in huge.stderr
    deep = replay(HEADER.encode() + b"[" * 30_000 + b"]" * 30_000 + b"\n")
    assert deep.returncode == 2 and b"Traceback" not in deep.stderr


def test_a_lone_surrogate_in_the_file_comes_out_escaped():
    """JSON may escape half a character ("\\ud800"); UTF-8 cannot carry it: the output line
    keeps it as an escape, still JSON, instead of failing half-way through the game."""
    result = replay(HEADER + '{"type": "race", "winner": "\\ud800"}\n'
                    + '{"type": "race", "winner": "A"}\n')
    assert result.returncode == 0, result.stderr.decode()
    refused, accepted, final = lines(result)
    assert refused["ok"] is False and "\\ud800" in result.stdout.decode()
    assert accepted["ok"] is True and "final" in final


def test_missing_file_exits_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "companion", "replay",
                             str(tmp_path / "nope.jsonl")], capture_output=True, timeout=60)
    assert result.returncode == 2 and b"cannot read" in result.stderr


def test_a_reader_that_stops_early_is_no_read_error():
    """`companion replay FILE | head -1`: the closed pipe is the reader's choice, not a file
    that cannot be read (no message, no traceback)."""
    path = ROOT / "tests" / "playthroughs" / "laufrauf_full_game.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "companion", "replay", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert json.loads(proc.stdout.readline())
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert err == ""


def test_the_games_database_given_instead_of_a_game_file_is_named_as_such(tmp_path):
    """The data folder's games.sqlite3 is the first file people find: the replay says what
    it is, not that its first line is "not UTF-8 text"."""
    from companion.sessions import Sessions
    sessions = Sessions(tmp_path)
    sessions.create("tauziehen", ["Ann", "Bob"])
    path = sessions.store.path
    sessions.close()
    for lang, said in (("en", "line 1: this is a games database (SQLite), not a game file"),
                       ("de", "Zeile 1: das ist eine Spieldatenbank (SQLite), keine "
                              "Spieldatei")):
        result = subprocess.run([sys.executable, "-m", "companion", "replay", str(path),
                                 "--lang", lang], capture_output=True, timeout=60)
        assert result.returncode == 2
        assert said in result.stderr.decode(), result.stderr.decode()
        assert "UTF-8" not in result.stderr.decode()


READABLE = HEADER + '{"type": "race", "winner": "A"}\n' \
    + '{"player": "B", "type": "play", "card": {"color": "red", "strength": 3}, "side": "B", ' \
      '"field": "red"}\n' \
    + '{"player": "A", "type": "play", "card": {"color": "blue", "strength": 1}, "side": "A", ' \
      '"field": "blue"}\n'


def test_text_says_what_each_action_did_in_the_readers_language():
    result = replay(READABLE, "--text", "--lang", "de")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().splitlines() == [
        "How Ruck!: A, B",
        "Zeile 2: A hat den Wettlauf gewonnen. Das Tauziehen der Runde 1 beginnt. Das Fass "
        "steht auf Feld 6, A ist am Zug.",
        "Zeile 3: abgelehnt: A ist am Zug, nicht B. [not_your_turn]",
        "Zeile 4: A legt blau 1 auf die Seite von A, Feld blau. Das Fass steht auf Feld 6, B "
        "ist am Zug.",
        "Am Ende: Das Fass steht auf Feld 6, B ist am Zug.",
    ]


def test_on_a_terminal_the_replay_is_told_as_text_and_json_when_asked(tmp_path):
    """The JSON lines stay the output for programs (a pipe, a file); a person at a terminal
    reads sentences unless --json asks for the lines."""
    import os
    path = tmp_path / "game.jsonl"
    path.write_text(READABLE)

    def at_terminal(*args: str) -> str:
        master, slave = os.openpty()
        try:
            proc = subprocess.run([sys.executable, "-m", "companion", "replay", str(path),
                                   "--lang", "en", *args], stdout=slave,
                                  stderr=subprocess.PIPE, timeout=60)
            assert proc.returncode == 0, proc.stderr
            return os.read(master, 65536).decode()
        finally:
            os.close(master)
            os.close(slave)
    told = at_terminal()
    assert "Line 3: refused: A is to play, not B. [not_your_turn]" in told, told
    assert '"ok"' not in told
    assert at_terminal("--json").startswith('{"ok": true')


def history_object(path: Path, indent: int | None = None) -> str:
    """A golden game as `GET /api/games/N/history` answers (Flask's compact JSON on one
    line, or as a person's tool prints it, `indent`): its header and actions, and the events
    (here empty: the replay makes them again)."""
    rows = [json.loads(x) for x in path.read_text().splitlines()
            if x.strip() and not x.startswith("#")]
    history = {"header": rows[0], "actions": rows[1:], "events": [], "announcements": []}
    if indent:
        return json.dumps(history, ensure_ascii=False, indent=indent) + "\n"
    return json.dumps(history, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("name", ["howruck_refusals", "stramash_pairs_game"])
def test_a_saved_history_object_replays_as_its_game_file_does(name):
    """Saved from the page's API, the history (one JSON object) gives the game file's very
    output: on one line (stramash_pairs_game's is over 64 KiB, the cap of a JSON line) and
    pretty-printed."""
    path = ROOT / "tests" / "playthroughs" / f"{name}.jsonl"
    expected = path.with_suffix(".out").read_text()
    for text in (history_object(path), history_object(path, indent=2)):
        result = replay(text)
        assert result.returncode == 0, result.stderr.decode()
        assert result.stdout.decode() == expected


def test_a_saved_history_is_told_by_the_lines_of_its_game_file():
    history = json.dumps({"header": json.loads(HEADER),
                          "actions": [json.loads(line) for line in READABLE.splitlines()[1:]]})
    result = replay(history, "--text", "--lang", "de")
    assert result.returncode == 0, result.stderr.decode()
    told = result.stdout.decode().splitlines()
    assert told[2] == "Zeile 3: abgelehnt: A ist am Zug, nicht B. [not_your_turn]"


@pytest.mark.parametrize("text, said", [
    ('{"header": [], "actions": []}',
     "line 1: a saved history needs “header” (a JSON object) and “actions” (a list)"),
    ('{"header": {"game": "howruck", "players": ["A", "B"]}, "actions": {}}',
     "line 1: a saved history needs “header” (a JSON object) and “actions” (a list)"),
    ('{"header": {"game": "howruck", "players": ["A", "B"]}, "actions": '
     '[{"type": "race", "winner": "A"}, 7]}', "line 3: not a JSON object"),
    ('{"header": {"game": "howruck", "players": ["A"]}, "actions": []}',
     "line 1: the header is refused: This game takes 2 players, not 1. [bad_player_count]"),
    ('{\n  "header": {"game": "howruck", "colour": 1, "players": ["A", "B"]},\n'
     '  "actions": []\n}\n', "line 1: unknown header key “colour”"),
])
def test_a_saved_history_that_cannot_be_played_exits_2_naming_the_line(text, said):
    result = replay(text)
    assert result.returncode == 2
    assert result.stderr.decode() == f"companion replay: {said}\n"


@pytest.mark.parametrize("text, said", [
    # one history object and more after it: JSON Lines, whose first line has no header keys
    ('{"header": {"game": "howruck", "players": ["A", "B"]}, "actions": []}\n'
     '{"type": "race", "winner": "A"}\n', "line 1: unknown header key “header”"),
    # a pretty-printed object that is no history: JSON Lines' word on its first line
    ('{\n  "game": "howruck",\n  "players": ["A", "B"]\n}\n',
     "line 1: not JSON (Expecting property name enclosed in double quotes: line 1 column 2 "
     "(char 1))"),
])
def test_a_file_that_is_no_history_is_refused_as_json_lines_refuse_it(text, said):
    result = replay(text)
    assert result.returncode == 2
    assert result.stderr.decode() == f"companion replay: {said}\n"
