"""Tests that need a program from Debian (Chromium, Mosquitto, GNU gettext) are skipped where
it is missing, but only off CI: on CI (`test.sh` installs them) a missing program fails the
tests loudly instead of letting them pass by not running."""

from __future__ import annotations

import os

import pytest


def needs(present: bool, what: str) -> pytest.MarkDecorator:
    """Skip unless `present`, off CI only; `what` says what is missing."""
    return pytest.mark.skipif(not present and not os.environ.get("CI"),
                              reason=f"{what} not installed (test.sh installs it as root)")
