"""The results downloads from the page (Chromium, German phone): linked under "Stored
games", in the page's words; the spreadsheet file comes in the language the page speaks,
also after the reader switched it."""

from __future__ import annotations

import csv
import io

from backup_helpers import finished_game
from browser_helpers import choose_language, open_setup, phone, shot


def test_the_page_links_the_results_as_a_spreadsheet_in_its_language(browser, daemon,
                                                                      tmp_path):
    finished_game(daemon, "howruck", 1, ["Jürgen", "Zoë"])
    page = phone(browser, daemon)  # results are public: no pairing needed
    open_setup(page)
    link = page.locator("#results-files a[href*='format=spreadsheet']")
    assert link.inner_text() == "als Tabelle (CSV)"
    assert page.locator("#results-files a[href='/api/results.json']").is_visible()
    shot(page, "results_links")
    files = []
    for lang, heading in (("de", "Partie Nr.;Spiel;Spieler"), ("nl", "Partij nr.;Spel;")):
        if lang != "de":
            choose_language(page, lang)
            assert link.inner_text() == "als spreadsheet (CSV)"
        with page.expect_download() as downloading:
            link.click()
        saved = tmp_path / f"{lang}.csv"
        downloading.value.save_as(saved)
        text = saved.read_bytes().decode("utf-8-sig")
        assert text.startswith(heading), text[:80]
        files.append(list(csv.reader(io.StringIO(text), delimiter=";")))
    assert [rows[1][2] for rows in files] == ["Jürgen / Zoë"] * 2
