"""The table says when its button box or its club link is gone: `/api/status` over real HTTP
with the real pyserial reader on a pseudo-terminal (the fake box's process ends and its
master end closes: a pulled cable), the OLED's notice on the virtual panel, and the club's
link to a real Mosquitto."""

from __future__ import annotations

import logging
import time

import paho.mqtt.client as mqtt_client
import pytest
from browser_helpers import phone, shot, until
from daemon_helpers import wait_until
from mqtt_helpers import Broker, needs_mosquitto
from test_mqtt import run  # noqa: F401  (the fixture)
from test_panel_care import Clock, run_due
from test_serialbox import Box
from web_helpers import Client, web_daemon

from companion.config import parse
from companion.daemon import Daemon, links
from companion.daemon.links import BOX_STATES, CLUB_STATES
from companion.screens import draw, pick, render


@pytest.fixture
def box_link(tmp_path):
    return tmp_path / "companion-buttons"


def status(daemon) -> dict:
    code, body, _ = Client(daemon.web.port).get("/api/status")
    assert code == 200, body
    return body


def box_state(daemon) -> str:
    return status(daemon)["devices"]["button_box"]["state"]


def test_a_pulled_button_box_is_gone_in_the_status_and_connected_again_when_back(
        tmp_path, box_link):
    box = Box(box_link)
    daemon = web_daemon(tmp_path / "data", serial={"port": str(box_link)})
    daemon.serial_box.reconnect_s = 0.1
    try:
        wait_until(lambda: box_state(daemon) == "connected")
        first = status(daemon)["devices"]["button_box"]
        assert first["port"] == str(box_link)
        box.unplug()  # the box's end of the line closes: the reader's read fails
        wait_until(lambda: box_state(daemon) == "gone")
        gone = status(daemon)["devices"]["button_box"]
        assert gone["since"] >= first["since"]
        box = Box(box_link)  # plugged in again, at the same path (the udev link)
        wait_until(lambda: box_state(daemon) == "connected")
        assert status(daemon)["club"]["state"] == "off"
    finally:
        daemon.stop()
        box.unplug()


def test_a_box_missing_at_start_is_gone_and_no_box_configured_is_off(tmp_path, box_link):
    daemon = web_daemon(tmp_path / "data", serial={"port": str(box_link)})
    daemon.serial_box.reconnect_s = 0.1
    try:
        wait_until(lambda: box_state(daemon) == "gone")
        box = Box(box_link)
        try:
            wait_until(lambda: box_state(daemon) == "connected")
        finally:
            box.unplug()
    finally:
        daemon.stop()
    plain = web_daemon(tmp_path / "plain")
    try:
        body = status(plain)
        assert body["devices"] == {"button_box": {"state": "off", "port": None,
                                                  "since": body["devices"]["button_box"]["since"]}}
        assert body["club"]["state"] == "off" and body["club"]["broker"] is None
        assert {body["devices"]["button_box"]["state"]} <= set(BOX_STATES)
        assert {body["club"]["state"]} <= set(CLUB_STATES)
    finally:
        plain.stop()


def notice_on_panel(daemon) -> list[str] | None:
    """The texts of the notice the panel shows now (None: it shows no notice), read from the
    screens' own text layer of the display's scene, once the panel shows exactly that scene."""
    scene = daemon.display.scene
    if daemon.virtual_oled.image().tobytes() != render(scene).tobytes():
        return None
    return [said for said, _ in draw(scene).texts] if pick(scene) == "notice" else None


def test_the_oled_says_the_box_is_gone_a_while_at_a_time_and_that_it_is_back(
        tmp_path, box_link, mock_pins):
    """The notice shows at once, gives the score back after NOTICE_S, comes again while the
    box stays gone, and says "connected again" when it is back. The hub's clock is moved on
    by the test."""
    box = Box(box_link)
    clock = Clock()
    daemon = Daemon(parse({"language": "de", "serial": {"port": str(box_link)}}),
                    tmp_path / "data", simulate=False, virtual_display=True, clock=clock)
    daemon.serial_box.reconnect_s = 0.1
    daemon.start()
    try:
        daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
        wait_until(lambda: daemon.hub.call(lambda: daemon.links.box["state"]) == "connected")
        wait_until(lambda: pick(daemon.display.scene) == "howruck"
                   and notice_on_panel(daemon) is None)
        box.unplug()
        wait_until(lambda: notice_on_panel(daemon) == ["Tastenbox", "nicht verbunden",
                                                       "USB-Kabel prüfen"])
        clock.skipped += links.NOTICE_S
        run_due(daemon)  # the score again
        wait_until(lambda: pick(daemon.display.scene) == "howruck"
                   and daemon.virtual_oled.image().tobytes()
                   == render(daemon.display.scene).tobytes())
        clock.skipped += links.NOTICE_EVERY_S - links.NOTICE_S
        run_due(daemon)  # still gone: the notice again
        wait_until(lambda: notice_on_panel(daemon) == ["Tastenbox", "nicht verbunden",
                                                       "USB-Kabel prüfen"])
        box = Box(box_link)
        wait_until(lambda: notice_on_panel(daemon) == ["Tastenbox", "wieder verbunden"])
        clock.skipped += links.NOTICE_S
        run_due(daemon)
        wait_until(lambda: pick(daemon.display.scene) == "howruck")
        clock.skipped += links.NOTICE_EVERY_S * 2
        run_due(daemon)  # back: no notice comes again
        daemon.hub.call(lambda: None)
        assert daemon.hub.call(lambda: daemon.links.notice) is None
    finally:
        daemon.stop()
        box.unplug()


