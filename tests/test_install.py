"""The Pi installer, run into a throw-away root; the systemd unit checked by systemd itself."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent
UNIT = REPO / "systemd" / "companion.service"
needs_root = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("useradd"),
                                reason="useradd --root needs root")


@pytest.fixture(scope="session")
def wheelhouse(tmp_path_factory) -> Path:
    """The program's dependencies as wheels (pip's cache makes this quick): the installer
    then builds each version's venv offline, as a Pi without internet would."""
    house = tmp_path_factory.mktemp("wheels")
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    project = pyproject["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["pi"],
              *pyproject["build-system"]["requires"], "wheel"]
    done = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--dest",
                           str(house), *wanted], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return house


def run_installer(root: Path, wheels: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, COMPANION_PIP_ARGS=f"--no-index --find-links {wheels}")
    return subprocess.run([str(REPO / "install.sh"), "--root", str(root), "--no-i2c-400k",
                           *args], capture_output=True, text=True, env=env, timeout=600)


def fresh_root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "etc").mkdir(parents=True)
    (root / "etc" / "passwd").write_text("root:x:0:0:root:/root:/bin/sh\n")
    (root / "etc" / "group").write_text("root:x:0:\ngpio:x:997:\n")
    (root / "etc" / "shadow").write_text("root:*:19000:0:99999:7:::\n")
    (root / "etc" / "gshadow").write_text("root:*::\ngpio:!::\n")
    return root


