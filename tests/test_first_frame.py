"""Issue 16: the display shows life before anything heavy is imported (on a Pi Zero 2 W each
of these costs tens to hundreds of milliseconds of a dark display)."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("flask", "asyncio", "gpiozero", "sqlite3", "segno", "companion.rules",
         "companion.sessions", "companion.daemon.table", "companion.web", "tomllib",
         "subprocess", "companion.screens.howruck", "companion.screens.laufrauf",
         "companion.screens.tauziehen", "companion.screens.stramash")

PROBE = r"""
import dataclasses, json, logging, sys, tempfile
from pathlib import Path

loaded = []

class FirstFrame(logging.Handler):
    def emit(self, record):
        if "first screen" in record.getMessage() and not loaded:
            loaded.extend(sys.modules)

logging.getLogger("companion.display").addHandler(FirstFrame())
logging.getLogger("companion.display").setLevel(logging.INFO)
import companion.config
from companion.daemon import Daemon

with tempfile.TemporaryDirectory() as tmp:
    companion.config.DEFAULT_PATH = Path(tmp) / "no-config.toml"  # as `companion run` starts
    config = dataclasses.replace(companion.config.load(None), web_port=PORT)  # not 8080
    daemon = Daemon(config, Path(tmp), simulate=True, web=True)
    daemon.start()
    daemon.stop()
print(json.dumps({"at_first_frame": loaded, "at_end": list(sys.modules)}))
"""


def test_nothing_heavy_is_imported_before_the_first_frame():
    from ports import free_port

    probe = PROBE.replace("PORT", str(free_port()))
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    modules = json.loads(out.splitlines()[-1])
    first = set(modules["at_first_frame"])
    assert first, "no first frame was drawn"
    assert "companion.devices.oled" in first  # the frame went through the real driver
    early = [m for m in first if m.split(".")[0] in HEAVY or any(
        m == h or m.startswith(h + ".") for h in HEAVY)]
    assert early == []
    assert {"flask", "gpiozero", "companion.rules"} <= set(modules["at_end"])  # loaded later


ARENAS = r"""
import ctypes, json, subprocess, tempfile, threading

spawned = []
_init = subprocess.Popen.__init__
def _record(self, args, *rest, **kw):
    spawned.append(str(args))
    _init(self, args, *rest, **kw)
subprocess.Popen.__init__ = _record

from companion.daemon.run import _few_malloc_arenas
took = _few_malloc_arenas()
kept, together = [], threading.Barrier(8)
def allocate():  # all alive at once (a finished thread's arena is handed to the next)
    kept.append(bytearray(1 << 16))  # malloc'd (not pymalloc): from this thread's arena
    together.wait()
threads = [threading.Thread(target=allocate) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
libc = ctypes.CDLL(None)
libc.fopen.restype = ctypes.c_void_p
with tempfile.NamedTemporaryFile() as out:
    stream = ctypes.c_void_p(libc.fopen(out.name.encode(), b"w"))
    libc.malloc_info(0, stream)
    libc.fclose(stream)
    heaps = open(out.name).read().count("<heap nr=")
print(json.dumps({"took": took, "spawned": spawned, "heaps": heaps}))
"""


def test_two_malloc_arenas_without_starting_a_process():
    """Eight threads that allocate share two malloc arenas (RSS flat over an evening), and
    reaching the C library starts no process (``find_library`` runs ``ldconfig -p``: 8 ms
    of a dark display here)."""
    if not hasattr(__import__("ctypes").CDLL(None), "malloc_info"):
        import pytest

        pytest.skip("not glibc: no malloc arenas to limit")
    out = subprocess.run([sys.executable, "-c", ARENAS], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    result = json.loads(out.splitlines()[-1])
    assert result["took"] is True
    assert result["spawned"] == []
    assert 1 <= result["heaps"] <= 2
