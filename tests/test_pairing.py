"""Pairing's limits, with a clock the test turns: wrong tries counted per address (an IPv6
device by its /64, an IPv4 client seen through an IPv6 socket by its IPv4 address), a lock
that doubles up to an hour, tries forgotten after ten minutes, and the 200 newest phones
remembered across a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.daemon.pairing import Pairing
from companion.rules import Refusal

PIN = "123456"


class Clock:
    def __init__(self) -> None:
        self.t = 1_000.0

    def __call__(self) -> float:
        return self.t


def table(path: Path | None = None) -> tuple[Pairing, Clock]:
    clock = Clock()
    return Pairing(path, clock, new_pin=lambda: PIN), clock


def tried(pairing: Pairing, client: str, pin: str = "000000") -> dict:
    """What the table answers a try of `pin` from `client` (a refusal as code and params)."""
    try:
        pairing.pair(pin, client)
    except Refusal as refusal:
        return {refusal.code: refusal.params}
    return {"paired": {}}


def test_five_wrong_tries_lock_an_address_and_each_further_lock_lasts_twice_as_long():
    pairing, clock = table()
    assert [tried(pairing, "192.0.2.7") for _ in range(4)] == [
        {"wrong_pin": {"tries_left": n}} for n in (4, 3, 2, 1)]
    assert tried(pairing, "192.0.2.7") == {"pairing_locked": {"seconds": 60}}
    clock.t += 59.5
    assert tried(pairing, "192.0.2.7", PIN) == {"pairing_locked": {"seconds": 1}}
    assert tried(pairing, "192.0.2.8", PIN) == {"paired": {}}  # only that address waits
    clock.t += 1
    # the lock over, a wrong try starts a new count (not another lock at once)
    assert tried(pairing, "192.0.2.7") == {"wrong_pin": {"tries_left": 4}}
    for _ in range(3):
        tried(pairing, "192.0.2.7")
    locks = [tried(pairing, "192.0.2.7")["pairing_locked"]["seconds"]]
    for _ in range(7):
        clock.t += locks[-1]
        for _ in range(4):
            assert "wrong_pin" in tried(pairing, "192.0.2.7")
        locks.append(tried(pairing, "192.0.2.7")["pairing_locked"]["seconds"])
    clock.t += locks[-1]
    assert locks == [120, 240, 480, 960, 1920, 3600, 3600, 3600]
    assert tried(pairing, "192.0.2.7", PIN) == {"paired": {}}


def test_wrong_tries_count_for_ten_minutes():
    pairing, clock = table()
    for _ in range(4):  # slowly: one guess every two minutes still locks
        assert "wrong_pin" in tried(pairing, "192.0.2.7")
        clock.t += 120
    assert tried(pairing, "192.0.2.7") == {"pairing_locked": {"seconds": 60}}
    pairing, clock = table()
    for _ in range(4):
        tried(pairing, "192.0.2.7")
    clock.t += 600  # ten minutes later the old tries are forgotten
    assert tried(pairing, "192.0.2.7") == {"wrong_pin": {"tries_left": 4}}


@pytest.mark.parametrize(("tries_from", "locked", "free"), [
    # one phone's IPv6 privacy addresses share its /64; another network's do not
    (["2001:db8:1:2::a", "2001:db8:1:2::b", "2001:db8:1:2:c::1", "2001:db8:1:2::d",
      "2001:db8:1:2:ffff::e"], "2001:db8:1:2::99", "2001:db8:1:3::1"),
    # an IPv4 client seen through an IPv6 socket is its IPv4 address, not one shared block
    (["::ffff:192.0.2.7"] * 4 + ["192.0.2.7"], "::ffff:192.0.2.7", "::ffff:192.0.2.8"),
])
def test_an_address_counts_as_one_device(tries_from, locked, free):
    pairing, _ = table()
    answers = [tried(pairing, client) for client in tries_from]
    assert answers[-1] == {"pairing_locked": {"seconds": 60}}, answers
    assert "pairing_locked" in tried(pairing, locked, PIN)
    assert tried(pairing, free, PIN) == {"paired": {}}


def test_the_200_newest_phones_stay_paired_across_a_restart(tmp_path):
    pairing, _ = table(tmp_path / "pairing.json")
    tokens = [pairing.pair(PIN, "192.0.2.7") for _ in range(201)]
    restarted, _ = table(tmp_path / "pairing.json")
    for kept in (pairing, restarted):
        assert not kept.paired(tokens[0])  # the oldest is forgotten
        assert all(kept.paired(token) for token in tokens[1:])


@pytest.mark.parametrize("wildcard", ["0.0.0.0", "", "::"])
def test_a_table_listening_everywhere_shows_phones_its_own_address(wildcard):
    """The pairing QR code's address: a wildcard listen address (IPv4 or IPv6) is no
    address a phone can open; the table's address on its network is."""
    from companion.daemon.address import local_ip, page_url

    assert page_url(wildcard, 8080) == f"http://{local_ip()}:8080/"
    assert page_url("fd00::7", 80) == "http://[fd00::7]/"
