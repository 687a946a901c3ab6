"""Settings changed from the phone page, kept in the data directory.

The config file (/etc/companion/config.toml) is the administrator's, read-only to the service;
what players change on the page is saved here, atomically (write, fsync, rename): the table's
language and the hardware sections (`config.PAGE_SECTIONS`), laid over the config file at each
start. The language and the race options apply at once; pins, display and serial port at the
next start.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.daemon.atomic import write_atomically
from companion.i18n import LANGUAGES


@dataclass
class Settings:
    path: Path | None
    language: str = "en"
    hardware: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path | None, default_language: str) -> Settings:
        settings = cls(path, default_language)
        if path is None:
            return settings
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return settings
        if isinstance(data, dict) and data.get("language") in LANGUAGES:
            settings.language = data["language"]
        if isinstance(data, dict) and isinstance(data.get("hardware"), dict):
            settings.hardware = data["hardware"]
        return settings

    def as_json(self) -> dict[str, Any]:
        return {"language": self.language, "hardware": self.hardware}

    def save(self) -> None:
        if self.path is not None:
            write_atomically(self.path, json.dumps(self.as_json()))
