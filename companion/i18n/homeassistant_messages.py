"""Home Assistant's names for the table's sensors and device (club/homeassistant.py), in
English (catalog contexts ``homeassistant:KEY``; said in the table's language)."""

from __future__ import annotations

from companion.i18n.source import Source

HOMEASSISTANT: dict[str, Source] = {
    "homeassistant:game": "Game",  # the sensor whose value is the current game's title
    "homeassistant:score": "Score",  # the sensor whose value is the score ("Ida 3 : 2 Jan")
    "homeassistant:model": "board game referee",  # what the device is, under its name
}
