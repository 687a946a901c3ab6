"""How to stop the companion that holds a data folder, for whoever finds it held: the doctor,
a second `companion run`, `companion restore`.

The way to stop it depends on how it was started: the installed service (``sudo systemctl
stop companion``), or ``./run.sh`` / ``companion run`` in a terminal, as on a laptop (Ctrl+C
there, or kill PID). The kernel tells the two apart: a service's processes live in its
control group (``/proc/PID/cgroup`` ends in ``companion.service``). The sentences keep their
``doctor:`` contexts (the doctor said them first).
"""

from __future__ import annotations

from pathlib import Path

from companion.i18n.said import Said

SERVICE_UNIT = "companion.service"  # systemd/companion.service, as install.sh installs it
STOP_SERVICE = Said("doctor:stop_service")


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


def stop_advice(pid: int | str | None, proc: Path = Path("/proc")) -> Said:
    """How to stop the companion with this pid (None, or a lock file's text that is no
    number: its pid is not known, both ways are said)."""
    if isinstance(pid, str):
        pid = int(pid) if pid.isdigit() else None
    service = None if pid is None else runs_as_service(pid, proc)
    if service:
        return STOP_SERVICE
    if service is False:
        return Said("doctor:stop_by_hand", pid=pid)
    return Said("doctor:stop_either")
