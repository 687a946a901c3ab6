"""Write companion/devices/splash_frames.py (the start-up splash, worked out ahead).

Run after changing the splash screen, its words or their translations, or luma:
    .venv/bin/python scripts/make_splash.py
"""

from pathlib import Path

from companion.devices.splash_source import module_text

TARGET = Path(__file__).resolve().parent.parent / "companion" / "devices" / "splash_frames.py"

if __name__ == "__main__":
    TARGET.write_text(module_text(), encoding="utf-8")
    print(f"wrote {TARGET}")
