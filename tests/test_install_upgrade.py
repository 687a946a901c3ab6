"""Upgrades that cannot brick the box, in a throw-away root with a stand-in systemctl whose
"service" is the installed version's real `companion run --simulate`: a good upgrade, one
whose install step fails (the old version keeps running), one that does not start (switched
back by itself), `--rollback`; config, games and pairings untouched throughout. And the
installer's offer to set the I2C bus to 400 kHz, idempotent."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

from ports import free_port
from test_install import REPO, fresh_root, needs_root, wheelhouse  # noqa: F401

STAND_INS = Path(__file__).parent / "stand_ins"


def source(tmp_path: Path, name: str, *, unbuildable: bool = False,
           does_not_start: bool = False) -> Path:
    """A copy of this checkout (as `git ls-files` sees it), spoilt on request."""
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    copy = tmp_path / name
    for file in files:
        if (REPO / file).is_file():
            (copy / file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / file, copy / file)
    if unbuildable:  # pip cannot resolve it: the install step fails
        text = (copy / "pyproject.toml").read_text()
        (copy / "pyproject.toml").write_text(
            text.replace('dependencies = [\n', 'dependencies = [\n    "no-such-package>=1",\n', 1))
    if does_not_start:  # it loads (the offline check passes) but `companion run` ends at once
        daemon = copy / "companion" / "daemon" / "run.py"
        text = daemon.read_text()
        marker = "def main(args: argparse.Namespace, splash: Splash | None = None) -> int:\n"
        assert marker in text
        daemon.write_text(text.replace(
            marker, marker + "    raise SystemExit('this version does not start')\n", 1))
    return copy


class Box:
    """The throw-away root, the stand-in service and the installer run against them."""

    def __init__(self, tmp_path: Path, wheels: Path) -> None:
        self.root = fresh_root(tmp_path)
        self.stub = tmp_path / "service"
        self.stub.mkdir()
        self.env = dict(os.environ, COMPANION_PIP_ARGS=f"--no-index --find-links {wheels}",
                        COMPANION_SYSTEMCTL=str(STAND_INS / "systemctl"), COMPANION_SETTLE_S="2",
                        STUB_DIR=str(self.stub), STUB_ROOT=str(self.root),
                        STUB_PORT=str(free_port()))

    def install(self, src: Path, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["sh", str(src / "install.sh"), "--root", str(self.root),
                               "--no-i2c-400k", *args], capture_output=True, text=True,
                              env=self.env, timeout=600)

    def link(self, name: str) -> str | None:
        path = self.root / "opt/companion" / name
        return os.readlink(path) if path.is_symlink() else None

    def versions(self) -> set[str]:
        return {p.name for p in (self.root / "opt/companion/versions").iterdir()}

    def pid(self) -> int | None:
        text = (self.stub / "pid").read_text().strip() if (self.stub / "pid").exists() else ""
        return int(text) if text else None

    def running(self) -> bool:
        pid = self.pid()
        if pid is None:
            return False
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return Path(f"/proc/{pid}/status").read_text().find("State:\tZ") < 0

    def stop(self) -> None:
        if self.running():
            os.kill(self.pid(), signal.SIGTERM)


@needs_root
def test_upgrades_fail_safe_and_roll_back(tmp_path, wheelhouse):  # noqa: F811
    box = Box(tmp_path, wheelhouse)
    try:
        first = box.install(REPO)
        assert first.returncode == 0, first.stdout + first.stderr
        v1 = box.link("current")
        assert v1 and v1.startswith("versions/") and box.link("venv") == "current/venv"
        assert box.link("previous") is None and box.running()
        # the family's things, which no upgrade may touch
        config = box.root / "etc/companion/config.toml"
        config.write_text(config.read_text().replace('language = "en"', 'language = "de"'))
        games = box.root / "var/lib/companion/games.sqlite3"
        games.write_bytes(b"the family's games")
        pairing = box.root / "var/lib/companion/pairing.json"
        pairing.write_text('{"tokens": ["a phone"]}')
        kept = {p: p.read_bytes() for p in (config, games, pairing)}

        # 1. the install step fails: nothing switched, the old service never restarted
        pid = box.pid()
        failed = box.install(source(tmp_path, "unbuildable", unbuildable=True))
        assert failed.returncode != 0
        assert "did not install" in failed.stderr and "untouched" in failed.stderr
        assert box.link("current") == v1 and box.versions() == {v1.split("/")[1]}
        assert box.pid() == pid and box.running()

        # 2. a good upgrade: built beside, switched, restarted
        good = box.install(source(tmp_path, "good"))
        assert good.returncode == 0, good.stdout + good.stderr
        v2 = box.link("current")
        assert v2 != v1 and box.link("previous") == v1 and box.running()
        assert box.pid() != pid

        # 3. a version that does not come up: switched back to v2 and restarted, by itself
        calls_before = (box.stub / "calls").read_text().count("restart")
        broken = box.install(source(tmp_path, "no-start", does_not_start=True))
        assert broken.returncode != 0
        assert f"switched back to {v2.split('/')[1]}" in broken.stderr
        assert box.link("current") == v2 and box.link("previous") == v1
        assert box.versions() == {v1.split("/")[1], v2.split("/")[1]}
        assert (box.stub / "calls").read_text().count("restart") == calls_before + 2
        assert box.running()

        # 4. by hand: back to v1, and forth again
        back = box.install(REPO, "--rollback")
        assert back.returncode == 0, back.stderr
        assert box.link("current") == v1 and box.link("previous") == v2 and box.running()
        forth = box.install(REPO, "--rollback")
        assert forth.returncode == 0 and box.link("current") == v2

        assert {p: p.read_bytes() for p in kept} == kept
    finally:
        box.stop()


@needs_root
def test_rollback_without_a_previous_version_says_so(tmp_path):
    root = fresh_root(tmp_path)
    result = subprocess.run(["sh", str(REPO / "install.sh"), "--root", str(root), "--rollback"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "no previous version" in result.stderr


def _i2c(root: Path) -> subprocess.CompletedProcess:
    """Only the I2C step: the installer's function run on its own (sourcing it would run it)."""
    script = (REPO / "install.sh").read_text()
    functions = script[script.index("say() {"):script.index("install_all() {")]
    prelude = f'BOOT_CONFIG="{root}/boot/firmware/config.txt"\nI2C_FAST=yes\n'
    return subprocess.run(["sh", "-c", prelude + functions + "\noffer_i2c_400k\n"],
                          capture_output=True, text=True, timeout=60)


