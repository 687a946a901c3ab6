"""luma's SSD1306 and SH1106 drivers, extended to send only what changed.

Stock luma sends all 1,024 bytes of a 128×64 frame on every ``display()`` (about 25 ms on a
400 kHz bus); its ``framebuffer=`` option is ignored by these two chips. These subclasses keep
a copy of what the controller's RAM holds and send only the columns that changed: per 8-pixel
page, the runs of changed columns (two runs closer than a window's overhead are sent as one),
and on the SSD1306 several pages as one window when that costs fewer bytes; an identical frame
sends nothing. The plan minimises bytes on the wire (`wire_cost`).

- Runs are written in page addressing (both chips): set page, low and high column nibble,
  then the data. The driver tracks the controller's pointer, so a run sends only the
  commands that move it (a second run on the same page: often one byte).
- SSD1306 only: a block of pages can go as one window (horizontal addressing: COLUMNADDR +
  PAGEADDR, the data filling it page by page), switching the mode there and back.
- SH1106: a 132-column RAM with the panel at an offset; page addressing only.

The copy is only trusted after a write succeeded: an I2C error forgets it, and the next frame
is sent whole (a display that lost power has lost its RAM too).
"""

from __future__ import annotations

import operator
import re

from luma.oled.device import sh1106, ssd1306
from PIL import Image

from companion.devices.oled_pages import BIT_REVERSE


def pack_pages(image: Image.Image, width: int, pages: int) -> list[bytes]:
    """The controller's page bytes for a mode "1" image: pages × width, bit 0 = top row."""
    columns = image.transpose(Image.Transpose.TRANSPOSE).tobytes().translate(BIT_REVERSE)
    return [columns[page::pages] for page in range(pages)]


I2C_BLOCK = 32  # luma's unmanaged i2c sends data in blocks of at most 32 bytes


