"""The table's data from the page (Chromium, German): a backup downloaded to the phone is the
table's whole data; restored from the phone after more games were played, it brings the table
back to it (asking first), keeps the games it replaced on the box, and says so. A watcher's
download is refused on the page, never saved as a file."""

from __future__ import annotations

import re
import time

from browser_helpers import (
    answerable,
    choose_language,
    fetched,
    open_setup,
    pair,
    phone,
    serious_violations,
    shot,
    until,
)
from playwright.sync_api import expect

from companion.sessions.backup import check_backup


def _stored(table) -> list[int]:
    return sorted(table.hub.call(lambda: [g["id"] for g in table.sessions.listing()]))


def test_a_backup_downloaded_on_the_phone_restores_the_table(browser, daemon,
                                                              tmp_path):
    page = phone(browser, daemon)
    pair(page, daemon)
    for players in (["Anna", "Bert"], ["Cleo", "Dirk"]):
        game = daemon.hub.call(daemon.table.create_game, "howruck", players)["id"]
        daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": players[0]})
    before = _stored(daemon)
    open_setup(page)
    page.click("#data summary")
    with page.expect_download() as downloading:
        page.click("#backup-download")
    download = downloading.value
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert saved.name.startswith("companion-") and saved.suffix == ".companion-backup"
    assert check_backup(saved).games == len(before)
    until(page, "document.querySelector('#backup-note').textContent.length > 0")
    assert page.inner_text("#backup-note") == f"Auf diesem Telefon gespeichert: {saved.name}"

    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])  # played since
    assert _stored(daemon) != before
    assert page.is_disabled("#restore")  # no file chosen yet
    page.set_input_files("#restore-file", str(saved))
    page.click("#restore")  # asks first, naming the file
    until(page, "document.querySelector('#restore').classList.contains('danger')")
    assert saved.name in page.inner_text("#restore")
    assert _stored(daemon) != before  # nothing yet
    answerable(page, "#restore")
    page.click("#restore")  # the second tap
    until(page, "document.querySelector('#backup-note').textContent.startsWith('Eingespielt')")
    assert _stored(daemon) == before
    kept = re.search(r" als (\S+) erhalten\.$", page.inner_text("#backup-note")).group(1)
    folder = daemon.sessions.store.path.parent / "backups"
    assert (folder / kept).exists() and check_backup(folder / kept).games == len(before) + 1
    assert page.inner_text("#backup-note") == (
        f"Eingespielt: {len(before)} Spiele. Die Spiele davor sind auf der Box als {kept} "
        "erhalten.")
    until(page, f"document.querySelectorAll('#games li').length === {len(before)}")
    assert page.inner_text("#message") == ""
    assert page.inner_text("#restore-chosen") == "Keine Datei ausgewählt"  # restored: none now


def test_a_watchers_download_is_refused_on_the_page(browser, daemon):
    page = phone(browser, daemon)  # not paired
    open_setup(page)
    page.click("#data summary")
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    page.click("#backup-download")
    page.wait_for_selector("#message:not(:empty)")
    assert page.inner_text("#message").startswith("Kopple zuerst dieses Telefon")
    assert page.is_visible("#pair")  # the PIN box, to pair now
    assert downloads == []


def test_the_backup_code_loads_when_the_new_game_tab_first_opens(browser, daemon):
    """A phone that only plays never downloads the backup's code (the page's weight budget:
    test_web_api.py); its buttons rest until it has come."""
    page = phone(browser, daemon)
    pair(page, daemon)
    loaded = fetched("backup.js")
    page.wait_for_timeout(300)  # what the page loads at start has come
    assert not page.evaluate(loaded)
    assert page.is_disabled("#backup-download") and page.is_disabled("#restore-file")
    open_setup(page)
    until(page, loaded)
    until(page, "!document.querySelector('#backup-download').disabled")
    assert page.is_enabled("#restore-file") and page.is_disabled("#restore")  # no file yet


