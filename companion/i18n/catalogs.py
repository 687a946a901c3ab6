"""The translations at run time: the standard library's gettext over compiled catalogs.

One catalog per language, `<locale>/<lang>/LC_MESSAGES/companion.mo`, compiled from the
`.po` beside it (``scripts/i18n.py compile``). The languages are the catalogs on disk, plus
English (the source language, which needs none): adding a language is adding its `.po` and
compiling it. ``COMPANION_LOCALE_DIR`` points at another catalog directory (a translator's
work in progress; the tests' throw-away language).

Each language's typography, one convention each (the catalogs keep to it; tests/test_catalogs
checks it):

- French: a narrow no-break space (U+202F, which the OLED's font has) before ``: ; ! ?`` and
  inside guillemets (« ainsi »), never a plain space, which a line may break at; the
  apostrophe ’ (d’, l’), as the elision writes it. A contest's score between two sums keeps
  its plain spaces ("6 : 8", as the OLED writes a score).
- German: „so“, no space before punctuation.
- Dutch: “zo”, no space before punctuation; the apostrophe ' (pagina's).
- English: “so”.

Each language's form of address, one each (tests/test_catalogs checks it too). The companion
talks to a family or a club at a game table, so it speaks as a game's rules do:

- German: informal du to whoever reads the line (each player, the one holding the phone or at
  the terminal): "Tippe auf …", "Gib die PIN ein". Never Sie, and not ihr either: a call to the
  whole table is said without a pronoun ("Hände an die Tasten!", "Jetzt drücken!"). A "Sie"
  that means "she" or "it" is rephrased, so the one pronoun never reads as the other.
- Dutch: je / jij ("Tik op …", "Je kunt …"), never u / uw.
- French: vous, which is both the table (plural) and the reader; never tu.

A line built from pieces (a label and its value, who drew which card, two clauses, a name in
quotes) is never glued in code with ": ", "; " or quote marks: it is a template of its own
(``page:drawn_by``, ``page:clauses``, ``league:table_name``, ``cli:program_says``, …), so each
language joins the pieces its own way.
"""

from __future__ import annotations

import os
import string
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.i18n.elision import elide
from companion.i18n.source import Source

if TYPE_CHECKING:
    import gettext

DOMAIN = "companion"
SOURCE_LANGUAGE = "en"
SHIPPED = Path(__file__).resolve().parent.parent / "locale"
LANGUAGE_NAME = "language:name"  # each catalog names its language in that language
DECIMAL_MARK = "language:decimal_mark"  # what parts a number's decimals: "." or ","


def locale_dir() -> Path:
    return Path(os.environ.get("COMPANION_LOCALE_DIR") or SHIPPED)


@cache
def _languages(where: Path) -> tuple[str, ...]:
    found = sorted(d.name for d in where.iterdir()
                   if (d / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()) if where.is_dir() else []
    return (SOURCE_LANGUAGE, *[lang for lang in found if lang != SOURCE_LANGUAGE])


def languages() -> tuple[str, ...]:
    """Every language the companion speaks: English and each compiled catalog."""
    return _languages(locale_dir())


@cache
def _translations(where: Path, lang: str) -> gettext.NullTranslations:
    import gettext  # only for a translated language: English needs none (start-up)

    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, where, languages=[lang], fallback=True)


def translations(lang: str) -> gettext.NullTranslations:
    return _translations(locale_dir(), lang)


def translate(context: str, source: Source, lang: str, count: Any = None) -> str:
    """`source` (English) in `lang`; a plural source takes the form for `count`."""
    if isinstance(source, dict):
        n = abs(count) if isinstance(count, int) and not isinstance(count, bool) else 0
        if lang == SOURCE_LANGUAGE:
            return source["one"] if n == 1 else source["other"]
        return translations(lang).npgettext(context, source["one"], source["other"], n)
    if lang == SOURCE_LANGUAGE:
        return source
    return translations(lang).pgettext(context, source)


class _Params(dict):
    """Missing placeholders stay visible instead of raising KeyError."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(context: str, source: Source, lang: str, params: dict[str, Any],
         shown: dict[str, Any]) -> str:
    """`source` in `lang` with its placeholders filled from `shown` (the parameters as the
    reader sees them), a word before a name elided as the language wants it ("d’Ann":
    elision.py); a plural takes its form from the number in `params`."""
    count = params.get(source["count"]) if isinstance(source, dict) else None
    text = elide(translate(context, source, lang, count), shown, lang)
    return string.Formatter().vformat(text, (), _Params(shown))


def language_name(lang: str) -> str:
    """The language's name in itself ("Deutsch"), from its catalog."""
    return translate(LANGUAGE_NAME, "English", lang)


