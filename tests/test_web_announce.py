"""What just happened, on every phone: a banner on a second phone (a watcher) and a sentence
in the history, in the reader's language; the buzzer plays the kind's sound."""

from __future__ import annotations

import pytest
from browser_helpers import PHONE, choose_language, pair, part_words, phone, until
from daemon_helpers import Recorder
from helpers import card, round_won_by_a

HISTORY = {
    "de": ["Bert hat den Wettlauf gewonnen, 14,1 ms voraus — Das Tauziehen der Runde 1 beginnt",
           "Kräftemessen: Anna 6 : 8 Bert, das Fass rückt 2 zu Bert"],
    "en": ["Bert won the race, 14.1 ms ahead — The tug of round 1 begins",
           "Contest: Anna 6 : 8 Bert, the barrel moves 2 toward Bert"],
    "nl": ["Bert heeft de race gewonnen, 14,1 ms voor — Het touwtrekken van ronde 1 begint",
           "Krachtmeting: Anna 6 : 8 Bert, het vat gaat 2 naar Bert"],
}


def watcher(browser, daemon, locale: str):
    context = browser.new_context(viewport=PHONE, locale=locale)  # the page's own CSP
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    return page


@pytest.mark.parametrize("lang,locale", [("de", "de-DE"), ("en", "en-GB"), ("nl", "nl-NL")])
def test_a_second_phone_is_told_and_the_history_says_it(browser, daemon, lang, locale):
    first = phone(browser, daemon)
    pair(first, daemon)
    second = watcher(browser, daemon, locale)  # not paired: a watcher is told too
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    until(second, "document.querySelector('#prompt').textContent.includes('Bert')"
                             " || document.querySelector('#prompt').textContent.length > 0")
    daemon.hub.call(daemon.table.apply, game,
                    {"type": "race", "presses": {"Anna": [31_000], "Bert": [16_900]}})
    second.wait_for_selector("#banner:not([hidden])")
    assert second.inner_text("#banner") == HISTORY[lang][0]
    daemon.hub.call(daemon.table.apply, game, {"type": "play", "player": "Bert", "side": "Bert",
                                               "field": "red",
                                               "card": card("white", 4, howruck=True)})
    # every move is news: the banner is its history line, the move and what it caused
    until(second, f"document.querySelector('#banner').textContent"
                             f".endsWith({' — ' + HISTORY[lang][1]!r})")
    told = second.inner_text("#banner")
    second.click("nav [data-tab=history]")
    until(second, "document.querySelectorAll('#history-list li').length === 2")
    lines = second.locator("#history-list li").all_inner_texts()
    assert lines[0] == HISTORY[lang][0]
    assert lines[1] == told and told.index(" — ") > 0


def test_the_buzzer_plays_a_round_won(daemon):
    rec = Recorder(daemon.hub)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])["id"]
    for action in round_won_by_a():
        daemon.hub.call(daemon.table.apply, game, action)
    rec.wait_for(lambda t, p: t == "announce"
                 and any(a["kind"] == "round_won" for a in p["items"]))
    rec.wait_for(lambda t, p: t == "signal" and p and p["sound"] == "stopp")


def test_every_announcement_kind_is_a_sentence_in_every_language(browser, daemon):
    """Each kind the golden games reach, said by the page in en/de/nl: words, not keys or
    empty placeholders."""
    from test_announce import PLAYTHROUGHS, replayed
    first: dict[str, dict] = {}
    for path in sorted(PLAYTHROUGHS.glob("*.jsonl")):
        for item in replayed(path.name):
            first.setdefault(item["kind"], item)
    assert len(first) >= 14, sorted(first)
    page = watcher(browser, daemon, "en-GB")
    until(page, "Boolean((window.companion || {}).announce)"
                           " && typeof (window.companion || {}).t === 'function'")
    part_words(page, "howruck", "laufrauf", "stramash", "tauziehen")  # said once shown
    english: list[str] = []
    for lang in ("en", "de", "nl"):
        choose_language(page, lang)
        said = page.evaluate("(items) => items.map((i) => window.companion.announce.say(i, "
                             "window.companion.t))", list(first.values()))
        for kind, sentence in zip(first, said, strict=True):
            assert sentence and "{" not in sentence and "an_" not in sentence \
                and "undefined" not in sentence, (lang, kind, sentence)
        english = english or said
        if lang != "en":  # its own words, not the English fallback
            assert not [k for k, a, b in zip(first, said, english, strict=True) if a == b]


