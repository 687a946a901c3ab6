"""A small seeded generator whose whole state is one integer kept in the game state.

Rule cores never touch Python's global ``random``: a game must be replayable from its header
and action list alone. SplitMix64 is tiny, fast, well distributed and trivially serialisable.
Every function is pure: it takes the generator state and returns the new one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any integer, negative ones included)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """(a 64-bit value, the new state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randint(state: int, lo: int, hi: int) -> tuple[int, int]:
    """A uniform integer in [lo, hi] (rejection sampling, so no modulo bias)."""
    span = hi - lo + 1
    if span <= 0:
        raise ValueError("empty range")
    limit = (1 << 64) - ((1 << 64) % span)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return lo + value % span, state


def shuffled(state: int, items: Sequence[T]) -> tuple[list[T], int]:
    """A Fisher–Yates shuffled copy of `items`."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = randint(state, 0, i)
        out[i], out[j] = out[j], out[i]
    return out, state
