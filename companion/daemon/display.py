"""The OLED as a subscriber: keeps the scene, draws a frame when it changed, sends it.

Runs on its own coalescing mailbox thread, so the core never waits for I2C. Pacing: messages
update the `Scene`; a frame is drawn only when no newer message is already waiting (the newest
state wins) and only when the scene changed; the changed-only driver then sends only what
differs. A display that fails (no acknowledge, unplugged) is logged once, forgotten, and
reopened with back-off — the next frame after it answers again is sent whole.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from companion.daemon.hub import Hub, Mailbox
from companion.screens import Scene, render

log = logging.getLogger("companion.display")
RETRY_DELAYS_S = (0.5, 1.0, 2.0, 5.0)
FrameListener = Callable[[Image.Image], None]


class DisplayOutput:
    """`open_device` returns a luma device (or raises); called again after a failure."""

    def __init__(self, open_device: Callable[[], Any], lang: str = "en",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.open_device = open_device
        self.clock = clock
        self.scene = Scene(lang=lang)
        self.device: Any = None
        self.mailbox: Mailbox | None = None
        self.shown: Image.Image | None = None  # the last frame the display acknowledged
        self.first_frame_at: float | None = None
        self.frames = 0
        self.failures = 0
        self.listeners: list[FrameListener] = []
        self._drawn_scene: Scene | None = None
        self._retry: threading.Timer | None = None
        self._retry_step = 0
        self._closed = False

    def attach(self, hub: Hub) -> None:
        self.mailbox = hub.subscribe(self.handle, "display", coalesce=True)
        self.mailbox.put("retry", None)  # the first frame, before any state arrives

    # --- on the display's mailbox thread ----------------------------------------------------
    def handle(self, topic: str, payload: Any) -> None:
        self.scene = scene_after(self.scene, topic, payload)
        if self.mailbox is not None and self.mailbox.pending():
            return  # a newer message is waiting: draw that one instead
        if topic == "retry" or self.scene != self._drawn_scene:
            self.refresh()

    def refresh(self) -> None:
        scene = self.scene
        frame = render(scene)
        if not self._send(frame):
            return
        self._drawn_scene = scene
        self.shown = frame
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = self.clock()
            log.info("first frame on the display")
        for listener in list(self.listeners):
            listener(frame)

    def _send(self, frame: Image.Image) -> bool:
        try:
            if self.device is None:
                self.device = self.open_device()
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

    def _forget_device(self) -> None:
        if self.device is not None and hasattr(self.device, "forget"):
            self.device.forget()
        self.device = None

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
    if topic == "wifi":
        return dataclasses.replace(scene, wifi=payload if payload.get("mode") == "ap" else None)
    return scene
