"""A box's own id on the broker: random once, then kept in its data folder.

Why: the `[mqtt] table` name is chosen by people ("table" unless someone renames it), so two
boxes can share it. The id tells them apart where a name cannot: in the MQTT client id (the
broker closes an older connection when a new one brings the same client id, so two boxes
with one id knock each other off every second), in every published message (the league keys
results on table, box and seq) and in the retained ``box`` topic a table watches for a clash.
The league keeps one too: its persistent session needs a client id that stays the same
across restarts and differs from another league's.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path

from companion.atomic import write_atomically

VALID = re.compile(r"[0-9a-f]{12}")


def stable_id(path: Path) -> str:
    """The id kept in `path`, made (12 hex digits) the first time. A file that holds no
    valid id (emptied by a crash, edited by hand) is replaced by a new id."""
    try:
        kept = path.read_text(encoding="ascii", errors="replace").strip()
    except FileNotFoundError:
        kept = ""
    if VALID.fullmatch(kept):
        return kept
    new = secrets.token_hex(6)
    write_atomically(path, new + "\n")  # never half an id
    return new
