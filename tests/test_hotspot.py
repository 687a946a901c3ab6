"""The box's own Wi-Fi against a stand-in `nmcli` on PATH that records its calls and plays
NetworkManager's answers (connected, not connected, access point up, a known network back,
NetworkManager missing or failing); the OLED's Wi-Fi QR code decoded to the exact `WIFI:`
text; the daemon showing it and then the pairing QR at the access point's address."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
import zxingcpp

from companion.config import ConfigError, parse
from companion.network import credentials
from companion.network.credentials import Credentials, wifi_qr
from companion.network.hotspot import Hotspot
from companion.network.nmcli import HOTSPOT, Nmcli
from companion.screens import Scene, draw, pick

STAND_IN = Path(__file__).parent / "stand_ins" / "nmcli"
CREDS = Credentials("table-5bce", "abcdefghjkmn")
HOTSPOT_CALL = (f"device wifi hotspot ifname wlan0 con-name {HOTSPOT} ssid table-5bce "
                "password abcdefghjkmn")


class World:
    """NetworkManager's state as the stand-in plays it, and the calls it received."""

    def __init__(self, tmp_path: Path, monkeypatch, **state) -> None:
        self.path = tmp_path / "nm.json"
        self.calls_path = tmp_path / "nm-calls"
        self.leases = tmp_path / "leases-{ifname}"
        self.set(device="wlan0", connected=None, hotspot=False, known={}, visible=[], **state)
        self.calls_path.write_text("")
        monkeypatch.setenv("NMCLI_STATE", str(self.path))
        monkeypatch.setenv("NMCLI_CALLS", str(self.calls_path))
        self.now = 0.0
        self.statuses: list[dict] = []

    def set(self, **changes) -> None:
        state = json.loads(self.path.read_text()) if self.path.exists() else {}
        self.path.write_text(json.dumps({**state, **changes}))

    def get(self) -> dict:
        return json.loads(self.path.read_text())

    def calls(self) -> list[str]:
        return self.calls_path.read_text().splitlines()

    def changes(self) -> list[str]:
        """The calls that change something (not the questions)."""
        return [c for c in self.calls() if not c.startswith(("-t", "-g"))]

    def phone_joins(self) -> None:
        Path(str(self.leases).format(ifname="wlan0")).write_text(
            "1763860000 3a:1b:2c:3d:4e:5f 10.42.0.23 annas-phone *\n")

    def hotspot(self, mode: str = "auto", program: str = str(STAND_IN), **kw) -> Hotspot:
        return Hotspot(Nmcli(program, leases=str(self.leases)), mode, CREDS,
                       self.statuses.append, clock=lambda: self.now, grace_s=20,
                       recheck_s=120, **kw)


@pytest.fixture
def world(tmp_path, monkeypatch):
    return World(tmp_path, monkeypatch)


def test_a_known_network_connected_leaves_the_wifi_alone(world):
    world.set(connected="Home")
    spot = world.hotspot()
    assert spot.step() == {"mode": "client", "network": "Home"}
    world.now = 500
    assert spot.step()["mode"] == "client"
    assert world.changes() == []


def test_no_network_opens_the_access_point_after_the_grace_time(world):
    spot = world.hotspot()
    assert spot.step()["mode"] == "waiting"
    world.now = 19.9
    assert spot.step()["mode"] == "waiting" and world.changes() == []
    world.now = 20.0
    status = spot.step()
    assert world.changes() == [HOTSPOT_CALL]
    assert status == {"mode": "ap", "ssid": "table-5bce", "password": "abcdefghjkmn",
                      "qr": "WIFI:T:WPA;S:table-5bce;P:abcdefghjkmn;;", "joined": 0,
                      "address": "10.42.0.1"}
    world.now = 25
    assert spot.step()["joined"] == 0
    world.phone_joins()
    world.now = 30
    assert spot.step()["joined"] == 1
    assert world.changes() == [HOTSPOT_CALL]  # opened once
    assert [s["mode"] for s in world.statuses] == ["waiting", "ap", "ap"]  # changes only


