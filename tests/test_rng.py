"""The seeded generator kept in game states."""

from __future__ import annotations

from collections import Counter

from companion.rules.rng import randint, seed_state, shuffled


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