def wire_cost(commands: int, data: int) -> int:
    """Bytes on the wire for one window: a command transaction (address, control, commands)
    and the data in 32-byte blocks (address and control byte each)."""
    return 2 + commands + data + 2 * -(-data // I2C_BLOCK)


_CHANGED = re.compile(rb"[^\x00]+")


def changed_runs(old: bytes, new: bytes, overhead: int) -> list[tuple[int, int]]:
    """(first, last) column runs where `old` and `new` differ; runs separated by no more
    unchanged columns than `overhead` (the bytes a separate window costs) are joined."""
    if old == new:
        return []
    diff = bytes(map(operator.xor, old, new))  # C-speed scans: this runs on every frame
    return _joined([(m.start(), m.end() - 1) for m in _CHANGED.finditer(diff)], overhead)


def _joined(runs: list[tuple[int, int]], overhead: int) -> list[tuple[int, int]]:
    """Sorted (first, last) runs, those with gaps of at most `overhead` joined."""
    out: list[tuple[int, int]] = []
    for first, last in runs:
        if out and first - out[-1][1] - 1 <= overhead:
            out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return out


def _mask(runs: list[tuple[int, int]]) -> int:
    """Runs of columns as a bit mask (bit c set: column c)."""
    mask = 0
    for first, last in runs:
        mask |= ((1 << (last - first + 1)) - 1) << first
    return mask


def _mask_runs(mask: int, overhead: int) -> list[tuple[int, int]]:
    """The runs of set bits of `mask`, gaps of at most `overhead` joined."""
    runs = []
    while mask:
        first = (mask & -mask).bit_length() - 1
        shifted = mask >> first
        length = (~shifted & (shifted + 1)).bit_length() - 1  # trailing ones
        runs.append((first, first + length - 1))
        mask &= ~(((1 << length) - 1) << first)
    return _joined(runs, overhead)


def changed_span(old: bytes, new: bytes) -> tuple[int, int] | None:
    """First and last differing index of two equal-length byte strings (None if equal)."""
    if old == new:
        return None
    first = next(i for i in range(len(new)) if old[i] != new[i])
    last = next(i for i in range(len(new) - 1, first - 1, -1) if old[i] != new[i])
    return first, last


Window = tuple[int, int, int, int]  # first page, last page, first column, last column

PAGE_MODE, HORIZONTAL_MODE = 0x02, 0x00  # SSD1306 memory addressing modes (command 0x20)
PAGE_RUN_COMMANDS = 3  # set page, low column nibble, high column nibble (at most)
RUN_GAP = wire_cost(2, 0) + 2  # a second run on a page: its column commands, two transactions


class _ChangedOnly:
    """Mixin: display() sends only the changed runs of columns (see the module docstring).

    Runs are written in page addressing (set page, low and high column nibble, data) and the
    driver remembers where the controller's pointer stands after each write, so a run sends
    only the addressing commands that differ from it (often one nibble). On the SSD1306 a
    block of pages may go as one horizontal-addressing window instead, when that is cheaper.
    """

    _w: int
    _pages: int
    MULTI_PAGE = False  # can one window span several pages (horizontal addressing)?
    RAM_COLUMNS = 128

    def _reset_shadow(self, shown: list[bytes] | None = None) -> None:
        # `shown`: the controller is already set up and holds these pages (the start-up
        # splash, devices/splash.py): luma's set-up, blank frame and display-on are not sent
        self._adopting = shown is not None
        self._adopted = shown
        self._shadow: list[bytes] | None = None
        self._pointer: tuple[int, int] | None = None  # (page, RAM column), None: unknown
        self._mode: int | None = None  # addressing mode (SSD1306), None: unknown
        self.frames_sent = 0

    def _adopted_panel(self) -> None:
        """After luma's set-up ran without a word to the controller: what it holds is known."""
        if self._adopting:
            self._adopting = False
            self._shadow = list(self._adopted or [])
            self._pointer = self._mode = None  # where the splash left them: not assumed
            self.frames_sent = 0

    def command(self, *cmd: int) -> None:
        if not self._adopting:
            super().command(*cmd)  # type: ignore[misc]

    def data(self, data: list[int]) -> None:
        if not self._adopting:
            super().data(data)  # type: ignore[misc]

    def forget(self) -> None:
        """Assume nothing about the controller: the next frame goes out whole."""
        self._shadow = None
        self._pointer = None
        self._mode = None

    def display(self, image: Image.Image) -> None:
        assert image.mode == self.mode and image.size == self.size
        pages = pack_pages(self.preprocess(image), self._w, self._pages)
        shadow = self._shadow
        self._shadow = None  # a write that fails half-way leaves the RAM unknown
        try:
            for first_page, last_page, first, last in self.plan(shadow, pages):
                data = b"".join(pages[p][first:last + 1]
                                for p in range(first_page, last_page + 1))
                if first_page == last_page:
                    self._send_run(first_page, self._column_offset() + first, data)
                else:
                    self._send_window(first_page, last_page, first, data)
        except BaseException:
            self._pointer = self._mode = None
            raise
        self._shadow = pages
        self.frames_sent += 1

    def _column_offset(self) -> int:
        return 0

    def plan(self, shadow: list[bytes] | None, pages: list[bytes]) -> list[Window]:
        """The windows to send to turn `shadow` (None: unknown) into `pages`, page by page
        (a window of one page is a run in page addressing)."""
        last_column = self._w - 1
        if shadow is None:
            if self.MULTI_PAGE:
                return [(0, self._pages - 1, 0, last_column)]
            return [(p, p, 0, last_column) for p in range(self._pages)]
        runs = [changed_runs(old, new, RUN_GAP) for old, new in zip(shadow, pages, strict=True)]
        if not self.MULTI_PAGE:
            return [(p, p, a, b) for p, page_runs in enumerate(runs) for a, b in page_runs]
        return self._multi_page(runs)

    def _multi_page(self, runs: list[list[tuple[int, int]]]) -> list[Window]:
        """Each page alone (runs in page addressing), or a block of consecutive pages sent as
        horizontal windows over the columns any of them changed (switching the addressing
        mode there and back): whichever costs fewer bytes (dynamic programming)."""
        window_overhead = wire_cost(6, 0)
        masks = [_mask(page_runs) for page_runs in runs]
        best: list[tuple[int, list[Window]]] = [(0, [])]
        for j in range(len(runs)):
            alone = best[j][0] + sum(wire_cost(PAGE_RUN_COMMANDS, b - a + 1)
                                     for a, b in runs[j])
            choice = (alone, best[j][1] + [(j, j, a, b) for a, b in runs[j]])
            union = masks[j]
            for i in range(j - 1, -1, -1):  # pages i..j as one block
                union |= masks[i]
                height = j - i + 1
                block = _mask_runs(union, window_overhead)
                cost = best[i][0] + 4 + sum(wire_cost(6, (b - a + 1) * height)
                                            for a, b in block)
                if cost < choice[0]:
                    choice = (cost, best[i][1] + [(i, j, a, b) for a, b in block])
            best.append(choice)
        return best[-1][1]

    def _send_run(self, page: int, column: int, data: bytes) -> None:
        """Data into one page from RAM column `column`, addressed with only the commands that
        move the controller's pointer from where it stands."""
        commands = []
        if self._mode not in (None, PAGE_MODE) or (self.MULTI_PAGE and self._mode is None):
            commands += [0x20, PAGE_MODE]  # SSD1306: back to page addressing
            self._pointer = None
        self._mode = PAGE_MODE
        at_page, at_column = self._pointer if self._pointer is not None else (None, None)
        if page != at_page:
            commands.append(0xB0 | page)
        if at_column is None or column & 0x0F != at_column & 0x0F:
            commands.append(column & 0x0F)
        if at_column is None or column >> 4 != at_column >> 4:
            commands.append(0x10 | (column >> 4))
        self._pointer = None  # unknown until the data went through
        if commands:
            self.command(*commands)
        self.data(list(data))
        end = column + len(data)
        self._pointer = (page, end) if end < self.RAM_COLUMNS else None  # no wrap assumed

    def _send_window(self, first_page: int, last_page: int, first: int, data: bytes) -> None:
        raise NotImplementedError


class ChangedOnlySSD1306(_ChangedOnly, ssd1306):
    """SSD1306 that sends only the changed part of each frame."""

    MULTI_PAGE = True

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, shown: list[bytes] | None = None, **kwargs) -> None:
        self._reset_shadow(shown)
        super().__init__(serial_interface, width, height, rotate, **kwargs)
        self._mode = HORIZONTAL_MODE  # luma's initialisation sets horizontal addressing
        self._adopted_panel()

    def _column_offset(self) -> int:
        return self._colstart

    def _send_window(self, first_page: int, last_page: int, first: int, data: bytes) -> None:
        start = self._colstart + first
        width = len(data) // (last_page - first_page + 1)
        switch = [0x20, HORIZONTAL_MODE] if self._mode != HORIZONTAL_MODE else []
        self._mode = self._pointer = None
        self.command(*switch, self._const.COLUMNADDR, start, start + width - 1,
                     self._const.PAGEADDR, first_page, last_page)
        self._mode = HORIZONTAL_MODE
        self.data(list(data))


