"""Sentences for people, made at the edges from a refusal's code and parameters.

Rule cores only ever raise codes; this turns them into English, German or Dutch. A code
without a sentence falls back to a generic one naming the code, so nothing ever fails here.
"""

from __future__ import annotations

import string
from typing import Any

from companion.i18n.catalog import COLOR_NAMES, MESSAGES

LANGUAGES = ("en", "de", "nl")
DEFAULT_LANGUAGE = "en"


class _Params(dict):
    """Missing placeholders stay visible instead of raising KeyError."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _show(value: Any, lang: str) -> str:
    if isinstance(value, dict) and "color" in value and "strength" in value:
        color = COLOR_NAMES[lang].get(value["color"], value["color"])
        text = "Nessie" if value.get("nessie") else f"{color} {value['strength']}"
        return text + (" (How Ruck)" if value.get("howruck") else "")
    if isinstance(value, list):
        return ", ".join(_show(v, lang) for v in value)
    if isinstance(value, str):
        return COLOR_NAMES[lang].get(value, value)
    return str(value)


def message(code: str, params: dict[str, Any] | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The sentence for a refusal, in `lang` (falls back to English)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    templates = MESSAGES.get(code)
    if templates is None:
        template = MESSAGES["_unknown"][lang]
        params = {"code": code}
    else:
        template = templates.get(lang) or templates[DEFAULT_LANGUAGE]
    if isinstance(template, dict):  # plural forms: {"count": PARAM, "one": ..., "other": ...}
        template = _plural(template, (params or {}).get(template["count"]))
    shown = _Params({k: _show(v, lang) for k, v in (params or {}).items()})
    return string.Formatter().vformat(template, (), shown)


def _plural(forms: dict[str, str], count: Any) -> str:
    """The form for `count`: English, German and Dutch say "one" for exactly 1 only."""
    return forms["one"] if count == 1 and not isinstance(count, bool) else forms["other"]


def pick_language(accept_language: str | None) -> str:
    """The best of our languages for an HTTP Accept-Language header."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    best, best_q = DEFAULT_LANGUAGE, -1.0
    for part in accept_language.split(","):
        tag, _, q = part.strip().partition(";q=")
        lang = tag.split("-")[0].strip().lower()
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        if lang in LANGUAGES and weight > best_q:
            best, best_q = lang, weight
    return best
