"""Why a setting (the config file's or the page's) cannot be used: one sentence per reason of
the refusal `bad_setting` (context ``refusal:bad_setting.REASON``). The command line says
them in the terminal's language, the page in the phone's. `key` names the setting: for the
config file's administrator as the file writes it (``buttons.players[1]``), on the page by
its name in words (`SETTING_NAMES`, context ``setting:KEY``: "Player 2's button"), a
family knowing no file."""

from __future__ import annotations

SETTING_REASONS: dict[str, str] = {
    "bad_setting.pin_number": "“{key}” must be a GPIO pin number from 0 to 27 (BCM numbering), "
                              "not {value}.",
    "bad_setting.pin_reserved": "“{key}”: pin {pin} is the display's {use} line. Choose another "
                                "pin.",
    "bad_setting.pin_list": "“{key}” must list 1 to {max} pin numbers.",
    "bad_setting.pin_taken": "“{key}”: pin {pin} is already used by “{other}”.",
    "bad_setting.whole_number": "“{key}” must be a whole number from {lo} to {hi}, not {value}.",
    "bad_setting.one_of": "“{key}” must be one of {options}, not {value}.",
    "bad_setting.boolean": "“{key}” must be true or false, not {value}.",
    "bad_setting.text": "“{key}” must be a text of at most 200 characters.",
    "bad_setting.ssid": "“{key}” must be a Wi-Fi name of at most 32 bytes of printable text, "
                        "not {value}.",
    "bad_setting.wpa_password": "“{key}” must be 8 to 63 printable ASCII characters, or empty "
                                "to have one made up.",
    "bad_setting.table_name": "“{key}” must be 1 to 32 letters, digits, - or _, not {value}.",
    "bad_setting.device_path": "“{key}” must be a device's full path such as /dev/ttyACM0, or "
                               "empty for none.",
    "bad_setting.sections": "“{key}” must be a table of sections.",
    "bad_setting.unknown_section": "There is no section “{key}”.",
    "bad_setting.unknown_key": "There is no setting “{key}”.",
    "bad_setting.not_a_section": "“{key}” must be a section ([{key}] and its keys), not a "
                                 "single value.",
    "bad_setting.not_on_page": "“{key}” cannot be changed on the page.",
    "bad_setting.file_unreadable": "The config file {key} cannot be read ({detail}).",
    "bad_setting.file_not_toml": "The config file {key} is not valid TOML ({detail}).",
}


# The settings the page may change (config.PAGE_SECTIONS), named as the page's form names them,
# written as a field's label (the sentences quote them). "KEY[]" is one of a list's items,
# numbered from 1 ({n}).
SETTING_NAMES: dict[str, str] = {
    "buttons.players": "Player buttons",
    "buttons.players[]": "Player {n}'s button",
    "buttons.ok": "OK button",
    "buttons.pull_up": "Pull-up resistors of the buttons",
    "buttons.debounce_ms": "Debounce time of the buttons",
    "leds.players": "Player LEDs",
    "leds.players[]": "Player {n}'s LED",
    "buzzer.pin": "Buzzer",
    "display.type": "Display",
    "display.i2c_port": "Display's I2C bus",
    "display.address": "Display address",
    "display.rotate": "Display rotation",
    "display.contrast": "Display contrast",
    "display.sh1106_column_offset": "Display's column offset",
    "display.dim_after_s": "Dimming the display after seconds",
    "display.off_after_s": "Switching the display off after seconds",
    "display.shift_pixels": "Shifting the display's picture",
    "serial.port": "Button box",
    "serial.baud": "Button box's speed",
    "race.tie_window_ms": "Tie window of the race",
    "race.false_start": "False starts",
    "race.countdown_s": "Race countdown",
    "race.settle_ms": "Settling time of the race",
}
