"""wiring.md and its diagram agree with the config's defaults."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from companion.config import Config

REPO = Path(__file__).parent.parent
# BCM → physical pin on the 40-pin header
PHYSICAL = {2: 3, 3: 5, 17: 11, 18: 12, 22: 15, 23: 16, 24: 18, 27: 13}


def test_pin_table_lists_every_default_pin_with_its_physical_pin():
    text = (REPO / "wiring.md").read_text()
    defaults = Config()
    pins = [*defaults.player_pins, defaults.ok_pin, *defaults.led_pins, defaults.buzzer_pin]
    for bcm in pins:
        assert re.search(rf"\| GPIO{bcm} \| {PHYSICAL[bcm]} \|", text), bcm


def test_diagram_is_an_svg_wiring_the_same_pins():
    svg = ET.parse(REPO / "hardware" / "wiring.svg").getroot()
    assert svg.tag.endswith("svg")
    labels = " ".join(t.text or "" for t in svg.iter() if t.tag.endswith("text"))
    defaults = Config()
    for bcm in [*defaults.player_pins, defaults.ok_pin, *defaults.led_pins,
                defaults.buzzer_pin]:
        assert f"pin {PHYSICAL[bcm]}" in labels, bcm
    assert "hardware/wiring.svg" in (REPO / "wiring.md").read_text()
