"""The race arbiter decides from edge timestamps, whatever the arrival order."""

from __future__ import annotations

import pytest

from companion.race import DelayTracker, Edge, RaceArbiter, decide_presses
from companion.screens.sentences import race_sentence

SIGNAL = 100.0


def race(window_ms=10, false_start="ignore", settle_ms=50):
    arbiter = RaceArbiter(("A", "B"), window_ms / 1000, false_start, settle_ms / 1000)
    arbiter.start(SIGNAL)
    return arbiter


def test_presses_100us_apart_delivered_in_reverse_order():
    r = race(window_ms=0)
    r.feed(Edge("B", SIGNAL + 0.000300))  # arrives first
    r.feed(Edge("A", SIGNAL + 0.000200))  # arrives later, pressed 100 µs earlier
    d = r.decide(SIGNAL + 1)
    assert d.winner == "A" and not d.tie and d.times_ms == {"A": 0.2, "B": 0.3}


def test_late_earlier_press_still_wins_if_it_arrives_before_the_settle_time():
    r = race()
    r.feed(Edge("B", SIGNAL + 0.500))
    assert r.decide(SIGNAL + 0.530) is None  # an earlier press may still be on its way
    r.feed(Edge("A", SIGNAL + 0.480))
    assert r.decide(SIGNAL + 0.531).winner == "A"


def test_decides_once_every_player_pressed_without_waiting():
    r = race()
    r.feed(Edge("A", SIGNAL + 0.1))
    r.feed(Edge("B", SIGNAL + 0.3))
    assert r.decide(SIGNAL + 0.3).winner == "A"


def test_single_press_is_decided_after_window_plus_settle():
    r = race(window_ms=10, settle_ms=50)
    r.feed(Edge("A", SIGNAL + 0.2))
    assert r.due() == pytest.approx(SIGNAL + 0.26)
    assert r.decide(SIGNAL + 0.259) is None
    assert r.decide(SIGNAL + 0.26).winner == "A"


@pytest.mark.parametrize("gap_us,tie", [(10_000, True), (10_001, False), (9_999, True),
                                        (0, True)])
def test_tie_window_is_inclusive(gap_us, tie):
    r = race(window_ms=10)
    r.feed(Edge("A", SIGNAL + 1.000000))
    r.feed(Edge("B", SIGNAL + 1.000000 + gap_us / 1e6))
    d = r.decide(SIGNAL + 2)
    assert d.tie is tie and (d.winner is None) is tie
    assert d.margin_us == gap_us
    assert d.action() == {"type": "race", "presses": {"A": [1_000_000],
                                                      "B": [1_000_000 + gap_us]}}


def test_zero_window_ties_only_identical_timestamps():
    r = race(window_ms=0)
    r.feed(Edge("A", SIGNAL + 0.5))
    r.feed(Edge("B", SIGNAL + 0.5))
    assert r.decide(SIGNAL + 1).tie
    r = race(window_ms=0)
    r.feed(Edge("A", SIGNAL + 0.500001))
    r.feed(Edge("B", SIGNAL + 0.5))
    assert r.decide(SIGNAL + 1).winner == "B"


def test_bounces_after_a_press_are_ignored():
    r = race()
    r.feed(Edge("A", SIGNAL + 0.1))
    for i in range(50):
        r.feed(Edge("A", SIGNAL + 0.1 + i * 0.0001, pressed=i % 2 == 0))
    r.feed(Edge("B", SIGNAL + 0.2))
    d = r.decide(SIGNAL + 1)
    assert d.winner == "A" and d.times_ms["A"] == 100.0


def test_false_start_is_ignored_and_reported_by_default():
    r = RaceArbiter(("A", "B"), 0.01, "ignore", 0.05)
    r.feed(Edge("A", SIGNAL - 0.2))  # before the signal
    r.start(SIGNAL)
    r.feed(Edge("B", SIGNAL + 0.3))
    r.feed(Edge("A", SIGNAL + 0.4))
    d = r.decide(SIGNAL + 1)
    assert d.winner == "B" and d.false_starts == ("A",) and d.reason == "press"


def test_false_start_forfeit_hands_the_race_to_the_opponent():
    r = RaceArbiter(("A", "B"), 0.01, "forfeit", 0.05)
    r.feed(Edge("B", SIGNAL - 0.5))
    assert r.decide(SIGNAL - 0.49) is None
    d = r.decide(SIGNAL - 0.4)
    assert d.winner == "A" and d.reason == "false_start"
    r.feed(Edge("A", SIGNAL + 0.1))  # nothing changes a decision
    assert r.decide(SIGNAL + 1) is d


