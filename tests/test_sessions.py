"""Game sessions over the real sqlite store: durable actions, undo, restart, crash."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.rules import Refusal, SetupError, get_core
from companion.rules.randomplay import random_game
from companion.sessions import Sessions

CORE = get_core("howruck")
RED1 = {"color": "red", "strength": 1}


@pytest.fixture
def sessions(tmp_path):
    s = Sessions(tmp_path)
    yield s
    s.close()


def test_an_accepted_action_is_committed_and_survives_a_reopen(tmp_path, sessions):
    game = sessions.create("howruck", ["A", "B"], {"ladder": 10}, 5)
    sessions.apply(game.id, {"type": "race", "winner": "B"})
    sessions.apply(game.id, {"type": "play", "player": "B", "card": RED1, "side": "B",
                             "field": "red"})
    # A second, independent connection sees both actions already.
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    assert db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 2
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    before = game.view()
    sessions.close()
    again = Sessions(tmp_path)
    assert again.get(game.id).view() == before
    assert again.get(game.id).header["options"] == {"ladder": 10}
    again.close()


def test_the_log_holds_canonical_actions(sessions):
    game = sessions.create("howruck", ["A", "B"])
    sessions.apply(game.id, {"type": "race", "winner": "A"})
    sessions.apply(game.id, {"type": "play", "player": "A", "card": RED1, "side": "A",
                             "field": "red"})
    assert game.actions[1]["card"] == {"color": "red", "strength": 1, "howruck": False,
                                       "nessie": False}


def test_a_refused_action_stores_nothing(tmp_path, sessions):
    game = sessions.create("howruck", ["A", "B"])
    with pytest.raises(Refusal) as info:
        sessions.apply(game.id, {"type": "play", "player": "A"})
    assert info.value.code == "wrong_phase"
    with pytest.raises(Refusal) as info:
        sessions.apply(game.id, {"type": "race", "winner": "A", "pad": "x" * 20000})
    assert info.value.code == "action_too_large"
    assert sessions.store.actions(game.id) == [] and game.actions == []


def test_undo_removes_the_last_action_and_rebuilds_the_state(tmp_path, sessions):
    game = sessions.create("howruck", ["A", "B"])
    sessions.apply(game.id, {"type": "race", "winner": "A"})
    after_race = game.view()
    sessions.apply(game.id, {"type": "play", "player": "A", "card": RED1, "side": "A",
                             "field": "red"})
    sessions.undo(game.id)
    assert game.view() == after_race
    sessions.undo(game.id)
    assert game.view()["phase"] == "teams"
    with pytest.raises(Refusal) as info:
        sessions.undo(game.id)
    assert info.value.code == "nothing_to_undo"
    sessions.close()
    assert Sessions(tmp_path).get(game.id).actions == []


def test_an_undo_takes_back_only_the_move_the_asker_saw_last(tmp_path, sessions):
    """A phone that saw one move asks to undo it; meanwhile another move arrived: the undo
    is refused (it would take back a move that phone never saw), and nothing is removed."""
    game = sessions.create("howruck", ["A", "B"])
    sessions.apply(game.id, {"type": "race", "winner": "A"})
    sessions.apply(game.id, {"type": "play", "player": "A", "card": RED1, "side": "A",
                             "field": "red"})
    for seen in (1, 3):  # one behind (another move came), one ahead (a double tap)
        with pytest.raises(Refusal) as info:
            sessions.undo(game.id, seen=seen)
        assert (info.value.code, info.value.params) == ("undo_stale", {"actions": 2})
    assert len(game.actions) == 2
    sessions.undo(game.id, seen=2)
    sessions.close()
    assert len(Sessions(tmp_path).get(game.id).actions) == 1


def test_a_move_entered_again_is_known_after_an_undo_and_after_a_restart(tmp_path, sessions):
    """`already_entered` compares with the state before the move in question: after an undo
    (the state before the last move is another one) and after a restart (not kept) too."""
    game = sessions.create("tauziehen", ["A", "B"])
    block = {"type": "block", "player": "A", "card": 1}
    sessions.apply(game.id, block)
    sessions.apply(game.id, {"type": "play", "player": "B", "card": 3, "marker": 2})
    sessions.undo(game.id)
    with pytest.raises(Refusal) as info:
        sessions.apply(game.id, block)
    assert (info.value.code, info.value.params) == ("already_entered", {"seq": 0})
    sessions.close()
    again = Sessions(tmp_path)
    with pytest.raises(Refusal) as info:
        again.apply(game.id, block, seq=0)
    assert (info.value.code, info.value.params) == ("already_entered", {"seq": 0})
    with pytest.raises(Refusal) as info:  # posted against the game as it is: the rules say
        again.apply(game.id, block, seq=1)
    assert info.value.code == "not_your_turn"
    again.close()


def test_a_write_that_fails_leaves_the_store_ready_for_the_next_move(tmp_path, sessions):
    """A statement that fails inside a commit (here: a move numbered as one already stored)
    is rolled back: the next move is stored, not refused for a transaction left open."""
    game = sessions.create("howruck", ["A", "B"])
    sessions.apply(game.id, {"type": "race", "winner": "A"})
    with pytest.raises(sqlite3.IntegrityError):
        sessions.store.append(game.id, 0, {"type": "race", "winner": "B"}, "playing", None)
    sessions.apply(game.id, {"type": "play", "player": "A", "card": RED1, "side": "A",
                             "field": "red"})
    sessions.close()
    assert [a["type"] for a in Sessions(tmp_path).get(game.id).actions] == ["race", "play"]


def test_finished_games_stay_listed_with_their_result(tmp_path, sessions):
    log, final = random_game(CORE, 4)
    game = sessions.create("howruck", ["A", "B"], {}, 4)
    for action in log:
        sessions.apply(game.id, action)
    playing = sessions.create("howruck", ["C", "D"])
    sessions.close()
    again = Sessions(tmp_path)
    listing = {g["id"]: g for g in again.listing()}
    assert listing[game.id]["status"] == "over"
    assert listing[game.id]["winner"] == CORE.winner(final)
    assert listing[game.id]["actions"] == len(log)
    assert listing[playing.id]["status"] == "playing" and listing[playing.id]["winner"] is None
    with pytest.raises(Refusal) as info:
        again.apply(game.id, {"type": "race", "winner": "A"})
    assert info.value.code == "game_over"
    again.close()


def test_a_draw_stored_as_won_by_draw_is_listed_as_a_draw(tmp_path, sessions):
    """Versions before stop 34 stored a drawn Tauziehen game's result as "draw" (a player
    could be called that): the listing tells the result from the replayed game."""
    tauziehen = get_core("tauziehen")
    log, _ = random_game(tauziehen, 12, ["Ida", "Jan"])  # ends 2 : 2
    game = sessions.create("tauziehen", ["Ida", "Jan"], {}, 12)
    for action in log:
        sessions.apply(game.id, action)
    sessions.close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute("UPDATE games SET result = ? WHERE id = ?", ('"draw"', game.id))
    again = Sessions(tmp_path)
    listing = {g["id"]: g for g in again.listing()}
    assert listing[game.id]["status"] == "over" and listing[game.id]["winner"] is None
    again.close()


def test_bad_headers_and_unknown_games_are_refused(sessions):
    with pytest.raises(SetupError):
        sessions.create("chess", ["A", "B"])
    with pytest.raises(SetupError):
        sessions.create("howruck", ["A", "B"], {"ladder": 3})
    with pytest.raises(SetupError):
        sessions.create("howruck", ["A", "B"], {}, "seed")
    with pytest.raises(Refusal) as info:
        sessions.get(999)
    assert info.value.code == "no_such_game"
    assert sessions.listing() == []


def test_a_stored_log_that_no_longer_replays_is_kept_and_marked(tmp_path, sessions):
    game = sessions.create("howruck", ["A", "B"])
    sessions.apply(game.id, {"type": "race", "winner": "A"})
    sessions.close()
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.execute("INSERT INTO actions VALUES (?, 1, '{\"type\": \"nonsense\"}', 0)", (game.id,))
    db.commit()
    db.close()
    again = Sessions(tmp_path)
    broken = again.get(game.id)
    assert broken.status == "broken" and broken.broken == {"seq": 1, "stored_actions": 2}
    assert broken.view()["phase"] == "tug"  # as far as it replays
    with pytest.raises(Refusal):
        again.apply(game.id, {"type": "play", "player": "A", "card": RED1, "side": "A",
                              "field": "red"})
    assert len(again.store.actions(game.id)) == 2  # nothing stored is lost
    again.close()


def store_raw_action(tmp_path, game_id: int, seq: int, action: str) -> None:
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.execute("INSERT INTO actions VALUES (?, ?, ?, 0)", (game_id, seq, action))
    db.commit()
    db.close()


def test_a_log_that_breaks_at_its_first_action_keeps_the_empty_prefix_and_undo_mends_it(
        tmp_path, sessions):
    game = sessions.create("howruck", ["A", "B"])
    sessions.close()
    store_raw_action(tmp_path, game.id, 0, '{"type": "nonsense"}')
    store_raw_action(tmp_path, game.id, 1, '{"type": "race", "winner": "A"}')
    again = Sessions(tmp_path)
    try:
        broken = again.get(game.id)
        assert broken.broken == {"seq": 0, "stored_actions": 2}
        assert broken.actions == []  # the part that replays: nothing
        assert broken.view()["phase"] == "teams"
        # Undo takes back what no longer replays; the game plays on from there.
        mended = again.undo(game.id)
        assert mended.status == "playing" and mended.actions == []
        assert again.store.actions(game.id) == []
        again.apply(game.id, {"type": "race", "winner": "B"})
        assert again.get(game.id).view()["turn"] == "B"
    finally:
        again.close()


def test_undo_of_a_broken_log_removes_only_the_part_that_no_longer_replays(tmp_path,
                                                                          sessions):
    game = sessions.create("howruck", ["A", "B"])
    sessions.apply(game.id, {"type": "race", "winner": "A"})
    sessions.close()
    store_raw_action(tmp_path, game.id, 1, '{"type": "nonsense"}')
    again = Sessions(tmp_path)
    try:
        mended = again.undo(game.id)
        assert mended.status == "playing"
        assert mended.actions == again.store.actions(game.id) == [{"type": "race",
                                                                 "winner": "A"}]
    finally:
        again.close()


def test_apply_returns_only_after_its_commit_on_a_fully_synchronous_wal(sessions):
    """In WAL mode with synchronous=FULL sqlite fsyncs the log at COMMIT; the COMMIT is the
    last statement before `apply` returns (so before any reply)."""
    db = sessions.store.db
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    game = sessions.create("howruck", ["A", "B"])
    statements: list[str] = []
    db.set_trace_callback(statements.append)
    try:
        sessions.apply(game.id, {"type": "race", "winner": "A"})
        seen = list(statements)
    finally:
        db.set_trace_callback(None)
    writes = [s.split()[0] for s in seen]
    assert writes == ["BEGIN", "INSERT", "UPDATE", "COMMIT"], seen


def test_sigkill_mid_stream_loses_no_acknowledged_action(tmp_path):
    """Kill the writer (SIGKILL) while it enters actions; every action it acknowledged is
    in the database afterwards, in order."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    child = subprocess.Popen([sys.executable, str(root / "tests" / "crash_writer.py"),
                              str(tmp_path)], stdout=subprocess.PIPE, env=env)
    acked: dict[int, tuple[int, int]] = {}
    assert child.stdout is not None
    # A kill is no power cut: the test holds only if the commit also reaches the disk.
    assert child.stdout.readline().split() == [b"pragmas", b"wal", b"2"]  # 2: FULL
    for raw in child.stdout:
        _, game_id, seed, seq = raw.decode().split()
        acked[int(game_id)] = (int(seed), int(seq))
        if sum(1 for _ in acked) >= 3 and int(seq) >= 5:
            break
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    sessions = Sessions(tmp_path)
    for game_id, (seed, last_seq) in acked.items():
        stored = sessions.get(game_id).actions
        log, _ = random_game(CORE, seed)
        assert len(stored) >= last_seq + 1
        assert stored == log[:len(stored)]
    sessions.close()


def test_the_write_ahead_log_is_written_over_in_place_once_it_has_its_size(tmp_path):
    """A log that keeps growing makes each commit's fsync commit the file system's journal
    too (one more write and wait per move on the SD card): after its first rounds the log
    keeps its size, its pages written over, and every move is still in the database."""
    from companion.sessions.store import GameStore

    store = GameStore(tmp_path)
    game = store.create({"game": "howruck", "players": ["A", "B"]})
    wal = tmp_path / "games.sqlite3-wal"
    action = {"type": "play", "player": "A", "side": "A", "field": "red",
              "card": {"color": "red", "strength": 3, "howruck": 2, "nessie": False}}
    sizes = []
    for seq in range(400):
        store.append(game, seq, {**action, "n": seq}, "playing", None)
        sizes.append(wal.stat().st_size)
    assert len(set(sizes[200:])) == 1, sizes[200::20]
    assert sizes[-1] <= 1024 * 1024
    assert [a["n"] for a in store.actions(game)] == list(range(400))
    store.close()
