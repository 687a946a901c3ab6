"""The TOML configuration: documented example = defaults; errors name the key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.config import Config, ConfigError, load, parse
from companion.i18n.catalog import REASONS

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "config.toml"


def test_the_documented_example_is_exactly_the_defaults():
    loaded = load(EXAMPLE)
    assert {k: v for k, v in vars(loaded).items() if k != "source"} == \
        {k: v for k, v in vars(Config()).items() if k != "source"}


@pytest.mark.parametrize("data,key", [
    ({"buttons": {"players": [17, 99]}}, "buttons.players[1]"),
    ({"buttons": {"players": [2, 27]}}, "buttons.players[0]"),
    ({"buttons": {"players": []}}, "buttons.players"),
    ({"buttons": {"ok": 17}}, "buttons.ok"),
    ({"leds": {"players": [23, 17]}}, "leds.players[1]"),
    ({"buzzer": {"pin": "18"}}, "buzzer.pin"),
    ({"display": {"type": "lcd"}}, "display.type"),
    ({"display": {"rotate": 45}}, "display.rotate"),
    ({"display": {"rotate": False}}, "display.rotate"),
    ({"display": {"contrast": 256}}, "display.contrast"),
    ({"display": {"sh1106_column_offset": 5}}, "display.sh1106_column_offset"),
    ({"display": {"dim_after_s": -1}}, "display.dim_after_s"),
    ({"display": {"off_after_s": 86401}}, "display.off_after_s"),
    ({"display": {"off_after_s": 1.5}}, "display.off_after_s"),
    ({"display": {"shift_pixels": "yes"}}, "display.shift_pixels"),
    ({"race": {"tie_window_ms": -1}}, "race.tie_window_ms"),
    ({"race": {"false_start": "maybe"}}, "race.false_start"),
    ({"web": {"prot": 80}}, "web.prot"),
    ({"wlan": {"ssid": "x"}}, "wlan"),
    ({"language": "xx"}, "language"),
])
def test_bad_values_name_their_key(data, key):
    with pytest.raises(ConfigError) as info:
        parse(data)
    assert info.value.key == key
    # each reason has its own sentence (the page says it in the phone's language)
    assert f"bad_setting.{info.value.reason}" in REASONS
    assert f"“{key}”" in str(info.value)


@pytest.mark.parametrize("data, english, german", [
    ({"display": {"contrast": 300}}, "“display.contrast” must be a whole number from 0 to 255, "
                                     "not 300.", "ganze Zahl von 0 bis 255"),
    ({"buttons": {"players": [17, 17]}}, "“buttons.players[1]”: pin 17 is already used by "
                                         "“buttons.players[0]”.", "wird schon von"),
    ({"buttons": {"ok": 2}}, "“buttons.ok”: pin 2 is the display's I2C SDA line. Choose "
                             "another pin.", "Wähle einen anderen"),
    ({"race": {"false_start": "maybe"}}, "“race.false_start” must be one of ignore, forfeit, "
                                         "not \"maybe\".", "muss eines von"),
])
def test_a_bad_value_is_said_in_english_and_in_german(data, english, german):
    with pytest.raises(ConfigError) as info:
        parse(data)
    assert str(info.value) == english
    assert german in info.value.text("de") and info.value.key in info.value.text("de")


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    """Windows' Notepad starts a UTF-8 file with a BOM; the file is still the same TOML."""
    path = tmp_path / "config.toml"
    path.write_bytes("\ufeff[web]\nport = 8090\n".encode())
    assert load(path).web_port == 8090


def test_a_section_given_as_one_value_says_it_is_a_section():
    with pytest.raises(ConfigError) as info:
        parse({"web": 5})
    assert info.value.key == "web" and "[web]" in str(info.value)


def test_unreadable_and_invalid_files(tmp_path):
    with pytest.raises(ConfigError, match="cannot be read"):
        load(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[buttons\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load(bad)


def test_minus_one_switches_an_optional_pin_off():
    config = parse({"buttons": {"ok": -1}, "buzzer": {"pin": -1}})
    assert config.ok_pin is None and config.buzzer_pin is None
    assert tomllib.loads(EXAMPLE.read_text())["display"]["address"] == 0x3C


@pytest.mark.parametrize("port", ["\u0000", "/dev/tty\u0000USB0", "ttyUSB0", "/dev/../x",
                                  "/dev/tty\nUSB0", "/" + "x" * 300, 5])
def test_a_device_path_that_cannot_be_a_device_is_refused_naming_the_key(port):
    with pytest.raises(ConfigError) as info:
        parse({"serial": {"port": port}})
    assert info.value.key == "serial.port"


@pytest.mark.parametrize("port", ["", "/dev/ttyACM0", "/dev/serial/by-id/usb-companion_1-if00"])
def test_a_device_path_or_none_is_accepted(port):
    assert parse({"serial": {"port": port}}).serial_port == port


def test_display_panel_options_are_read():
    config = parse({"display": {"rotate": 180, "contrast": 0, "sh1106_column_offset": 0}})
    assert (config.display_rotate, config.display_contrast,
            config.display_sh1106_column_offset) == (180, 0, 0)


def test_display_panel_care_options_are_read():
    config = parse({"display": {"dim_after_s": 60, "off_after_s": 0, "shift_pixels": False}})
    assert (config.display_dim_after_s, config.display_off_after_s,
            config.display_shift_pixels) == (60, 0, False)
