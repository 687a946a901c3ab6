"""What a screen reader hears of the page's controls and pictures, in the reader's language:
the language menu's name, Stramash's face cards by their whole names, each board's position
in words."""

from __future__ import annotations

from browser_helpers import choose_language, phone

from companion.i18n.catalogs import languages

MENU_NAMES = {"de": "Sprache", "en": "Language", "fr": "Langue", "nl": "Taal"}


def test_the_language_menu_is_named_in_the_pages_language(browser, daemon):
    """The menu was "Language" to a screen reader whatever the page spoke."""
    page = phone(browser, daemon)
    page.wait_for_selector("#page-lang")
    assert page.get_by_role("combobox", name="Sprache", exact=True).count() == 1  # as served
    assert set(languages()) == set(MENU_NAMES)
    for lang in ("en", "fr", "nl", "de"):
        choose_language(page, lang)
        assert page.get_by_role("combobox", name=MENU_NAMES[lang], exact=True).count() == 1, lang
