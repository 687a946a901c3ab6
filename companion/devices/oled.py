"""luma's SSD1306 and SH1106 drivers, extended to send only what changed.

Stock luma sends all 1,024 bytes of a 128×64 frame on every ``display()`` (about 25 ms on a
400 kHz bus); its ``framebuffer=`` option is ignored by these two chips. These subclasses keep
a copy of what the controller's RAM holds and, per 8-pixel page, send only the column range
that changed; an identical frame sends nothing.

- SSD1306 (horizontal addressing, set up by luma's init): COLUMNADDR + PAGEADDR select a
  one-page window, the data fills it.
- SH1106 (page addressing only, 132-column RAM with the panel at an offset): set page, low and
  high column nibbles, then the data.

The copy is only trusted after a write succeeded: an I2C error forgets it, and the next frame
is sent whole (a display that lost power has lost its RAM too).
"""

from __future__ import annotations

from luma.oled.device import sh1106, ssd1306
from PIL import Image

# Reverses the bits of a byte: Pillow packs a row's leftmost pixel into the high bit, the
# controllers want a column's top pixel in the low bit.
BIT_REVERSE = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def pack_pages(image: Image.Image, width: int, pages: int) -> list[bytes]:
    """The controller's page bytes for a mode "1" image: pages × width, bit 0 = top row."""
    columns = image.transpose(Image.Transpose.TRANSPOSE).tobytes().translate(BIT_REVERSE)
    return [columns[page::pages] for page in range(pages)]


def changed_span(old: bytes, new: bytes) -> tuple[int, int] | None:
    """First and last differing index of two equal-length byte strings (None if equal)."""
    if old == new:
        return None
    first = next(i for i in range(len(new)) if old[i] != new[i])
    last = next(i for i in range(len(new) - 1, first - 1, -1) if old[i] != new[i])
    return first, last


class _ChangedOnly:
    """Mixin: display() sends only the changed column span of each changed page."""

    _w: int
    _pages: int

    def _reset_shadow(self) -> None:
        self._shadow: list[bytes] | None = None
        self.frames_sent = 0

    def forget(self) -> None:
        """Assume nothing about the controller's RAM: the next frame goes out whole."""
        self._shadow = None

    def display(self, image: Image.Image) -> None:
        assert image.mode == self.mode and image.size == self.size
        pages = pack_pages(self.preprocess(image), self._w, self._pages)
        shadow = self._shadow
        self._shadow = None  # a write that fails half-way leaves the RAM unknown
        for page, data in enumerate(pages):
            span = (0, self._w - 1) if shadow is None else changed_span(shadow[page], data)
            if span is not None:
                self._send_span(page, span[0], data[span[0]:span[1] + 1])
        self._shadow = pages
        self.frames_sent += 1

    def _send_span(self, page: int, first: int, data: bytes) -> None:
        raise NotImplementedError


class ChangedOnlySSD1306(_ChangedOnly, ssd1306):
    """SSD1306 that sends only the changed part of each frame."""

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, **kwargs) -> None:
        self._reset_shadow()
        super().__init__(serial_interface, width, height, rotate, **kwargs)

    def _send_span(self, page: int, first: int, data: bytes) -> None:
        start = self._colstart + first
        self.command(self._const.COLUMNADDR, start, start + len(data) - 1,
                     self._const.PAGEADDR, page, page)
        self.data(list(data))


class ChangedOnlySH1106(_ChangedOnly, sh1106):
    """SH1106 that sends only the changed part of each frame (page addressing)."""

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, **kwargs) -> None:
        self._reset_shadow()
        super().__init__(serial_interface, width, height, rotate, **kwargs)

    def _send_span(self, page: int, first: int, data: bytes) -> None:
        column = self._page_address_offset + first
        self.command(0xB0 | page, column & 0x0F, 0x10 | (column >> 4))
        self.data(list(data))


DRIVERS = {"ssd1306": ChangedOnlySSD1306, "sh1106": ChangedOnlySH1106}
STOCK_DRIVERS = {"ssd1306": ssd1306, "sh1106": sh1106}


def open_display(chip: str, bus=None, port: int = 1, address: int = 0x3C, rotate: int = 0,
                 contrast: int = 255, sh1106_column_offset: int = 2):
    """The changed-only driver for `chip` on I2C (a given smbus-like `bus`, else the port).

    `rotate` is in degrees (0/90/180/270; luma counts quarter turns); `sh1106_column_offset`
    is where the panel's first column sits in the SH1106's 132-column RAM (luma's default 2).
    """
    from luma.core.interface.serial import i2c

    interface = i2c(bus=bus, address=address) if bus is not None \
        else i2c(port=port, address=address)
    options = {"page_address_offset": sh1106_column_offset} if chip == "sh1106" else {}
    device = DRIVERS[chip](interface, rotate=rotate // 90, **options)
    device.contrast(contrast)
    return device
