"""What this machine is and where the companion keeps its data: read before the first frame,
so nothing here imports more than `os` (the start-up splash uses it, see devices/splash.py)."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_CONFIG_PATH = Path("/etc/companion/config.toml")
MODEL_FILES = (Path("/proc/device-tree/model"), Path("/sys/firmware/devicetree/base/model"))


def on_raspberry_pi() -> bool:
    """True on a Raspberry Pi (the model file under /proc, or the same one under /sys)."""
    for path in MODEL_FILES:
        try:
            return "Raspberry Pi" in path.read_text(errors="ignore")
        except OSError:
            continue
    return False


def simulating(asked: bool) -> bool:
    """`companion run` simulates when asked, off a Raspberry Pi, or with gpiozero's mock pins."""
    return asked or not on_raspberry_pi() or os.environ.get("GPIOZERO_PIN_FACTORY") == "mock"


def default_data_dir() -> Path:
    """/var/lib/companion under systemd (StateDirectory=), else the user's state directory."""
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "companion"
