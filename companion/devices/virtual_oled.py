"""An OLED controller in software, on a recording I2C bus.

`VirtualOled` is an smbus-like bus (``write_i2c_block_data``, what luma's ``i2c`` interface
calls when given a bus) with an SSD1306 or SH1106 on the other end: it decodes the command
stream the way the controller does (addressing modes, column and page pointers, commands with
arguments) and keeps the controller's display RAM. It serves three purposes:

- simulation: the daemon's display off a Pi — the web page shows `look()`, what the panel
  would light, decoded from the bytes actually sent: dimmer after a lower contrast command
  (panel care's dimming), dark while the display is off;
- tests: the RAM must equal the rendered frame after any sequence of frames;
- the benchmark: it counts every byte on the wire (address, control byte, payload).

Used from one thread (the display's). Set `fail` to an errno to make every write fail like a
display that does not acknowledge.
"""

from __future__ import annotations

import errno

from companion.devices.oled_pages import BIT_REVERSE

TYPE_CHECKING = False  # `typing` is one import more before the start-up splash
if TYPE_CHECKING:  # Pillow only to show the RAM: the start-up splash needs none
    from PIL import Image

# Commands followed by argument bytes, per chip.
SSD1306_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1,
                0x8D: 1, 0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
               0x8D: 1}
CHIPS = {  # RAM columns, columns the panel shows from, argument table
    "ssd1306": (128, 0, SSD1306_ARGS),
    "sh1106": (132, 2, SH1106_ARGS),
}
CONTROL_COMMAND, CONTROL_DATA = 0x00, 0x40
PAGES = 8
RESET_CONTRAST = 0x7F  # both chips' contrast after reset, until a 0x81 command
# How bright a lit pixel looks at contrast 0 (of 255 at full contrast): a real panel at its
# lowest contrast still lights, and the dimmed picture must stay readable on a screen.
DARKEST_LIT = 48


def brightness(contrast: int) -> int:
    """A lit pixel's grey level (0-255) on screen at a contrast command's value (0-255)."""
    return DARKEST_LIT + round((255 - DARKEST_LIT) * contrast / 255)


