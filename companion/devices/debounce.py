"""Software debouncing, in one place for every input (GPIO pins and the serial box).

Mock pins ignore ``bounce_time`` and lgpio's hardware debounce is unreliable, so edges come
raw. A press is passed on at its first edge (no delay, and that edge's own time: the race
needs it), but only if the input had been seen released for ``lockout_s`` before it: chatter
of any length is one press. A release is passed on once the contact has stayed open for
``lockout_s`` (the owner calls `settle` from a timer, or the next edge confirms it), stamped
with the release edge that began that quiet time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_LOCKOUT_S = 0.040
DebouncedEdge = tuple[float, bool]  # (time of the edge, pressed)


@dataclass
class _Input:
    pressed: bool = False  # the debounced level
    raw_pressed: bool = False  # the level of the last raw edge
    raw_t: float | None = None  # the last raw edge's time
    release_t: float | None = None  # a release not yet confirmed: its edge time


@dataclass
class Debouncer:
    lockout_s: float = DEFAULT_LOCKOUT_S
    inputs: dict[str, _Input] = field(default_factory=dict)
    dropped: int = 0  # raw edges that were bounce

    def edge(self, name: str, t: float, pressed: bool) -> list[DebouncedEdge]:
        """The debounced edges a raw edge of input `name` (time `t`, seconds) gives, in order:
        possibly a release it confirms, then possibly the press it is."""
        s = self.inputs.setdefault(name, _Input())
        out = self.settle(name, t)
        if pressed:
            quiet = s.raw_t is None or t >= s.raw_t + self.lockout_s
            if not s.pressed and not s.raw_pressed and quiet:
                s.pressed = True
                out.append((t, True))
            else:
                self.dropped += 1
            if s.release_t is not None:  # the release was bounce: contact closed again
                s.release_t = None
                self.dropped += 1
        elif s.pressed and s.release_t is None:
            s.release_t = t  # confirmed by `settle` once quiet for the lock-out
        else:
            self.dropped += 1
        s.raw_pressed, s.raw_t = pressed, t
        return out

    def settle(self, name: str, now: float) -> list[DebouncedEdge]:
        """The release of `name` if, by `now`, the contact has stayed open for the lock-out."""
        s = self.inputs.get(name)
        if s is None or s.release_t is None or s.raw_pressed or s.raw_t is None \
                or now < s.raw_t + self.lockout_s:
            return []
        released_at, s.release_t, s.pressed = s.release_t, None, False
        return [(released_at, False)]
