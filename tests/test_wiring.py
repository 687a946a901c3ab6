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


def _by_id(svg: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in svg.iter() if el.get("id")}


def test_front_panel_template_prints_at_one_to_one_with_the_default_pins():
    svg = ET.parse(REPO / "hardware" / "front-panel.svg").getroot()
    width_mm = float(svg.get("width").removesuffix("mm"))
    height_mm = float(svg.get("height").removesuffix("mm"))
    assert [float(v) for v in svg.get("viewBox").split()] == [0, 0, width_mm, height_mm]
    parts = _by_id(svg)
    bar = next(el for el in parts["scale"] if el.get("data-length-mm"))
    xs = [float(v) for v in re.findall(r"M([\d.]+),", bar.get("d"))[:1]] + \
        [float(v) for v in re.findall(r"H([\d.]+)", bar.get("d"))]
    assert xs[1] - xs[0] == float(bar.get("data-length-mm")) == 50

    def hole(part: str) -> tuple[float, str]:
        circle = next(el for el in parts[part] if el.tag.endswith("circle"))
        assert float(circle.get("r")) * 2 == float(circle.get("data-diameter-mm"))
        text = " ".join(t.text for t in parts[part] if t.tag.endswith("text"))
        return float(circle.get("data-diameter-mm")), text

    defaults = Config()
    for i, pin in enumerate(defaults.player_pins):  # sizes as in wiring.md's parts list
        assert hole(f"button-p{i + 1}")[0] == 30
        assert f"GPIO{pin}" in hole(f"button-p{i + 1}")[1]
        assert hole(f"led-p{i + 1}")[0] == 5
        assert f"GPIO{defaults.led_pins[i]}" in hole(f"led-p{i + 1}")[1]
    assert hole("button-ok")[0] == 16 and f"GPIO{defaults.ok_pin}" in hole("button-ok")[1]
    buzzer = " ".join(t.text for t in parts["buzzer"] if t.tag.endswith("text"))
    assert f"GPIO{defaults.buzzer_pin}" in buzzer
    for part in ("button-p1", "button-p2", "button-ok", "led-p1", "led-p2", "oled"):
        for el in parts[part].iter():
            if el.tag.endswith("circle"):
                r, cx, cy = (float(el.get(k)) for k in ("r", "cx", "cy"))
                assert r <= cx <= width_mm - r and r <= cy <= height_mm - r, part
    assert "hardware/front-panel.svg" in (REPO / "wiring.md").read_text()