def test_a_refused_restore_is_said_at_the_backup_section(browser, daemon, tmp_path):
    """A file that is no backup of this table: the refusal, in German, stood at the page's
    top, away from the Backup section where a restore's success is said. It is said there,
    the file's field marked and described by it, and goes with the next file chosen."""
    page = phone(browser, daemon)
    pair(page, daemon)
    wrong = tmp_path / "urlaub.jpg"
    wrong.write_bytes(b"\xff\xd8\xff\xe0 not a backup at all" * 20)
    open_setup(page)
    page.click("#data summary")
    until(page, "!document.querySelector('#restore-file').disabled")
    page.set_input_files("#restore-file", str(wrong))
    page.click("#restore")
    answerable(page, "#restore")
    page.click("#restore")
    until(page, "document.querySelector('#backup-note').dataset.code")
    shot(page, "backup-refused")
    assert page.get_attribute("#backup-note", "data-code") == "backup_not_ours"
    assert page.inner_text("#backup-note") == \
        "Das ist keine Companion-Sicherung. Nichts wurde geändert."
    assert page.is_hidden("#message")  # not at the top as well
    assert page.get_attribute("#restore-file", "aria-invalid") == "true"
    assert page.get_attribute("#restore-file", "aria-describedby") == "backup-note"
    outline = "(s) => getComputedStyle(document.querySelector(s)).outlineStyle"
    assert page.evaluate(outline, "#restore-pick") == "solid"  # on what is seen: the input hides
    colour = "(s) => getComputedStyle(document.querySelector(s)).color"
    assert page.evaluate(colour, "#backup-note") != page.evaluate(colour, "#data .hint")
    page.set_input_files("#restore-file", [])  # another choice: the old refusal goes
    assert page.inner_text("#backup-note") == "" and \
        page.get_attribute("#restore-file", "aria-invalid") is None


CHOSEN = "document.querySelector('#restore-chosen').textContent"


def picker_opened_by(page, choosers: list, act, timeout_s: float = 10.0):
    """The file picker `act` opens, as Playwright hands it over. `choosers` is filled by a
    listener the test added when its phone opened: Playwright switches Chromium's picker
    interception on by a message it sends without waiting (`expect_file_chooser` too), and
    a key pressed at once could reach the page first (a busy machine, seen): Chromium then
    opened its own picker, which a headless browser cancels, and no event came."""
    assert choosers == []
    act()
    deadline = time.monotonic() + timeout_s
    while not choosers:
        assert time.monotonic() < deadline, "no file picker opened"
        page.wait_for_timeout(50)  # Playwright's events are delivered while it waits
    return choosers.pop()


def test_the_file_field_speaks_the_pages_language(browser, daemon, tmp_path):
    """The restore's file field in the page's words, not the browser's own ("Choose File / No
    file chosen" in Chromium's language, whatever the page's): the native input is hidden
    but there, inside a label drawn as a button that opens the file picker, a line beside it
    names the file chosen (or none). Reached by Tab, with a focus ring on the button, and a
    name a screen reader says."""
    page = phone(browser, daemon)
    choosers: list = []
    page.on("filechooser", lambda chooser: choosers.append(chooser))  # intercepted from now
    pair(page, daemon)
    open_setup(page)
    page.click("#data summary")
    until(page, "!document.querySelector('#restore-file').disabled")
    box = page.locator("#restore-file").bounding_box()
    assert box["width"] <= 1 and box["height"] <= 1  # the browser's own words are not seen
    assert page.inner_text("#restore-pick") == "Datei auswählen …"
    assert page.inner_text("#restore-chosen") == "Keine Datei ausgewählt"
    assert page.locator("#restore-pick").bounding_box()["height"] >= 44  # a finger's tap
    expect(page.locator("#restore-file")).to_have_accessible_name(
        "Sicherungsdatei zum Einspielen Datei auswählen … Keine Datei ausgewählt")
    shot(page, "backup-file-field")

    ring = "getComputedStyle(document.querySelector('#restore-pick')).outlineStyle"
    assert page.evaluate(ring) == "none"
    page.focus("#backup-download")
    page.keyboard.press("Tab")  # the next stop is the file field, drawn as its button
    assert page.evaluate("document.activeElement.id") == "restore-file"
    assert page.evaluate(ring) == "solid"
    shot(page, "backup-file-field-focused")
    first = tmp_path / "erste.companion-backup"
    first.write_bytes(b"not read before a restore")
    # opens the picker from the keyboard
    picker_opened_by(page, choosers, lambda: page.keyboard.press("Space")).set_files(str(first))
    until(page, f"{CHOSEN} === 'erste.companion-backup'")
    assert page.is_enabled("#restore")

    second = tmp_path / "zweite.companion-backup"
    second.write_bytes(b"not read either")
    # a tap on the button opens it too
    picker_opened_by(page, choosers, lambda: page.click("#restore-pick")).set_files(str(second))
    until(page, f"{CHOSEN} === 'zweite.companion-backup'")
    shot(page, "backup-file-chosen")
    assert serious_violations(page) == []

    choose_language(page, "fr")  # the file's name stays; the words change
    assert page.inner_text("#restore-chosen") == "zweite.companion-backup"
    assert page.inner_text("#restore-pick") == "Choisir un fichier …"
    page.set_input_files("#restore-file", [])
    assert page.inner_text("#restore-chosen") == "Aucun fichier choisi"
    assert page.is_disabled("#restore")