def test_a_press_stamped_at_the_signal_itself_is_no_false_start():
    r = race(false_start="forfeit")
    r.feed(Edge("A", SIGNAL))
    r.feed(Edge("B", SIGNAL + 0.05))
    d = r.decide(SIGNAL + 1)
    assert (d.winner, d.false_starts, d.reason) == ("A", (), "press")


def test_releases_and_strangers_do_not_count():
    r = race()
    r.feed(Edge("A", SIGNAL + 0.1, pressed=False))
    r.feed(Edge("Z", SIGNAL + 0.1))
    assert r.decide(SIGNAL + 5) is None and r.due() is None


def test_settle_follows_observed_delays_so_an_earlier_press_100ms_late_still_wins():
    """The daemon feeds every edge's delivery delay; once delays of ~100 ms have been seen,
    a lone press waits long enough for an earlier press that arrives 100 ms late."""
    delays = DelayTracker()
    for delay in (0.002, 0.095, 0.010, 0.100, 0.004):
        delays.observe(delay)
    r = RaceArbiter(("A", "B"), 0.010, "ignore", 0.050, delays=delays)
    r.start(SIGNAL)
    r.feed(Edge("B", SIGNAL + 0.300))  # B arrives at once
    delays.observe(0.0)
    now = SIGNAL + 0.300 + 0.010 + 0.050  # a constant 50 ms settle would decide here: B
    assert r.decide(now) is None
    assert r.due() > SIGNAL + 0.400
    r.feed(Edge("A", SIGNAL + 0.280))  # pressed 20 ms earlier, delivered 100 ms late
    delays.observe(0.1)
    assert r.decide(SIGNAL + 0.380).winner == "A"


def test_delay_tracker_keeps_the_configured_floor_and_a_cap():
    delays = DelayTracker()
    assert delays.settle_s(0.05) == 0.05  # nothing seen yet: the configured settle
    delays.observe(0.001)
    assert delays.settle_s(0.05) == 0.05
    delays.observe(30.0)  # a stuck input thread must not hold every race for minutes
    assert delays.settle_s(0.05) == delays.cap_s == 1.0  # a second at most
    delays.observe(-0.5)  # a clock mismatch, not a delay: ignored
    assert delays.settle_s(0.05) == delays.cap_s


def test_settle_is_the_longest_recent_delay_with_headroom_and_forgets_old_ones():
    delays = DelayTracker(keep=3)
    delays.observe(0.100)
    assert delays.settle_s(0.05) == pytest.approx(0.100 * 1.25 + 0.005)  # a quarter more
    for _ in range(3):  # the long delay leaves the last three
        delays.observe(0.010)
    assert delays.settle_s(0.0) == pytest.approx(0.010 * 1.25 + 0.005)


def test_a_forfeit_is_due_the_settle_time_after_the_earliest_false_start():
    """The daemon asks `decide` when `due` says. A race with a false start (forfeit) is due
    the settle time after the earliest one — neither a later false start nor a valid press
    puts it off — and `decide` at that moment decides it; then nothing more is due."""
    r = RaceArbiter(("A", "B"), 0.01, "forfeit", 0.05)
    r.planned_signal_t = SIGNAL  # as the race control sets it at the countdown's start
    r.feed(Edge("B", SIGNAL - 0.2))
    r.feed(Edge("A", SIGNAL - 0.3))  # A's earlier false start arrives later
    r.start(SIGNAL)
    r.feed(Edge("B", SIGNAL + 0.1))
    due = r.due()
    assert due == SIGNAL - 0.3 + 0.05
    d = r.decide(due)
    assert (d.winner, d.reason, d.false_starts) == ("B", "false_start", ("A", "B"))
    assert r.due() is None


def test_a_players_second_false_start_does_not_hide_the_first():
    """A presses early, lets go and presses early again; B's one false start lies between:
    A's first press was the earliest, so A forfeits. The presses are µs after the planned
    signal (the race control's), even when decided before the signal came."""
    r = RaceArbiter(("A", "B"), 0.01, "forfeit", 0.05)
    r.planned_signal_t = SIGNAL
    r.feed(Edge("A", SIGNAL - 0.5))
    r.feed(Edge("A", SIGNAL - 0.48, pressed=False))
    r.feed(Edge("A", SIGNAL - 0.1))
    r.feed(Edge("B", SIGNAL - 0.3))
    d = r.decide(SIGNAL - 0.05)
    assert d.winner == "B"
    assert d.presses == {"A": (-500_000, -100_000), "B": (-300_000,)}


