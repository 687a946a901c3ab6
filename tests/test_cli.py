"""The `companion` command's own edges: what it says for a wrong --data and for Ctrl-C
(never a Python traceback), run as real processes where the signal matters."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from companion.cli import main as cli_main


@pytest.mark.parametrize("command", [["run", "--simulate"], ["doctor"], ["backup", "x.bak"],
                                     ["restore", "x.bak"]])
def test_a_data_directory_that_is_a_file_or_empty_is_refused_by_name(tmp_path, capsys,
                                                                     command):
    file = tmp_path / "games.txt"
    file.write_text("not a directory")
    for value, said in ((str(file), "is a file, not a directory"),
                        ("", "an empty name is not a directory")):
        with pytest.raises(SystemExit) as stopped:
            cli_main([*command, "--data", value])
        assert stopped.value.code == 2
        err = capsys.readouterr().err
        assert said in err and "--data" in err and "Traceback" not in err


@pytest.mark.parametrize(("args", "said"), [
    (["doctor", "--buttons", "-5"], "give seconds above 0"),  # was a ValueError
    (["doctor", "--buttons", "inf"], "give seconds above 0"),  # an OverflowError
    (["doctor", "--buttons", "nan"], "give seconds above 0"),  # waited forever
    (["doctor", "--buttons", "ten"], "is not a number of seconds"),
    (["backup", "."], "is a directory, not a file's name"),  # sqlite3.OperationalError
])
def test_a_wrong_argument_is_refused_by_name_before_anything_runs(capsys, args, said):
    with pytest.raises(SystemExit) as stopped:
        cli_main(args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_ctrl_c_while_a_command_waits_ends_it_quietly():
    """`companion replay -` reading a terminal that gives nothing yet: Ctrl-C ends it with
    the shell's code for it, and no traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "companion", "replay", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        proc.stdin.write(b'{"game": "howruck", "players": ["A", "B"]}\n')
        proc.stdin.flush()
        time.sleep(1.5)  # started, and waiting for the next line
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err


def test_a_bad_config_stops_the_start_with_its_sentence_in_the_terminal_language(
        tmp_path, capsys, monkeypatch):
    config = tmp_path / "config.toml"
    config.write_text("[display]\ncontrast = 300\n")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert cli_main(["run", "--simulate", "--config", str(config),
                     "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err == ("companion: Konfigurationsfehler: „display.contrast“ muss eine ganze Zahl "
                   "von 0 bis 255 sein, nicht 300.\n")
