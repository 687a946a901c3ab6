"""What a screen reader hears of the page's controls and pictures, in the reader's language:
the language menu's name, Stramash's face cards by their whole names, each board's position
in words."""

from __future__ import annotations

from browser_helpers import choose_language, pair, phone, seat

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


FACES = {"de": (["A", "B", "D", "K"], ["Ass", "Bube", "Dame", "König"]),
         "fr": (["A", "V", "D", "R"], ["As", "Valet", "Dame", "Roi"])}
CARDS = "[...document.querySelectorAll('#choices button.sm-card')]"


def test_stramash_face_cards_are_named_in_full(browser, daemon):
    """The picker's face cards were bare letters to a screen reader ("B", "K"): each has its
    whole name in the page's language, the letter in sight (the table's cards bear it)."""
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob", "Cat"])
    page.wait_for_selector("#board .laddie")
    seat(page)
    for lang, (letters, names) in FACES.items():
        choose_language(page, lang)
        page.wait_for_selector("#choices button.sm-card")
        shown = page.evaluate(f"{CARDS}.map((b) => b.textContent)")
        assert [shown[0], *shown[-4:-1]] == letters, shown  # A … J Q K, then the joker
        assert page.evaluate(f"{CARDS}.at(-1).textContent") == "Bonnie Fechter"
        for name in names:
            named = page.locator("#choices").get_by_role("button", name=name, exact=True)
            assert named.count() == 1, (lang, name)
        page.locator("#choices").get_by_role("button", name=names[1], exact=True).click()
        picked = page.locator("#choices button.sm-card.picked")  # the card picked: named too
        assert picked.get_attribute("aria-label") == names[1] and picked.inner_text() == letters[1]
        picked.click()  # back to every card