def test_the_i2c_bus_is_set_to_400_khz_once(tmp_path):
    boot = tmp_path / "boot/firmware/config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text("dtparam=audio=on\n[pi4]\narm_boost=1\n")
    first = _i2c(tmp_path)
    assert first.returncode == 0, first.stderr
    assert "400 kHz" in first.stdout and "reboot" in first.stdout
    text = boot.read_text()
    assert text.startswith("dtparam=audio=on\n[pi4]\narm_boost=1\n")
    assert text.rstrip().endswith("[all]\ndtparam=i2c_arm_baudrate=400000")  # not under [pi4]
    second = _i2c(tmp_path)
    assert "already" in second.stdout and boot.read_text() == text  # idempotent

    boot.write_text("dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=100000\n")
    changed = _i2c(tmp_path)
    assert "changed" in changed.stdout
    assert boot.read_text() == "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"


@needs_root
def test_an_install_from_before_versions_becomes_the_previous_version(tmp_path, wheelhouse):  # noqa: F811
    root = fresh_root(tmp_path)
    old = root / "opt/companion/venv/bin"
    old.mkdir(parents=True)
    (old / "companion").write_text("#!/bin/sh\necho the old one\n")
    env = dict(os.environ, COMPANION_PIP_ARGS=f"--no-index --find-links {wheelhouse}")
    result = subprocess.run(["sh", str(REPO / "install.sh"), "--root", str(root),
                             "--no-i2c-400k"], capture_output=True, text=True, env=env,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    companion = root / "opt/companion"
    assert os.readlink(companion / "previous") == "versions/legacy"
    assert (companion / "versions/legacy/venv/bin/companion").read_text().endswith("old one\n")
    assert os.readlink(companion / "venv") == "current/venv"
    assert (companion / "venv/bin/python").exists()  # the new one, through current
