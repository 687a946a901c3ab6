"""Refusals of backup, restore, players and club play, in English, German and Dutch."""

from __future__ import annotations

CLUB_MESSAGES: dict[str, dict[str, str]] = {
    "data_in_use": {
        "en": "The companion is running on {data} (process {pid}): restore from the page "
              "(Settings, Restore), or stop it first (sudo systemctl stop companion). "
              "Nothing was changed.",
        "de": "Der Companion läuft mit {data} (Prozess {pid}): Stellen Sie auf der Seite "
              "wieder her (Einstellungen, Wiederherstellen) oder beenden Sie ihn zuerst "
              "(sudo systemctl stop companion). Nichts wurde geändert.",
        "nl": "De companion draait met {data} (proces {pid}): zet terug via de pagina "
              "(Instellingen, Terugzetten) of stop hem eerst (sudo systemctl stop "
              "companion). Er is niets veranderd.",
    },
    "backup_not_ours": {
        "en": "This is not a companion backup. Nothing was changed.",
        "de": "Das ist keine Companion-Sicherung. Nichts wurde geändert.",
        "nl": "Dit is geen back-up van de companion. Er is niets veranderd.",
    },
    "backup_truncated": {
        "en": "This backup is incomplete (cut off). Nothing was changed.",
        "de": "Diese Sicherung ist unvollständig (abgeschnitten). Nichts wurde geändert.",
        "nl": "Deze back-up is onvolledig (afgebroken). Er is niets veranderd.",
    },
    "backup_corrupt": {
        "en": "This backup is damaged ({detail}). Nothing was changed.",
        "de": "Diese Sicherung ist beschädigt ({detail}). Nichts wurde geändert.",
        "nl": "Deze back-up is beschadigd ({detail}). Er is niets veranderd.",
    },
    "backup_too_new": {
        "en": "This backup comes from a newer version (data version {version}; this one "
              "reads up to {supported}). Update the companion first. Nothing was changed.",
        "de": "Diese Sicherung stammt von einer neueren Version (Datenversion {version}; "
              "diese liest bis {supported}). Aktualisieren Sie zuerst den Companion. Nichts "
              "wurde geändert.",
        "nl": "Deze back-up komt van een nieuwere versie (dataversie {version}; deze leest "
              "tot {supported}). Werk eerst de companion bij. Er is niets veranderd.",
    },
    "backup_game_broken": {
        "en": "Game {game_id} in this backup no longer replays (action {seq}). Nothing was "
              "changed.",
        "de": "Spiel {game_id} in dieser Sicherung lässt sich nicht mehr nachspielen (Aktion "
              "{seq}). Nichts wurde geändert.",
        "nl": "Spel {game_id} in deze back-up laat zich niet meer naspelen (actie {seq}). "
              "Er is niets veranderd.",
    },
    "backup_file_required": {
        "en": "Send the backup file itself (application/octet-stream).",
        "de": "Senden Sie die Sicherungsdatei selbst (application/octet-stream).",
        "nl": "Stuur het back-upbestand zelf (application/octet-stream).",
    },
    "bad_player_name": {
        "en": "A player's name is 1 to 40 printable characters (not “{name}”).",
        "de": "Ein Spielername hat 1 bis 40 druckbare Zeichen (nicht „{name}“).",
        "nl": "Een spelersnaam heeft 1 tot 40 afdrukbare tekens (niet “{name}”).",
    },
    "no_such_player": {
        "en": "There is no player “{name}”.",
        "de": "Es gibt keinen Spieler „{name}“.",
        "nl": "Er is geen speler “{name}”.",
    },
    "player_exists": {
        "en": "“{name}” is already a player: merge the two instead.",
        "de": "„{name}“ ist schon ein Spieler: führen Sie die beiden stattdessen zusammen.",
        "nl": "“{name}” is al een speler: voeg de twee in plaats daarvan samen.",
    },
    "same_player": {
        "en": "“{name}” cannot be merged with itself.",
        "de": "„{name}“ kann nicht mit sich selbst zusammengeführt werden.",
        "nl": "“{name}” kan niet met zichzelf worden samengevoegd.",
    },
    "no_such_step": {
        "en": "This game has {steps} actions; there is no step {step}.",
        "de": "Dieses Spiel hat {steps} Aktionen; einen Schritt {step} gibt es nicht.",
        "nl": "Dit spel heeft {steps} acties; er is geen stap {step}.",
    },
}
