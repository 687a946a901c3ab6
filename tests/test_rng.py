"""The seeded generator kept in game states."""

from __future__ import annotations

import ctypes
from collections import Counter

import pytest

from companion.rules.rng import next_u64, randint, seed_state, shuffled


class ReferenceSplitMix64:
    """Vigna's splitmix64.c, transcribed with C's own wrapping 64-bit unsigned arithmetic
    (ctypes), independently of companion.rules.rng's masking."""

    def __init__(self, seed: int) -> None:
        self.x = ctypes.c_uint64(seed)

    def next(self) -> int:
        self.x = ctypes.c_uint64(self.x.value + 0x9E3779B97F4A7C15)
        z = ctypes.c_uint64(self.x.value)
        z = ctypes.c_uint64((z.value ^ (z.value >> 30)) * 0xBF58476D1CE4E5B9)
        z = ctypes.c_uint64((z.value ^ (z.value >> 27)) * 0x94D049BB133111EB)
        return z.value ^ (z.value >> 31)

    def below(self, n: int) -> int:
        """Uniform in [0, n): reject the top values that would bias `% n`."""
        while True:
            v = self.next()
            if v < 2**64 - 2**64 % n:
                return v % n


def test_the_reference_matches_the_published_splitmix64_outputs():
    # splitmix64.c (prng.di.unimi.it) seeded with 1234567: its first five outputs.
    ref = ReferenceSplitMix64(1234567)
    assert [ref.next() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423,
        4593380528125082431, 16408922859458223821]


@pytest.mark.parametrize("seed", [0, 1, 42, -5, 2**63, 2**64 - 1, -2**63])
def test_the_generator_is_splitmix64(seed):
    ref, state = ReferenceSplitMix64(seed % 2**64), seed_state(seed)
    for _ in range(1000):
        value, state = next_u64(state)
        assert value == ref.next()


@pytest.mark.parametrize("seed", [3, -7])
def test_dice_and_shuffles_follow_the_reference(seed):
    ref, state = ReferenceSplitMix64(seed % 2**64), seed_state(seed)
    for span in (6, 2, 7, 13, 3) * 40:
        value, state = randint(state, 1, span)
        assert value == 1 + ref.below(span)
    items, state = shuffled(state, list(range(30)))
    expected = list(range(30))
    for i in range(29, 0, -1):
        j = ref.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected


def test_same_seed_same_sequence_and_state_is_an_int():
    a, b = seed_state(42), seed_state(42)
    seq_a, seq_b = [], []
    for _ in range(20):
        x, a = randint(a, 1, 6)
        y, b = randint(b, 1, 6)
        seq_a.append(x)
        seq_b.append(y)
    assert seq_a == seq_b and isinstance(a, int)
    assert seq_a != [randint(seed_state(43), 1, 6)[0]] * 20


def test_dice_are_in_range_and_roughly_uniform():
    state, counts = seed_state(1), Counter()
    for _ in range(6000):
        value, state = randint(state, 1, 6)
        counts[value] += 1
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_shuffle_is_a_permutation_and_negative_seeds_work():
    items, state = shuffled(seed_state(-5), list(range(20)))
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert 0 <= state < 2**64