def test_the_oled_shows_what_happened_for_a_while_then_the_score(daemon):
    from companion.daemon.table import BANNER_S
    from companion.screens import Scene, draw
    rec = Recorder(daemon.hub)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Bert"})
    daemon.hub.call(daemon.table.apply, game, {"type": "play", "player": "Bert", "side": "Bert",
                                               "field": "red",
                                               "card": card("white", 4, howruck=True)})
    _, shown = rec.wait_for(lambda t, p: t == "banner" and p is not None)
    assert shown == {"kind": "contest", "params": {"a": "Anna", "b": "Bert", "sum_a": 6,
                                                   "sum_b": 8, "toward": "Bert", "by": 2}}
    view = daemon.hub.call(daemon.table.view)
    texts = [t for t, _ in draw(Scene(state=view, banner=shown)).texts]
    assert texts == ["Contest", "6 : 8", "→ Bert +2"]
    rec.wait_for(lambda t, p: t == "banner" and p is None, timeout=BANNER_S + 3)


def test_lauf_rauf_history_says_who_threw_what_and_how_far_they_ran(browser, daemon):
    import json

    from test_announce import PLAYTHROUGHS
    rows = [json.loads(x) for x in (PLAYTHROUGHS / "laufrauf_full_game.jsonl").read_text()
            .splitlines() if x.strip() and not x.startswith("#")]
    header, actions = rows[0], rows[1:]
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", header["players"],
                           header["options"], header["seed"])["id"]
    dice, count = None, 0
    for action in actions:
        outcome = daemon.hub.call(daemon.table.apply, game, action)
        count += 1
        rolled = [e for e in outcome.events if e["type"] == "rolled"]
        dice = rolled[-1]["dice"] if rolled else dice
        if action.get("move") == "run":
            break
    page = phone(browser, daemon)  # German
    page.click("nav [data-tab=history]")
    until(page, f"document.querySelectorAll('#history-list li').length === {count}")
    lines = page.locator("#history-list li").all_inner_texts()
    assert lines[0] == "Rot würfelt {} und {} (1. Wurf)".format(*first_dice(daemon, game))
    assert f"läuft {sum(dice)} Felder" in lines[-1], lines[-1]


def first_dice(daemon, game: int) -> list[int]:
    from companion.rules import get_core
    from companion.sessions import replay_history
    history = daemon.hub.call(lambda: daemon.sessions.get(game))
    events, _ = replay_history(get_core("laufrauf"), history.header, list(history.actions))
    return next(e["dice"] for e in events[0] if e["type"] == "rolled")


# Each golden game up to the action after which every kind it announces has been said.
UP_TO = [("howruck_full_game.jsonl", 47), ("howruck_race_forfeit.jsonl", 1),
         ("tauziehen_full_game.jsonl", 20), ("laufrauf_full_game.jsonl", 157),
         ("stramash_pairs_game.jsonl", 11)]
OBSERVE = """() => { window.seenBanners = []; const box = document.querySelector('#banner');
  new MutationObserver(() => window.seenBanners.push(box.textContent))
    .observe(box, {childList: true, characterData: true, subtree: true}); }"""


# An announcement as the banner and the history say it: a sentence, begun with a capital.
SAY = "(i) => window.companion.sentence(window.companion.announce.say(i, window.companion.t))"


