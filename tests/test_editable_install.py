"""`./run.sh` on a fresh clone installs the checkout editable (scripts/venv.sh): that install
says nothing but what is wrong. Setuptools' flat-layout editable strategy (a meta path
finder) warned "Editable installation … folders in your working directory with the same name
as your package" at every first start; the checkout's root is the import root
(package-dir), so the plain .pth strategy serves, and says nothing."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).parent.parent


def test_an_editable_install_of_the_checkout_warns_of_nothing(tmp_path):
    build = tomllib.loads((REPO / "pyproject.toml").read_text())["build-system"]["requires"]
    house, venv = tmp_path / "wheels", tmp_path / "venv"
    pip = [sys.executable, "-m", "pip"]
    done = subprocess.run([*pip, "download", "--quiet", "--dest", str(house), *build],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    done = subprocess.run([*pip, "--python", str(venv / "bin" / "python"), "install",
                           "--quiet", "--no-index", "--find-links", str(house), "--no-deps",
                           "-e", str(REPO)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    said = [line for line in done.stderr.splitlines()
            if not line.startswith("WARNING: Location")]  # this machine's pip index setting
    assert said == [], "\n".join(said)
    found = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import companion.cli; print(companion.cli.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert found.stdout.strip() == str(REPO / "companion" / "cli.py"), found.stderr
