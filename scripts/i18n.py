#!/usr/bin/env python3
"""The translators' tool: the catalogs in `companion/locale/`.

    scripts/i18n.py extract        write companion/locale/companion.pot from the English sources
    scripts/i18n.py update         bring every <lang>/LC_MESSAGES/companion.po up to the template
                                   (GNU msgmerge: new entries untranslated, changed ones fuzzy)
    scripts/i18n.py compile        check (msgfmt -c) and compile each .po to its .mo
    scripts/i18n.py new LANG       start a catalog for LANG from the template

A new language: `new xx`, translate `companion/locale/xx/LC_MESSAGES/companion.po` (every
entry, the plural forms of its `Plural-Forms` header, and "language:name" as the language's
own name), then `compile`. Nothing else changes: the companion offers every compiled catalog.
Needs Debian's `gettext` package (msgmerge, msgfmt) for update, compile and new.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.i18n.catalogs import DOMAIN, SHIPPED  # noqa: E402
from companion.i18n.source import Source, sources  # noqa: E402

TEMPLATE = SHIPPED / f"{DOMAIN}.pot"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
HEADER = {
    "Project-Id-Version": "companion",
    "PO-Revision-Date": "2026-11-23 00:00+0000",
    "Last-Translator": "companion <companion@localhost>",
    "Language-Team": "companion",
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
}


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def header(language: str = "", plural_forms: str = "nplurals=2; plural=(n != 1);") -> str:
    fields = {**HEADER, "Language": language, "Plural-Forms": plural_forms}
    return 'msgid ""\nmsgstr ""\n' + "".join(quote(f"{k}: {v}\n") + "\n"
                                              for k, v in fields.items())


def entry(context: str, source: Source, translation: Source | None = None,
          nplurals: int = 2) -> str:
    """One PO entry; `translation` None or missing parts: empty (untranslated)."""
    out = []
    wanted = sorted(set(PLACEHOLDER.findall(source if isinstance(source, str)
                                            else source["one"] + source["other"])))
    if wanted:
        out.append("#. placeholders: " + ", ".join("{" + p + "}" for p in wanted))
    if isinstance(source, dict):
        out.append(f"#. the number: {{{source['count']}}}")
    out.append("#, python-brace-format" if wanted else "")
    out.append(f"msgctxt {quote(context)}")
    if isinstance(source, dict):
        out.append(f"msgid {quote(source['one'])}")
        out.append(f"msgid_plural {quote(source['other'])}")
        forms = translation.get("forms") if isinstance(translation, dict) else None
        if forms is None and isinstance(translation, dict):
            forms = [translation["one"]] + [translation["other"]] * (nplurals - 1)
        for i in range(nplurals):
            out.append(f"msgstr[{i}] {quote(forms[i] if forms else '')}")
    else:
        out.append(f"msgid {quote(source)}")
        out.append(f"msgstr {quote(translation or '')}")
    return "\n".join(line for line in out if line) + "\n"


def template() -> str:
    """The .pot: every English source, each with its context."""
    return "\n".join([header()] + [entry(ctx, text) for ctx, text in sources().items()])


def extract() -> None:
    SHIPPED.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_text(template(), encoding="utf-8")
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(sources())} entries")


def catalogs() -> list[Path]:
    return sorted(SHIPPED.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update() -> None:
    extract()
    for po in catalogs():
        subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-wrap",
                        str(po), str(TEMPLATE)], check=True)
        print(f"{po.relative_to(ROOT)}: updated")


def compile_all() -> None:
    for po in catalogs():
        subprocess.run(["msgfmt", "--check", "--statistics", "-o",
                        str(po.with_suffix(".mo")), str(po)], check=True)


def new(lang: str) -> None:
    if not re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", lang):
        sys.exit(f"i18n: {lang!r} is not a language code (like fr, or pt_BR)")
    extract()
    po = SHIPPED / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["msginit", "--no-translator", "--no-wrap", "--locale", lang, "-i",
                    str(TEMPLATE), "-o", str(po)], check=True)
    print(f"{po.relative_to(ROOT)}: translate it, then: scripts/i18n.py compile")


def main(argv: list[str]) -> None:
    commands = {"extract": extract, "update": update, "compile": compile_all}
    if len(argv) == 2 and argv[0] == "new":
        new(argv[1])
    elif len(argv) == 1 and argv[0] in commands:
        commands[argv[0]]()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
