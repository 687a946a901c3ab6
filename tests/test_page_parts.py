"""The page's words in parts (companion/i18n/page_parts.py PARTS): a game's and a tab's words are
fetched with it (`/i18n/<lang>/<part>.json`), the rest with the page (`/i18n/<lang>.json`).
The page's start-up code (page.js) runs before any part has come, so it names no word of
one; every word is in one place only, and each part is served, an unknown one refused."""

from __future__ import annotations

import re

import pytest

from companion.i18n.catalogs import page_catalog, page_words
from companion.i18n.page_parts import PARTS
from companion.web import web_root
from companion.web.assets import START_SCRIPTS

PARTED = [key for keys in PARTS.values() for key in keys]


# A game's announcements are said by the start-up code (announce.js), only once the game's
# module and words have come (live.js afterModule, core.js ensureGame).
GAMES_WORDS_SAID_BY = {"announce.js"}
SAID = r"""\bt\(\s*(["'`]){key}\1"""  # t("key", …): the page's words (i18n.js)


def test_the_start_up_code_names_no_word_of_a_part():
    static = web_root() / "static"
    named = {}
    for script in START_SCRIPTS:
        source = (static / script).read_text("utf-8")
        parts = [part for part in PARTS
                 if script not in GAMES_WORDS_SAID_BY or part in ("setup", "players")]
        found = {key for part in parts for key in PARTS[part]
                 if re.search(SAID.format(key=re.escape(key)), source)}
        if found:
            named[script] = sorted(found)
    assert named == {}


def test_each_word_is_in_one_place_and_every_word_is_served():
    assert len(PARTED) == len(set(PARTED))
    everything = page_catalog("de")["strings"]
    common = page_words("de")["strings"]
    assert set(PARTED) <= set(everything) and not set(PARTED) & set(common)
    served = set(common).union(*(page_words("de", part)["strings"] for part in PARTS))
    assert served == set(everything)
    dutch = page_catalog("nl")["strings"]["lr_roll"]
    assert page_words("nl", "laufrauf")["strings"]["lr_roll"] == dutch != everything["lr_roll"]


@pytest.mark.parametrize("part", sorted(PARTS))
def test_each_part_is_served_and_an_unknown_one_refused(tmp_path, part):
    from web_helpers import Client, web_daemon

    daemon = web_daemon(tmp_path)
    try:
        client = Client(daemon.web.port)
        status, words, headers = client.get(f"/i18n/nl/{part}.json")
        assert status == 200 and words["strings"] == page_words("nl", part)["strings"]
        unchanged = {"If-None-Match": headers["etag"]}
        assert client.get(f"/i18n/nl/{part}.json", headers=unchanged)[0] == 304
        status, refused, _ = client.get("/i18n/nl/nothing.json")
        assert status == 404 and refused["error"]["code"] == "not_found"
        assert client.get(f"/i18n/xx/{part}.json")[0] == 404
    finally:
        daemon.stop()