def test_false_starts_with_no_signal_known_stay_negative_and_decide_the_same_again():
    """An arbiter told neither the signal nor when it is due: the presses are stored as µs
    before a signal just after the last press (so none reads as a valid press), and the rule
    core deciding from them reaches the same result."""
    r = RaceArbiter(("A", "B"), 0.01, "forfeit", 0.05)
    r.feed(Edge("B", 5.0))
    r.feed(Edge("B", 5.3))
    d = r.decide(6.0)
    assert d.winner == "A" and d.presses == {"B": (-300_001, -1)}
    again = decide_presses(("A", "B"), {p: list(ts) for p, ts in d.presses.items()}, 10,
                           "forfeit")
    assert (again.winner, again.reason) == ("A", "false_start")


def test_press_times_are_kept_to_the_microsecond():
    r = race()
    r.feed(Edge("A", SIGNAL + 0.0012346))
    r.feed(Edge("B", SIGNAL + 0.0251))
    assert r.decide(SIGNAL + 1).times_ms == {"A": 1.235, "B": 25.1}


def test_the_published_decision_says_how_close_it_was_and_a_forfeit():
    """The decision as the race control publishes it (`as_json`), said as the terminal
    says it: the margin of a won race, the false start of a forfeit."""
    r = race()
    r.feed(Edge("A", SIGNAL + 0.100))
    r.feed(Edge("B", SIGNAL + 0.114))
    assert race_sentence(r.decide(SIGNAL + 1).as_json()) == \
        "Stopp! A won the race, 14.0 ms ahead."
    r = race(false_start="forfeit")
    r.feed(Edge("A", SIGNAL - 0.1))
    assert race_sentence(r.decide(SIGNAL + 1).as_json()) == \
        "Stopp! B won the race: the other player false-started."


def test_zero_delays_count_and_negative_ones_take_no_place_in_the_memory():
    """Edges stamped on another clock (negative delays) are not delays: they must not push
    a real one out of the last `keep`. An edge delivered at once (zero) is one."""
    delays = DelayTracker(keep=3)
    for delay in (0.100, -0.5, -0.5, 0.0):
        delays.observe(delay)
    assert delays.settle_s(0.0) == pytest.approx(0.100 * 1.25 + 0.005)  # 0.1 still seen
    for _ in range(3):
        delays.observe(0.0)
    assert delays.settle_s(0.0) == pytest.approx(0.005)  # three instant edges since


def test_the_settle_time_asked_after_every_edge_forgets_a_long_delay_in_time():
    """The daemon asks for the settle time after every edge (a full memory before the first
    question included); the long delay still leaves with the window."""
    delays = DelayTracker(keep=3)
    for delay in (0.001, 0.002, 0.003):
        delays.observe(delay)
    asked = []
    for delay in (0.100, 0.010, 0.010, 0.010):
        delays.observe(delay)
        asked.append(delays.settle_s(0.0))
    assert asked == pytest.approx([0.130, 0.130, 0.130, 0.0175])


def test_an_ignored_false_start_sets_no_timer_and_a_forfeit_race_times_a_press_as_usual():
    """An ignored false start decides nothing, so nothing is due until a valid press (a timer
    due at once would find nothing to decide, again and again). With false starts forfeiting,
    a race without one is due as any other."""
    r = RaceArbiter(("A", "B"), 0.01, "ignore", 0.05)
    r.feed(Edge("A", SIGNAL - 0.2))
    r.start(SIGNAL)
    assert r.due() is None
    r.feed(Edge("B", SIGNAL + 0.1))
    assert r.due() == SIGNAL + 0.1 + 0.01 + 0.05
    r = race(false_start="forfeit")
    r.feed(Edge("B", SIGNAL + 0.1))
    assert r.due() == SIGNAL + 0.1 + 0.01 + 0.05


def test_the_tracker_remembers_the_last_thousand_delays():
    """A USB stall's long delay still sets the settle time 999 edges later; the thousandth
    edge after it pushes it out."""
    delays = DelayTracker()
    delays.observe(0.200)
    for _ in range(999):
        delays.observe(0.001)
    assert delays.settle_s(0.0) == pytest.approx(0.200 * 1.25 + 0.005)
    delays.observe(0.001)
    assert delays.settle_s(0.0) == pytest.approx(0.001 * 1.25 + 0.005)
