"""A table that falls silent without closing anything (switched off at the wall, out of Wi-Fi
range, frozen): the phone's page says "offline" within a few of the table's `alive`
intervals, and is live again once the table answers (Chromium)."""

from __future__ import annotations

import time

import pytest
from browser_helpers import phone, until

from companion.web import server

OFF = "document.querySelector('#live').classList.contains('off')"


@pytest.fixture
def quick_alive(monkeypatch):
    """`alive` every second instead of every 15 s (before the daemon starts: the first one
    is timed when its server does)."""
    monkeypatch.setattr(server, "KEEPALIVE_S", 1.0)


def test_a_silent_table_is_said_offline_and_the_page_comes_back(quick_alive, browser, daemon):
    page = phone(browser, daemon)
    until(page, f"!({OFF}) && document.querySelector('#live').textContent !== ''")
    page.wait_for_timeout(2500)  # it has heard `alive`, and so the interval
    # The table's loop stops for 8 s; its connections stay open, nothing is closed.
    daemon.web.loop.call_soon_threadsafe(time.sleep, 8)
    frozen = time.monotonic()
    until(page, OFF, timeout=7000)
    assert time.monotonic() - frozen < 8  # said while the table was still silent
    until(page, f"!({OFF})", timeout=20_000)  # back once the table answers
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    until(page, f"window.companion.state && window.companion.state.id === {game}")
