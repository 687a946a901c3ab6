"""Settings changed from the phone page, kept in the data directory.

The config file (/etc/companion/config.toml) is the administrator's, read-only to the service;
what players change on the page (for now the table's language) is saved here, atomically
(write, fsync, rename), and applied at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.daemon.pairing import write_atomically
from companion.i18n import LANGUAGES


@dataclass
class Settings:
    path: Path | None
    language: str = "en"

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
        return settings

    def as_json(self) -> dict[str, Any]:
        return {"language": self.language}

    def save(self) -> None:
        if self.path is not None:
            write_atomically(self.path, json.dumps(self.as_json()))
