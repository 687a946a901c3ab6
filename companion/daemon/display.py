"""The OLED as a subscriber: keeps the scene, draws a frame when it changed, sends it.

Runs on its own coalescing mailbox thread, so the core never waits for I2C. Pacing: messages
update the `Scene`; a frame is drawn only when no newer message is already waiting (the newest
state wins) and only when the scene changed; the changed-only driver then sends only what
differs.

The display gives way to the hub (issue 16: a race result must not wait for a frame). Both
need the interpreter, and drawing, packing and sending a frame hold it in stretches of a few
hundred microseconds, so before each stage the display waits while the hub has work (bounded
by `GIVE_WAY_MAX_S`), and a frame is drawn once the messages of a burst have settled
(`SETTLE_S`: a decided race publishes LEDs, sound, the race and the game within a
millisecond). Only a phone that watches makes a frame be encoded as a PNG (`phone_frames`),
and the simulated panel's picture be decoded (`Seen`).

A display that fails (no acknowledge, unplugged) is logged once, forgotten, and
reopened with back-off — the next frame after it answers again is sent whole.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from PIL import Image

from companion.daemon.hub import Hub, Mailbox
from companion.screens import Scene, render

log = logging.getLogger("companion.display")
RETRY_DELAYS_S = (0.5, 1.0, 2.0, 5.0)
SETTLE_S = 0.002  # a burst of messages settles this long before a frame is drawn
GIVE_WAY_STEP_S = 0.0005  # while the hub is busy, the display waits in steps of this
GIVE_WAY_MAX_S = 0.05  # ... but never longer than this per stage


class Seen(Protocol):
    """The panel as a person sees it at one moment; `picture` may be made only when asked
    for (the simulated panel's, `VirtualOled.look`)."""

    @property
    def picture(self) -> Image.Image: ...


class _Sent:
    """The frame itself, as seen (no `look`: luma's dummy display)."""

    __slots__ = ("picture",)

    def __init__(self, frame: Image.Image) -> None:
        self.picture = frame


FrameListener = Callable[[Seen], None]


class DisplayOutput:
    """`open_device` returns a luma device (or raises); called again after a failure."""

    def __init__(self, open_device: Callable[[], Any], lang: str = "en",
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.open_device = open_device
        self.clock = clock
        self.sleep = sleep
        self.hub_busy: Callable[[], bool] = lambda: False
        self.scene = Scene(lang=lang)
        self.device: Any = None
        self.mailbox: Mailbox | None = None
        self.shown: Image.Image | None = None  # the last frame the display acknowledged
        # The panel as a person sees it, read back from the device after each change (the
        # simulation's virtual controller: dimmed, dark when off); None: the frame itself.
        self.look: Callable[[], Seen] | None = None
        self._seen: Seen | None = None  # what the listeners were last given
        self.first_frame_at: float | None = None
        self.frames = 0
        self.failures = 0
        self.listeners: list[FrameListener] = []
        self._drawn_scene: Scene | None = None
        self._retry: threading.Timer | None = None
        self._retry_step = 0
        self._closed = False
        self.panel: dict[str, Any] | None = None  # panel care's wish (level, contrast, shift)
        self._applied: tuple[str, int | None] | None = None  # what the device was told
        self._sent_shift = 0

    def attach(self, hub: Hub) -> None:
        self.hub_busy = hub.busy
        self.mailbox = hub.subscribe(self.handle, "display", coalesce=True)
        self.mailbox.put("retry", None)  # the first frame, before any state arrives

    # --- on the display's mailbox thread ----------------------------------------------------
    def handle(self, topic: str, payload: Any) -> None:
        if topic == "panel":
            self.panel = dict(payload)
            self._apply_panel()
            if self.panel.get("shift", 0) != self._sent_shift and self._drawn_scene is not None:
                self.refresh()
            elif self.look is not None and self.shown is not None and self.device is not None:
                self._tell_listeners(self.shown)  # dimmed or dark: the picture seen changed
            return
        self.scene = scene_after(self.scene, topic, payload)
        if self.mailbox is not None and self.mailbox.pending():
            return  # a newer message is waiting: draw that one instead
        if topic == "retry" or self.scene != self._drawn_scene:
            if topic != "retry" and self.mailbox is not None \
                    and self.mailbox.wait_pending(SETTLE_S):
                return  # the burst goes on: draw its newest state
            self.refresh()

    def give_way(self) -> None:
        """Wait while the hub has work (bounded): it decides races, the display can wait."""
        deadline = self.clock() + GIVE_WAY_MAX_S
        while self.hub_busy() and self.clock() < deadline:
            self.sleep(GIVE_WAY_STEP_S)

    def refresh(self) -> None:
        scene = self.scene
        self.give_way()
        frame = render(scene)
        self.give_way()
        shift = (self.panel or {}).get("shift", 0)
        if shift:
            from companion.daemon.panel_care import shifted
            on_panel = shifted(frame, shift)
        else:
            on_panel = frame
        if not self._send(on_panel):
            return
        self._sent_shift = shift
        self._drawn_scene = scene
        self.shown = frame
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = self.clock()
            log.info("first screen on the display")
        self._tell_listeners(frame)

    @property
    def seen(self) -> Image.Image | None:
        """The picture the listeners were last given (made now if none of them asked)."""
        seen = self._seen
        return seen.picture if seen is not None else None

    def _tell_listeners(self, frame: Image.Image) -> None:
        """Give the listeners the panel as seen (`look`), or the frame just sent."""
        self._seen = seen = self.look() if self.look is not None else _Sent(frame)
        for listener in list(self.listeners):
            self.give_way()
            listener(seen)

    def _send(self, frame: Image.Image) -> bool:
        try:
            if self.device is None:
                self.device = self.open_device()
                self._applied = ("on", None)
                self._apply_panel()
            self.device.display(frame)
        except Exception as exc:  # luma raises its own errors and OSError for a bus fault
            self.failures += 1
            if self._retry_step == 0:
                log.warning("display not answering (%s); retrying", exc)
            self._forget_device()
            self._schedule_retry()
            return False
        if self._retry_step:
            log.info("display answering again")
        self._retry_step = 0
        return True

    def _apply_panel(self) -> None:
        """Dim, blank or wake the panel as panel care asks (only what differs is sent)."""
        if self.device is None or self.panel is None or self._applied is None:
            return
        level, contrast = self.panel.get("level", "on"), self.panel.get("contrast")
        was_level, was_contrast = self._applied
        try:
            if level == "off":
                if was_level != "off":
                    self.device.hide()
                self._applied = ("off", was_contrast)
                return
            if was_level == "off":
                self.device.show()
            if contrast is not None and contrast != was_contrast:
                self.device.contrast(contrast)
            self._applied = (level, contrast)
        except Exception as exc:  # the bus failed: reopened (and told again) on the next try
            log.warning("display not answering (%s); retrying", exc)
            self._forget_device()
            self._schedule_retry()

    def _forget_device(self) -> None:
        if self.device is not None and hasattr(self.device, "forget"):
            self.device.forget()
        self.device = None
        self._applied = None

    def _schedule_retry(self) -> None:
        if self._closed or self.mailbox is None or self._retry is not None:
            return
        delay = RETRY_DELAYS_S[min(self._retry_step, len(RETRY_DELAYS_S) - 1)]
        self._retry_step += 1
        mailbox = self.mailbox

        def retry() -> None:
            self._retry = None
            mailbox.put("retry", None)

        self._retry = threading.Timer(delay, retry)
        self._retry.daemon = True
        self._retry.start()

    def close(self) -> None:
        """After the mailbox drained (the "stopped" frame is on the panel): leave it there."""
        self._closed = True
        if self._retry is not None:
            self._retry.cancel()
        if self.device is not None:
            self.device.persist = True  # luma would clear the panel at exit otherwise
            try:
                self.device.cleanup()
            except Exception as exc:
                log.warning("display cleanup failed: %s", exc)


def phone_frames(publish: Callable[[str, Any], None], listening: Callable[[], bool],
                 encode: Callable[[Image.Image], str]) -> FrameListener:
    """The frame listener that shows the display on the phones' pages: a frame is encoded
    (PNG, `encode`) and published only while a phone's stream is open. Encoding is the
    display thread's costliest step after drawing, and with nobody watching it only
    competes with the hub; a stream opened later gets the current frame in its snapshot."""
    def listener(seen: Seen) -> None:
        if listening():
            publish("frame", encode(seen.picture))
    return listener


def scene_after(scene: Scene, topic: str, payload: Any) -> Scene:
    """The scene once a published message arrived (pure)."""
    if topic == "state":
        return dataclasses.replace(scene, state=payload, banner=None)
    if topic == "race":
        shown = payload if payload and payload.get("phase") != "idle" else None
        return dataclasses.replace(scene, race=shown)
    if topic == "pairing":
        return dataclasses.replace(scene, pairing=payload,
                                   show_pairing=bool(payload and payload.get("show")))
    if topic == "banner":
        return dataclasses.replace(scene, banner=payload)
    if topic == "screen" and payload == "stopped":
        return dataclasses.replace(scene, stopped=True)
    if topic == "language":
        return dataclasses.replace(scene, lang=payload)
    if topic == "notice":
        return dataclasses.replace(scene, notice=payload)
    if topic == "wifi":
        return dataclasses.replace(scene, wifi=payload if payload.get("mode") == "ap" else None)
    return scene