def test_a_known_network_in_range_takes_over_while_no_phone_joined(world):
    world.set(known={"Home Net": "Home Net", "Office": "work"})
    spot = world.hotspot()
    world.now = 20
    assert spot.step()["mode"] == "ap"
    world.set(visible=["Neighbour", "Office"])
    world.now = 139  # the next look is due 120 s after opening
    assert spot.step()["mode"] == "ap" and world.changes() == [HOTSPOT_CALL]
    world.now = 140
    assert spot.step() == {"mode": "client", "network": "work"}
    assert world.changes() == [HOTSPOT_CALL, f"connection down {HOTSPOT}", "connection up work"]
    assert world.get()["connected"] == "work" and not world.get()["hotspot"]


def test_a_joined_phone_keeps_the_access_point(world):
    world.set(known={"Home": "Home"})
    spot = world.hotspot()
    world.now = 20
    spot.step()
    world.phone_joins()
    world.set(visible=["Home"])
    world.now = 1000
    assert spot.step()["mode"] == "ap"
    assert world.changes() == [HOTSPOT_CALL]


@pytest.mark.parametrize("how", [{"mode": "always"}, {"forced": True}])
def test_always_or_ok_held_at_start_opens_it_at_once(world, how):
    world.set(connected="Home")
    spot = world.hotspot(**how)
    assert spot.step()["mode"] == "ap"
    assert world.changes() == [HOTSPOT_CALL]
    world.set(visible=["Home"], known={"Home": "Home"})
    world.now = 1000
    assert spot.step()["mode"] == "ap"  # and it is not given back by itself


def test_off_never_asks_networkmanager(world):
    spot = world.hotspot("off")
    assert spot.step() == {"mode": "off"}
    spot.start()
    spot.stop()
    assert world.calls() == []


def test_nmcli_missing_or_failing_is_logged_once_and_nothing_else_happens(world, caplog):
    caplog.set_level(logging.WARNING, "companion.wifi")
    missing = world.hotspot(program=str(world.path.parent / "no-nmcli"))
    for now in (0, 30, 60):
        world.now = now
        status = missing.step()
    assert status["mode"] == "error" and "nmcli is not installed" in status["problem"]
    assert len([r for r in caplog.records if "not installed" in r.message]) == 1
    assert "keeps serving" in caplog.records[0].message

    world.set(fail=True)
    failing = world.hotspot()
    assert "NetworkManager is not running" in failing.step()["problem"]


def test_the_wifi_qr_code_decodes_to_the_exact_wifi_text():
    odd = Credentials('Anna\'s "Tisch";1', 'pa:ss\\wo,rd;')
    text = wifi_qr(odd)
    assert text == 'WIFI:T:WPA;S:Anna\'s \\"Tisch\\"\\;1;P:pa\\:ss\\\\wo\\,rd\\;;;'
    for creds in (CREDS, odd):
        scene = Scene(lang="de", wifi={"mode": "ap", "qr": wifi_qr(creds), "ssid": creds.ssid,
                                       "password": creds.password, "joined": 0})
        assert pick(scene) == "wifi"
        canvas = draw(scene)
        image = canvas.image.convert("L").resize((512, 256))
        decoded = zxingcpp.read_barcodes(image)
        assert [d.text for d in decoded] == [wifi_qr(creds)]
    assert draw(Scene(lang="nl", wifi={"mode": "ap", "qr": wifi_qr(CREDS), "ssid": CREDS.ssid,
                                       "password": CREDS.password})).overflows == []
    joined = Scene(wifi={"mode": "ap", "joined": 1, "qr": "x"}, pairing={"url": "http://x/"})
    assert pick(joined) == "pairing"


def test_the_password_is_generated_once_and_kept(tmp_path):
    first = credentials.load(tmp_path / "wifi.json")
    assert 8 <= len(first.password) <= 63 and first.ssid.startswith("table-")
    assert credentials.load(tmp_path / "wifi.json") == first
    assert credentials.load(tmp_path / "wifi.json", "Cabin", "") == \
        Credentials("Cabin", first.password)
    assert credentials.load(tmp_path / "other.json").password != first.password


