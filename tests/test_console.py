"""The simulation console as a newcomer meets it: `companion run --simulate` on a real
terminal (a pty), single keys without Enter, race results as sentences, the terminal given
back as it was."""

from __future__ import annotations

import os
import random
import re
import select
import signal
import subprocess
import sys
import termios
import time

import pytest
from helpers import drawn, seed_ending, won_by
from ports import free_port
from web_helpers import Client

from companion.daemon.race_control import RACE_SHOWN_S
from companion.screens.sentences import state_line
from companion.sessions import Sessions
from companion.web import answers
from companion.web.choices import expand


def read_until(fd: int, needle: bytes, seen: bytearray, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while needle not in seen:
        left = deadline - time.monotonic()
        shown = seen.decode(errors="replace")
        assert left > 0, f"{needle!r} never came; the terminal showed:\n{shown}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            assert chunk, f"the daemon ended; the terminal showed:\n{seen.decode(errors='replace')}"
            seen += chunk


def _simulation(tmp_path, master: int, slave: int, lang: str = "C.UTF-8",
                port: int | None = None) -> subprocess.Popen:
    """`companion run --simulate` on the pty's far end, its terminal in `lang`."""
    config = tmp_path / "config.toml"
    config.write_text("[race]\ncountdown_s = 1\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--simulate", "--config", str(config),
         "--host", "127.0.0.1", "--port", str(port or free_port()),
         "--data", str(tmp_path / "d")],
        stdin=slave, stdout=slave, stderr=slave,
        env=dict(env, PYTHONUNBUFFERED="1", LANG=lang), start_new_session=True)


def _end(proc: subprocess.Popen, master: int, slave: int) -> None:
    """The daemon stopped (killed if a test left it running) and the pty closed."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=20)
    os.close(master)
    os.close(slave)


def test_single_keys_drive_a_race_and_the_result_is_a_sentence(tmp_path):
    master, slave = os.openpty()
    before = termios.tcgetattr(slave)
    proc = _simulation(tmp_path, master, slave)
    seen = bytearray()
    try:
        read_until(master, b"q        quit", seen)
        os.write(master, b"n")  # no Enter: a key is a key
        read_until(master, b"Game #1 (How Ruck!)", seen)
        os.write(master, b"o")
        read_until(master, b"  How Ruck!\r\n", seen)
        os.write(master, b"2")
        read_until(master, b"Stopp! B won the race", seen)
        assert b"{" not in seen[seen.index(b"Stopp! B"):]  # a sentence, not a Python dict
        os.write(master, b"q")
        assert proc.wait(timeout=20) == 0
        assert termios.tcgetattr(slave) == before  # cbreak undone on the way out
    finally:
        _end(proc, master, slave)


def test_run_sh_passes_its_arguments_to_companion_run():
    """`./run.sh --help` (the README's first command with an argument) prints the usage."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([os.path.join(root, "run.sh"), "--help"], capture_output=True,
                            timeout=600, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    assert b"--simulate" in result.stdout and b"usage" in result.stdout.lower()


def test_the_terminal_table_speaks_the_terminals_language_and_says_a_result_once(tmp_path):
    """In German: the keys, the race's result (printed once, though the race is published
    again when it leaves the screen) and whose turn it is, with no Python value."""
    master, slave = os.openpty()
    port = free_port()
    proc = _simulation(tmp_path, master, slave, lang="de_DE.UTF-8", port=port)
    seen = bytearray()
    try:
        read_until(master, b"q        beenden", seen)
        os.write(master, b"n")
        read_until(master, b"Spiel #1 (How Ruck!)", seen)
        os.write(master, b"o")
        read_until(master, b"  How Ruck!\r\n", seen)
        os.write(master, b"2")
        read_until(master, b"B hat den Wettlauf gewonnen", seen)
        read_until(master, b"B ist am Zug", seen)
        os.write(master, b"1")  # a button pressed after the race: no race, nothing said
        phone = Client(port)
        pin = re.search(r"PIN (\d+)", seen.decode()).group(1)
        assert phone.post("/api/pair", {"pin": pin})[0] == 200
        legal = phone.get("/api/games/1/legal")[1]
        assert phone.post("/api/games/1/actions", expand(legal)[0])[0] == 200
        read_until(master, b"A ist am Zug", seen)
        time.sleep(RACE_SHOWN_S + 0.5)  # the race leaves the screen: published once more
        os.write(master, b"q")
        read_until(master, b"companion stopped", seen)
        text = seen.decode()
        assert text.count("hat den Wettlauf gewonnen") == 1, text
        assert "None" not in text and "won the race" not in text, text
    finally:
        _end(proc, master, slave)


@pytest.mark.parametrize("game, players", [("howruck", ["A", "B"]), ("laufrauf", ["red", "blue"]),
                                           ("tauziehen", ["A", "B"]), ("stramash", ["A", "B"])])
def test_each_games_state_line_says_whose_turn_and_how_it_ended(tmp_path, game, players):
    """Views real moves reach, every game: a turn in words (Lauf Rauf!'s colours in the
    reader's language), never a phase id or None; at the end who won."""
    sessions = Sessions(tmp_path)
    rng = random.Random(7)
    session = sessions.create(game, players, None, 11)
    lines = [state_line(session.view(), "de")]
    while session.status == "playing" and len(lines) < 3000:
        legal = expand(answers.legal(session.id, session.core, session.state))
        sessions.apply(session.id, rng.choice(legal))
        session = sessions.get(session.id)
        lines.append(state_line(session.view(), "de"))
    turns = [line for line in lines if line.endswith(" ist am Zug.")]
    assert turns and all(line.startswith(f"Spiel #{session.id} (") for line in lines), lines[:3]
    if game == "laufrauf":
        assert "Rot ist am Zug" in turns[0] or "Blau ist am Zug" in turns[0], turns[0]
    assert not any("None" in line or "red" in line or "blue" in line for line in lines)
    if session.status == "over":
        assert "ist vorbei" in lines[-1], lines[-1]


@pytest.mark.parametrize(("players", "ends", "said"), [
    (["Ida", "draw"], won_by("draw"), "Game over, draw won."),
    (["Ida", "draw"], drawn, "Game over, a draw."),
    (["Ida", "Jan"], drawn, "Game over, a draw."),
], ids=["won_by_draw", "drawn_beside_draw", "drawn"])
def test_a_tauziehen_draw_is_said_by_the_game_not_by_a_players_name(tmp_path, players, ends,
                                                                    said):
    """The terminal's line at the end of a Tauziehen game a player called "draw" won names
    that player (it said "a draw"); a drawn game is a draw, with or without such a player.
    The game entered action by action into the table's sessions."""
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    seed = seed_ending("tauziehen", players, ends)
    sessions = Sessions(tmp_path)
    session = sessions.create("tauziehen", players, None, seed)
    for action in random_game(get_core("tauziehen"), seed, players)[0]:
        sessions.apply(session.id, action)
    assert sessions.get(session.id).status == "over"
    line = state_line(sessions.get(session.id).view(), "en")
    assert line == f"Game #{session.id} (Tauziehen): {said}"


def test_a_third_players_key_presses_the_third_seats_button(daemon):
    """Key 3 is P3's button: with the default config's two player pins it did nothing, and a
    third Lauf Rauf! player could not throw from the terminal."""
    import threading

    from daemon_helpers import wait_until

    from companion.daemon.console import Console

    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue", "green"],
                           None, 3)["id"]
    for player in ("red", "blue"):
        for action in ({"type": "roll", "player": player, "dice": [1, 2]},
                       {"type": "pass", "player": player}):
            daemon.hub.call(daemon.table.apply, game, action)
    Console(daemon, threading.Event(), "en").key("3")
    wait_until(lambda: daemon.hub.call(daemon.table.view)["throws"] == 1)
    session = daemon.hub.call(daemon.sessions.get, game)
    assert session.actions[-1] == {"type": "roll", "player": "green"}


