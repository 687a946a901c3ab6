"""Why a setting (the config file's or the page's) cannot be used: one sentence per reason of
the refusal `bad_setting` (context ``refusal:bad_setting.REASON``). The command line says
them in the terminal's language, the page in the phone's; `key` names the setting as the
file writes it (``buttons.players[1]``)."""

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
