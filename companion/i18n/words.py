"""The names of things, in English: player and card colours, Lauf Rauf!'s card kinds, How
Ruck!'s action cards (German as printed, Dutch from the Dutch rulebook, English ours). One
entry each for the sentences, the OLED and the page (catalog context ``word:ID``)."""

from __future__ import annotations

WORDS: dict[str, str] = {
    "red": "red",
    "blue": "blue",
    "green": "green",
    "white": "white",
    "yellow": "yellow",
    "blitzstart": "Lightning Start",
    "ruecklauf": "Run Back",
    "aufstieg": "Ascent",
    "rueckschlag": "Strike Back",
    "joker": "Joker",
    "adrenalin": "Adrenaline Rush",
    "fieser_trick": "Dirty Trick",
    "how_ruck": "How Ruck",
    "mucho_macho": "Mucho Macho",
    "schwach_gewinnt": "The Weakest Wins",
    "seilriss": "The Rope Snaps",
    "seitenwechsel": "Switch Sides",
    "und_tschuess": "Bye-Bye",
    "ungeheuerlich": "Monstrous",
    "verstaerkung": "Reinforcements",
}
