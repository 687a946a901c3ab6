"""Panel care (issue 19): an OLED left showing one picture all evening burns it in.

`[display] dim_after_s`: when nothing happened this long the panel is dimmed;
`off_after_s`: then it is blanked (the controller's display-off command: the picture stays in
its RAM, nothing lights). Any button press or phone action wakes it; the press that wakes a
blank panel does nothing else (it starts no race and throws no dice: the player could not see
what it would do). `shift_pixels`: a screen that stood still for `SHIFT_EVERY_S` moves by one
pixel sideways (0, +1, 0, -1, ...), and only when that cuts off no lit pixel at the edge.

`PanelCare` lives on the hub thread (it decides whether a press counts, so it is part of the
state): it sees what the hub publishes as it is published (`Hub.tap`), keeps one hub timer
for the next step, and publishes ``panel`` ({"level": "on" | "dim" | "off", "contrast",
"shift"}) for the display to apply.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageChops

from companion.daemon.hub import Hub

SHIFT_EVERY_S = 120.0
SHIFT_STEPS = (0, 1, 0, -1)  # pixels to the right, one step per SHIFT_EVERY_S of stillness
DIM_DIVISOR = 8  # dimmed contrast: the configured one divided by this
# Messages that mean something happened at the table (a press, a phone's action, a result).
# ("links": a part of the table went or came back; its notice's repeats are no activity.)
ACTIVITY = ("state", "race", "pairing", "games", "announce", "language", "banner", "button",
            "unpaired", "links")


class PanelCare:
    def __init__(self, hub: Hub, contrast: int = 255, dim_after_s: int = 0,
                 off_after_s: int = 0, shift_pixels: bool = False) -> None:
        self.hub = hub
        self.contrast = contrast
        self.dim_after_s = dim_after_s
        self.off_after_s = off_after_s
        self.shift_pixels = shift_pixels
        self.level = "on"
        self.shift_step = 0
        self.last_activity = hub.clock()
        self._last_shift = self.last_activity
        self._due: float | None = None  # the one hub timer waiting, if any
        self._swallowing: set[str] = set()  # buttons whose waking press is not over yet

    @property
    def active(self) -> bool:
        return bool(self.dim_after_s or self.off_after_s or self.shift_pixels)

    def attach(self) -> None:
        """Start watching (before the hub starts, or on its thread)."""
        if self.active:
            self.hub.tap(self._observe)
            self.hub.post(self._schedule)

    # --- on the hub thread -----------------------------------------------------------------
    def _observe(self, topic: str, payload: Any) -> None:
        if topic in ACTIVITY:
            self.activity()

    def press(self, name: str, pressed: bool) -> bool:
        """A debounced button edge, before the table acts on it: True if it only wakes the
        panel (the press, and later its release, then mean nothing else)."""
        if name in self._swallowing:
            if not pressed:
                self._swallowing.discard(name)
            return True
        if pressed and self.level == "off":
            self._swallowing.add(name)
            self.activity()
            return True
        return False

    def activity(self) -> None:
        """Something happened: full brightness, and the idle time starts again."""
        self.last_activity = self.hub.clock()
        if self.level != "on":
            self.level = "on"
            self._publish()
        self._schedule()

    def view(self) -> dict[str, Any]:
        contrast = self.contrast if self.level == "on" else self.contrast // DIM_DIVISOR
        return {"level": self.level, "contrast": contrast,
                "shift": SHIFT_STEPS[self.shift_step]}

    def _publish(self) -> None:
        self.hub.publish("panel", self.view())

    def _next_due(self) -> float | None:
        last, dues = self.last_activity, []
        if self.dim_after_s and self.level == "on":
            dues.append(last + self.dim_after_s)
        if self.off_after_s and self.level != "off":
            dues.append(last + self.off_after_s)
        if self.shift_pixels and self.level != "off":
            dues.append(max(last, self._last_shift) + SHIFT_EVERY_S)
        return min(dues, default=None)

    def _schedule(self) -> None:
        due = self._next_due()
        if due is not None and (self._due is None or due < self._due):
            self._due = due
            self.hub.at(due, self._tick)

    def _tick(self) -> None:
        self._due = None
        now = self.hub.clock()
        idle = now - self.last_activity
        level = "on"
        if self.off_after_s and idle >= self.off_after_s:
            level = "off"
        elif self.dim_after_s and idle >= self.dim_after_s:
            level = "dim"
        changed = level != self.level
        self.level = level
        if self.shift_pixels and level != "off" \
                and now - max(self.last_activity, self._last_shift) >= SHIFT_EVERY_S:
            self.shift_step = (self.shift_step + 1) % len(SHIFT_STEPS)
            self._last_shift = now
            changed = True
        if changed:
            self._publish()
        self._schedule()


def shifted(frame: Image.Image, dx: int) -> Image.Image:
    """`frame` moved `dx` pixels sideways, or unmoved when that would cut off a lit pixel."""
    if dx == 0:
        return frame
    width, height = frame.size
    edge = frame.crop((width - dx, 0, width, height) if dx > 0 else (0, 0, -dx, height))
    if edge.getbbox() is not None:
        return frame
    moved = ImageChops.offset(frame, dx, 0)
    strip = (0, 0, dx, height) if dx > 0 else (width + dx, 0, width, height)
    moved.paste(0, strip)  # what wrapped round is the dark edge that was cut
    return moved
