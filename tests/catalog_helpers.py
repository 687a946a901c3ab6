"""The shipped gettext catalogs as the tests read them: compiled by GNU msgfmt now, each
entry's translations by its context (test_catalogs, test_catalog_style)."""

from __future__ import annotations

import gettext
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

from needs import needs

from companion.i18n.catalogs import DOMAIN, SHIPPED

needs_msgfmt = needs(shutil.which("msgfmt") is not None, "GNU gettext (msgfmt)")


def compiled(po: Path, tmp_path: Path) -> dict:
    """The catalog as msgfmt compiles it now, as gettext reads it."""
    out = tmp_path / f"{po.parent.parent.name}.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(out), str(po)], check=True,
                   capture_output=True, text=True)
    with out.open("rb") as f:
        return gettext.GNUTranslations(f)._catalog


def entries(store: dict) -> dict[str, list[str]]:
    """{context: [msgstr, ...]} from a gettext store ({ctx\\x04msgid (, form): text})."""
    out: dict[str, list[str]] = {}
    for key, text in store.items():
        raw, form = key if isinstance(key, tuple) else (key, 0)
        if "\x04" not in raw:
            continue  # the header
        context = raw.split("\x04", 1)[0]
        forms = out.setdefault(context, [])
        forms.extend([""] * (form + 1 - len(forms)))
        forms[form] = text
    return out


def shipped_texts(lang: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(context, translation) of every entry of the shipped catalog of `lang`, each plural
    form on its own."""
    po = SHIPPED / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    for context, forms in entries(compiled(po, tmp_path)).items():
        for text in forms:
            yield context, text
