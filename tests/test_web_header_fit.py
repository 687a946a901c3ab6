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


LANGUAGE_PICKER = """() => { const r = (s) => document.querySelector(s).getBoundingClientRect();
  const pick = r('#page-lang'), head = r('header'), badge = r('.live'), name = r('header h1');
  return {width: pick.width, right: head.right - pick.right, badge: badge.right,
          left: pick.left, name: name.right}; }"""


def test_the_language_picker_is_as_wide_as_its_names_on_a_tablet(browser, daemon):
    """On a 1280 x 800 tablet the language picker stretched across the whole header (1,088 px
    for "Deutsch"). It is as wide as the longest language's name, at the header's right end;
    on a phone too, beside the badge."""
    page = phone(browser, daemon)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        shot(page, f"language-picker-{width}")
        box = page.evaluate(LANGUAGE_PICKER)
        assert 100 <= box["width"] <= 200, box
        assert abs(box["right"] - 12.8) < 1, box  # the header's padding, nothing more
        assert box["badge"] < box["left"] and box["name"] < box["left"], box
