"""Issue 16: the display shows life before anything heavy is imported (on a Pi Zero 2 W each
of these costs tens to hundreds of milliseconds of a dark display)."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("flask", "asyncio", "gpiozero", "sqlite3", "segno", "companion.rules",
         "companion.sessions", "companion.daemon.table", "companion.web", "tomllib")

PROBE = r"""
import json, logging, sys, tempfile
from pathlib import Path

loaded = []

class FirstFrame(logging.Handler):
    def emit(self, record):
        if "first frame" in record.getMessage() and not loaded:
            loaded.extend(sys.modules)

logging.getLogger("companion.display").addHandler(FirstFrame())
logging.getLogger("companion.display").setLevel(logging.INFO)
from companion.config import Config
from companion.daemon import Daemon

with tempfile.TemporaryDirectory() as tmp:
    daemon = Daemon(Config(), Path(tmp), simulate=True, web=True)
    daemon.start()
    daemon.stop()
print(json.dumps({"at_first_frame": loaded, "at_end": list(sys.modules)}))
"""


def test_nothing_heavy_is_imported_before_the_first_frame():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    modules = json.loads(out.splitlines()[-1])
    first = set(modules["at_first_frame"])
    assert first, "no first frame was drawn"
    assert "companion.devices.oled" in first  # the frame went through the real driver
    early = [m for m in first if m.split(".")[0] in HEAVY or any(
        m == h or m.startswith(h + ".") for h in HEAVY)]
    assert early == []
    assert {"flask", "gpiozero", "companion.rules"} <= set(modules["at_end"])  # loaded later
