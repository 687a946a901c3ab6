"""Software debouncing, in one place for every input (GPIO pins and the serial box).

Mock pins ignore ``bounce_time`` and lgpio's hardware debounce is unreliable, so edges come
raw. The first edge of a press is passed on at once (no delay: the race needs it); further
presses of the same input within ``lockout_s`` of an accepted press are contact bounce. A
release is passed on when it comes after the lockout (a shorter blip is part of the bounce).
"""

from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_LOCKOUT_S = 0.040


@dataclass
class Debouncer:
    lockout_s: float = DEFAULT_LOCKOUT_S
    last_press: dict[str, float] = field(default_factory=dict)
    pressed: dict[str, bool] = field(default_factory=dict)
    dropped: int = 0

    def accept(self, name: str, t: float, pressed: bool) -> bool:
        """Whether this edge (input `name`, edge time `t` in seconds) is a real one."""
        last = self.last_press.get(name)
        if pressed:
            if last is not None and t - last < self.lockout_s:
                self.dropped += 1
                return False
            self.last_press[name] = t
            self.pressed[name] = True
            return True
        if not self.pressed.get(name) or (last is not None and t - last < self.lockout_s):
            self.dropped += 1
            return False
        self.pressed[name] = False
        return True
