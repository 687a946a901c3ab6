"""Whether a companion is running on the doctor's data folder, and how to stop that one.

A running companion holds its data folder's lock (datalock.py), and with it the pins, the
display, the serial port and the web port the doctor would check: those show as in use. The
way to stop it depends on how it was started: the installed service (``sudo systemctl stop
companion``), or ``./run.sh`` / ``companion run`` in a terminal, as on a laptop (Ctrl+C
there). The kernel tells the two apart: a service's processes live in its control group
(``/proc/PID/cgroup`` ends in ``companion.service``).
"""

from __future__ import annotations

from pathlib import Path

from companion.datalock import holder
from companion.doctor import STOP_SERVICE, Finding
from companion.i18n.said import Said

SERVICE_UNIT = "companion.service"  # systemd/companion.service, as install.sh installs it


def runs_as_service(pid: int, proc: Path = Path("/proc")) -> bool | None:
    """True if `pid` runs in the service's control group, False if in another, None if it
    cannot be seen (gone meanwhile, another pid namespace, no /proc)."""
    try:
        groups = (proc / str(pid) / "cgroup").read_text()
    except OSError:
        return None
    # one line per hierarchy, "ID:CONTROLLERS:PATH" (cgroup v2: one line, "0::PATH")
    return any(line.split(":", 2)[-1].rstrip("/").split("/")[-1] == SERVICE_UNIT
               for line in groups.splitlines())


def stop_advice(pid: int | None, proc: Path = Path("/proc")) -> Said:
    """How to stop the companion with this pid (None: its pid is not known)."""
    service = None if pid is None else runs_as_service(pid, proc)
    if service:
        return STOP_SERVICE
    if service is False:
        return Said("doctor:stop_by_hand", pid=pid)
    return Said("doctor:stop_either")


def check_data_folder(data_dir: Path, proc: Path = Path("/proc")
                      ) -> tuple[Finding | None, Said]:
    """A finding if a companion is running on `data_dir` (None if none is), and how to stop
    the companion the other findings' fixes name."""
    held = holder(data_dir)
    if held is None:
        return None, STOP_SERVICE
    pid = int(held) if held.isdigit() else None
    stop = stop_advice(pid, proc)
    kind = {STOP_SERVICE.context: "data_held_service",
            "doctor:stop_by_hand": "data_held_by_hand"}.get(stop.context, "data_held")
    message = Said(f"doctor:{kind}", pid=held or "?", dir=str(data_dir))
    return Finding("data", False, message, Said("doctor:data_held_fix", stop=stop)), stop
