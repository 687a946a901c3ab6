"""Tauziehen's and Stramash's refusal sentences (en/de/nl)."""

from __future__ import annotations

TAUZIEHEN_MESSAGES: dict[str, dict[str, str]] = {
    "not_a_rope_card": {
        "en": "The marker goes on a rope card (1, 2, 4, 8 or 16), not {card}.",
        "de": "Der Marker kommt auf eine Seilkarte (1, 2, 4, 8 oder 16), nicht {card}.",
        "nl": "De marker gaat op een touwkaart (1, 2, 4, 8 of 16), niet {card}.",
    },
    "not_in_deck": {
        "en": "There is no card {card} in a player's deck.",
        "de": "Eine Karte {card} gibt es im Spielerstapel nicht.",
        "nl": "Een kaart {card} zit niet in de stapel van een speler.",
    },
    "card_already_played": {
        "en": "Card {card} has already been played from this deck.",
        "de": "Die Karte {card} wurde aus diesem Stapel schon gespielt.",
        "nl": "Kaart {card} is uit deze stapel al gespeeld.",
    },
    "marker_needed": {
        "en": "Put your marker on one of the cards just moved: {choices}.",
        "de": "Lege deinen Marker auf eine der eben bewegten Karten: {choices}.",
        "nl": "Leg je marker op een van de net verschoven kaarten: {choices}.",
    },
    "marker_not_moved": {
        "en": "Card {card} did not move this turn (moved: {moved}).",
        "de": "Die Karte {card} wurde in diesem Zug nicht bewegt (bewegt: {moved}).",
        "nl": "Kaart {card} is deze beurt niet verschoven (verschoven: {moved}).",
    },
    "marker_same_as_last": {
        "en": "The marker cannot stay on card {card}, where it lay last turn.",
        "de": "Der Marker darf nicht auf Karte {card} bleiben, wo er im letzten Zug lag.",
        "nl": "De marker mag niet op kaart {card} blijven, waar hij vorige beurt lag.",
    },
    "marker_must_stay": {
        "en": "No other card moved: your marker stays on {card}.",
        "de": "Keine andere Karte wurde bewegt: dein Marker bleibt auf {card}.",
        "nl": "Geen andere kaart is verschoven: je marker blijft op {card}.",
    },
}

STRAMASH_MESSAGES: dict[str, dict[str, str]] = {
    "pairs_need_four_or_six": {
        "en": "Pairs need four or six players, not {count}.",
        "de": "Paare brauchen vier oder sechs Spieler, nicht {count}.",
        "nl": "Paren vragen vier of zes spelers, niet {count}.",
    },
    "bad_split": {
        "en": "A 7 splits between two laddies as 1+6, 2+5 or 3+4.",
        "de": "Eine 7 teilt sich auf zwei Laddies als 1+6, 2+5 oder 3+4.",
        "nl": "Een 7 wordt verdeeld over twee laddies als 1+6, 2+5 of 3+4.",
    },
    "card_cannot_enter": {
        "en": "Only an Ace, King, Queen or Jack brings a laddie in (not {card}).",
        "de": "Nur Ass, König, Dame oder Bube bringen einen Laddie ins Spiel (nicht {card}).",
        "nl": "Alleen aas, heer, vrouw of boer brengen een laddie in het spel (niet {card}).",
    },
    "card_could_move": {
        "en": "The {card} can move a laddie, so it cannot be discarded.",
        "de": "Mit der {card} kann ein Laddie ziehen, also darf sie nicht abgeworfen werden.",
        "nl": "Met de {card} kan een laddie zetten, dus mag hij niet weggelegd worden.",
    },
    "castle_count": {
        "en": "Laddie {laddie} cannot go {steps} on in the castle.",
        "de": "Laddie {laddie} kann im Schloss nicht {steps} weiter.",
        "nl": "Laddie {laddie} kan in het kasteel geen {steps} verder.",
    },
    "laddie_in_dock": {
        "en": "Laddie {laddie} is still in the dock.",
        "de": "Laddie {laddie} steht noch im Dock.",
        "nl": "Laddie {laddie} staat nog in het dok.",
    },
    "laddie_not_in_dock": {
        "en": "Laddie {laddie} is not in the dock.",
        "de": "Laddie {laddie} steht nicht im Dock.",
        "nl": "Laddie {laddie} staat niet in het dok.",
    },
    "laddie_not_on_track": {
        "en": "Laddie {laddie} is not on the track.",
        "de": "Laddie {laddie} steht nicht auf der Bahn.",
        "nl": "Laddie {laddie} staat niet op de baan.",
    },
    "laddie_in_castle": {
        "en": "Laddie {laddie} is home in the castle and stays there.",
        "de": "Laddie {laddie} ist im Schloss zu Hause und bleibt dort.",
        "nl": "Laddie {laddie} is thuis in het kasteel en blijft daar.",
    },
    "split_laddie_not_on_track": {
        "en": "A 7 splits only between laddies on the track (laddie {laddie} is not).",
        "de": "Eine 7 wird nur zwischen Laddies auf der Bahn geteilt (Laddie {laddie} nicht).",
        "nl": "Een 7 wordt alleen tussen laddies op de baan verdeeld (laddie {laddie} niet).",
    },
    "partner_entry_occupied": {
        "en": "{player}'s castle entry square ({square}) is taken: no landing on that laddie.",
        "de": "Das Burgeingangsfeld von {player} ({square}) ist besetzt: nicht auf ihm landen.",
        "nl": "Het burchtingangsvak van {player} ({square}) is bezet: daar mag je niet landen.",
    },
    "own_laddie_in_the_way": {
        "en": "A laddie of the same colour is in the way (square {square}).",
        "de": "Ein Laddie derselben Farbe steht im Weg (Feld {square}).",
        "nl": "Een laddie van dezelfde kleur staat in de weg (vak {square}).",
    },
    "target_not_an_opponent": {
        "en": "The Bonnie Fechter only hits an opponent's laddie ({player} is not one).",
        "de": "Der Bonnie Fechter trifft nur Laddies der Gegner ({player} ist keiner).",
        "nl": "De Bonnie Fechter raakt alleen laddies van tegenstanders ({player} is er geen).",
    },
    "target_not_on_track": {
        "en": "{player}'s laddie {laddie} is not on the track.",
        "de": "Laddie {laddie} von {player} steht nicht auf der Bahn.",
        "nl": "Laddie {laddie} van {player} staat niet op de baan.",
    },
}