def test_the_terminal_says_the_teams_race_a_tie_and_who_won_the_round(tmp_path):
    """A How Ruck! round at the terminal: the teams' race is named (not a bare "Game #1
    (How Ruck!)"), key t presses both players' buttons at once (a tie the one-key-at-a-time
    keys cannot make), and who won the round is said before the next round's line."""
    master, slave = os.openpty()
    port = free_port()
    proc = _simulation(tmp_path, master, slave, port=port)
    seen = bytearray()
    try:
        read_until(master, b"q        quit", seen)
        assert b"    t        " in seen  # the key is listed among the others
        os.write(master, b"n")
        read_until(master, b"Game #1 (How Ruck!): Round 1: race for the barrel to form the "
                           b"teams.\r\n", seen)
        os.write(master, b"o")
        read_until(master, b"  How Ruck!\r\n", seen)
        os.write(master, b"t")
        read_until(master, b"Tie (", seen)
        phone = Client(port)
        pin = re.search(r"PIN (\d+)", seen.decode()).group(1)
        assert phone.post("/api/pair", {"pin": pin})[0] == 200
        rng = random.Random(5)
        while sum(phone.get("/api/games/1")[1]["barrels"].values()) == 0:
            legal = expand(phone.get("/api/games/1/legal")[1])
            assert phone.post("/api/games/1/actions", rng.choice(legal))[0] == 200
        read_until(master, b"Round 2: race for the barrel to form the teams.", seen)
        text = seen.decode()
        won = re.search(r"\r\n  ([AB] wins the round: [^\r]*)\r\n", text)
        assert won, text[-3000:]
        assert won.start() < text.index("Round 2: race"), text[-3000:]
        os.write(master, b"q")
        assert proc.wait(timeout=20) == 0
    finally:
        _end(proc, master, slave)


@pytest.mark.parametrize("games, said", [(1, b"(1 game)"), (2, b"(2 games)")])
def test_the_start_line_counts_the_games_in_singular_and_plural(tmp_path, games, said):
    """The daemon's start line said "(1 games)" for a database with one game."""
    sessions = Sessions(tmp_path / "d")
    for _ in range(games):
        sessions.create("howruck", ["A", "B"], None, 1)
    sessions.close()
    master, slave = os.openpty()
    proc = _simulation(tmp_path, master, slave)
    seen = bytearray()
    try:
        read_until(master, b"q        quit", seen)
        line = next(x for x in seen.split(b"\n") if b"companion running" in x)
        assert line.rstrip().endswith(said), line
    finally:
        _end(proc, master, slave)