def test_every_kind_is_a_banner_on_watching_phones_and_in_their_history(browser, daemon):
    """Played through the daemon while three phones watch (en, de, nl): each announcement kind
    shows as a banner on every phone and is a sentence in each phone's history."""
    import json

    from test_announce import PLAYTHROUGHS

    from companion.announce import announcements
    from companion.moves_said import SAID_HERE
    from companion.rules import Refusal, get_core
    phones = {lang: watcher(browser, daemon, locale)
              for lang, locale in (("en", "en-GB"), ("de", "de-DE"), ("nl", "nl-NL"))}
    for page in phones.values():
        until(page, "Boolean((window.companion || {}).announce)")
        until(page, "document.querySelector('#no-game').dataset.t === 'no_game'")  # streaming
        page.evaluate(OBSERVE)
    kinds: set[str] = set()
    for name, count in UP_TO:
        rows = [json.loads(x) for x in (PLAYTHROUGHS / name).read_text().splitlines()
                if x.strip() and not x.startswith("#")]
        header, actions = rows[0], rows[1:]
        core = get_core(header["game"])
        state = core.new_game(header["players"], header.get("options", {}), header["seed"])
        game = daemon.hub.call(daemon.table.create_game, header["game"], header["players"],
                               header.get("options", {}), header["seed"])["id"]
        firsts, done = [], 0
        for action in actions:
            if done == count:
                break
            try:
                outcome = core.apply(state, action)
            except Refusal:
                continue
            state, done = outcome.state, done + 1
            daemon.hub.call(daemon.table.apply, game, action)
            said = [a for a in announcements(outcome.events, core.view(state))
                    if a["kind"] not in kinds]
            for item in said:
                kinds.add(item["kind"])
            # a strike is said by the move's own sentence (which figure struck): not again
            said = [a for a in said if a["kind"] not in SAID_HERE]
            firsts += said
            for lang, page in phones.items():  # the banner on every phone, in its language
                part_words(page, header["game"])  # as the page has them to say its news
                for item in said:
                    sentence = page.evaluate(SAY, item)
                    assert sentence, (lang, item)
                    until(page, f"window.seenBanners.some((b) => b.includes({sentence!r}))")
        for lang, page in phones.items():  # and each a line of the history
            page.click("nav [data-tab=history]")
            until(page, f"document.querySelectorAll('#history-list li').length === {done}",
                  timeout=30_000)
            history = page.inner_text("#history-list")
            for item in firsts:
                sentence = page.evaluate(SAY, item)
                assert sentence in history, (lang, item["kind"], sentence)
            page.click("nav [data-tab=play]")
    assert len(kinds) >= 15, sorted(kinds)


# Records every announcement a page's stream delivers, before the page's own handler runs.
HEAR = """(() => { window.heard = []; const Live = window.EventSource;
  window.EventSource = class extends Live { constructor(...args) { super(...args);
    this.addEventListener('announce', (e) => window.heard.push(JSON.parse(e.data))); } }; })()"""


def test_an_announcement_waits_for_its_games_module(browser, daemon):
    """How Ruck!'s module (card names such as Nessie) loads with the first such game a page
    shows, and a fast first move's announcement can come before it has: the banner waits for
    the module instead of naming the card by colour and strength (a flaky CI run showed the
    German "weiß 6" where "Nessie ✶" was due)."""
    import json

    from test_announce import PLAYTHROUGHS
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    context.add_init_script(HEAR)
    held = []  # the module's download, held back
    context.route("**/static/howruck.js", lambda route: held.append(route))
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    until(page, "Boolean((window.companion || {}).announce)")
    # its stream is open (the table said it has no game): every later move's news reaches it
    until(page, "document.querySelector('#no-game').dataset.t === 'no_game'")
    page.evaluate(OBSERVE)
    rows = [json.loads(x) for x in (PLAYTHROUGHS / "howruck_full_game.jsonl").read_text()
            .splitlines() if x.strip() and not x.startswith("#")]
    header, actions = rows[0], rows[1:]
    game = daemon.hub.call(daemon.table.create_game, "howruck", header["players"],
                           header.get("options", {}), header["seed"])["id"]
    for action in actions[:5]:  # the fifth: Seitenwechsel moves Nessie
        daemon.hub.call(daemon.table.apply, game, action)
    until(page, "window.heard.some((s) => s.items.some((i) => i.kind === 'switched'))")
    assert held, "the page asked for How Ruck!'s module"
    assert page.evaluate("window.seenBanners") == []  # nothing said without the module
    switched = page.evaluate("window.heard.flatMap((s) => s.items)"
                             ".find((i) => i.kind === 'switched')")
    held[0].continue_()
    until(page, "Boolean(window.companion.games.howruck)")
    sentence = page.evaluate("(i) => window.companion.announce.say(i, window.companion.t)",
                             switched)
    assert sentence == "Nessie ✶ wechselt von Tom zu Mia, Feld grün"
    until(page, f"window.seenBanners.some((b) => b.includes({sentence!r}))")
    page.click("nav [data-tab=history]")  # and its history names the card as the banner did
    until(page, "document.querySelectorAll('#history-list li').length === 5")
    assert sentence in page.inner_text("#history-list")
    context.close()


