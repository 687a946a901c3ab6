"""French elision where a sentence is filled: "de {p}" with Ann is "d’Ann", not "de Ann".

A translator writes "de {p}" once; whether it is "de" or "d’" depends on the name filled in,
which only the moment of filling knows. The page fills its own sentences and has the same
rule (web/static/i18n.js, `elide`); tests/test_elision.py holds both to one list of names.

The rule, as the Académie française gives it for names (dictionnaire-academie.fr, "Élision",
courrier QR_0143: "l’enlèvement d’Hélène", "les victoires qu’Attila a remportées"): the word
before a name loses its vowel when the name begins with a vowel sound —
- a vowel, with or without an accent ("d’Émile", "d’Œdipe");
- an "h", only in a name known to be said with a mute h: a short list of common French
  first names (`MUTE_H`: "d’Hélène", "d’Hugo", "d’Hervé"). Every other h is aspirated:
  the German, Dutch and English names at the table are ("de Hans", "de Hendrik"), and so are
  some French ones ("de Hugues"); where usage hesitates ("Henri") the word is kept whole,
  which is never wrong. The name's first word counts, its accents aside ("Helene" typed on a
  phone is Hélène; "Hervé (rouge)" is Hervé);
- a "y" before a consonant, read as the vowel i ("d’Yves", "d’Yvonne"); before a vowel "y"
  is the consonant of "yaourt" and nothing is elided ("de Yannick", "de Yasmine").
A number is never elided before ("de 8", "le 11"), nor a value starting with anything else
(a quotation mark, a path). Only a placeholder straight after the word is looked at: the
catalogs' own words are the translator's.
"""

from __future__ import annotations

import re
import unicodedata
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
# French first names said with a mute h, as their first word is compared: lower case, no
# accents. web/static/i18n.js keeps the same list (tests/test_elision.py holds the two).
MUTE_H: frozenset[str] = frozenset((
    "hadrien", "hector", "helene", "heloise", "hercule", "hermine", "herve", "hilaire",
    "hippolyte", "honore", "honorine", "horace", "hortense", "hubert", "hugo", "hyacinthe"))


def vowel_sound(value: Any) -> bool:
    """Whether a filled-in value begins with a vowel sound (the module docstring's rule)."""
    if not isinstance(value, str) or not value:
        return False
    first, second = value[0].lower(), value[1:2].lower()
    if first in VOWELS:
        return True
    if first == "h":
        return first_word(value) in MUTE_H
    return first == "y" and second != "" and second.isalpha() and second not in VOWELS


def first_word(value: str) -> str:
    """The letters `value` begins with, in lower case and without accents ("Hervé (rouge)"
    is "herve")."""
    bare = "".join(c for c in unicodedata.normalize("NFD", value)
                   if not unicodedata.category(c).startswith("M"))
    end = 0
    while end < len(bare) and bare[end].isalpha():
        end += 1
    return bare[:end].lower()


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