def decimal(value: float, lang: str, digits: int = 1) -> str:
    """A number with `digits` decimals as `lang` writes it ("4.2" in English, "4,2" in
    German): a race's margin in ms on the OLED, the terminal, the page and its history."""
    return f"{value:.{digits}f}".replace(".", translate(DECIMAL_MARK, ".", lang))


def plural_rule(lang: str) -> str:
    """The catalog's C expression choosing a plural form for n (the page evaluates it)."""
    if lang == SOURCE_LANGUAGE:
        return "n != 1"
    info = translations(lang).info()
    forms = info.get("plural-forms", "nplurals=2; plural=n != 1;")
    return forms.split("plural=", 1)[1].strip().rstrip(";").strip()


def plural_forms(context: str, source: dict[str, str], lang: str) -> list[str]:
    """Every plural form of a plural entry, in the catalog's order (the page picks one with
    `plural_rule`). Untranslated: the English two."""
    import gettext

    catalog = translations(lang)
    if lang == SOURCE_LANGUAGE or not isinstance(catalog, gettext.GNUTranslations):
        return [source["one"], source["other"]]
    nplurals = int(catalog.info().get("plural-forms", "nplurals=2").split("nplurals=", 1)[1]
                   .split(";", 1)[0])
    key = f"{context}\x04{source['one']}"
    forms = [catalog._catalog.get((key, i)) for i in range(nplurals)]  # gettext's own store
    return forms if all(forms) else [source["one"], source["other"]]


@cache
def _page_catalog(where: Path, lang: str) -> dict[str, Any]:
    from companion.i18n.page import PAGE
    from companion.i18n.replay_messages import MOVES
    from companion.i18n.words import WORDS

    # the names of things and the page's words by their key; the move sentences (a history
    # line says a move as `companion replay --text` does) by their context ("replay:lr_run")
    tables = [(f"word:{k}", k, s) for k, s in WORDS.items()] + \
        [(f"page:{k}", k, s) for k, s in PAGE.items()] + [(k, k, s) for k, s in MOVES.items()]
    strings: dict[str, Any] = {}
    for context, key, source in tables:
        strings[key] = plural_forms(context, source, lang) if isinstance(source, dict) \
            else translate(context, source, lang)
    return {"lang": lang, "name": language_name(lang), "plural": plural_rule(lang),
            "decimal_mark": translate(DECIMAL_MARK, ".", lang), "strings": strings}


def page_catalog(lang: str) -> dict[str, Any]:
    """What the phone page reads (`/i18n/<lang>.json`): its words and the names of things in
    `lang`, a plural entry as its list of forms, and the rule choosing among them."""
    return _page_catalog(locale_dir(), lang)


def page_words(lang: str, part: str = "") -> dict[str, Any]:
    """What the phone page fetches of `page_catalog`: its common words (`part` empty,
    `/i18n/<lang>.json`), with the plural rule and the decimal mark, or one part's words
    (`/i18n/<lang>/<part>.json`, page_parts.py PARTS). KeyError for a part there is not."""
    from companion.i18n.page_parts import PARTS

    catalog = page_catalog(lang)
    if part:
        return {"lang": lang, "part": part,
                "strings": {key: catalog["strings"][key] for key in PARTS[part]}}
    parted = {key for keys in PARTS.values() for key in keys}
    return dict(catalog, strings={key: text for key, text in catalog["strings"].items()
                                  if key not in parted})


def page_text(key: str, lang: str) -> str:
    """One of the page's words (what the page's template is first drawn with)."""
    text = page_catalog(lang)["strings"][key]
    return text if isinstance(text, str) else text[-1]


def terminal_language() -> str:
    """The language of the terminal's user, as gettext reads it (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG), when the companion speaks it; else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if not value:
            continue
        for part in value.split(":"):
            lang = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if lang in languages():
                return lang
        if variable != "LANGUAGE":
            break  # the first of LC_ALL, LC_MESSAGES, LANG that is set decides
    return SOURCE_LANGUAGE
