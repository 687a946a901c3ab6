"""`companion doctor` against simulated faults: each finding names the problem and its fix."""

from __future__ import annotations

import errno
import os
import socket

from gpiozero import Button
from ports import free_port
from test_serialbox import Box

from companion.cli import main as cli_main
from companion.config import parse
from companion.devices.virtual_oled import VirtualOled
from companion.doctor import check_display, check_i2c, diagnose

WEB = {"host": "127.0.0.1", "port": free_port()}


def findings(config, tmp_path, open_bus=None):
    return {f.check: f for f in diagnose(config, tmp_path / "data", simulate=True,
                                         open_bus=open_bus)}


def test_a_healthy_simulated_table_is_all_good(tmp_path, mock_pins, capsys):
    config = tmp_path / "config.toml"
    config.write_text(f"[web]\nhost = \"127.0.0.1\"\nport = {free_port()}\n")
    assert cli_main(["doctor", "--simulate", "--config", str(config), "--data",
                     str(tmp_path / "data")]) == 0
    out = capsys.readouterr().out
    assert "all good" in out and "✗" not in out


def test_display_not_answering_names_the_wiring(tmp_path, mock_pins):
    panel = VirtualOled("ssd1306")
    panel.fail = errno.EREMOTEIO
    found = findings(parse({"web": WEB}), tmp_path, open_bus=lambda port: panel)
    assert not found["display"].ok
    assert "no display answers at 0x3C" in found["display"].message
    assert "SDA" in found["display"].fix


def test_display_at_the_other_address_is_pointed_out(tmp_path, mock_pins):
    panel = VirtualOled("sh1106", address=0x3D)
    found = findings(parse({"web": WEB}), tmp_path, open_bus=lambda port: panel)
    assert not found["display"].ok
    assert found["display"].fix == "set [display] address = 0x3D"
    right = findings(parse({"web": WEB, "display": {"address": 0x3D}}), tmp_path,
                     open_bus=lambda port: panel)
    assert right["display"].ok


def test_i2c_switched_off(tmp_path):
    (tmp_path / "dev").mkdir()
    [finding] = check_i2c(parse({}), tmp_path / "dev")
    assert not finding.ok and "raspi-config nonint do_i2c 0" in finding.fix
    (tmp_path / "dev" / "i2c-1").touch()
    [finding] = check_i2c(parse({}), tmp_path / "dev")
    assert finding.ok


def test_cannot_open_the_bus(tmp_path):
    def no_permission(port):
        raise PermissionError(errno.EACCES, "Permission denied")
    [finding] = check_display(parse({}), no_permission)
    assert not finding.ok and "i2c group" in finding.fix


def test_pin_in_use(tmp_path, mock_pins):
    squatter = Button(27)
    try:
        found = findings(parse({"web": WEB}), tmp_path)
    finally:
        squatter.close()
    assert not found["pins"].ok
    assert "GPIO27 (player 2 button) is in use" in found["pins"].message
    assert findings(parse({"web": WEB}), tmp_path)["pins"].ok  # released again


def test_a_simulated_table_claims_a_button_for_every_seat(tmp_path, mock_pins):
    """`companion run --simulate` gives each further seat a game can have a button of its
    own (P3 to P6 of a six-player game); the doctor in simulation claims the same pins."""
    found = findings(parse({"web": WEB}), tmp_path)["pins"]
    assert found.ok and found.message.params["n"] == 10
    assert "GPIO17, GPIO27, GPIO4, GPIO5, GPIO6, GPIO7, GPIO22" in found.message
    squatter = Button(4)
    try:
        found = findings(parse({"web": WEB}), tmp_path)["pins"]
    finally:
        squatter.close()
    assert "GPIO4 (player 3 button) is in use" in found.message


def test_no_serial_box(tmp_path, mock_pins):
    found = findings(parse({"web": WEB, "serial": {"port": str(tmp_path / "none")}}),
                     tmp_path)
    assert not found["serial"].ok and "not plugged in" in found["serial"].message


