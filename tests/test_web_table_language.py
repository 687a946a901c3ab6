"""The table's language (its display) on a new box: until a phone or the config file has
chosen one, the setup form offers the phone's own, and starting a game makes it the table's;
once chosen, every phone's form shows the table's, whatever the phone speaks."""

from __future__ import annotations

import json

import pytest
from browser_helpers import open_setup, pair, phone, until
from daemon_helpers import wait_until
from web_helpers import web_daemon


def start_game(page) -> None:
    open_setup(page)
    page.wait_for_selector("#setup:not([hidden])")
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#play:not([hidden])")


def test_a_new_box_takes_the_language_of_the_phone_that_starts_its_first_game(
        browser, daemon, tmp_path):
    german = phone(browser, daemon)  # de-DE
    pair(german, daemon)
    open_setup(german)
    until(german, "document.querySelector('#table-lang').value === 'de'")
    dutch = browser.new_context(locale="nl-NL").new_page()  # open before the choice
    dutch.goto(f"http://127.0.0.1:{daemon.web.port}/")
    open_setup(dutch)  # its form, set up when the tab first opens
    until(dutch, "document.querySelector('#table-lang').value === 'nl'")

    start_game(german)
    wait_until(lambda: daemon.display.scene.lang == "de")  # the OLED speaks German
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "de"
    until(dutch, "document.querySelector('#table-lang').value === 'de'")  # chosen: the table's
    later = browser.new_context(locale="nl-NL").new_page()
    later.goto(f"http://127.0.0.1:{daemon.web.port}/")
    open_setup(later)
    assert later.eval_on_selector("#table-lang", "el => el.value") == "de"


class TestChosenInTheConfigFile:
    @pytest.fixture
    def daemon(self, tmp_path):
        from gpiozero import Device
        box = web_daemon(tmp_path, language="en")
        yield box
        box.stop()
        Device.pin_factory.reset()
        Device.pin_factory = None

    def test_is_offered_to_every_phone_and_kept(self, browser, daemon, tmp_path):
        german = phone(browser, daemon)
        pair(german, daemon)
        open_setup(german)
        assert german.eval_on_selector("#table-lang", "el => el.value") == "en"
        start_game(german)
        assert daemon.display.scene.lang == "en"
