"""The button box's udev rule: a stable name, the dialout group, and ModemManager told to keep
away (it probes new ttyACM devices and can hold the Pico's port)."""

from __future__ import annotations

import re
from pathlib import Path

RULE = Path(__file__).resolve().parent.parent / "hardware" / "99-companion-buttons.rules"
PAIR = re.compile(r'\s*([A-Z_]+(?:\{[^}]+\})?)\s*(==|!=|\+=|-=|:=|=)\s*"([^"]*)"\s*')


def rules() -> list[list[tuple[str, str, str]]]:
    """Each rule line as (key, operator, value) triples, the whole line accounted for."""
    out = []
    for line in RULE.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split(",")
        triples = []
        for part in parts:
            match = PAIR.fullmatch(part)
            assert match, f"not a udev key: {part!r}"
            triples.append(match.groups())
        out.append(triples)
    return out


def test_the_pico_gets_a_stable_name_and_modemmanager_keeps_away():
    [rule] = rules()
    matches = {(k, v) for k, op, v in rule if op == "=="}
    assigns = {(k, op, v) for k, op, v in rule if op != "=="}
    assert matches == {("SUBSYSTEM", "tty"), ("ATTRS{idVendor}", "2e8a"),
                       ("ATTRS{idProduct}", "0005")}
    assert ("SYMLINK", "+=", "companion-buttons") in assigns
    assert ("GROUP", "=", "dialout") in assigns
    assert ("ENV{ID_MM_DEVICE_IGNORE}", "=", "1") in assigns
