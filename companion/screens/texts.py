"""Every word the OLED shows, in English, German and Dutch.

Kept short on purpose: the right-hand column of the pairing screen is 62 px wide and the
smallest text is 11 px. `tests/test_screens.py` renders every screen in every language with
long player names and fails if any text had to be cut.
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "no_game": {"en": "No game", "de": "Kein Spiel", "nl": "Geen spel"},
    "scan": {"en": "Scan me", "de": "Scannen", "nl": "Scan mij"},
    "pin": {"en": "PIN", "de": "PIN", "nl": "PIN"},
    # the box's own Wi-Fi (companion/network/): scan to join, or type name and password
    "wifi_join": {"en": "Wi-Fi", "de": "WLAN", "nl": "Wifi"},
    "wifi_password": {"en": "Password", "de": "Passwort", "nl": "Code"},
    "stopped": {"en": "Stopped", "de": "Angehalten", "nl": "Gestopt"},
    "ready": {"en": "Get ready", "de": "Achtung", "nl": "Klaar"},
    "stopp": {"en": "Stopp!", "de": "Stopp!", "nl": "Stopp!"},
    "tie": {"en": "Tie!", "de": "Gleichstand!", "nl": "Gelijk!"},
    "draw_card": {"en": "Draw a card", "de": "Karte ziehen", "nl": "Trek een kaart"},
    "false_start": {"en": "False start", "de": "Fehlstart", "nl": "Valse start"},
    "press_ok": {"en": "OK: race", "de": "OK: Wettlauf", "nl": "OK: race"},
    "teams": {"en": "Form teams!", "de": "Teams bilden!", "nl": "Teams vormen!"},
    "round": {"en": "Round {n}", "de": "Runde {n}", "nl": "Ronde {n}"},
    "wins_round": {"en": "wins the round", "de": "gewinnt die Runde", "nl": "wint de ronde"},
    "wins_game": {"en": "wins the game", "de": "gewinnt das Spiel", "nl": "wint het spel"},
    "draw_game": {"en": "Draw", "de": "Unentschieden", "nl": "Gelijkspel"},
    "throw": {"en": "Throw {n}", "de": "Wurf {n}", "nl": "Worp {n}"},
    "huckauf": {"en": "Huckauf!", "de": "Huckauf!", "nl": "Huckauf!"},
    # One name per thing: the page says "Berggeist" (Dutch "berggeest") too.
    "berggeist": {"en": "Berggeist", "de": "Berggeist", "nl": "Berggeest"},
    "summit": {"en": "summit", "de": "Gipfel", "nl": "top"},
    "points": {"en": "Points", "de": "Punkte", "nl": "Punten"},
    "home": {"en": "home", "de": "Burg", "nl": "kasteel"},
    "last": {"en": "Last", "de": "Zuletzt", "nl": "Laatst"},
    "enter": {"en": "in", "de": "rein", "nl": "erin"},
    "back": {"en": "back", "de": "zurück", "nl": "terug"},
    "discard": {"en": "discard", "de": "abgeworfen", "nl": "afgelegd"},
    # banners: what just happened (companion/screens/banner.py)
    "contest": {"en": "Contest", "de": "Kräftemessen", "nl": "Krachtmeting"},
    "barrel_stays": {"en": "the barrel stays", "de": "Fass bleibt", "nl": "vat blijft"},
    "point": {"en": "scores a point", "de": "macht einen Punkt", "nl": "scoort een punt"},
    "stays": {"en": "stays home", "de": "bleibt oben", "nl": "blijft boven"},
    "strikes": {"en": "strikes", "de": "schlägt", "nl": "slaat"},
    "in_castle": {"en": "in the castle", "de": "im Schloss", "nl": "in het kasteel"},
    "hole": {"en": "hole {n}", "de": "Loch {n}", "nl": "gat {n}"},
}

# Player colours (Lauf Rauf! players are colour ids).
COLORS = {
    "en": {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow"},
    "de": {"red": "rot", "blue": "blau", "green": "grün", "yellow": "gelb"},
    "nl": {"red": "rood", "blue": "blauw", "green": "groen", "yellow": "geel"},
}

# Lauf Rauf! card kinds, as the OLED abbreviates them (one letter each, same in every language:
# the names are the game's own German words).
CARD_LETTERS = {"blitzstart": "B", "ruecklauf": "R", "aufstieg": "A", "rueckschlag": "S",
                "joker": "J"}


def color(player: str, lang: str) -> str:
    """A colour id in `lang`; any other player id unchanged."""
    return COLORS.get(lang, COLORS["en"]).get(player, player)


def text(key: str, lang: str, **params: object) -> str:
    """The OLED wording for `key` in `lang` (English when a language lacks it)."""
    entry = TEXTS[key]
    return (entry.get(lang) or entry["en"]).format(**params)
