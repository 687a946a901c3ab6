"""Draws the page's icons (web/static/icon-192.png, icon-512.png, favicon.ico): a barrel on
a rope, the How Ruck! picture, on the page's accent colour. Run once after changing it:

    .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
ACCENT = "#1565c0"  # --accent in app.css, and the manifest's theme colour


def draw(size: int) -> Image.Image:
    s = size / 512
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=round(96 * s), fill=ACCENT)
    d.rectangle((round(40 * s), round(238 * s), round(472 * s), round(274 * s)), fill="#f5deb3")
    d.rounded_rectangle((round(176 * s), round(136 * s), round(336 * s), round(376 * s)),
                        radius=round(48 * s), fill="#8d5524", outline="#f5deb3",
                        width=max(1, round(14 * s)))
    for y in (196, 316):
        d.line((round(184 * s), round(y * s), round(328 * s), round(y * s)), fill="#f5deb3",
               width=max(1, round(12 * s)))
    return img


def main() -> None:
    for size in (192, 512):
        draw(size).save(STATIC / f"icon-{size}.png", optimize=True)
    # Every browser asks for the favicon when the page opens (it counts in the page's weight,
    # PAGE_BUDGET): a 32-colour palette keeps the three sizes under 1 KB.
    draw(256).quantize(32).save(STATIC / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])


if __name__ == "__main__":
    main()
