"""The league's standings page (`companion league`), in English (catalog contexts
``league:KEY``; the page is said in the reader's language, from Accept-Language)."""

from __future__ import annotations

from companion.i18n.source import Source

LEAGUE: dict[str, Source] = {
    "league:title": "League",
    "league:summary": {"count": "games", "one": "{games} game from {tables}",
                       "other": "{games} games from {tables}"},
    "league:tables": {"count": "n", "one": "{n} table", "other": "{n} tables"},
    "league:none_yet": "No results yet. A table sends each finished game here once its config "
                       "has an [mqtt] section naming this broker.",
    # {tables}: “kitchen” (each name quoted: league:table_name; several joined by commas)
    "league:clash": "More than one box sends results as table {tables}. Unless one box "
                    "replaced the other, give each table its own name ([mqtt] table in its "
                    "config). Every result is kept.",
    "league:table_name": "\u201c{name}\u201d",  # a table's name quoted inside a sentence
    # {where}: the broker's host:port
    "league:broker_away": "No connection to the broker {where}; the league keeps trying. The "
                          "standings show the results that came before; those sent meanwhile "
                          "follow once it is back.",
    # {reason}: the broker's answer, in English as MQTT gives it ("Not authorized")
    "league:broker_refused": "The broker {where} refused the league ({reason}); it keeps "
                             "trying. The standings show the results that came before.",
    "league:player": "Player",
    "league:played": "Games",
    "league:won": "Won",
    "league:drawn": "Drawn",
    "league:rating": "Elo: {ratings}",  # "How Ruck! 1016 · Tauziehen 984"
    "league:refreshes": "This page refreshes itself every minute.",
}