class VirtualOled:
    def __init__(self, chip: str = "ssd1306", address: int = 0x3C) -> None:
        self.chip = chip
        self.address = address
        self.columns, self.offset, self.arg_counts = CHIPS[chip]
        self.ram = [bytearray(self.columns) for _ in range(PAGES)]
        self.bytes_on_wire = 0
        self.transactions = 0
        self.fail: int | None = None
        self._pending: list[int] = []  # a command still waiting for its arguments
        self.mode = 2  # page addressing after reset (SSD1306)
        self.page = 0
        self.column = 0
        self.window = (0, self.columns - 1, 0, PAGES - 1)  # col start/end, page start/end
        self.contrast: int | None = None  # the last contrast command's value (0x81)
        self.display_on = False  # display on (0xAF) / off, i.e. sleeping (0xAE)

    # --- the smbus side, called by luma -----------------------------------------------------
    def write_i2c_block_data(self, address: int, control: int, data: list[int]) -> None:
        if self.fail is not None:
            raise OSError(self.fail, "virtual OLED: no acknowledge")
        if address != self.address:
            raise OSError(errno.EREMOTEIO, f"nothing at address 0x{address:02X}")
        self.transactions += 1
        self.bytes_on_wire += 2 + len(data)  # address byte, control byte, payload
        if control == CONTROL_DATA:
            self._data(data)
        else:
            for value in data:
                self._command(value)

    def close(self) -> None:
        """smbus API; nothing to release."""

    # --- the controller ------------------------------------------------------------------------
    def _command(self, value: int) -> None:
        if self._pending:
            self._pending.append(value)
            if len(self._pending) == 1 + self.arg_counts[self._pending[0]]:
                self._apply(*self._pending)
                self._pending = []
            return
        if value in self.arg_counts:
            self._pending = [value]
            return
        self._apply(value)

    def _apply(self, cmd: int, *args: int) -> None:
        ssd = self.chip == "ssd1306"
        if cmd == 0x81:
            self.contrast = args[0]
        elif cmd in (0xAE, 0xAF):
            self.display_on = cmd == 0xAF
        elif ssd and cmd == 0x20:
            self.mode = args[0] & 0x03
        elif ssd and cmd == 0x21:
            c0, c1, p0, p1 = args[0], args[1], *self.window[2:]
            self.window = (c0, c1, p0, p1)
            self.column = c0
        elif ssd and cmd == 0x22:
            self.window = (*self.window[:2], args[0] & 0x07, args[1] & 0x07)
            self.page = args[0] & 0x07
        elif 0xB0 <= cmd <= 0xB7 and (not ssd or self.mode == 2):
            self.page = cmd & 0x07
        elif cmd <= 0x0F and (not ssd or self.mode == 2):
            self.column = (self.column & 0xF0) | cmd
        elif 0x10 <= cmd <= 0x1F and (not ssd or self.mode == 2):
            self.column = (self.column & 0x0F) | ((cmd & 0x0F) << 4)
        # every other command (contrast, display on/off, scan direction …) leaves RAM alone

    def _data(self, data: list[int]) -> None:
        """Data bytes: as many as fit before the pointer wraps go in as one slice (the
        simulation's display thread is Python; byte by byte it held the interpreter for a
        millisecond per frame), the last of them through `_write`'s exact pointer rules."""
        i = 0
        while i < len(data):
            take = min(len(data) - i, self._row_end() - self.column + 1)
            if take > 1:
                end = self.column + take - 1
                self.ram[self.page][self.column:end] = bytes(data[i:i + take - 1])
                self.column = end
                i += take - 1
            self._write(data[i])
            i += 1

    def _row_end(self) -> int:
        """The last column the pointer reaches in this row before it wraps or stops."""
        if self.chip == "ssd1306" and self.mode == 0:
            return self.window[1]
        if self.chip == "ssd1306" and self.mode == 1:  # vertical: one byte per column
            return self.column
        return self.columns - 1

    def _write(self, value: int) -> None:
        if self.column < self.columns:
            self.ram[self.page][self.column] = value
        if self.chip == "ssd1306" and self.mode in (0, 1):
            c0, c1, p0, p1 = self.window
            if self.column >= c1:
                self.column = c0
                self.page = p0 if self.page >= p1 else self.page + 1
            else:
                self.column += 1
        elif self.chip == "ssd1306":  # page mode wraps within the page
            self.column = 0 if self.column >= self.columns - 1 else self.column + 1
        else:  # SH1106: the column pointer stops counting past the last column
            self.column = min(self.column + 1, self.columns)

    # --- what the panel shows -------------------------------------------------------------------
    def image(self, width: int = 128, height: int = 64) -> Image.Image:
        """The lit pixels, decoded from the RAM (what a person would see)."""
        return _lit(self.ram, self.offset, width, height)

    def look(self, width: int = 128, height: int = 64) -> PanelLook:
        """The panel as a person sees it now, decoded when its picture is asked for."""
        if not self.display_on:
            return PanelLook((), self.offset, None, width, height)
        contrast = RESET_CONTRAST if self.contrast is None else self.contrast
        return PanelLook(tuple(bytes(page) for page in self.ram), self.offset,
                         brightness(contrast), width, height)

    def reset_counters(self) -> None:
        self.bytes_on_wire = 0
        self.transactions = 0


class PanelLook:
    """The panel at one moment as a person sees it: a copy of the display RAM (a thousand
    bytes) and the grey level its lit pixels show at (None: the display is off). `picture`
    decodes it, once, when first asked for: decoding costs about as much as drawing the frame,
    and a simulated daemon draws every change while mostly no phone is watching. The copy
    keeps the moment: the display's thread goes on writing the RAM while a web thread
    decodes."""

    __slots__ = ("_height", "_level", "_offset", "_pages", "_picture", "_width")

    def __init__(self, pages: tuple[bytes, ...], offset: int, level: int | None, width: int,
                 height: int) -> None:
        self._pages, self._offset, self._level = pages, offset, level
        self._width, self._height = width, height
        self._picture: Image.Image | None = None

    @property
    def picture(self) -> Image.Image:
        """A greyscale image: the lit pixels at the brightness the last contrast command
        gives, none while the display is off (0xAE)."""
        if self._picture is None:
            from PIL import Image

            if self._level is None:
                self._picture = Image.new("L", (self._width, self._height), 0)
            else:
                level = self._level
                self._picture = _lit(self._pages, self._offset, self._width,
                                     self._height).convert("L").point(
                                         lambda v: level if v else 0)
        return self._picture


def _lit(pages: list[bytearray] | tuple[bytes, ...], offset: int, width: int,
         height: int) -> Image.Image:
    """The lit pixels of display RAM `pages`, the panel's columns starting at `offset`."""
    from PIL import Image

    columns = bytes(BIT_REVERSE[pages[page][offset + x]]
                    for x in range(width) for page in range(height // 8))
    return Image.frombytes("1", (height, width), columns).transpose(Image.Transpose.TRANSPOSE)
