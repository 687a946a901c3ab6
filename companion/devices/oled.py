"""luma's SSD1306 and SH1106 drivers, extended to send only what changed.

Stock luma sends all 1,024 bytes of a 128×64 frame on every ``display()`` (about 25 ms on a
400 kHz bus); its ``framebuffer=`` option is ignored by these two chips. These subclasses keep
a copy of what the controller's RAM holds and send only the columns that changed: per 8-pixel
page, the runs of changed columns (two runs closer than a window's overhead are sent as one),
and on the SSD1306 several pages as one window when that costs fewer bytes; an identical frame
sends nothing. The plan minimises bytes on the wire (`wire_cost`).

- SSD1306 (horizontal addressing, set up by luma's init): COLUMNADDR + PAGEADDR select a
  window of columns × pages, the data fills it page by page.
- SH1106 (page addressing only, 132-column RAM with the panel at an offset): set page, low and
  high column nibbles, then the data; one page per window.

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


I2C_BLOCK = 32  # luma's unmanaged i2c sends data in blocks of at most 32 bytes


def wire_cost(commands: int, data: int) -> int:
    """Bytes on the wire for one window: a command transaction (address, control, commands)
    and the data in 32-byte blocks (address and control byte each)."""
    return 2 + commands + data + 2 * -(-data // I2C_BLOCK)


def changed_runs(old: bytes, new: bytes, overhead: int) -> list[tuple[int, int]]:
    """(first, last) column runs where `old` and `new` differ; runs separated by no more
    unchanged columns than `overhead` (the bytes a separate window costs) are joined."""
    return _runs([i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b], overhead)


def _runs(columns: list[int], overhead: int) -> list[tuple[int, int]]:
    """Sorted columns as (first, last) runs, gaps of at most `overhead` joined."""
    runs: list[tuple[int, int]] = []
    for i in columns:
        if runs and i - runs[-1][1] - 1 <= overhead:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def changed_span(old: bytes, new: bytes) -> tuple[int, int] | None:
    """First and last differing index of two equal-length byte strings (None if equal)."""
    if old == new:
        return None
    first = next(i for i in range(len(new)) if old[i] != new[i])
    last = next(i for i in range(len(new) - 1, first - 1, -1) if old[i] != new[i])
    return first, last


Window = tuple[int, int, int, int]  # first page, last page, first column, last column


class _ChangedOnly:
    """Mixin: display() sends only the changed runs of columns (see the module docstring)."""

    _w: int
    _pages: int
    WINDOW_COMMANDS = 0  # command bytes that select a window
    MULTI_PAGE = False  # can one window span several pages?

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
        for first_page, last_page, first, last in self.plan(shadow, pages):
            data = b"".join(pages[p][first:last + 1] for p in range(first_page, last_page + 1))
            self._send_window(first_page, last_page, first, data)
        self._shadow = pages
        self.frames_sent += 1

    def plan(self, shadow: list[bytes] | None, pages: list[bytes]) -> list[Window]:
        """The windows to send to turn `shadow` (None: unknown) into `pages`."""
        last_column = self._w - 1
        if shadow is None:
            if self.MULTI_PAGE:
                return [(0, self._pages - 1, 0, last_column)]
            return [(p, p, 0, last_column) for p in range(self._pages)]
        overhead = wire_cost(self.WINDOW_COMMANDS, 0)
        runs = [changed_runs(old, new, overhead) for old, new in zip(shadow, pages, strict=True)]
        if not self.MULTI_PAGE:
            return [(p, p, a, b) for p, page_runs in enumerate(runs) for a, b in page_runs]
        return self._multi_page(runs)

    def _multi_page(self, runs: list[list[tuple[int, int]]]) -> list[Window]:
        """Each page alone, or a block of consecutive pages sent as windows over the runs of
        columns any of them changed: whichever costs fewer bytes (dynamic programming)."""
        overhead = wire_cost(self.WINDOW_COMMANDS, 0)
        masks = [{c for a, b in page_runs for c in range(a, b + 1)} for page_runs in runs]
        best: list[tuple[int, list[Window]]] = [(0, [])]
        for j in range(len(runs)):
            choice: tuple[int, list[Window]] | None = None
            for i in range(j, -1, -1):  # pages i..j as one block (i == j: the page alone)
                union = sorted(set().union(*masks[i:j + 1]))
                block_runs = _runs(union, overhead)
                height = j - i + 1
                cost = best[i][0] + sum(wire_cost(self.WINDOW_COMMANDS, (b - a + 1) * height)
                                        for a, b in block_runs)
                if choice is None or cost < choice[0]:
                    choice = (cost, best[i][1] + [(i, j, a, b) for a, b in block_runs])
            assert choice is not None
            best.append(choice)
        return best[-1][1]

    def _send_window(self, first_page: int, last_page: int, first: int, data: bytes) -> None:
        raise NotImplementedError


class ChangedOnlySSD1306(_ChangedOnly, ssd1306):
    """SSD1306 that sends only the changed part of each frame."""

    WINDOW_COMMANDS = 6
    MULTI_PAGE = True

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, **kwargs) -> None:
        self._reset_shadow()
        super().__init__(serial_interface, width, height, rotate, **kwargs)

    def _send_window(self, first_page: int, last_page: int, first: int, data: bytes) -> None:
        start = self._colstart + first
        width = len(data) // (last_page - first_page + 1)
        self.command(self._const.COLUMNADDR, start, start + width - 1,
                     self._const.PAGEADDR, first_page, last_page)
        self.data(list(data))


class ChangedOnlySH1106(_ChangedOnly, sh1106):
    """SH1106 that sends only the changed part of each frame (page addressing)."""

    WINDOW_COMMANDS = 3

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, **kwargs) -> None:
        self._reset_shadow()
        super().__init__(serial_interface, width, height, rotate, **kwargs)

    def _send_window(self, first_page: int, last_page: int, first: int, data: bytes) -> None:
        page = first_page  # one page per window (page addressing)
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