@needs_root
def test_install_writes_everything_and_a_second_run_keeps_config_and_games(tmp_path, wheelhouse):
    root = fresh_root(tmp_path)
    first = run_installer(root, wheelhouse)
    assert first.returncode == 0, first.stderr
    exe = root / "opt/companion/venv/bin/companion"
    assert exe.exists()
    assert (root / "opt/companion/venv/share/companion/web/templates/index.html").exists()
    assert (root / "opt/companion/venv/share/companion/web/static/app.js").exists()
    assert (root / "etc/companion/config.toml").read_text() == \
        (REPO / "examples/config.toml").read_text()
    assert (root / "etc/systemd/system/companion.service").read_text() == UNIT.read_text()
    wants = root / "etc/systemd/system/multi-user.target.wants/companion.service"
    assert os.readlink(wants) == "/etc/systemd/system/companion.service"
    assert (root / "etc/udev/rules.d/99-companion-buttons.rules").exists()
    passwd = (root / "etc/passwd").read_text()
    assert re.search(r"^companion:x:\d+:\d+:.*:/var/lib/companion:/usr/sbin/nologin$", passwd,
                     re.M)
    groups = (root / "etc/group").read_text()
    for group in ("gpio", "i2c", "dialout"):
        assert re.search(rf"^{group}:x:\d+:.*companion", groups, re.M), group
    # the installed program runs
    replay = subprocess.run([str(exe), "replay", str(REPO / "examples/howruck-rulebook.jsonl")],
                            capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0 and '"final"' in replay.stdout

    # the user edits the config, games accumulate; then an upgrade
    config = root / "etc/companion/config.toml"
    config.write_text('language = "de"\n')
    games = root / "var/lib/companion/games.sqlite3"
    games.write_bytes(b"the family's games")
    second = run_installer(root, wheelhouse)
    assert second.returncode == 0, second.stderr
    assert "keeping your" in second.stdout
    assert config.read_text() == 'language = "de"\n'
    assert games.read_bytes() == b"the family's games"
    assert passwd.count("companion:") == (root / "etc/passwd").read_text().count("companion:")

    # uninstall keeps the games and config; --purge removes them
    removed = run_installer(root, wheelhouse, "--uninstall")
    assert removed.returncode == 0, removed.stderr
    assert not (root / "opt/companion").exists() and not wants.exists()
    assert games.exists() and config.exists()
    purged = run_installer(root, wheelhouse, "--uninstall", "--purge")
    assert purged.returncode == 0, purged.stderr
    assert not games.exists() and not config.exists()
    assert "companion:" not in (root / "etc/passwd").read_text()


def test_installer_refuses_an_unknown_option(tmp_path):
    result = subprocess.run([str(REPO / "install.sh"), "--frobnicate"], capture_output=True,
                            text=True)
    assert result.returncode == 2 and "unknown option" in result.stderr


needs_analyze = pytest.mark.skipif(not shutil.which("systemd-analyze"),
                                   reason="systemd-analyze not installed")


@needs_analyze
def test_service_file_verifies(tmp_path):
    # verify insists that ExecStart exists: point it at this checkout's program
    exe = shutil.which("companion") or str(Path(os.sys.executable).parent / "companion")
    unit = tmp_path / "companion.service"
    unit.write_text(UNIT.read_text().replace("/opt/companion/venv/bin/companion", exe))
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == ""


@needs_analyze
def test_service_exposure_is_at_most_2_5():
    result = subprocess.run(["systemd-analyze", "security", "--offline=true", str(UNIT)],
                            capture_output=True, text=True, timeout=60)
    match = re.search(r"Overall exposure level for companion.service: (\d+\.\d+)",
                      result.stdout)
    assert match, result.stdout[-500:]
    assert float(match.group(1)) <= 2.5


def test_service_runs_the_daemon_as_its_user_with_the_watchdog():
    text = UNIT.read_text()
    for line in ("Type=notify", "User=companion", "WatchdogSec=", "Restart=on-failure",
                 "StateDirectory=companion", "DevicePolicy=closed", "DeviceAllow=char-gpiochip",
                 "DeviceAllow=char-i2c", "DeviceAllow=char-ttyACM", "ProtectSystem=strict",
                 "NoNewPrivileges=yes"):
        assert line in text, line


def _unit_settings() -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def test_service_leaves_what_the_pi_pin_backend_needs():
    """On a real Pi, lgpio makes a pipe in the working directory (which must be writable
    under ProtectSystem=strict: the state directory) and gpiozero reads the board revision
    from /proc (which ProcSubset=pid would hide)."""
    settings = _unit_settings()
    state = settings["StateDirectory"][0]
    assert settings["WorkingDirectory"] == [f"/var/lib/{state}"]
    assert settings.get("ProcSubset", ["all"]) != ["pid"]
    assert "ReadOnlyPaths" not in settings and "InaccessiblePaths" not in settings


def test_udev_rule_names_the_box():
    rule = (REPO / "hardware/99-companion-buttons.rules").read_text()
    lines = [ln for ln in rule.splitlines() if ln and not ln.startswith("#")]
    assert len(lines) == 1
    assert 'SYMLINK+="companion-buttons"' in lines[0]
    assert 'ATTRS{idVendor}=="2e8a"' in lines[0] and 'SUBSYSTEM=="tty"' in lines[0]


@pytest.mark.parametrize("missing", ["group", "passwd"])
def test_installer_refuses_a_root_without_user_and_group_files(tmp_path, missing):
    """--root on a folder that is no system's root (no etc/group, no etc/passwd): said plainly
    before anything is built, not groupadd's or useradd's own error at the end."""
    root = fresh_root(tmp_path)
    (root / "etc" / missing).unlink()
    empty = tmp_path / "no-wheels"
    empty.mkdir()
    env = dict(os.environ, COMPANION_PIP_ARGS=f"--no-index --find-links {empty}")
    result = subprocess.run([str(REPO / "install.sh"), "--root", str(root), "--no-i2c-400k"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 1, result.stderr
    assert f"{root}/etc/{missing} is missing" in result.stderr
    assert "--root wants the root folder" in result.stderr
    assert not (root / "opt").exists()  # refused before a version was built


def test_installer_says_that_root_needs_a_folder():
    result = subprocess.run([str(REPO / "install.sh"), "--root"], capture_output=True,
                            text=True)
    assert result.returncode == 2 and "--root needs a folder" in result.stderr
