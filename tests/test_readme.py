"""The README as a newcomer uses it from a fresh clone: every file it names ships, and every
`companion render`/`replay` command it shows runs as written."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SHARED = ROOT.parent / "shared"
# Paths on the Pi, in the user's home or made by the commands themselves: not in the clone.
ELSEWHERE = ("/", "~", ".venv/", "$")


def named_files() -> list[str]:
    """Repository paths in backticks or commands: a slash and a file ending."""
    found = set(re.findall(r"(?<![\w/.])((?:\.\./|[\w.-]+/)[\w./-]*\.(?:md|json|jsonl|toml|svg|"
                           r"py|sh|rules|service|txt))\b", README))
    found |= set(re.findall(r"`([\w.-]+\.(?:md|toml|sh|json))`", README))  # top-level names
    return sorted(p for p in found if not p.startswith(ELSEWHERE))


def commands() -> list[str]:
    return [line.strip().split("#")[0].strip() for line in README.splitlines()
            if re.match(r"^ {4}\.venv/bin/companion (render|replay) ", line)]


def test_the_readme_names_files_and_shows_commands():
    assert len(named_files()) >= 8 and len(commands()) >= 3


@pytest.mark.parametrize("path", named_files())
def test_every_file_the_readme_names_ships(path):
    inside = (ROOT / path).resolve().is_relative_to(ROOT)
    assert inside and (ROOT / path).is_file(), f"README names {path}, which a clone lacks"


@pytest.mark.parametrize("command", commands())
def test_every_render_and_replay_command_runs_as_written(command, tmp_path):
    args = shlex.split(command)[1:]
    if "--out" in args:  # the picture goes to a temporary folder, not the clone
        at = args.index("--out") + 1
        args[at] = str(tmp_path / args[at])
    result = subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT,
                            capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()


@pytest.mark.skipif(not SHARED.is_dir(), reason="no shared/ beside this clone")
@pytest.mark.parametrize("name", ["spec/actions.md", "rules/howruck.md", "rules/laufrauf.md",
                                  "rules/tauziehen.md", "rules/stramash.md"])
def test_the_shipped_spec_and_rules_are_the_current_ones(name):
    assert (ROOT / "docs" / name).read_text() == (SHARED / name).read_text(), \
        f"docs/{name} differs from shared/{name}: copy it again"


def test_the_installers_doctor_hint_is_the_readmes():
    """The installer's last words name the doctor as the README does: as the service's user,
    on its data folder (run as the caller, it checked the caller's own folder and port)."""
    install = (ROOT / "install.sh").read_text(encoding="utf-8")
    hints = [line.split('"')[1].strip().replace("$VENV", "/opt/companion/venv")
             for line in install.splitlines() if "say" in line and "doctor --config" in line]
    assert hints and all(hint in README for hint in hints), hints