def club(daemon) -> dict:
    return status(daemon)["club"]


@needs_mosquitto
def test_the_club_link_says_connected_reconnecting_and_a_clash_that_clears_without_restart(
        run, tmp_path, caplog):  # noqa: F811
    """Two boxes under one table name are a clash on both; when one is switched off (or
    renamed) the other's clash clears while it runs on, and clearing the retained box id on
    the broker clears a clash with a box that is gone at once, never one with a box still
    there. A broker that goes away is "reconnecting", and "connected" again when it is back."""
    caplog.set_level(logging.INFO, logger="companion.mqtt")
    broker = run(Broker(tmp_path / "broker").start())
    mqtt = {"host": "127.0.0.1", "port": broker.port, "table": "kitchen"}
    first = run(web_daemon(tmp_path / "a", mqtt=mqtt))
    first.mqtt.others.every_s = 0.2  # a clash's pace, quick for the test
    wait_until(lambda: club(first)["state"] == "connected")
    said = club(first)
    assert said["broker"] == f"127.0.0.1:{broker.port}" and said["table"] == "kitchen"
    assert said["box"] == first.mqtt.box and said["clash_with"] is None
    second = web_daemon(tmp_path / "b", mqtt=mqtt)
    try:
        second.mqtt.others.every_s = 0.2
        wait_until(lambda: club(first)["state"] == "clash" and club(second)["state"] == "clash")
        assert club(first)["clash_with"] == second.mqtt.box
        assert club(second)["clash_with"] == first.mqtt.box
        time.sleep(10 * 0.2)  # both still there: each hears the other, the clash holds
        assert club(first)["state"] == club(second)["state"] == "clash"
        clear_retained_box(broker.port)  # with both there, each is heard again at once
        wait_until(lambda: sum("box id was cleared" in r.getMessage()
                               for r in caplog.records) == 2)
        wait_until(lambda: club(first)["state"] == club(second)["state"] == "clash")
    finally:
        second.stop()  # switched off: the first box's clash clears, no restart
    wait_until(lambda: club(first)["state"] == "connected", timeout=10)
    assert first.mqtt.clash is None
    first.mqtt.others.every_s = 60.0  # now only clearing the retained id can end it quickly
    third = web_daemon(tmp_path / "c", mqtt=mqtt)
    try:
        wait_until(lambda: club(first)["state"] == "clash")
        assert club(first)["clash_with"] == third.mqtt.box
    finally:
        third.stop()
    clear_retained_box(broker.port)
    wait_until(lambda: club(first)["state"] == "connected", timeout=10)
    broker.stop()
    wait_until(lambda: club(first)["state"] == "reconnecting", timeout=10)
    broker.start()
    wait_until(lambda: club(first)["state"] == "connected", timeout=40)


@needs_mosquitto
def test_a_clash_partner_stays_named_while_reconnecting_until_the_clash_is_over(
        run, tmp_path):  # noqa: F811
    """The broker lost during a clash: the table cannot hear the other box, but the clash is
    not over (it ends only when the other box was not heard for a while), so `clash_with`
    still names it while `reconnecting`, and is null once that while has passed."""
    broker = run(Broker(tmp_path / "broker").start())
    mqtt = {"host": "127.0.0.1", "port": broker.port, "table": "kitchen"}
    first = run(web_daemon(tmp_path / "a", mqtt=mqtt))
    first.mqtt.others.every_s = 0.2
    second = web_daemon(tmp_path / "b", mqtt=mqtt)
    try:
        second.mqtt.others.every_s = 0.2
        wait_until(lambda: club(first)["state"] == "clash")
        first.mqtt.others.every_s = 60.0  # the clash outlasts the broker's absence
        broker.stop()
        wait_until(lambda: club(first)["state"] == "reconnecting", timeout=10)
        assert club(first)["clash_with"] == second.mqtt.box
    finally:
        second.stop()
    first.mqtt.others.every_s = 0.2  # now the other box counts as gone soon
    wait_until(lambda: club(first)["clash_with"] is None, timeout=10)
    assert club(first)["state"] == "reconnecting"
    broker.start()
    wait_until(lambda: club(first)["state"] == "connected", timeout=40)
    assert club(first)["clash_with"] is None


