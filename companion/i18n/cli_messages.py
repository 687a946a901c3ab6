"""What `companion doctor` finds and the command line says, in English (catalog contexts
``doctor:KEY`` and ``cli:KEY``; made as `said.Said` where the facts are, said in the reader's
language when shown)."""

from __future__ import annotations

from companion.i18n.source import Source

SENTENCES: dict[str, Source] = {
    # --- the doctor: how a finding is shown ------------------------------------------------
    "doctor:fix": "fix: {fix}",
    "doctor:finding": "{check}: {message}",  # after ✓ or ✗: what was checked, what was found
    # a command's name before what it says on its error stream ("companion replay: line 2: …")
    "cli:program_says": "{program}: {message}",
    "doctor:all_good": "all good",
    "doctor:problems": {
        "count": "n",
        "one": "{n} problem found",
        "other": "{n} problems found",
    },
    "doctor:simulation": "(simulation: mock pins, virtual display)",
    "doctor:buttons_simulated": "(buttons not checked: in simulation there are none to press; "
                                "run companion doctor on the Pi without --simulate)",
    "doctor:config_fix": "correct that key (examples/config.toml lists them all)",
    "doctor:config_file_fix": "make the file readable TOML (examples/config.toml shows the "
                              "format)",
    "doctor:stop_service": "stop the running companion first: sudo systemctl stop companion",
    # the data folder held by a companion (companion/datalock.py) and how to stop it
    "doctor:check_data": "data folder",
    "doctor:data_held_service": "the companion service (pid {pid}) is running on {dir} (what it "
                                "uses shows as in use below)",
    "doctor:data_held_by_hand": "the companion started by hand as pid {pid} is running on {dir} "
                                "(what it uses shows as in use below)",
    "doctor:data_held": "a companion (pid {pid}) is running on {dir} (what it uses shows as in "
                        "use below)",
    "doctor:data_held_fix": "{stop}, or check another data folder: --data DIR",
    "doctor:stop_by_hand": "stop the companion started by hand first (Ctrl+C in its "
                           "terminal, or kill {pid})",
    "doctor:stop_either": "stop the running companion first: Ctrl+C in the terminal it was "
                          "started in, or sudo systemctl stop companion for the service",
    # --- the display and I2C --------------------------------------------------------------
    "doctor:i2c_on": "I2C bus {port} is on ({bus})",
    "doctor:i2c_off": "no {bus}: I2C is switched off",
    "doctor:i2c_off_fix": "sudo raspi-config nonint do_i2c 0, then reboot",
    "doctor:i2c_cannot_open": "cannot open I2C bus {port}: {error}",
    "doctor:i2c_cannot_open_fix": (
        "add the user to the i2c group, or switch I2C on: sudo raspi-config nonint do_i2c 0"),
    "doctor:display_answers": "a display answers at {address}",
    "doctor:display_elsewhere": "no display at {address}, but one answers at {other}",
    "doctor:display_elsewhere_fix": "set [display] address = {other}",
    "doctor:display_silent": "no display answers at {address}",
    "doctor:display_silent_fix": (
        "check the OLED wiring: SDA to pin 3, SCL to pin 5, VCC to 3.3 V (pin 1), GND (pin 6); "
        "see wiring.md"),
    "doctor:display_none": "no display configured",
    "doctor:display_dummy": "luma's dummy display: frames only on the phone page",
    "doctor:display_virtual": "simulation: the display is virtual",
    # --- pins -----------------------------------------------------------------------------
    "doctor:role_player": "player {n} button",
    "doctor:role_ok": "OK button",
    "doctor:role_led": "LED {n}",
    "doctor:role_buzzer": "buzzer",
    "doctor:pin_in_use": "GPIO{pin} ({role}) is in use",
    "doctor:pin_in_use_fix": "free it, choose another pin in the config, or {stop}",
    "doctor:pin_error": "GPIO{pin} ({role}): {error}",
    "doctor:pin_error_fix": "add the user to the gpio group; {stop}",
    "doctor:pins_free": {
        "count": "n",
        "one": "the {n} pin is free: {pins}",
        "other": "all {n} pins free: {pins}",
    },
    # --- the serial button box --------------------------------------------------------------
    "doctor:serial_none": "no serial button box configured",
    "doctor:serial_held": "{finding}; held by {holders}",
    "doctor:serial_held_fix": (
        "stop it (ModemManager: install hardware/99-companion-buttons.rules, which sets "
        "ID_MM_DEVICE_IGNORE, or sudo systemctl disable --now ModemManager); then {fix}"),
    "doctor:retry": "retry",
    "doctor:serial_missing": "{port} does not exist: the button box is not plugged in",
    "doctor:serial_missing_fix": (
        "plug it in; install hardware/99-companion-buttons.rules for /dev/companion-buttons"),
    "doctor:serial_cannot_open": "cannot open {port}: {error}",
    "doctor:serial_cannot_open_fix": "add the user to the dialout group; {stop}",
    "doctor:serial_ok": "button box on {port}: {hello}",
    "doctor:serial_failed": "{port} failed while talking: {error}",
    "doctor:serial_failed_fix": "replug the box",
    "doctor:serial_silent": "{port} does not speak the button box protocol",
    "doctor:serial_silent_fix": (
        "flash hardware/buttonbox/main.py onto the Pico (hardware/buttonbox/README.md)"),
    # --- the database and the web port ------------------------------------------------------
    "doctor:database_unwritable": "cannot write the games database in {dir}: {error}",
    "doctor:database_unwritable_fix": (
        "give the companion user that directory (the service's StateDirectory does), or pass "
        "--data DIR"),
    "doctor:database_ok": "games database directory writable: {dir}",
    "doctor:web_port_taken": "web port {port} on {host}: {why}",
    "doctor:in_use": "in use",
    "doctor:web_port_taken_fix": "set [web] port to a free one, or {stop}",
    "doctor:web_port_free": "web port {port} is free",
    # --- the network ----------------------------------------------------------------------
    "doctor:wifi_off": "own Wi-Fi off ([wifi] hotspot = \"off\"): phones must be on the Pi's "
                       "network",
    "doctor:wifi_simulation": "simulation: this computer's network is left alone",
    "doctor:wifi_no_interface": "no Wi-Fi interface",
    "doctor:wifi_no_interface_fix": "phones need the Pi's network (a cable), or a Pi with Wi-Fi",
    "doctor:wifi_hotspot_up": {
        "count": "joined",
        "one": "the box's own Wi-Fi is up on {device} ({joined} phone joined): phones scan "
               "the Wi-Fi QR code on the display",
        "other": "the box's own Wi-Fi is up on {device} ({joined} phones joined): phones scan "
                 "the Wi-Fi QR code on the display",
    },
    "doctor:wifi_nmcli_fix": (
        "install NetworkManager (Raspberry Pi OS Bookworm has it), or set [wifi] hotspot = "
        "\"off\""),
    "doctor:wifi_network": "on the network “{network}”: phones join that one",
    "doctor:wifi_network_always": (
        "on the network “{network}”: phones join that one (hotspot = \"always\": the box "
        "opens its own when it starts)"),
    "doctor:wifi_none": (
        "no network connected on {device}: the companion opens its own Wi-Fi 20 s after it "
        "starts (hold OK while it starts to open it at once)"),
    "doctor:reach_ok": "phones reach the companion at {url}",
    "doctor:reach_own_wifi": "no other network: phones join the companion's own Wi-Fi",
    "doctor:reach_none": (
        "no network: no phone can reach the companion (its page is at {url} on this machine "
        "only; the display says “No network” instead of a QR code)"),
    "doctor:reach_none_fix": (
        "plug in a network cable or join a Wi-Fi (sudo nmcli device wifi connect NAME "
        "password PASSWORD), or let the companion open its own Wi-Fi ([wifi] hotspot = "
        "\"auto\"); the pairing address follows without a restart"),
    # --- the installation (companion doctor --offline) --------------------------------------
    "doctor:part_broken": "{part} does not load: {error}",
    "doctor:reinstall": "reinstall: sudo ./install.sh (the previous version stays)",
    "doctor:page_missing": "the phone page's files are missing: {files}",
    "doctor:parts_ok": "every part loads ({n}), the page's files are there",
    "doctor:game_broken": "{game} cannot play a game: {error}",
    "doctor:games_ok": "each game plays a whole game ({games})",
    # --- the buttons (companion doctor --buttons) -------------------------------------------
    "doctor:buttons_unclaimed": "cannot claim the buttons: {error}",
    "doctor:button_stuck": "the {role} (GPIO{pin}) reads pressed without being touched",
    "doctor:button_stuck_fix": (
        "check [buttons] pull_up (true: button to GND) and that the wire does not touch GND "
        "elsewhere"),
    "doctor:clock_unknown": (
        "the pin backend stamps edges on no known clock: races are decided by arrival order"),
    "doctor:clock_unknown_fix": (
        "update gpiozero and lgpio (pip install -U gpiozero lgpio in the companion's venv)"),
    "doctor:clock_realtime": "edge times come on the realtime clock (converted)",
    "doctor:press_now": "press the {role} (GPIO{pin}) now",
    "doctor:no_press": "no press of the {role} (GPIO{pin}) within {seconds} s",
    "doctor:no_press_fix": "check its wires: GPIO{pin} to one contact, GND to the other "
                           "(wiring.md)",
    "doctor:wrong_button": "asked for the {role} (GPIO{pin}), got the {other} (GPIO{other_pin})",
    "doctor:wrong_button_fix": "swap those two wires, or swap the pins in [buttons] of the "
                               "config",
    "doctor:pressed": "{role} (GPIO{pin}) pressed",
    # --- club play (MQTT) -------------------------------------------------------------------
    "doctor:mqtt_none": "no MQTT broker configured (club play off)",
    "doctor:mqtt_unreachable": "cannot reach the MQTT broker at {where}: {error}",
    "doctor:mqtt_unreachable_fix": (
        "start the broker (sudo systemctl start mosquitto) or correct [mqtt] host and port; "
        "the table plays on and keeps what it sends"),
    "doctor:mqtt_silent": "the MQTT broker at {where} did not answer",
    "doctor:mqtt_silent_fix": "check [mqtt] port and tls",
    "doctor:mqtt_refused": "the MQTT broker at {where} refused the table: {reason}",
    "doctor:mqtt_refused_fix": "check [mqtt] username and password (and the broker's acl)",
    "doctor:mqtt_ok": "MQTT broker at {where} accepts table “{table}”{waiting}",
    "doctor:mqtt_waiting": {
        "count": "n",
        "one": "; {n} message waits in the outbox",
        "other": "; {n} messages wait in the outbox",
    },
    # the doctor's checks, as each finding line names them ("✓ display: …")
    "doctor:check_config": "config",
    "doctor:check_buttons": "buttons",
    "doctor:check_database": "database",
    "doctor:check_display": "display",
    "doctor:check_i2c": "I2C",
    "doctor:check_pins": "pins",
    "doctor:check_program": "program",
    "doctor:check_rules": "rules",
    "doctor:check_serial": "serial",
    "doctor:check_web": "web",
    "doctor:check_wifi": "wifi",
    "doctor:check_network": "network",
    "doctor:check_mqtt": "MQTT",
    "doctor:config_defaults": "defaults (no config file)",
    "doctor:check_page_settings": "page settings",
    "doctor:page_settings": "the hardware settings saved on the page ({file}) are laid over "
                            "the config file, as the companion runs them; the checks below "
                            "use them",
    "doctor:page_settings_ignored": "the hardware settings saved on the page cannot be used, "
                                    "so the companion runs without them: {error}",
    "doctor:page_settings_fix": "save them again on the page's settings (or delete {file})",
    # --- why the OS refused (said.os_error), after a colon; any other reason is the OS's own
    "os:ENOENT": "there is no such file or folder",
    "os:EACCES": "permission denied",
    "os:ENOSPC": "no space left on the storage",
    "os:EROFS": "the storage is read-only",
    "os:EISDIR": "that is a folder, not a file",
    "os:ENOTDIR": "a part of the path is not a folder",
    "os:EEXIST": "that exists already",
    # --- the command line -------------------------------------------------------------------
    # --- the simulation's terminal table (companion/daemon/console.py) ---------------------
    "console:keys": "    n        new How Ruck! game (A against B)\n"
                    "    o        press OK (starts the race)\n"
                    "    1 … 6    press that player's button\n"
                    "    t        press P1's and P2's buttons at once (a race tie)\n"
                    "    q        quit",
    "console:tie": "Tie ({ms} ms apart): each player draws a card.",
    "console:tie_plain": "Tie: each player draws a card.",
    "console:won": "Stopp! {player} won the race, {ms} ms ahead.",
    "console:won_plain": "Stopp! {player} won the race.",
    "console:won_false_start": "Stopp! {player} won the race: the other player "
                               "false-started.",
    "console:false_start": "False start by {player}.",
    "console:game": "Game #{id} ({title})",
    "console:line": "{game}: {what}",
    "console:turn": "{player} to play.",
    "console:barrel": "the barrel is on field {field}, {player}'s turn.",
    "console:barrel_only": "the barrel is on field {field}.",
    "console:over_won": "game over, {player} won.",
    "console:over_draw": "game over, a draw.",
    "console:teams": "round {round}: race for the barrel to form the teams.",
    "cli:cannot_read": "cannot read {file}: {error}",
    "cli:cannot_write": "cannot write {file}: {error}",
    "cli:no_header": "line 1: the file has no header",
    "cli:no_database": "no games database in {dir}",
    "cli:no_folder": "no folder {folder}: a backup is written only into a folder that exists "
                     "(is the USB stick mounted?)",
    "cli:backup_failed_check": "the copy of the games fails the backup check, so {file} was "
                               "not written: {problem} [{code}]",
    "cli:backup_is_database": "{file} is the games database itself: name another file",
    "cli:not_a_backup_kept": "{file} is there and is not a companion backup: it is left as it "
                             "is; name another file",
    "cli:config_error": "configuration error: {error}",
    "cli:backup_written": {
        "count": "n",
        "one": "backup written to {file}: {n} game",
        "other": "backup written to {file}: {n} games",
    },
    "cli:restored": {
        "count": "n",
        "one": "{n} game restored from {file}; the data it replaced is kept in {kept}",
        "other": "{n} games restored from {file}; the data they replaced is kept in {kept}",
    },
    "cli:cannot_start": "cannot start: {error}",
    "cli:port_in_use": "cannot start: the page's address {address} is in use already (perhaps "
                       "by a companion that is running). Stop the other program or choose "
                       "another port with --port or [web] port.",
    # {stop}: how to stop the companion holding the folder (stop_advice.py)
    "cli:cannot_start_busy": "cannot start: a companion is already running on {data} (process "
                             "{pid}); {stop}, or start this one on another data folder "
                             "(--data DIR)",
    "cli:unknown_screen": "unknown screen “{screen}” (one of: {known})",
    "cli:text_cut": "text cut to fit: “{text}”",
    "cli:nothing_for_screen": "{file} holds nothing the {screen} screen draws (the race "
                              "screen: a race view with its phase)",
    "cli:screen_needs_state": "the {screen} screen needs --state FILE (the race screen: a "
                              "race view with its phase)",
    # a game file's problems (`companion replay`, `companion render --state`)
    "cli:at_line": "line {line}: {problem}",
    "cli:in_file": "{file}: {problem}",
    "cli:line_too_long": "longer than {max} bytes",
    "cli:not_utf8": "not UTF-8 text",
    "cli:is_database": "this is a games database (SQLite), not a game file (JSON Lines: a "
                       "header, then one action a line)",
    # `companion replay --text` (and at a terminal): what each action did, in sentences
    "cli:replay_accepted": "line {line}: {what}",
    "cli:replay_accepted_plain": "line {line}: accepted.",
    "cli:replay_refused": "line {line}: refused: {message} [{code}]",
    "cli:replay_end": "At the end: {what}",
    "cli:not_json": "not JSON ({detail})",  # detail: the JSON reader's own words
    "cli:not_json_deep": "not JSON (nested too deep)",
    "cli:not_object": "not a JSON object",
    "cli:unknown_header_key": "unknown header key “{key}”",
    "cli:header_needs": "the header needs “game” and “players”",
    "cli:header_refused": "the header is refused: {reason} [{code}]",
    # a game saved as the page's history (GET /api/games/N/history): one JSON object
    "cli:history_shape": "a saved history needs “header” (a JSON object) and “actions” (a "
                         "list)",
    "cli:state_of_other_game": "the state is a game of “{game}”, not of “{screen}”: "
                               "name its screen ({game})",
}

# the league's page is said the same way (its own module: its own readers)
from companion.i18n.league_messages import LEAGUE  # noqa: E402

SENTENCES.update(LEAGUE)

# what a move did at the table (`companion replay --text`)
from companion.i18n.replay_messages import REPLAY  # noqa: E402

SENTENCES.update(REPLAY)

# the results file for a spreadsheet (`GET /api/results.csv?format=spreadsheet`)
from companion.i18n.results_messages import RESULTS  # noqa: E402

SENTENCES.update(RESULTS)

# Home Assistant's names for the table's sensors (MQTT discovery, in the table's language)
from companion.i18n.homeassistant_messages import HOMEASSISTANT  # noqa: E402

SENTENCES.update(HOMEASSISTANT)