@pytest.mark.parametrize("section, problem", [
    ({"hotspot": "sometimes"}, "wifi.hotspot"), ({"password": "short"}, "wifi.password"),
    ({"ssid": "x" * 33}, "wifi.ssid"), ({"password": "pässwörter"}, "wifi.password")])
def test_bad_wifi_settings_are_refused_naming_the_key(section, problem):
    with pytest.raises(ConfigError, match=problem):
        parse({"wifi": section})


def test_the_daemon_shows_the_wifi_then_the_pairing_qr_at_the_access_point(
        world, tmp_path, monkeypatch):
    """A real simulated daemon with the stand-in nmcli: the OLED's frames carry the Wi-Fi QR
    code (decoded), and once a phone joined the pairing QR with the access point's address."""
    from daemon_helpers import wait_until
    from web_helpers import web_daemon

    monkeypatch.setenv("COMPANION_NMCLI", str(STAND_IN))
    monkeypatch.setattr("companion.network.nmcli.LEASES", str(world.leases))
    frames: list = []
    daemon = web_daemon(tmp_path / "data", wifi={"hotspot": "always", "ssid": "Cabin",
                                                  "password": "letmeplay"})
    try:
        daemon.display.listeners.append(lambda seen: frames.append(seen.picture))
        creds = Credentials("Cabin", "letmeplay")

        def shows(text: str) -> bool:
            if not frames:
                return False
            image = frames[-1].convert("L").resize((512, 256))
            return [d.text for d in zxingcpp.read_barcodes(image)] == [text]

        wait_until(lambda: shows(wifi_qr(creds)), timeout=15)
        assert world.changes()[0].startswith(f"device wifi hotspot ifname wlan0 con-name "
                                             f"{HOTSPOT} ssid Cabin password letmeplay")
        world.phone_joins()
        port = daemon.config.web_port
        wait_until(lambda: daemon.hub.call(daemon.table.pairing_view)["url"]
                   == f"http://10.42.0.1:{port}/", timeout=15)
        qr = daemon.hub.call(daemon.table.pairing_view)["qr"]
        wait_until(lambda: shows(qr.upper().split("#")[0] + "#" + qr.split("#")[1]), timeout=15)
    finally:
        daemon.stop()
        from gpiozero import Device
        if Device.pin_factory is not None:
            Device.pin_factory.reset()
        Device.pin_factory = None


def test_doctor_reports_the_network_and_what_to_do(world, monkeypatch):
    from companion.config import Config
    from companion.doctor import check_network

    monkeypatch.setenv("COMPANION_NMCLI", str(STAND_IN))
    monkeypatch.setattr("companion.network.nmcli.LEASES", str(world.leases))
    world.set(connected="Home")
    [found] = check_network(Config(), simulate=True)
    assert found.ok and "“Home”" in found.message
    world.set(connected=None)
    [found] = check_network(Config(), simulate=True)
    assert found.ok and "opens its own Wi-Fi" in found.message and "hold OK" in found.message
    world.set(hotspot=True)
    world.phone_joins()
    [found] = check_network(Config(), simulate=True)
    assert found.ok and "own Wi-Fi is up on wlan0 (1 phone joined)" in found.message
    world.set(fail=True)
    [found] = check_network(Config(), simulate=True)
    assert not found.ok and "NetworkManager is not running" in found.message
    assert "hotspot = \"off\"" in found.fix
    [found] = check_network(Config(wifi_hotspot="off"), simulate=False)
    assert found.ok and "off" in found.message


def test_doctor_offline_checks_only_the_installation(capsys):
    from companion.cli import main

    assert main(["doctor", "--offline"]) == 0
    out = capsys.readouterr().out
    assert "✓ program: every part loads" in out and "✓ rules: each game plays" in out
    assert "display" not in out and "web port" not in out  # no hardware, no port