def clear_retained_box(port: int) -> None:
    """What a club does by hand: the retained id of the table cleared on the broker."""
    client = mqtt_client.Client(mqtt_client.CallbackAPIVersion.VERSION2)
    client.connect("127.0.0.1", port)
    client.loop_start()
    client.publish("companion/kitchen/box", b"", qos=1, retain=True).wait_for_publish(5)
    client.disconnect()
    client.loop_stop()


@pytest.fixture
def daemon(tmp_path, box_link):
    """A table with a button box (not plugged in yet) and a club broker: the browser's."""
    broker = Broker(tmp_path / "broker").start()
    table = web_daemon(tmp_path / "a", serial={"port": str(box_link)},
                       mqtt={"host": "127.0.0.1", "port": broker.port, "table": "kitchen"})
    table.serial_box.reconnect_s = 0.1
    table.mqtt.others.every_s = 0.2
    table.broker_port = broker.port
    table.club_broker = broker
    yield table
    table.stop()
    broker.stop()


@needs_mosquitto
def test_the_page_says_while_the_box_is_gone_and_while_another_box_uses_the_name(
        browser, daemon, tmp_path, box_link):
    page = phone(browser, daemon)  # a watcher: everyone at the table must see it
    notice = page.locator("#links")
    notice.wait_for(state="visible")
    assert notice.text_content() == ("Die Tastenbox ist nicht verbunden: Drücken auf ihre "
                                     "Tasten bewirkt nichts. Prüfe das USB-Kabel.")
    shot(page, "links_box_gone")
    box = Box(box_link)
    try:
        notice.wait_for(state="hidden")
        other = web_daemon(tmp_path / "b", mqtt={"host": "127.0.0.1",
                                                 "port": daemon.broker_port, "table": "kitchen"})
        try:
            other.mqtt.others.every_s = 0.2
            notice.wait_for(state="visible")
            until(page, f"document.querySelector('#links').textContent"
                        f".includes('{other.mqtt.box}')")
            assert notice.text_content().startswith(
                "Eine andere Box sendet ebenfalls als Tisch „kitchen“")
            page.select_option("#page-lang", "fr")  # the notice speaks the new language
            until(page, "document.querySelector('#links').textContent"
                        ".startsWith('Un autre boîtier publie')")
            assert other.mqtt.box in notice.text_content()
            shot(page, "links_clash_fr")
        finally:
            other.stop()
        notice.wait_for(state="hidden", timeout=10000)  # the other box is gone: no restart
    finally:
        box.unplug()
    notice.wait_for(state="visible")
    assert notice.text_content().startswith("Le boîtier de boutons n’est pas connecté")


SAID_SHOWN = """() => { window.linksShown = []; const links = document.querySelector('#links');
  new MutationObserver(() => { if (!links.hidden) window.linksShown.push(links.textContent); })
    .observe(links, {attributes: true, childList: true, characterData: true, subtree: true}); }"""


@needs_mosquitto
def test_the_page_says_a_lost_club_broker_unless_it_is_back_at_once(
        browser, daemon, box_link):
    """A broker away for a moment (back at paho's first retry, a second later) is not said:
    no notice flickers on every phone. One that stays away is said, in the page's language,
    until the table is connected again."""
    box = Box(box_link)  # plugged in: only the club link is said
    try:
        page = phone(browser, daemon)
        notice = page.locator("#links")
        # both links up before the notice's texts are counted (the box is "starting" until
        # its reader first tries the port, and may be said gone for a moment then)
        wait_until(lambda: club(daemon)["state"] == "connected"
                   and box_state(daemon) == "connected")
        until(page, "((window.companion.links || {}).devices || {}).button_box"
                    " && window.companion.links.devices.button_box.state === 'connected'")
        notice.wait_for(state="hidden")
        page.evaluate(SAID_SHOWN)  # every text the notice shows from now on
        before = club(daemon)["since"]
        daemon.club_broker.stop()
        wait_until(lambda: club(daemon)["state"] == "reconnecting")
        until(page, "window.companion.links.club.state === 'reconnecting'")  # heard it
        daemon.club_broker.start()  # a blip
        wait_until(lambda: club(daemon)["state"] == "connected"
                   and club(daemon)["since"] > before, timeout=10)
        page.wait_for_timeout(200)  # the stream's news of it has reached the page
        assert page.evaluate("window.linksShown") == []
        daemon.club_broker.stop()  # away for good
        notice.wait_for(state="visible", timeout=20000)
        assert notice.text_content() == (
            f"Keine Verbindung zum MQTT-Broker des Vereins (127.0.0.1:{daemon.broker_port}): "
            "Der Tisch spielt weiter und sendet seine Spiele und Ergebnisse, sobald die "
            "Verbindung wieder steht.")
        page.select_option("#page-lang", "nl")
        until(page, "document.querySelector('#links').textContent"
                    ".startsWith('Geen verbinding met de MQTT-broker van de club')")
        shot(page, "links_club_reconnecting_nl")
        daemon.club_broker.start()
        notice.wait_for(state="hidden", timeout=45000)  # paho's next try, at most 30 s on
        assert club(daemon)["state"] == "connected"
    finally:
        box.unplug()
