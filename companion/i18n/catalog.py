"""The message catalogue: one entry per stable refusal code, in English, German and Dutch.

A test checks that every code a rule core can raise has all three sentences here.
"""

from __future__ import annotations

from companion.i18n.club_messages import CLUB_MESSAGES
from companion.i18n.laufrauf_messages import LAUFRAUF_MESSAGES, WORDS
from companion.i18n.race_games_messages import STRAMASH_MESSAGES, TAUZIEHEN_MESSAGES
from companion.i18n.web_messages import WEB_MESSAGES  # the HTTP edge's, kept apart

COLOR_NAMES = {
    "en": {"red": "red", "blue": "blue", "green": "green", "white": "white"},
    "de": {"red": "rot", "blue": "blau", "green": "grün", "white": "weiß"},
    "nl": {"red": "rood", "blue": "blauw", "green": "groen", "white": "wit"},
}

# The ten How Ruck! action cards: German as printed, Dutch from the Dutch rulebook, English
# ours. The page's strings.js says the same (a test compares them).
ACTION_NAMES = {
    "en": {"adrenalin": "Adrenaline Rush", "fieser_trick": "Dirty Trick", "how_ruck": "How Ruck",
           "mucho_macho": "Mucho Macho", "schwach_gewinnt": "The Weakest Wins",
           "seilriss": "The Rope Snaps", "seitenwechsel": "Switch Sides",
           "und_tschuess": "Bye-Bye", "ungeheuerlich": "Monstrous",
           "verstaerkung": "Reinforcements"},
    "de": {"adrenalin": "Adrenalinstoß", "fieser_trick": "Fieser Trick", "how_ruck": "How Ruck",
           "mucho_macho": "Mucho Macho", "schwach_gewinnt": "Schwach gewinnt",
           "seilriss": "Seilriss", "seitenwechsel": "Seitenwechsel",
           "und_tschuess": "Und tschüss", "ungeheuerlich": "Ungeheuerlich",
           "verstaerkung": "Verstärkung"},
    "nl": {"adrenalin": "Adrenalinestoot", "fieser_trick": "Vuile truc", "how_ruck": "How Ruck",
           "mucho_macho": "Mucho Macho", "schwach_gewinnt": "De zwakste wint",
           "seilriss": "Het touw breekt", "seitenwechsel": "Wisselen van kant",
           "und_tschuess": "Tot ziens", "ungeheuerlich": "Monsterlijk",
           "verstaerkung": "Versterking"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "_unknown": {
        "en": "Not allowed ({code}).",
        "de": "Nicht erlaubt ({code}).",
        "nl": "Niet toegestaan ({code}).",
    },
    # --- the shape of an action -----------------------------------------------------------
    "action_not_object": {
        "en": "An action must be a JSON object.",
        "de": "Eine Aktion muss ein JSON-Objekt sein.",
        "nl": "Een actie moet een JSON-object zijn.",
    },
    "missing_key": {
        "en": "The action needs “{key}”.",
        "de": "Der Aktion fehlt „{key}“.",
        "nl": "De actie mist “{key}”.",
    },
    "unknown_key": {
        "en": "“{key}” does not belong here.",
        "de": "„{key}“ gehört hier nicht hin.",
        "nl": "“{key}” hoort hier niet.",
    },
    "wrong_type": {
        "en": "“{key}” has the wrong type (expected: {expected}).",
        "de": "„{key}“ hat den falschen Typ (erwartet: {expected}).",
        "nl": "“{key}” heeft het verkeerde type (verwacht: {expected}).",
    },
    "bad_value": {
        "en": "“{value}” is not a valid value for “{key}”.",
        "de": "„{value}“ ist kein gültiger Wert für „{key}“.",
        "nl": "“{value}” is geen geldige waarde voor “{key}”.",
    },
    "unknown_player": {
        "en": "There is no player “{player}” in this game.",
        "de": "In diesem Spiel gibt es keinen Spieler „{player}“.",
        "nl": "Er is geen speler “{player}” in dit spel.",
    },
    "unknown_action_type": {
        "en": "“{type}” is not an action of this game.",
        "de": "„{type}“ ist keine Aktion dieses Spiels.",
        "nl": "“{type}” is geen actie van dit spel.",
    },
    # --- turn and phase -----------------------------------------------------------------------
    "game_over": {
        "en": "The game is over: {winner} has won.",
        "de": "Das Spiel ist vorbei: {winner} hat gewonnen.",
        "nl": "Het spel is voorbij: {winner} heeft gewonnen.",
    },
    "wrong_phase": {
        "en": "That is not possible now (phase: {phase}).",
        "de": "Das geht jetzt nicht (Phase: {phase}).",
        "nl": "Dat kan nu niet (fase: {phase}).",
    },
    "not_your_turn": {
        "en": "It is {turn}'s turn, not {player}'s.",
        "de": "{turn} ist am Zug, nicht {player}.",
        "nl": "{turn} is aan de beurt, niet {player}.",
    },
    # --- How Ruck! ----------------------------------------------------------------------------
    "bad_card": {
        "en": "Nessie is the white card of strength 6.",
        "de": "Nessie ist die weiße Karte mit Stärke 6.",
        "nl": "Nessie is de witte kaart met sterkte 6.",
    },
    "strength_out_of_range": {
        "en": "A {color} card has a strength from 0 to {max}, not {strength}.",
        "de": "Eine Karte in {color} hat Stärke 0 bis {max}, nicht {strength}.",
        "nl": "Een {color} kaart heeft sterkte 0 tot {max}, niet {strength}.",
    },
    "duplicate_action_card": {
        "en": "There is only one “{card}” card in the box.",
        "de": "Es gibt nur eine Karte „{card}“ im Spiel.",
        "nl": "Er zit maar één kaart “{card}” in de doos.",
    },
    "card_not_in_box": {
        "en": "The box has no card {card}.",
        "de": "Im Spiel gibt es keine Karte {card}.",
        "nl": "De doos heeft geen kaart {card}.",
    },
    "card_exhausted": {
        "en": "Every copy of {card} has already been played this round.",
        "de": "Alle Karten {card} sind in dieser Runde schon gespielt.",
        "nl": "Alle kaarten {card} zijn deze ronde al gespeeld.",
    },
    "quick_start_round_one_only": {
        "en": "The beginner start is only for the first round.",
        "de": "Der Einsteiger-Start gilt nur in der ersten Runde.",
        "nl": "De beginnersstart geldt alleen in de eerste ronde.",
    },
    "quick_start_same_player": {
        "en": "The younger player takes the barrel and the older one begins: two players.",
        "de": "Der jüngere Spieler bekommt das Fass, der ältere beginnt: zwei Spieler.",
        "nl": "De jongste speler krijgt het vat en de oudste begint: twee spelers.",
    },
    "wrong_field_color": {
        "en": "A {color} card goes on a {color} field, not on {field}.",
        "de": "Eine Karte in {color} gehört auf ein Feld in {color}, nicht auf {field}.",
        "nl": "Een {color} kaart hoort op een {color} veld, niet op {field}.",
    },
    "own_side_only": {
        "en": "At this table cards go on your own side only.",
        "de": "An diesem Tisch kommen Karten nur auf die eigene Seite.",
        "nl": "Aan deze tafel gaan kaarten alleen aan je eigen kant.",
    },
    "action_card_set_aside": {
        "en": "“{card}” was drawn in the tie-break: it lies with the cards set aside this round.",
        "de": "„{card}“ wurde beim Stechen gezogen: Sie liegt diese Runde beiseite.",
        "nl": "“{card}” is bij de beslissing getrokken: hij ligt deze ronde apart.",
    },
    "card_set_aside": {
        "en": "“{card}” was already drawn in this tie-break: a new draw takes a new card.",
        "de": "„{card}“ wurde bei diesem Stechen schon gezogen: Es wird eine neue Karte gezogen.",
        "nl": "“{card}” is bij deze beslissing al getrokken: er wordt een nieuwe kaart getrokken.",
    },
    "taken_card_must_be_placed": {
        "en": "A taken Scot card can always be placed, so {card} must be placed, not discarded.",
        "de": "Eine genommene Schottenkarte passt immer: {card} wird gelegt, nicht abgeworfen.",
        "nl": "Een gepakte Schotse kaart past altijd: {card} wordt gelegd, niet afgelegd.",
    },
    "no_valid_press": {
        "en": "No press counts in this race (only false starts, or none at all): race again.",
        "de": "Kein Drücken zählt in diesem Wettlauf (nur Fehlstarts oder gar keins): noch einmal.",
        "nl": "Geen enkele druk telt in deze race (alleen valse starts, of geen): opnieuw.",
    },
    "action_already_played": {
        "en": "“{card}” has already been played this round.",
        "de": "„{card}“ wurde in dieser Runde schon gespielt.",
        "nl": "“{card}” is deze ronde al gespeeld.",
    },
    "opponent_hand_empty": {
        "en": "{player} has no card in hand to take.",
        "de": "{player} hat keine Karte auf der Hand, die man nehmen könnte.",
        "nl": "{player} heeft geen kaart in de hand om te pakken.",
    },
    "field_empty": {
        "en": "The {field} field on {side}'s side is empty.",
        "de": "Das Feld {field} auf der Seite von {side} ist leer.",
        "nl": "Het veld {field} aan de kant van {side} is leeg.",
    },
    # --- game headers -------------------------------------------------------------------------
    "unknown_game": {
        "en": "“{game}” is not a game the companion knows.",
        "de": "„{game}“ ist kein Spiel, das der Begleiter kennt.",
        "nl": "“{game}” is geen spel dat de companion kent.",
    },
    "bad_players": {
        "en": "The players are not valid ({reason}).",
        "de": "Die Spieler sind ungültig ({reason}).",
        "nl": "De spelers zijn ongeldig ({reason}).",
    },
    "bad_player_count": {
        "en": "This game takes {min} to {max} players, not {count}.",
        "de": "Dieses Spiel braucht {min} bis {max} Spieler, nicht {count}.",
        "nl": "Dit spel is voor {min} tot {max} spelers, niet {count}.",
    },
    "unknown_option": {
        "en": "“{key}” is not an option of this game.",
        "de": "„{key}“ ist keine Option dieses Spiels.",
        "nl": "“{key}” is geen optie van dit spel.",
    },
    "bad_option": {
        "en": "The option “{key}” cannot be “{value}”.",
        "de": "Die Option „{key}“ kann nicht „{value}“ sein.",
        "nl": "De optie “{key}” kan niet “{value}” zijn.",
    },
    "bad_seed": {
        "en": "The seed must be a whole number.",
        "de": "Der Seed muss eine ganze Zahl sein.",
        "nl": "De seed moet een geheel getal zijn.",
    },
    # --- sessions -----------------------------------------------------------------------------
    "nothing_to_undo": {
        "en": "There is nothing to undo.",
        "de": "Es gibt nichts rückgängig zu machen.",
        "nl": "Er is niets om ongedaan te maken.",
    },
    "no_such_game": {
        "en": "There is no game “{game_id}”.",
        "de": "Es gibt kein Spiel „{game_id}“.",
        "nl": "Er is geen spel “{game_id}”.",
    },
    "game_broken": {
        "en": "This game's stored log no longer replays from action {seq}; it is kept as is.",
        "de": "Das gespeicherte Protokoll lässt sich ab Aktion {seq} nicht mehr abspielen; "
              "es bleibt unverändert erhalten.",
        "nl": "Het opgeslagen verloop laat zich vanaf actie {seq} niet meer afspelen; het "
              "blijft bewaard zoals het is.",
    },
    "no_race_now": {
        "en": "A race starts only while a How Ruck! game is forming teams.",
        "de": "Ein Wettlauf startet nur, während bei How Ruck! die Mannschaften gebildet werden.",
        "nl": "Een wedloop start alleen terwijl bij How Ruck! de ploegen gevormd worden.",
    },
    "race_running": {
        "en": "A race is already running.",
        "de": "Es läuft schon ein Wettlauf.",
        "nl": "Er loopt al een wedloop.",
    },
    "action_too_large": {
        "en": "The action is too large.",
        "de": "Die Aktion ist zu groß.",
        "nl": "De actie is te groot.",
    },
}

MESSAGES.update(WEB_MESSAGES)
MESSAGES.update(LAUFRAUF_MESSAGES)
MESSAGES.update(TAUZIEHEN_MESSAGES)
MESSAGES.update(STRAMASH_MESSAGES)
MESSAGES.update(CLUB_MESSAGES)
for _lang, _words in WORDS.items():
    COLOR_NAMES[_lang].update(_words)  # player colours and card kinds, shown by name
    COLOR_NAMES[_lang].update(ACTION_NAMES[_lang])
