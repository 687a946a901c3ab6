"""The companion's configuration: one TOML file, every key documented and validated.

An invalid file stops the daemon with a message naming the key — it never guesses. Defaults
match wiring.md (BCM numbering).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.host import DEFAULT_CONFIG_PATH

DEFAULT_PATH = DEFAULT_CONFIG_PATH
MAX_PLAYER_BUTTONS = 6
RESERVED_PINS = {2: "I2C SDA", 3: "I2C SCL"}


class ConfigError(Exception):
    """A value (or the file) that cannot be used: `key` names it, `reason` says why as a
    stable code with its `params`. `str(err)` is the English sentence; `text(lang)` says it
    in another (the sentences are refusals, ``bad_setting.REASON``: the page shows the same
    ones, in the phone's language)."""

    def __init__(self, key: str, reason: str, **params: Any) -> None:
        self.key, self.reason, self.params = key, reason, params
        super().__init__(key, reason)

    def refusal_params(self, named: bool = False) -> dict[str, Any]:
        """The params of its refusal, ``bad_setting``. `named`: the settings it names are said
        by their names in words (`SettingKey`), for people who know no config file: the
        page's and a backup's settings (the page wrote them); the file's by their keys."""
        params = {"key": self.key, "reason": self.reason, **self.params}
        if named:
            from companion.i18n import SettingKey

            params.update({k: SettingKey(params[k]) for k in ("key", "other") if k in params})
        return params

    def text(self, lang: str) -> str:
        from companion.i18n import message  # only when something is wrong

        return message("bad_setting", self.refusal_params(), lang)

    def __str__(self) -> str:
        return self.text("en")


def shown(value: Any) -> str:
    """A value as the file or the page wrote it (JSON's spelling is TOML's for these), short;
    a text in its quotes (the sentences put none around it)."""
    import json

    from companion.rules.base import shown as shown_value  # the rules load after the display

    return shown_value(json.dumps(value, ensure_ascii=False) if isinstance(value, str)
                       else value)


class ConfigFileError(ConfigError):
    """The file itself cannot be read, or is not TOML (`key` is its path)."""


@dataclass(frozen=True)
class Config:
    language: str = "en"
    web_host: str = "0.0.0.0"
    web_port: int = 8080
    player_pins: tuple[int, ...] = (17, 27)
    ok_pin: int | None = 22
    pull_up: bool = True
    debounce_ms: int = 40
    led_pins: tuple[int, ...] = (23, 24)
    buzzer_pin: int | None = 18
    display_type: str = "ssd1306"
    display_port: int = 1
    display_address: int = 0x3C
    display_rotate: int = 0
    display_contrast: int = 255
    display_sh1106_column_offset: int = 2
    display_dim_after_s: int = 300  # panel care (issue 19): 0 = never
    display_off_after_s: int = 3600
    display_shift_pixels: bool = True
    serial_port: str = ""
    serial_baud: int = 115200
    tie_window_ms: int = 10
    false_start: str = "ignore"
    countdown_s: int = 3
    settle_ms: int = 50
    mqtt_host: str = ""
    mqtt_port: int = 1883
    mqtt_table: str = "table"
    mqtt_username: str = ""
    mqtt_password: str = ""
    mqtt_tls: bool = False
    mqtt_ca_file: str = ""
    mqtt_discovery: bool = True  # Home Assistant's MQTT discovery (retained config topics)
    mqtt_discovery_prefix: str = "homeassistant"
    wifi_hotspot: str = "auto"  # the box's own access point: auto, always, off
    wifi_ssid: str = ""  # "" = table-<4 hex digits of the host name>
    wifi_password: str = ""  # "" = generated once and kept in the data directory
    source: str = "defaults"
    language_chosen: bool = False  # the file says `language` (else a phone may choose it)


# section -> key -> (Config attribute, checker)
def _pin(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 27:
        raise ConfigError(key, reason="pin_number", value=shown(value))
    if value in RESERVED_PINS:
        raise ConfigError(key, reason="pin_reserved", pin=value, use=RESERVED_PINS[value])
    return value


def _opt_pin(key: str, value: Any) -> int | None:
    """A pin or none (null, false or -1). GPIO 0 is a pin: not `value in (None, -1, False)`,
    which is true for 0 (0 == False)."""
    if value is None or value is False or (type(value) is int and value == -1):
        return None
    return _pin(key, value)


def _pins(key: str, value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYER_BUTTONS:
        raise ConfigError(key, reason="pin_list", max=MAX_PLAYER_BUTTONS)
    return tuple(_pin(f"{key}[{i}]", v) for i, v in enumerate(value))


def _int(lo: int, hi: int):
    def check(key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(key, reason="whole_number", lo=lo, hi=hi, value=shown(value))
        return value
    return check


def _int_choice(*options: int):
    def check(key: str, value: Any) -> int:
        if isinstance(value, bool) or value not in options:
            raise ConfigError(key, reason="one_of", options=list(map(str, options)),
                              value=shown(value))
        return value
    return check


def _choice(*options: str):
    def check(key: str, value: Any) -> str:
        if value not in options:
            raise ConfigError(key, reason="one_of", options=list(options), value=shown(value))
        return value
    return check


def _language(key: str, value: Any) -> str:
    from companion.i18n.catalogs import languages  # the catalogs on disk

    return _choice(*languages())(key, value)


def _bool(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(key, reason="boolean", value=shown(value))
    return value


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise ConfigError(key, reason="text")
    return value


def _ssid(key: str, value: Any) -> str:
    """A Wi-Fi name: 1 to 32 bytes, printable ("" = the default)."""
    if not isinstance(value, str) or len(value.encode()) > 32 or not value.isprintable():
        raise ConfigError(key, reason="ssid", value=shown(value))
    return value


def _wpa_password(key: str, value: Any) -> str:
    """A WPA2 passphrase: 8 to 63 printable ASCII characters ("" = generated)."""
    if not isinstance(value, str) or (value and not (
            8 <= len(value) <= 63 and all(" " <= c <= "~" for c in value))):
        raise ConfigError(key, reason="wpa_password")
    return value


def _table_name(key: str, value: Any) -> str:
    """An MQTT topic level of letters, digits, - and _ (no wildcards, no slashes)."""
    if not isinstance(value, str) or not 1 <= len(value) <= 32 or not all(
            c.isascii() and (c.isalnum() or c in "-_") for c in value):
        raise ConfigError(key, reason="table_name", value=shown(value))
    return value


def _device_path(key: str, value: Any) -> str:
    """A device's absolute path (e.g. /dev/ttyACM0), or "" for none: printable, no "..",
    so that a bad value is refused here and not by a thread at the next start."""
    if value == "":
        return value
    if not isinstance(value, str) or len(value) > 200 or not value.startswith("/") \
            or not value.isprintable() or ".." in value.split("/"):
        raise ConfigError(key, reason="device_path")
    return value


SCHEMA: dict[str, dict[str, tuple[str, Any]]] = {
    "": {"language": ("language", _language)},
    "web": {"host": ("web_host", _text), "port": ("web_port", _int(1, 65535))},
    "buttons": {"players": ("player_pins", _pins), "ok": ("ok_pin", _opt_pin),
                "pull_up": ("pull_up", _bool), "debounce_ms": ("debounce_ms", _int(0, 500))},
    "leds": {"players": ("led_pins", _pins)},
    "buzzer": {"pin": ("buzzer_pin", _opt_pin)},
    "display": {"type": ("display_type", _choice("ssd1306", "sh1106", "dummy", "none")),
                "i2c_port": ("display_port", _int(0, 10)),
                "address": ("display_address", _int(0x03, 0x77)),
                "rotate": ("display_rotate", _int_choice(0, 180)),  # screens are landscape
                "contrast": ("display_contrast", _int(0, 255)),
                "sh1106_column_offset": ("display_sh1106_column_offset", _int(0, 4)),
                "dim_after_s": ("display_dim_after_s", _int(0, 86400)),
                "off_after_s": ("display_off_after_s", _int(0, 86400)),
                "shift_pixels": ("display_shift_pixels", _bool)},
    "serial": {"port": ("serial_port", _device_path),
               "baud": ("serial_baud", _int(1200, 4_000_000))},
    "race": {"tie_window_ms": ("tie_window_ms", _int(0, 1000)),
             "false_start": ("false_start", _choice("ignore", "forfeit")),
             "countdown_s": ("countdown_s", _int(0, 10)),
             "settle_ms": ("settle_ms", _int(5, 1000))},
    "wifi": {"hotspot": ("wifi_hotspot", _choice("auto", "always", "off")),
             "ssid": ("wifi_ssid", _ssid), "password": ("wifi_password", _wpa_password)},
    # club play: the table publishes to this broker (not on the page: it holds a password)
    "mqtt": {"host": ("mqtt_host", _text), "port": ("mqtt_port", _int(1, 65535)),
             "table": ("mqtt_table", _table_name), "username": ("mqtt_username", _text),
             "password": ("mqtt_password", _text), "tls": ("mqtt_tls", _bool),
             "ca_file": ("mqtt_ca_file", _text), "discovery": ("mqtt_discovery", _bool),
             "discovery_prefix": ("mqtt_discovery_prefix", _table_name)},
}


def parse(data: dict[str, Any], source: str = "config", base: Config | None = None) -> Config:
    """Validate `data` (the TOML's tables) into a Config; keys not given keep `base`'s."""
    if not isinstance(data, dict):
        raise ConfigError("(top)", reason="sections")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            if key not in SCHEMA or key == "":
                raise ConfigError(key, reason="unknown_section")
            section = SCHEMA[key]
            for sub, sub_value in value.items():
                if sub not in section:
                    raise ConfigError(f"{key}.{sub}", reason="unknown_key")
                attr, check = section[sub]
                values[attr] = check(f"{key}.{sub}", sub_value)
        else:
            if key in SCHEMA and key != "":
                raise ConfigError(key, reason="not_a_section")
            if key not in SCHEMA[""]:
                raise ConfigError(key, reason="unknown_key")
            attr, check = SCHEMA[""][key]
            values[attr] = check(key, value)
    if "language" in values:
        values["language_chosen"] = True
    config = dataclasses.replace(base or Config(), **values, source=source)
    _check_pins_unique(config)
    return config


# What the phone page may change (the web address stays the administrator's: a wrong port
# would lock the page out). Everything but `race` takes effect at the next start.
PAGE_SECTIONS = ("buttons", "leds", "buzzer", "display", "serial", "race")
LIVE_SECTIONS = ("race",)


def as_sections(config: Config) -> dict[str, dict[str, Any]]:
    """The page-editable part of a config, in the file's own shape."""
    out: dict[str, dict[str, Any]] = {}
    for section in PAGE_SECTIONS:
        out[section] = {}
        for key, (attr, _) in SCHEMA[section].items():
            value = getattr(config, attr)
            out[section][key] = list(value) if isinstance(value, tuple) else value
    return out


def _check_pins_unique(config: Config) -> None:
    used: dict[int, str] = {}
    named = [(f"buttons.players[{i}]", p) for i, p in enumerate(config.player_pins)]
    named += [(f"leds.players[{i}]", p) for i, p in enumerate(config.led_pins)]
    named += [("buttons.ok", config.ok_pin), ("buzzer.pin", config.buzzer_pin)]
    for key, pin in named:
        if pin is None:
            continue
        if pin in used:
            raise ConfigError(key, reason="pin_taken", pin=pin, other=used[pin])
        used[pin] = key


def simulated_player_pins(config: Config, seats: int) -> tuple[int, ...]:
    """The player pins of a simulated table: the config's, then a free pin for each further
    seat up to `seats`, so that every seat of any game has a button to press (mock pins:
    nobody wires them). Free: used by nothing in the config, neither I2C's nor the ID
    EEPROM's (GPIO 0 and 1), from GPIO 4 upwards, the same ones at every start."""
    used = {*RESERVED_PINS, 0, 1, *config.player_pins, *config.led_pins,
            config.ok_pin, config.buzzer_pin}
    free = [pin for pin in range(28) if pin not in used]
    return config.player_pins + tuple(free[:max(0, seats - len(config.player_pins))])


def load(path: Path | None) -> Config:
    """The config at `path`, or /etc/companion/config.toml when it exists, or the defaults."""
    if path is None:
        if not DEFAULT_PATH.exists():
            return Config()
        path = DEFAULT_PATH
    import tomllib  # only with a file: not before the display's first frame otherwise

    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8-sig"))  # a BOM (Notepad)
    except OSError as exc:
        from companion.i18n.said import os_error

        raise ConfigFileError(str(path), reason="file_unreadable",
                              detail=os_error(exc)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigFileError(str(path), reason="file_not_toml", detail=str(exc)) from None
    return parse(data, str(path))
