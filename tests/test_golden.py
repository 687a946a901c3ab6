"""The golden-file switch: regenerating writes the file, and the test still compares it with
output produced afresh (never a file with itself)."""

from __future__ import annotations

import itertools

from helpers import REGEN_SWITCH, golden


def test_regenerating_saves_then_compares_with_fresh_output(tmp_path, monkeypatch):
    path = tmp_path / "out.txt"
    counter = itertools.count()
    produce = lambda: f"run {next(counter)}"  # noqa: E731  output that differs per run
    save, load = lambda text, p: p.write_text(text), lambda p: p.read_text()
    monkeypatch.setenv(REGEN_SWITCH, "1")
    reference, fresh = golden(path, produce, save, load)
    assert path.read_text() == reference == "run 0"
    assert fresh == "run 1"  # produced again: a run-to-run difference shows


def test_without_the_switch_nothing_is_written(tmp_path, monkeypatch):
    path = tmp_path / "out.txt"
    path.write_text("reviewed")
    for value in ("", "0", "yes"):  # one reading of the switch: only "1" regenerates
        monkeypatch.setenv(REGEN_SWITCH, value)
        reference, fresh = golden(path, lambda: "new", lambda t, p: p.write_text(t),
                                  lambda p: p.read_text())
        assert (reference, fresh) == ("reviewed", "new") and path.read_text() == "reviewed"
