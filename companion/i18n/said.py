"""A sentence that is English now and can be said again in another language later.

The doctor's findings and the command line's messages are made where the facts are (deep in a
check, with its port, pin or error) but shown at the end, in the reader's language. `Said` is
the English text (a `str`: logs and tests read it as it is) that keeps its catalog context
and parameters, so `text(lang)` says it again through the catalogs. A parameter that is itself
a `Said` is said in the same language.
"""

from __future__ import annotations

import errno
from typing import Any

from companion.i18n.catalogs import SOURCE_LANGUAGE, fill


class Said(str):
    context: str
    params: dict[str, Any]

    def __new__(cls, context: str, **params: Any) -> Said:
        said = super().__new__(cls, _say(context, params, SOURCE_LANGUAGE))
        said.context, said.params = context, params
        return said

    def text(self, lang: str) -> str:
        return _say(self.context, self.params, lang)


def os_error(exc: OSError) -> str:
    """Why the OS refused, for a person: the common reasons (cli_messages, ``os:ENOENT``, …)
    said again in the reader's language; any other as the OS says it (English). Either
    stands inside a sentence (after a colon, in parentheses), so it begins small: the OS's
    "Input/output error" as "input/output error" (an abbreviation, "I/O error", stays)."""
    from companion.i18n.cli_messages import SENTENCES

    context = f"os:{errno.errorcode.get(exc.errno or 0, '')}"
    if context in SENTENCES:
        return Said(context)
    text = str(exc.strerror or exc)
    return text[0].lower() + text[1:] if text[:1].isupper() and text[1:2].islower() else text


def complaint(program: str, text: str, lang: str) -> str:
    """What a command says on its error stream after its name ("companion replay: line 2:
    …"), the two joined as `lang` writes it (French "companion replay\u202f: ligne 2\u202f: …")."""
    return Said("cli:program_says", program=program, message=text).text(lang)


def say(text: str, lang: str) -> str:
    """`text` in `lang` if it is a `Said`; any other text as it is (an OS error, a path)."""
    return text.text(lang) if isinstance(text, Said) else text


def _say(context: str, params: dict[str, Any], lang: str) -> str:
    from companion.i18n.cli_messages import SENTENCES

    return fill(context, SENTENCES[context], lang, params,
                {k: say(v, lang) if isinstance(v, str) else v for k, v in params.items()})