def test_an_undo_says_what_it_took_back_on_every_phone_and_on_the_display(
        browser, daemon):
    """A move taken back is news for the whole table: a watcher's banner says which move
    (as its history line said it, in German), and the OLED shows whose move went."""
    rec = Recorder(daemon.hub)
    second = watcher(browser, daemon, "de-DE")
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "roll", "player": "red", "dice": [4, 6]})
    until(second, "window.companion.state && window.companion.state.actions === 1")
    daemon.hub.call(daemon.table.undo, game)
    until(second, "document.querySelector('#banner').textContent"
                  " === 'Zurückgenommen: Rot würfelt 4 und 6 (1. Wurf)'")
    _, shown = rec.wait_for(lambda t, p: t == "banner" and p is not None)
    assert shown == {"kind": "undone", "params": {
        "player": "red", "action": {"type": "roll", "player": "red", "dice": [4, 6]},
        "events": shown["params"]["events"], "announcements": []}}
    assert [e["type"] for e in shown["params"]["events"]] == ["rolled"]


def test_how_ruck_action_cards_tell_the_table_what_to_change_on_the_board(browser, daemon):
    """The barrel moved by Adrenalin or Seilriss, cards cleared or switched, cards drawn,
    Ungeheuerlich without effect: each move's history line says it after the card's name, in
    German on a watching phone, and the OLED shows where the barrel went."""
    from companion.screens import Scene, draw
    rec = Recorder(daemon.hub)
    page = watcher(browser, daemon, "de-DE")
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    moves = [
        {"type": "race", "winner": "Bert"},  # the barrel on Bert's start field, 7
        {"type": "action", "player": "Bert", "card": "adrenalin"},
        {"type": "action", "player": "Anna", "card": "seilriss"},
        {"type": "play", "player": "Bert", "card": card("white", 3), "side": "Bert",
         "field": "red"},
        {"type": "play", "player": "Anna", "card": card("green", 3), "side": "Anna",
         "field": "green"},
        {"type": "action", "player": "Bert", "card": "mucho_macho"},
        {"type": "action", "player": "Anna", "card": "seitenwechsel", "from": "Anna",
         "field": "green"},
        {"type": "action", "player": "Bert", "card": "und_tschuess", "value": 0},
        {"type": "action", "player": "Anna", "card": "ungeheuerlich"},
        {"type": "action", "player": "Bert", "card": "verstaerkung"},
    ]
    for move in moves:
        daemon.hub.call(daemon.table.apply, game, move)
        if move.get("card") == "seilriss":
            _, shown = rec.wait_for(lambda t, p: t == "banner" and p is not None
                                    and p["kind"] == "barrel_moved"
                                    and p["params"]["card"] == "seilriss")
            view = daemon.hub.call(daemon.table.view)
            texts = [t for t, _ in draw(Scene(lang="de", state=view, banner=shown)).texts]
            assert texts == ["Seilriss", "Feld 6", "Start: Anna"]
    page.click("nav [data-tab=history]")
    until(page, f"document.querySelectorAll('#history-list li').length === {len(moves)}")
    assert page.locator("#history-list li").all_inner_texts()[1:] == [
        "Bert spielt Adrenalinstoß — Das Fass rückt 2 Felder zu Bert, auf Feld 9",
        "Anna spielt Seilriss — Das Fass geht zurück auf das Startfeld von Anna, Feld 6",
        "Bert legt weiß 3 auf die Seite von Bert, Feld rot",
        "Anna legt grün 3 auf die Seite von Anna, Feld grün",
        "Bert spielt Mucho Macho — Vom Tisch: Bert rot: weiß 3",
        "Anna spielt Seitenwechsel — Grün 3 wechselt von Anna zu Bert, Feld grün",
        "Bert spielt Und tschüss — Keine Karte abzuräumen",
        "Anna spielt Ungeheuerlich — Kein Nessie oben auf der anderen Seite: keine Wirkung",
        "Bert spielt Verstärkung — Bert zieht 3 Karten nach"]