def test_serial_box_present_and_talking(tmp_path, mock_pins):
    link = tmp_path / "companion-buttons"
    box = Box(link)
    try:
        found = findings(parse({"web": WEB, "serial": {"port": str(link)}}), tmp_path)
    finally:
        box.unplug()
    assert found["serial"].ok and "HELLO companion-buttons 1" in found["serial"].message


def test_something_else_on_the_serial_port(tmp_path, mock_pins):
    master, slave = os.openpty()
    try:
        config = parse({"web": WEB, "serial": {"port": os.ttyname(slave)}})
        os.write(master, b"AT+OK\r\n")
        found = {f.check: f for f in diagnose(config, tmp_path, simulate=True)}
    finally:
        os.close(master)
        os.close(slave)
    assert not found["serial"].ok and "flash" in found["serial"].fix


def test_web_port_in_use_and_database_not_writable(tmp_path, mock_pins):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        blocked = tmp_path / "file"
        blocked.write_text("not a directory")
        found = {f.check: f for f in diagnose(parse({"web": {"host": "127.0.0.1",
                                                             "port": port}}),
                                              blocked / "data", simulate=True)}
    assert not found["web"].ok and "in use" in found["web"].message
    assert not found["database"].ok and "--data" in found["database"].fix


def test_doctor_exit_code_and_fix_lines(tmp_path, mock_pins, capsys):
    config = tmp_path / "config.toml"
    config.write_text(f'[web]\nport = {free_port()}\n[serial]\nport = "{tmp_path}/absent"\n')
    assert cli_main(["doctor", "--simulate", "--config", str(config), "--data",
                     str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "✗ serial" in out and "  fix: plug it in" in out and "1 problem found" in out


def test_invalid_config_is_a_finding(tmp_path, capsys):
    config = tmp_path / "config.toml"
    config.write_text("[buttons]\nplayers = [2]\n")
    assert cli_main(["doctor", "--config", str(config), "--data", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "✗ config: “buttons.players[0]”: pin 2 is the display's I2C SDA" in out
    assert "correct that key" in out
    config.write_text("[buttons\n")  # not TOML at all: no key to correct
    assert cli_main(["doctor", "--config", str(config), "--data", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "not valid TOML" in out and "correct that key" not in out
    assert "examples/config.toml" in out


def test_a_process_holding_the_box_port_is_named(tmp_path, mock_pins):
    """ModemManager (here a stand-in child) holding the port: doctor says who, and how to stop
    it."""
    import subprocess
    master, slave = os.openpty()
    holder = subprocess.Popen(["sleep", "30"], stdin=slave)
    try:
        config = parse({"web": WEB, "serial": {"port": os.ttyname(slave)}})
        os.write(master, b"AT+OK\r\n")
        found = {f.check: f for f in diagnose(config, tmp_path, simulate=True)}
    finally:
        holder.kill()
        holder.wait()
        os.close(master)
        os.close(slave)
    assert not found["serial"].ok
    assert f"held by sleep (pid {holder.pid})" in found["serial"].message
    assert "ID_MM_DEVICE_IGNORE" in found["serial"].fix or "ModemManager" in found["serial"].fix


def test_the_doctor_speaks_the_terminals_language_or_the_one_asked_for(tmp_path, mock_pins,
                                                                      capsys, monkeypatch):
    config = tmp_path / "config.toml"
    config.write_text(f'[web]\nport = {free_port()}\n[serial]\nport = "{tmp_path}/absent"\n')
    args = ["doctor", "--simulate", "--config", str(config), "--data", str(tmp_path)]
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert cli_main(args) == 1
    out = capsys.readouterr().out
    assert "existiert nicht: die Tastenbox ist nicht eingesteckt" in out
    assert "  Lösung: einstecken" in out and "1 Problem gefunden" in out
    assert "✗ Tastenbox: " in out and "✓ Einstellungen: " in out  # the checks' names too
    assert cli_main([*args, "--lang", "fr"]) == 1
    out = capsys.readouterr().out
    assert "le boîtier de boutons n’est pas branché" in out and "1 problème trouvé" in out
    assert "Lösung" not in out and "solution\u202f: branchez-le" in out
    assert "✗ boîtier de boutons\u202f: " in out and "✓ base de données\u202f: " in out


def test_the_hardware_saved_on_the_page_is_what_the_doctor_checks(tmp_path, mock_pins, capsys):
    """The daemon runs with the page's hardware settings laid over the config file; a doctor
    checking the file's pins alone would check buttons the table does not use."""
    from companion.daemon.settings import SETTINGS_FILE, Settings
    config = tmp_path / "config.toml"
    config.write_text(f"[web]\nhost = \"127.0.0.1\"\nport = {free_port()}\n")
    data = tmp_path / "data"
    data.mkdir()
    assert cli_main(["doctor", "--simulate", "--config", str(config), "--data", str(data)]) == 0
    assert "GPIO22" in capsys.readouterr().out  # the OK button's pin by default
    Settings(data / SETTINGS_FILE, hardware={"buttons": {"ok": 4}}).save()  # as the page saves
    assert cli_main(["doctor", "--simulate", "--config", str(config), "--data", str(data)]) == 0
    out = capsys.readouterr().out
    assert f"✓ page settings: the hardware settings saved on the page ({data / SETTINGS_FILE})" \
        in out
    pins = next(line for line in out.splitlines() if line.startswith("✓ pins"))
    assert "GPIO4" in pins and "GPIO22" not in pins
    Settings(data / SETTINGS_FILE, hardware={"buttons": {"ok": 2}}).save()  # the I2C pin
    assert cli_main(["doctor", "--simulate", "--config", str(config), "--data",
                     str(data), "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert "✗ " in out and "„buttons.ok“" in out and "1 Problem gefunden" in out


def test_a_companion_started_by_hand_is_named_with_how_to_stop_it(tmp_path, mock_pins, capsys):
    """`./run.sh` in another terminal holds the data folder and the web port: the doctor says
    that companion (its pid) holds them and how to stop it, not the service's systemctl."""
    from test_daemon_restart import Run
    data = tmp_path / "data"
    run = Run(data)
    try:
        config = tmp_path / "config.toml"
        config.write_text(f"[web]\nhost = \"127.0.0.1\"\nport = {run.port}\n")
        args = ["doctor", "--simulate", "--config", str(config), "--data", str(data)]
        assert cli_main(args) == 1
        out = capsys.readouterr().out
        assert cli_main([*args, "--lang", "de"]) == 1
        german = capsys.readouterr().out
    finally:
        run.kill()
    assert "systemctl" not in out, out
    assert f"✗ data folder: the companion started by hand as pid {run.proc.pid} is running " \
           f"on {data}" in out, out
    assert "fix: stop the companion started by hand first (Ctrl+C in its terminal, or kill " \
           f"{run.proc.pid}), or check another data folder: --data DIR" in out
    web = out[out.index("✗ web"):]
    assert "or stop the companion started by hand first (Ctrl+C in its terminal, or kill " \
           f"{run.proc.pid})" in web
    assert "2 problems found" in out
    assert f"von Hand gestartete Companion (PID {run.proc.pid})" in german, german
    assert "systemctl" not in german
    # once it has stopped: nothing held, nothing said about it
    assert cli_main(args) == 0
    assert "data folder" not in capsys.readouterr().out


def test_the_service_holding_the_data_folder_is_told_apart(tmp_path):
    """Whether the holder runs as the systemd service is read from its control group (a
    /proc tree as the kernel writes it, cgroup v2 and v1)."""
    from companion.doctor_data import stop_advice
    proc = tmp_path / "proc"
    for pid, cgroup in ((101, "0::/system.slice/companion.service\n"),
                        (102, "12:pids:/\n1:name=systemd:/system.slice/companion.service\n"),
                        (103, "0::/user.slice/user-1000.slice/session-2.scope\n")):
        (proc / str(pid)).mkdir(parents=True)
        (proc / str(pid) / "cgroup").write_text(cgroup)
    assert "systemctl stop companion" in stop_advice(101, proc)
    assert "systemctl stop companion" in stop_advice(102, proc)
    assert stop_advice(103, proc) == "stop the companion started by hand first (Ctrl+C in " \
                                     "its terminal, or kill 103)"
    unknown = stop_advice(104, proc)  # gone, or not visible here: both ways are said
    assert "Ctrl+C" in unknown and "systemctl stop companion" in unknown
