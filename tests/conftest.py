"""Shared fixtures and a small driver for rule cores."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from helpers import Table


@pytest.fixture
def table():
    """A fresh How Ruck! game between A and B (options via table.new(...))."""
    return Table("howruck", ["A", "B"])
