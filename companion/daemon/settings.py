"""Settings changed from the phone page, kept in the data directory.

The config file (/etc/companion/config.toml) is the administrator's, read-only to the service;
what players change on the page is saved here, atomically (write, fsync, rename): the table's
language and the hardware sections (`config.PAGE_SECTIONS`), laid over the config file at each
start. The language and the race options apply at once; pins, display and serial port at the
next start.

A save is one write of the whole file, made on the hub thread (`Table.save_settings`): two
phones saving at once are applied one after the other, each on top of the other's change.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import config as configuration
from companion.atomic import write_atomically

SETTINGS_FILE = "settings.json"  # in the data directory


@dataclass
class Settings:
    path: Path | None
    language: str = "en"
    hardware: dict[str, dict[str, Any]] = field(default_factory=dict)
    chosen: bool = False  # a phone chose the language (else it is the config file's)

    @classmethod
    def load(cls, path: Path | None, default_language: str) -> Settings:
        settings = cls(path, default_language)
        if path is None:
            return settings
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return settings
        from companion.i18n import languages  # the catalogs: only when there is a file

        if isinstance(data, dict) and data.get("language") in languages():
            settings.language, settings.chosen = data["language"], True
        if isinstance(data, dict) and isinstance(data.get("hardware"), dict):
            settings.hardware = data["hardware"]
        return settings

    def as_json(self) -> dict[str, Any]:
        """What is kept: the language only once a phone chose it, so that the config file's
        (or, with none there, the first game's) still applies."""
        kept: dict[str, Any] = {"language": self.language} if self.chosen else {}
        return {**kept, "hardware": self.hardware}

    def save(self) -> None:
        if self.path is not None:
            write_atomically(self.path, json.dumps(self.as_json()))

    def changed(self, language: str | None, hardware: dict[str, dict[str, Any]],
                file_config: configuration.Config) -> tuple[Settings, configuration.Config]:
        """These settings with a change laid over them, and the config they make: validated
        (raises `ConfigError` naming the key), not yet saved. A change names keys: the other
        keys of its sections stay (the page's form shows only some of a section's keys)."""
        laid = dict(self.hardware)
        for section, keys in hardware.items():
            kept = laid.get(section)
            laid[section] = {**kept, **keys} if isinstance(kept, dict) and isinstance(
                keys, dict) else keys  # a section that is not a table is refused below
        wanted = Settings(self.path, language or self.language, laid,
                          self.chosen or language is not None)
        config = configuration.parse(wanted.hardware, file_config.source, base=file_config)
        return wanted, config


def with_live_sections(running: configuration.Config,
                       wanted: configuration.Config) -> configuration.Config:
    """The running config with the sections that apply at once taken from `wanted`."""
    live = {attr: getattr(wanted, attr) for section in configuration.LIVE_SECTIONS
            for attr, _ in configuration.SCHEMA[section].values()}
    return dataclasses.replace(running, **live)


def save_change(settings: Settings, language: str | None, hardware: dict[str, Any],
                file_config: configuration.Config, running: configuration.Config,
                replace: bool = False) -> configuration.Config:
    """Lay the page's change over `settings` and save it in one atomic write (on the hub
    thread: concurrent saves apply one after the other); `settings` is updated in place.
    With `replace` (a restore) the change is laid over no settings instead: none of the
    current ones stays. Raises `ConfigError` naming the key (nothing saved). Returns the
    running config with the sections that apply at once (the race options) taken from the
    change."""
    base = Settings(settings.path, file_config.language) if replace else settings
    wanted, config = base.changed(language, hardware, file_config)
    if wanted.as_json() != settings.as_json():
        wanted.save()
    settings.language, settings.hardware = wanted.language, wanted.hardware
    settings.chosen = wanted.chosen
    return with_live_sections(running, config)
