"""French elision where a sentence is filled: "de {p}" with Ann is "d’Ann", not "de Ann".

A translator writes "de {p}" once; whether it is "de" or "d’" depends on the name filled in,
which only the moment of filling knows. The page fills its own sentences and has the same
rule (web/static/i18n.js, `elide`); tests/test_elision.py holds both to one list of names.

The rule, as the Académie française gives it for names (dictionnaire-academie.fr, "Élision",
courrier QR_0143: "l’enlèvement d’Hélène", "les victoires qu’Attila a remportées"): the word
before a name loses its vowel when the name begins with a vowel sound —
- a vowel, with or without an accent ("d’Émile", "d’Œdipe");
- an "h" before a vowel: counted as a mute h ("d’Hélène", "d’Hugo"), as French first names
  mostly are. A name with an aspirated h ("de Hans") is rarer at a French table; a rule
  that knew them would need a list of names, so it is kept simple;
- a "y" before a consonant, read as the vowel i ("d’Yves", "d’Yvonne"); before a vowel "y"
  is the consonant of "yaourt" and nothing is elided ("de Yannick", "de Yasmine").
A number is never elided before ("de 8", "le 11"), nor a value starting with anything else
(a quotation mark, a path). Only a placeholder straight after the word is looked at: the
catalogs' own words are the translator's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

VOWELS = "aeiouàâäéèêëîïôöùûüœæ"
# The words that lose their last vowel before a vowel sound, by language (lower case; a
# capital at a sentence's start is kept: "De {p}" is "D’{p}").
ELIDING: dict[str, tuple[str, ...]] = {
    "fr": ("de", "que", "le", "la", "ne", "je", "me", "te", "se", "ce", "lorsque",
           "puisque", "jusque"),
}
APOSTROPHE = "’"


def vowel_sound(value: Any) -> bool:
    """Whether a filled-in value begins with a vowel sound (the module docstring's rule)."""
    if not isinstance(value, str) or not value:
        return False
    first, second = value[0].lower(), value[1:2].lower()
    if first in VOWELS:
        return True
    if first == "h":
        return second != "" and second in VOWELS
    return first == "y" and second != "" and second.isalpha() and second not in VOWELS


_PATTERNS: dict[str, re.Pattern[str]] = {
    lang: re.compile(r"(?<![\w’'])(" + "|".join(words) + r") \{(\w+)\}", re.IGNORECASE)
    for lang, words in ELIDING.items()}


def elide(template: str, values: Mapping[str, Any], lang: str) -> str:
    """`template` (a translated sentence, its placeholders not yet filled) with each eliding
    word before a placeholder elided where that placeholder's value in `values` begins with
    a vowel sound: "de {p}" is "d’{p}" for p = "Ann"."""
    pattern = _PATTERNS.get(lang)
    if pattern is None:
        return template

    def swap(match: re.Match[str]) -> str:
        word, key = match[1], match[2]
        return f"{word[:-1]}{APOSTROPHE}{{{key}}}" if vowel_sound(values.get(key)) \
            else match[0]

    return pattern.sub(swap, template)
