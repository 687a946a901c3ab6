"""Debouncing (companion.devices.debounce): a new press only after the input was seen released
for the lock-out time, each debounced edge stamped with the first raw edge of its burst."""

from __future__ import annotations

import pytest

from companion.devices.debounce import Debouncer

LOCKOUT = 0.040


def feed(deb: Debouncer, edges, settle_at: float | None = None):
    """Raw edges (t, pressed) of input "ok"; the debounced edges they (and a timer at
    `settle_at`) give."""
    out = []
    for t, pressed in edges:
        out += deb.edge("ok", t, pressed)
    if settle_at is not None:
        out += deb.settle("ok", settle_at)
    return out


def chatter(t0: float, n: int, gap: float):
    """`n` raw edges `gap` apart starting with a press at `t0` (press, release, press, …)."""
    return [(t0 + i * gap, i % 2 == 0) for i in range(n)]


@pytest.mark.parametrize("gap", [0.0001, 0.00085, 0.002, 0.005])
def test_chatter_of_any_length_is_one_press_stamped_at_its_first_edge(gap):
    deb = Debouncer(LOCKOUT)
    edges = chatter(10.0, 50, gap)  # 50 edges: up to 245 ms of chatter, ends released
    last = edges[-1][0]
    out = feed(deb, edges, settle_at=last + LOCKOUT)
    # One press at the first edge's own time (not a later bounce's); the release once the
    # contact has stayed open for the lock-out.
    assert out == [(10.0, True), (last, False)]


def test_chatter_then_held_gives_one_press_and_the_release_only_when_it_is_real():
    deb = Debouncer(LOCKOUT)
    edges = chatter(10.0, 51, 0.00085)  # ends pressed: the button is still held
    out = feed(deb, edges, settle_at=10.5)
    assert out == [(10.0, True)]
    out = feed(deb, [(11.0, False)], settle_at=11.0 + LOCKOUT)
    assert out == [(11.0, False)]


def test_a_release_is_confirmed_only_after_the_lockout_and_keeps_its_first_edge_time():
    deb = Debouncer(LOCKOUT)
    assert feed(deb, [(1.0, True)]) == [(1.0, True)]
    # Release bounce: released at 2.000, contact back at 2.001, released again at 2.002.
    assert feed(deb, [(2.000, False)]) == []
    assert deb.settle("ok", 2.030) == []  # not yet released for the lock-out
    assert feed(deb, [(2.001, True), (2.002, False)]) == []
    assert deb.settle("ok", 2.041) == []  # 39 ms since the last raw edge
    assert deb.settle("ok", 2.042) == [(2.002, False)]
    assert deb.settle("ok", 2.100) == []  # said once


def test_a_press_right_after_a_release_is_a_bounce_and_one_after_the_lockout_counts():
    deb = Debouncer(LOCKOUT)
    feed(deb, [(1.0, True), (1.5, False)], settle_at=1.6)
    assert feed(deb, [(1.6, True)]) == [(1.6, True)]
    feed(deb, [(1.7, False)])
    assert feed(deb, [(1.71, True)]) == []  # released only 10 ms: bounce
    assert feed(deb, [(1.8, False)], settle_at=1.85) == [(1.8, False)]
    assert feed(deb, [(1.9, True)]) == [(1.9, True)]


def test_an_unconfirmed_release_is_confirmed_by_the_next_press_edge_in_order():
    """The timer may not have run yet when the next press arrives: the release comes first."""
    deb = Debouncer(LOCKOUT)
    feed(deb, [(1.0, True), (1.2, False)])
    assert feed(deb, [(1.5, True)]) == [(1.2, False), (1.5, True)]


def test_inputs_are_independent_and_drops_are_counted():
    deb = Debouncer(LOCKOUT)
    assert deb.edge("a", 1.0, True) == [(1.0, True)]
    assert deb.edge("b", 1.0001, True) == [(1.0001, True)]
    assert deb.edge("a", 1.0002, False) == []
    assert deb.edge("a", 1.0003, True) == []
    assert deb.edge("c", 1.0004, False) == []  # a release while released: noise
    assert deb.dropped == 3


def test_a_press_after_exactly_the_lockout_of_quiet_counts():
    deb = Debouncer(LOCKOUT)
    release = 1.5
    feed(deb, [(1.0, True), (release, False)], settle_at=release + LOCKOUT)
    assert feed(deb, [(release + LOCKOUT, True)]) == [(release + LOCKOUT, True)]


def test_a_press_needs_the_lockout_of_quiet_even_after_a_stray_release_edge():
    deb = Debouncer(LOCKOUT)
    assert deb.edge("ok", 1.0, False) == []  # a release edge while released: noise
    assert deb.edge("ok", 1.01, True) == []  # contact seen open only 10 ms
    deb.edge("ok", 1.02, False)
    assert deb.edge("ok", 1.07, True) == [(1.07, True)]


def test_two_press_edges_without_a_release_between_are_one_press_at_most():
    """A release edge lost (or never sent): the contact was not seen open, so no new press."""
    deb = Debouncer(LOCKOUT)
    assert deb.edge("ok", 1.0, False) == []  # noise while released
    assert deb.edge("ok", 1.01, True) == []  # seen open only 10 ms: bounce
    assert deb.edge("ok", 1.10, True) == []  # still not seen open since
    deb.edge("ok", 1.2, False)
    assert deb.edge("ok", 1.3, True) == [(1.3, True)]


def test_a_release_waits_for_the_lockout_after_its_last_raw_edge():
    """Two release edges in a row (the press edge between them lost): the quiet time counts
    from the later one; the release keeps the first one's time."""
    deb = Debouncer(LOCKOUT)
    assert feed(deb, [(1.0, True), (2.0, False), (2.03, False)]) == [(1.0, True)]
    assert deb.settle("ok", 2.05) == []  # 20 ms since the last raw edge
    assert deb.settle("ok", 2.071) == [(2.0, False)]
