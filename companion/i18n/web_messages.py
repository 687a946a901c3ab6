"""Refusals of the web page and the API (the HTTP edge), in English, German and Dutch."""

from __future__ import annotations

WEB_MESSAGES: dict[str, dict[str, str]] = {
    "not_found": {
        "en": "There is nothing here.",
        "de": "Hier gibt es nichts.",
        "nl": "Hier is niets.",
    },
    "method_not_allowed": {
        "en": "This address does not take that request.",
        "de": "Diese Adresse nimmt diese Anfrage nicht an.",
        "nl": "Dit adres accepteert dit verzoek niet.",
    },
    "malformed_json": {
        "en": "The request is not valid JSON.",
        "de": "Die Anfrage ist kein gültiges JSON.",
        "nl": "Het verzoek is geen geldige JSON.",
    },
    "expected_object": {
        "en": "The request must be a JSON object.",
        "de": "Die Anfrage muss ein JSON-Objekt sein.",
        "nl": "Het verzoek moet een JSON-object zijn.",
    },
    "body_too_large": {
        "en": "The request is too large.",
        "de": "Die Anfrage ist zu groß.",
        "nl": "Het verzoek is te groot.",
    },
    "json_required": {
        "en": "Changes must be sent as JSON.",
        "de": "Änderungen müssen als JSON gesendet werden.",
        "nl": "Wijzigingen moeten als JSON worden verstuurd.",
    },
    "not_paired": {
        "en": "Pair this phone first: enter the PIN shown on the display.",
        "de": "Koppeln Sie zuerst dieses Telefon: Geben Sie die PIN vom Display ein.",
        "nl": "Koppel eerst deze telefoon: voer de pincode van het scherm in.",
    },
    "cross_site": {
        "en": "Changes are only accepted from the companion's own page.",
        "de": "Änderungen werden nur von der eigenen Seite des Companion angenommen.",
        "nl": "Wijzigingen worden alleen via de eigen pagina van de companion aangenomen.",
    },
    "wrong_pin": {
        "en": {"count": "tries_left", "one": "Wrong PIN. 1 try left.",
               "other": "Wrong PIN. {tries_left} tries left."},
        "de": {"count": "tries_left", "one": "Falsche PIN. Noch 1 Versuch.",
               "other": "Falsche PIN. Noch {tries_left} Versuche."},
        "nl": {"count": "tries_left", "one": "Verkeerde pincode. Nog 1 poging.",
               "other": "Verkeerde pincode. Nog {tries_left} pogingen."},
    },
    "pairing_locked": {
        "en": {"count": "seconds", "one": "Too many wrong PINs. Try again in 1 second.",
               "other": "Too many wrong PINs. Try again in {seconds} seconds."},
        "de": {"count": "seconds",
               "one": "Zu viele falsche PINs. Versuchen Sie es in 1 Sekunde wieder.",
               "other": "Zu viele falsche PINs. Versuchen Sie es in {seconds} Sekunden wieder."},
        "nl": {"count": "seconds",
               "one": "Te veel verkeerde pincodes. Probeer het over 1 seconde opnieuw.",
               "other": "Te veel verkeerde pincodes. Probeer het over {seconds} seconden "
                        "opnieuw."},
    },
    "table_busy": {
        "en": "The table is busy; nothing was changed. Try again in a moment.",
        "de": "Der Tisch ist beschäftigt; nichts wurde geändert. Gleich noch einmal versuchen.",
        "nl": "De tafel is bezig; er is niets veranderd. Probeer het zo nog eens.",
    },
    "too_many_streams": {
        "en": "Too many pages are open (at most {max}).",
        "de": "Zu viele Seiten sind geöffnet (höchstens {max}).",
        "nl": "Er zijn te veel pagina's open (hoogstens {max}).",
    },
    "not_simulated": {
        "en": "On-screen buttons exist only in simulation.",
        "de": "Bildschirmtasten gibt es nur in der Simulation.",
        "nl": "Knoppen op het scherm bestaan alleen in de simulatie.",
    },
    "foreign_host": {
        "en": "This address is not the table's own: open the page by the address it shows.",
        "de": "Diese Adresse gehört nicht zum Tisch: Öffnen Sie die Seite über die "
              "angezeigte Adresse.",
        "nl": "Dit adres is niet dat van de tafel: open de pagina via het getoonde adres.",
    },
    "internal": {
        "en": "Something went wrong on the table (error {id}). Please try again.",
        "de": "Am Tisch ist etwas schiefgegangen (Fehler {id}). Bitte erneut versuchen.",
        "nl": "Er ging iets mis aan tafel (fout {id}). Probeer het opnieuw.",
    },
    "bad_request": {
        "en": "The request cannot be understood.",
        "de": "Die Anfrage ist unverständlich.",
        "nl": "Het verzoek is onbegrijpelijk.",
    },
    "unknown_button": {
        "en": "There is no button “{name}”.",
        "de": "Es gibt keine Taste „{name}“.",
        "nl": "Er is geen knop “{name}”.",
    },
    "bad_setting": {
        "en": "Setting “{key}”: {problem}",
        "de": "Einstellung „{key}“: {problem}",
        "nl": "Instelling “{key}”: {problem}",
    },
}
