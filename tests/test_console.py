"""The simulation console as a newcomer meets it: `companion run --simulate` on a real
terminal (a pty), single keys without Enter, race results as sentences, the terminal given
back as it was."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import termios
import time

from web_helpers import free_port


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


def test_single_keys_drive_a_race_and_the_result_is_a_sentence(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[race]\ncountdown_s = 1\n")
    master, slave = os.openpty()
    before = termios.tcgetattr(slave)
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--simulate", "--config", str(config),
         "--host", "127.0.0.1", "--port", str(free_port()), "--data", str(tmp_path / "d")],
        stdin=slave, stdout=slave, stderr=slave, env=dict(os.environ, PYTHONUNBUFFERED="1"),
        start_new_session=True)
    seen = bytearray()
    try:
        read_until(master, b"q        quit", seen)
        os.write(master, b"n")  # no Enter: a key is a key
        read_until(master, b"game 1", seen)
        os.write(master, b"o")
        read_until(master, b"  How Ruck!\r\n", seen)
        os.write(master, b"2")
        read_until(master, b"Stopp! B won the race", seen)
        assert b"{" not in seen[seen.index(b"Stopp! B"):]  # a sentence, not a Python dict
        os.write(master, b"q")
        assert proc.wait(timeout=20) == 0
        assert termios.tcgetattr(slave) == before  # cbreak undone on the way out
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)
        os.close(master)
        os.close(slave)


def test_run_sh_passes_its_arguments_to_companion_run():
    """`./run.sh --help` (the README's first command with an argument) prints the usage."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([os.path.join(root, "run.sh"), "--help"], capture_output=True,
                            timeout=600, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    assert b"--simulate" in result.stdout and b"usage" in result.stdout.lower()
