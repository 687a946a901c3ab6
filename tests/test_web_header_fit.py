"""The header's live badge stays on one line in every language at a phone's 390 px (French
"en direct" wrapped to two)."""

from __future__ import annotations

from browser_helpers import choose_language, pair, phone, shot

from companion.i18n.catalogs import languages

ONE_LINE = """() => {
  const badge = document.querySelector('.live');
  const size = parseFloat(getComputedStyle(badge).fontSize);
  return badge.getClientRects().length === 1 && badge.getBoundingClientRect().height < 2.2 * size;
}"""


def test_the_live_badge_is_one_line_in_every_language(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    for lang in languages():
        choose_language(page, lang)
        page.wait_for_selector(".live", state="visible")
        shot(page, f"live-badge-{lang}")
        assert page.evaluate(ONE_LINE), lang
