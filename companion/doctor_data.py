"""Whether a companion is running on the doctor's data folder, and how to stop that one.

A running companion holds its data folder's lock (datalock.py), and with it the pins, the
display, the serial port and the web port the doctor would check: those show as in use. How
to stop it (the service, or one started in a terminal) is stop_advice.py's.
"""

from __future__ import annotations

from pathlib import Path

from companion.datalock import holder
from companion.doctor import Finding
from companion.i18n.said import Said
from companion.stop_advice import STOP_SERVICE, stop_advice


def check_data_folder(data_dir: Path, proc: Path = Path("/proc")
                      ) -> tuple[Finding | None, Said]:
    """A finding if a companion is running on `data_dir` (None if none is), and how to stop
    the companion the other findings' fixes name."""
    held = holder(data_dir)
    if held is None:
        return None, STOP_SERVICE
    stop = stop_advice(held, proc)
    kind = {STOP_SERVICE.context: "data_held_service",
            "doctor:stop_by_hand": "data_held_by_hand"}.get(stop.context, "data_held")
    message = Said(f"doctor:{kind}", pid=held or "?", dir=str(data_dir))
    return Finding("data", False, message, Said("doctor:data_held_fix", stop=stop)), stop
