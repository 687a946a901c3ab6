"""companion — a Raspberry Pi that referees physical board games."""

__version__ = "0.1.0"
