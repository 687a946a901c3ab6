"""Pairing's trust (companion/daemon/pairing.py) where a mutation probe found it unguarded:
what a new PIN resets, what a right PIN forgets, the memory of wrong tries kept bounded
without lifting a lock, and the strength of the PIN, the QR secret and the session token.
On a clock the test turns, as test_pairing.py."""

from __future__ import annotations

import re

import pytest
from test_pairing import PIN, table, tried

from companion.daemon import pairing as pairing_module
from companion.daemon.pairing import Pairing


def lock(pairing: Pairing, client: str) -> int:
    """Wrong tries from `client` until it is locked; the lock's seconds."""
    for _ in range(pairing_module.MAX_TRIES - 1):
        assert "wrong_pin" in tried(pairing, client)
    return tried(pairing, client)["pairing_locked"]["seconds"]


def test_a_new_pin_lets_every_address_try_afresh():
    """Drawing a PIN (OK held, or the page) lifts the locks, forgets the wrong tries and
    the locks so far: the next lock is the first one's length again."""
    pairing, _ = table()
    assert lock(pairing, "192.0.2.7") == 60
    for _ in range(3):
        tried(pairing, "192.0.2.8")
    pairing.draw_pin()
    assert tried(pairing, "192.0.2.7", PIN) == {"paired": {}}  # the lock lifted
    assert tried(pairing, "192.0.2.8") == {"wrong_pin": {"tries_left": 4}}  # tries forgotten
    assert lock(pairing, "192.0.2.7") == 60  # not 120: the locks so far are forgotten


def test_a_right_pin_forgets_the_addresses_wrong_tries():
    pairing, _ = table()
    for _ in range(4):
        tried(pairing, "192.0.2.7")
    assert tried(pairing, "192.0.2.7", PIN) == {"paired": {}}
    assert tried(pairing, "192.0.2.7") == {"wrong_pin": {"tries_left": 4}}


def test_a_pin_typed_with_spaces_around_it_pairs_and_a_number_is_a_wrong_try():
    pairing, _ = table()
    assert tried(pairing, "192.0.2.7", f" {PIN}\t") == {"paired": {}}
    assert tried(pairing, "192.0.2.7", int(PIN)) == {"wrong_pin": {"tries_left": 4}}
    assert pairing.pair(None, "192.0.2.7", secret=pairing.secret)


def test_the_memory_of_wrong_tries_stays_bounded_without_lifting_a_lock(monkeypatch):
    """Wrong tries from ever new addresses (a flood) are forgotten oldest first, never
    beyond `MAX_ADDRESSES` and never all at once (a flood must not wipe the newest
    addresses' counts); a standing lock outlives the flood."""
    monkeypatch.setattr(pairing_module, "MAX_ADDRESSES", 8)
    pairing, clock = table()
    lock(pairing, "192.0.2.7")
    for n in range(40):
        clock.t += 0.5
        tried(pairing, f"198.51.100.{n}")
        assert len(pairing._wrong) <= 8  # the memory, not the behaviour, is the point here
    assert "pairing_locked" in tried(pairing, "192.0.2.7", PIN)
    for newest in ("198.51.100.39", "198.51.100.38"):  # the newest are kept, not all dropped
        assert tried(pairing, newest) == {"wrong_pin": {"tries_left": 3}}


def test_pins_are_six_digits_spread_over_all_of_them():
    """A million PINs, not a thousand written with leading zeros: among 60 drawn, one at
    least is 100000 or more (all below has a chance of 10**-60)."""
    pairing = Pairing(None, lambda: 0.0)
    pins = [pairing.draw_pin() for _ in range(60)]
    assert all(re.fullmatch(r"[0-9]{6}", pin) for pin in pins)
    assert max(int(pin) for pin in pins) >= 100_000


@pytest.mark.parametrize("when", ["at the start", "after a new PIN", "after a pairing"])
def test_the_qr_secret_and_the_session_token_carry_at_least_128_bits(when):
    pairing, _ = table()
    token = pairing.pair(PIN, "192.0.2.7")
    if when == "after a new PIN":
        pairing.draw_pin()
    elif when == "after a pairing":
        token = pairing.pair(None, "192.0.2.7", secret=pairing.secret)
    assert len(pairing.secret) >= 22  # base64: 6 bits a character, 128 bits
    assert len(token) >= 43  # 256 bits: it is kept for years in a phone's cookie
