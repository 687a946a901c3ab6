"""A phone set to reduce motion (prefers-reduced-motion: reduce) sees nothing move: an asking
button's time bar stands still; others still see it run out."""

from __future__ import annotations

import pytest
from browser_helpers import pair, phone, until

RUNNING = "document.getAnimations().filter((a) => a.playState === 'running').length"


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_undo_questions_time_bar_stands_still_when_motion_is_reduced(browser, daemon, motion):
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    daemon.hub.call(daemon.table.apply, view["id"], {"type": "race", "winner": "Anna"})
    page = phone(browser, daemon)
    page.emulate_media(reduced_motion=motion)
    pair(page, daemon)
    until(page, "window.companion.state && window.companion.state.actions === 1"
                " && !document.querySelector('#undo').disabled")
    page.click("#undo")  # asks first: the bar along its foot
    until(page, "document.querySelector('#undo').dataset.armed !== undefined")
    bar = page.evaluate("getComputedStyle(document.querySelector('#undo'), '::after').content")
    assert bar == '""'  # the bar is there either way: the question's mark
    assert page.evaluate(RUNNING) == (0 if motion == "reduce" else 1)
