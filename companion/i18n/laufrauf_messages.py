"""Lauf Rauf!'s refusal sentences and the words for its colours and cards (en/de/nl)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {"yellow": "yellow", "blitzstart": "Lightning Start", "ruecklauf": "Run Back",
           "aufstieg": "Ascent", "rueckschlag": "Strike Back", "joker": "Joker"},
    "de": {"yellow": "gelb", "blitzstart": "Blitzstart", "ruecklauf": "Rücklauf",
           "aufstieg": "Aufstieg", "rueckschlag": "Rückschlag", "joker": "Joker"},
    "nl": {"yellow": "geel", "blitzstart": "Bliksemstart", "ruecklauf": "Terugloop",
           "aufstieg": "Opstijgen", "rueckschlag": "Terugslag", "joker": "Joker"},
}

LAUFRAUF_MESSAGES: dict[str, dict[str, str]] = {
    "bad_board": {
        "en": "The board definition is not valid at “{where}” ({reason}).",
        "de": "Die Spielplan-Definition ist bei „{where}“ ungültig ({reason}).",
        "nl": "De bordbeschrijving is ongeldig bij “{where}” ({reason}).",
    },
    "roll_first": {
        "en": "Throw the dice first.",
        "de": "Erst würfeln.",
        "nl": "Eerst gooien.",
    },
    "no_throws_left": {
        "en": "No throws left ({throws} of {allowed}); sacrifice a card for two more.",
        "de": "Keine Würfe mehr ({throws} von {allowed}); für zwei weitere eine Karte opfern.",
        "nl": "Geen worpen meer ({throws} van {allowed}); offer een kaart voor nog twee.",
    },
    "throws_left": {
        "en": "Cards buy throws only after the last one: {left} throw(s) left.",
        "de": "Karten kaufen erst nach dem letzten Wurf weitere: noch {left} Wurf/Würfe übrig.",
        "nl": "Kaarten kopen pas na de laatste worp meer: nog {left} worp(en) over.",
    },
    "nothing_to_keep": {
        "en": "The first throw uses both dice; there is no die to keep yet.",
        "de": "Der erste Wurf geht mit beiden Würfeln; es liegt noch kein Würfel zum Liegenlassen.",
        "nl": "De eerste worp is met beide stenen; er ligt nog geen steen om te laten liggen.",
    },
    "kept_die_changed": {
        "en": "The die that stays cannot change ({was} → {now}).",
        "de": "Der liegengelassene Würfel kann sich nicht ändern ({was} → {now}).",
        "nl": "De blijvende dobbelsteen kan niet veranderen ({was} → {now}).",
    },
    "berggeist_first": {
        "en": "Huckauf! The first throw is a 7: move the Berggeist first.",
        "de": "Huckauf! Der erste Wurf ist eine 7: erst den Berggeist versetzen.",
        "nl": "Huckauf! De eerste worp is een 7: verplaats eerst de berggeest.",
    },
    "no_berggeist_move": {
        "en": "The Berggeist moves only on a first throw of 7.",
        "de": "Der Berggeist wird nur bei einer 7 im ersten Wurf versetzt.",
        "nl": "De berggeest verplaatst alleen bij een 7 als eerste worp.",
    },
    "berggeist_already_home": {
        "en": "The Berggeist is on the summit: put it on a figure on the middle level.",
        "de": "Der Berggeist ist auf dem Gipfel: setz ihn einer Figur der mittleren Ebene auf.",
        "nl": "De berggeest staat op de top: zet hem op een pion op het middelste niveau.",
    },
    "berggeist_figure_to_figure": {
        "en": "The Berggeist goes back to the summit, never from one figure to another.",
        "de": "Der Berggeist geht zurück auf den Gipfel, nie von Figur zu Figur.",
        "nl": "De berggeest gaat terug naar de top, nooit van pion naar pion.",
    },
    "berggeist_target_not_middle": {
        "en": "The Berggeist goes only onto a figure on the middle level.",
        "de": "Der Berggeist kommt nur auf eine Figur der mittleren Ebene.",
        "nl": "De berggeest gaat alleen op een pion op het middelste niveau.",
    },
    "huckauf_is_automatic": {
        "en": "The companion calls “Huckauf!” itself in this game.",
        "de": "In diesem Spiel ruft der Begleiter „Huckauf!“ selbst.",
        "nl": "In dit spel roept de scheidsrechter zelf “Huckauf!”.",
    },
    "nothing_to_call": {
        "en": "Too late or nothing to call: “Huckauf!” only while a first-throw 7 is on the table.",
        "de": "Zu spät oder nichts zu rufen: „Huckauf!“ nur, solange eine 7 im ersten Wurf liegt.",
        "nl": "Te laat of niets te roepen: “Huckauf!” alleen zolang een eerste worp 7 ligt.",
    },
    "card_not_owned": {
        "en": "{player} has no {card} card.",
        "de": "{player} hat keine Karte {card}.",
        "nl": "{player} heeft geen kaart {card}.",
    },
    "card_does_not_fit": {
        "en": "The {card} card does not go with this move ({move}).",
        "de": "Die Karte {card} passt nicht zu diesem Zug ({move}).",
        "nl": "De kaart {card} past niet bij deze zet ({move}).",
    },
    "card_needed": {
        "en": "Going backward needs the {card} card (or a Joker).",
        "de": "Rückwärts geht es nur mit der Karte {card} (oder einem Joker).",
        "nl": "Achteruit kan alleen met de kaart {card} (of een joker).",
    },
    "joker_as_without_joker": {
        "en": "“joker_as” only goes with a Joker.",
        "de": "„joker_as“ gibt es nur mit einem Joker.",
        "nl": "“joker_as” hoort alleen bij een joker.",
    },
    "figure_not_in_base": {
        "en": "Figure {figure} is not in base camp.",
        "de": "Figur {figure} steht nicht im Basislager.",
        "nl": "Pion {figure} staat niet in het basiskamp.",
    },
    "figure_not_on_a_ring": {
        "en": "Figure {figure} is not on the lower or middle level.",
        "de": "Figur {figure} steht auf keiner Ebene zum Ziehen.",
        "nl": "Pion {figure} staat niet op het onderste of middelste niveau.",
    },
    "start_needs_ten": {
        "en": "Starting needs a sum of at least 10 (the dice show {sum}).",
        "de": "Zum Starten braucht es mindestens 10 Augen (gewürfelt: {sum}).",
        "nl": "Starten vraagt minstens 10 ogen (gegooid: {sum}).",
    },
    "not_on_a_runup_field": {
        "en": "Figure {figure} is not on one of its bordered run-up fields.",
        "de": "Figur {figure} steht auf keinem ihrer umrandeten Anlauffelder.",
        "nl": "Pion {figure} staat niet op een van zijn omrande aanloopvelden.",
    },
    "ascent_count_wrong": {
        "en": "To ascend from there takes exactly {needed}, not {count}.",
        "de": "Zum Aufsteigen braucht es von dort genau {needed}, nicht {count}.",
        "nl": "Opstijgen vraagt van daar precies {needed}, niet {count}.",
    },
    "aufstieg_needs_different_dice": {
        "en": "The Ascent card needs two different dice.",
        "de": "Die Aufstiegskarte braucht zwei verschiedene Augenzahlen.",
        "nl": "De kaart Opstijgen vraagt twee verschillende ogen.",
    },
    "carrier_cannot_ascend": {
        "en": "Figure {figure} carries the Berggeist and cannot ascend.",
        "de": "Figur {figure} trägt den Berggeist und kann nicht aufsteigen.",
        "nl": "Pion {figure} draagt de berggeest en kan niet opstijgen.",
    },
    "base_camp_not_empty": {
        "en": "The second ascent only once no figure is left in base camp ({left} there).",
        "de": "Der zweite Aufstieg erst, wenn keine Figur mehr im Basislager steht ({left} dort).",
        "nl": "De tweede klim pas als er geen pion meer in het basiskamp staat ({left} daar).",
    },
    "berggeist_in_the_way": {
        "en": "No figure may pass the Berggeist (field {field}).",
        "de": "An der Figur mit dem Berggeist kommt keiner vorbei (Feld {field}).",
        "nl": "Niemand mag langs de berggeest (veld {field}).",
    },
    "strike_only_on_first_throw": {
        "en": "Striking only while the first throw is on the table.",
        "de": "Geschlagen wird nur, solange der erste Wurf liegt.",
        "nl": "Slaan mag alleen zolang de eerste worp ligt.",
    },
    "strike_needs_different_dice": {
        "en": "Striking needs two different dice.",
        "de": "Zum Schlagen müssen die Augenzahlen verschieden sein.",
        "nl": "Slaan vraagt twee verschillende ogen.",
    },
    "nothing_to_strike": {
        "en": {"count": "count", "one": "There is no figure 1 field away to strike.",
               "other": "There is no figure {count} fields away to strike."},
        "de": {"count": "count", "one": "1 Feld entfernt steht keine Figur zum Schlagen.",
               "other": "{count} Felder entfernt steht keine Figur zum Schlagen."},
        "nl": {"count": "count", "one": "Er staat geen pion op 1 veld afstand om te slaan.",
               "other": "Er staat geen pion op {count} velden afstand om te slaan."},
    },
    "target_on_ascent_field": {
        "en": "A figure on an ascent field is safe (field {field}).",
        "de": "Auf einem Aufstiegsfeld ist eine Figur geschützt (Feld {field}).",
        "nl": "Op een klimveld is een pion veilig (veld {field}).",
    },
    "needs_a_double": {
        "en": "Cards only on a double (the dice show {dice}).",
        "de": "Karten gibt es nur bei einem Pasch (gewürfelt: {dice}).",
        "nl": "Kaarten alleen bij dubbel (gegooid: {dice}).",
    },
    "no_cards_left": {
        "en": "There are no cards left to turn up.",
        "de": "Es sind keine Karten mehr zum Aufdecken da.",
        "nl": "Er zijn geen kaarten meer om om te draaien.",
    },
    "card_not_in_supply": {
        "en": "There is no {card} card left in the supply.",
        "de": "Im Vorrat ist keine Karte {card} mehr.",
        "nl": "Er zit geen kaart {card} meer in de voorraad.",
    },
    "bad_reveal": {
        "en": "Those turned-up cards do not fit the rule ({reason} after {turned}).",
        "de": "Diese aufgedeckten Karten passen nicht zur Regel ({reason} nach {turned}).",
        "nl": "Die omgedraaide kaarten kloppen niet met de regel ({reason} na {turned}).",
    },
    "must_run": {
        "en": "Must run: after the last throw a forward run is the only move, so it must be made.",
        "de": "Laufzwang: nach dem letzten Wurf geht nur Vorwärtslaufen, also muss man laufen.",
        "nl": "Loopdwang: na de laatste worp kan alleen vooruit lopen, dus moet er gelopen worden.",
    },
}
