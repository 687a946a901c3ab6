"""Every English sentence a person reads, by its catalog context (the source language).

The catalogs (`companion/locale/<lang>/LC_MESSAGES/companion.po`) translate each entry by its
context: ``refusal:CODE`` (a rule core's or the server's refusal), ``word:ID`` (a colour, a
card), ``oled:KEY`` (the table's display), ``page:KEY`` (the phone page), ``setting:KEY`` (a
setting's name on the page), ``option:KEY`` (a game option's name on the page),
``doctor:KEY`` (`companion doctor`'s findings), ``cli:KEY`` (the command line's messages),
``help:KEY`` and ``argparse:KEY`` (its help and usage). The context is the stable key; the
English text is the msgid a translator reads. ``scripts/i18n.py extract`` writes the
template (`companion/locale/companion.pot`) from here.
"""

from __future__ import annotations

# A sentence, or {"count": PARAM, "one": singular, "other": plural} for one whose form follows
# the number in PARAM (gettext's plural forms; a language may have more than two).
Source = str | dict[str, str]


def sources() -> dict[str, Source]:
    """Context -> English, for every entry of the catalogs."""
    from companion.i18n.catalog import MESSAGES, REASONS
    from companion.i18n.cli_help import ARGPARSE, HELP
    from companion.i18n.cli_messages import SENTENCES
    from companion.i18n.option_names import OPTION_NAMES
    from companion.i18n.page import PAGE
    from companion.i18n.setting_messages import SETTING_NAMES
    from companion.i18n.words import WORDS
    from companion.screens.texts import TEXTS

    out: dict[str, Source] = {"language:name": "English",  # each catalog: its own name
                              "language:decimal_mark": "."}  # "4.2 ms"; German "4,2 ms"
    for prefix, table in (("refusal", MESSAGES), ("refusal", REASONS), ("word", WORDS),
                          ("oled", TEXTS), ("page", PAGE), ("setting", SETTING_NAMES),
                          ("option", OPTION_NAMES)):
        out.update({f"{prefix}:{key}": text for key, text in table.items()})
    out.update(SENTENCES)  # the doctor's and the command line's: keyed with their contexts
    out.update(HELP)
    out.update(ARGPARSE)
    return out