class ChangedOnlySH1106(_ChangedOnly, sh1106):
    """SH1106 that sends only the changed part of each frame (page addressing only)."""

    RAM_COLUMNS = 132

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, shown: list[bytes] | None = None, **kwargs) -> None:
        self._reset_shadow(shown)
        super().__init__(serial_interface, width, height, rotate, **kwargs)
        self._mode = PAGE_MODE
        self._adopted_panel()

    def _column_offset(self) -> int:
        return self._page_address_offset


DRIVERS = {"ssd1306": ChangedOnlySSD1306, "sh1106": ChangedOnlySH1106}
STOCK_DRIVERS = {"ssd1306": ssd1306, "sh1106": sh1106}


def open_display(chip: str, bus=None, port: int = 1, address: int = 0x3C, rotate: int = 0,
                 contrast: int = 255, sh1106_column_offset: int = 2,
                 shown: list[bytes] | None = None):
    """The changed-only driver for `chip` on I2C (a given smbus-like `bus`, else the port).

    `rotate` is in degrees (0/90/180/270; luma counts quarter turns); `sh1106_column_offset`
    is where the panel's first column sits in the SH1106's 132-column RAM (luma's default 2).
    `shown`: the panel is set up already and holds these pages (the start-up splash).
    """
    from luma.core.interface.serial import i2c

    interface = i2c(bus=bus, address=address) if bus is not None \
        else i2c(port=port, address=address)
    options = {"page_address_offset": sh1106_column_offset} if chip == "sh1106" else {}
    device = DRIVERS[chip](interface, rotate=rotate // 90, shown=shown, **options)
    device.contrast(contrast)
    return device
