"""Pairing, said: unpairing every phone asks first and tells every phone; a phone that tapped
a seat without pairing is told what it needs; a refusal is put in sight."""

from __future__ import annotations

from browser_helpers import PHONE, answerable, hardware_form, open_setup, pair, phone, seat, until


def test_unpairing_every_phone_asks_first_and_tells_every_phone(browser, daemon):
    first, second = phone(browser, daemon), phone(browser, daemon)  # de-DE
    pair(first, daemon)
    pair(second, daemon)
    pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    open_setup(first)
    first.click("#hardware summary")
    first.click("#unpair-all")  # one tap only asks
    assert first.inner_text("#unpair-all").startswith("Nochmal tippen")
    first.wait_for_timeout(300)
    assert first.evaluate("fetch('/api/status').then(r => r.json())")["paired"] is True
    assert first.is_hidden("#pair")

    answerable(first, "#unpair-all")
    first.click("#unpair-all")  # the second does it
    first.wait_for_selector("#pair:not([hidden])")
    assert first.inner_text("#banner") == ("Alle Telefone sind entkoppelt. Kopple neu mit "
                                           "der neuen PIN vom Display.")
    assert daemon.hub.call(lambda: daemon.table.pairing.pin) != pin  # a new PIN is shown
    # the other phone, untouched, learns it from its stream: no reload, no failed tap first
    second.wait_for_selector("#pair:not([hidden])")
    until(second, "document.querySelector('#banner').textContent.startsWith("
                  "'Dieses Telefon ist nicht mehr gekoppelt')")


def test_the_ask_lapses_after_a_few_seconds(browser, daemon):
    page = hardware_form(browser, daemon)
    page.click("#unpair-all")
    until(page, "document.querySelector('#unpair-all').textContent === 'Alle Telefone entkoppeln'",
          timeout=8_000)
    page.click("#unpair-all")  # a first tap again, not the second
    page.wait_for_timeout(300)
    assert page.is_hidden("#pair")


def test_a_watcher_with_a_seat_is_told_to_pair(browser, daemon):
    """A phone that held a seat and is a watcher now (every phone unpaired): its seats are
    not offered (they would bring no move), and it is told that pairing is what moves need."""
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "Anna")
    daemon.hub.call(daemon.table.unpair_all)
    page.wait_for_selector("#pair:not([hidden])")  # told by its stream
    until(page, "document.querySelector('#choices .hint') !== null"
                " && !document.querySelector('#choices button')")
    assert page.locator("#seats button").count() == 0
    assert page.inner_text("#choices .hint") == ("Um von diesem Telefon aus zu ziehen, kopple "
                                                 "es zuerst: Die PIN steht auf dem Display.")


def test_a_refusal_is_scrolled_into_sight(browser, daemon):
    context = browser.new_context(viewport={"width": PHONE["width"], "height": 500},
                                  locale="de-DE")
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    open_setup(page)  # a watcher: starting a game is refused
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#message:not([hidden])")
    until(page, "(() => { const r = document.querySelector('#message').getBoundingClientRect();"
                " return r.top >= 0 && r.bottom <= window.innerHeight; })()")
    assert page.get_attribute("#message", "data-code") == "not_paired"


def test_a_lock_after_wrong_pins_counts_down_and_the_pair_button_rests(browser, daemon):
    """Five wrong PINs lock this phone out for a minute: the wait counts down where it was
    said, the Pair button rests meanwhile, and the page says when the PIN may be typed."""
    pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    wrong = "000000" if pin != "000000" else "111111"
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    page.clock.install()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    submit = "#pair-form button[type=submit]"
    for left in (4, 3, 2, 1):
        page.fill("#pin", wrong)
        page.click(submit)
        until(page, f"document.querySelector('#message').textContent.includes('Noch {left}')")
    page.fill("#pin", wrong)
    page.click(submit)
    until(page, "document.querySelector('#message').dataset.code === 'pairing_locked'")
    said = "Zu viele falsche PINs. Versuche es in {} wieder."
    assert page.inner_text("#message") == said.format("60 Sekunden")
    assert page.is_disabled(submit)
    page.clock.run_for(59_000)
    assert page.inner_text("#message") == said.format("1 Sekunde")
    assert page.is_disabled(submit)
    page.clock.run_for(1_000)
    assert page.inner_text("#message") == "Du kannst die PIN wieder eingeben."
    assert page.is_enabled(submit)
    # locked again (the table's own minute is not over): other news said meanwhile stays,
    # and a screen reader hears it; the button still rests until the wait is over
    page.fill("#pin", wrong)
    page.click(submit)
    until(page, "document.querySelector('#message').dataset.code === 'pairing_locked'")
    open_setup(page)
    page.click("#setup-form button[type=submit]")
    until(page, "document.querySelector('#message').dataset.code === 'not_paired'")
    news = page.inner_text("#message")
    page.clock.run_for(2_000)
    assert page.inner_text("#message") == news
    assert page.get_attribute("#message", "aria-live") is None
    assert page.is_disabled(submit)
    context.close()


def test_a_pin_that_is_no_number_is_refused_in_the_pages_words(browser, daemon):
    """Letters in the PIN box: the browser stopped the form with its own "Please match the
    requested format" (in the browser's language, not the page's, and saying nothing of what
    the format is). The page says it, in its language, and no try is spent."""
    context = browser.new_context(viewport=PHONE, locale="en-US")  # the browser speaks English
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/?lang=de")
    page.wait_for_selector("#pair:not([hidden])")
    page.select_option("#page-lang", "de")  # the page speaks German
    until(page, "document.documentElement.lang === 'de'")
    page.fill("#pin", "12ab56")
    page.click("#pair-form button[type=submit]")
    page.wait_for_selector("#message:not([hidden])", timeout=5_000)
    assert page.inner_text("#message") == "Die PIN hat 6 Ziffern: Das Display zeigt sie."
    assert page.evaluate("document.querySelector('#pin').validationMessage") == ""
