"""Shared fixtures and a small driver for rule cores."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from helpers import Table

# The browser tests' fixture (`browser`) and the skip of those tests where no Chromium is;
# the backup tests' `tables` (started daemons with paired clients).
pytest_plugins = ["browser_helpers", "backup_helpers"]


@pytest.fixture
def table():
    """A fresh How Ruck! game between A and B (options via table.new(...))."""
    return Table("howruck", ["A", "B"])


@pytest.fixture
def mock_pins():
    """gpiozero's real mock pin factory, fresh for each test and reset afterwards."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = None


@pytest.fixture
def web_live(tmp_path):
    """A simulated daemon with its web server on loopback (stopped, pins reset, after)."""
    from web_helpers import web_daemon
    daemon = web_daemon(tmp_path)
    yield daemon
    daemon.stop()
    from gpiozero import Device
    Device.pin_factory.reset()
    Device.pin_factory = None


@pytest.fixture
def daemon(web_live):
    """The daemon of the web tests (`web_live`); a test file that needs another kind of
    daemon defines its own `daemon`."""
    return web_live


@pytest.fixture
def netns():
    """A network namespace of its own (tests/netns_helpers.py; skips where none can be
    made), removed after."""
    from tests.netns_helpers import Netns
    ns = Netns()
    yield ns
    ns.close()


@pytest.fixture
def phone(web_live):
    """An HTTP client of the web tests' daemon, paired (it may make moves)."""
    from web_helpers import Client
    client = Client(web_live.web.port)
    client.pair(web_live)
    return client


@pytest.fixture
def client(daemon):
    """An HTTP client of `daemon`'s web server, not paired yet (`client.pair(daemon)`)."""
    from web_helpers import Client
    return Client(daemon.web.port)