def test_a_how_ruck_tie_break_says_the_cards_drawn_again_and_at_last(browser, daemon):
    """A tie-break that ties again is news (each side draws another card), and the one that
    decides names the cards; each is a sentence on a watching phone, in its history and in
    an undo, never the move's raw data."""
    page = watcher(browser, daemon, "de-DE")
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    moves = [
        {"type": "race", "tie": True},
        {"type": "tiebreak", "draws": {"Anna": card("red", 3), "Bert": card("red", 3)}},
        {"type": "tiebreak", "draws": {"Anna": {"action": "adrenalin"},
                                       "Bert": card("white", 4, howruck=True)}},
    ]
    daemon.hub.call(daemon.table.apply, game, moves[0])
    until(page, "window.companion.state && window.companion.state.actions === 1")
    daemon.hub.call(daemon.table.apply, game, moves[1])
    until(page, "document.querySelector('#banner').textContent === 'Stechen wieder gleich "
                "(Anna: rot 3, Bert: rot 3): Beide ziehen noch eine Karte'")
    daemon.hub.call(daemon.table.apply, game, moves[2])
    until(page, "document.querySelector('#banner').textContent === 'Bert gewinnt das Stechen "
                "(Anna: Adrenalinstoß, Bert: weiß 4 ✶) — Das Tauziehen der Runde 1 beginnt'")
    page.click("nav [data-tab=history]")
    until(page, "document.querySelectorAll('#history-list li').length === 3")
    assert page.locator("#history-list li").all_inner_texts() == [
        "Gleichstand: Beide ziehen eine Karte",
        "Stechen wieder gleich (Anna: rot 3, Bert: rot 3): Beide ziehen noch eine Karte",
        "Bert gewinnt das Stechen (Anna: Adrenalinstoß, Bert: weiß 4 ✶) — Das Tauziehen der "
        "Runde 1 beginnt"]
    daemon.hub.call(daemon.table.undo, game)
    until(page, "document.querySelector('#banner').textContent === 'Zurückgenommen: Bert "
                "gewinnt das Stechen (Anna: Adrenalinstoß, Bert: weiß 4 ✶) — Das Tauziehen der "
                "Runde 1 beginnt'")
    daemon.hub.call(daemon.table.undo, game)
    until(page, "document.querySelector('#banner').textContent === 'Zurückgenommen: Stechen "
                "wieder gleich (Anna: rot 3, Bert: rot 3): Beide ziehen noch eine Karte'")


def test_french_joins_the_pieces_of_a_line_as_french_does(browser, daemon):
    """A tie-break's cards with who drew them and a move after who made it are put together
    by the page from pieces: in French each colon has its narrow no-break space before it
    ("Anna : rouge 3"), as the catalog's templates write it (the replay's: test_built_lines)."""
    page = watcher(browser, daemon, "fr-FR")
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    for move in [{"type": "race", "tie": True},
                 {"type": "tiebreak", "draws": {"Anna": card("red", 3), "Bert": card("red", 3)}},
                 {"type": "tiebreak", "draws": {"Anna": card("green", 0), "Bert": card("blue", 0)}},
                 {"type": "play", "player": "Bert", "side": "Bert", "field": "red",
                  "card": card("white", 3)}]:
        daemon.hub.call(daemon.table.apply, game, move)
    page.click("nav [data-tab=history]")
    until(page, "document.querySelectorAll('#history-list li').length === 4")
    lines = page.locator("#history-list li").all_text_contents()
    assert "(Anna\u202f: rouge 3, Bert\u202f: rouge 3)\u202f: " in lines[1], lines
    assert "(Anna\u202f: vert 0, Bert\u202f: bleu 0)" in lines[2], lines
    assert lines[3] == "Bert pose blanc 3 sur la case «\u202frouge\u202f» du côté de Bert", lines
