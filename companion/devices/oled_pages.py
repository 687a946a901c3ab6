"""The OLED controllers' page bytes, without Pillow or luma (the start-up splash uses them
before either is imported)."""

from __future__ import annotations

# Reverses the bits of a byte: Pillow packs a row's leftmost pixel into the high bit, the
# controllers want a column's top pixel in the low bit.
BIT_REVERSE = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))
