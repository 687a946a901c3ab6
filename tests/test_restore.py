"""What a restore does to the running table beyond its games, over real HTTP: the open pages
show the restored game, the backup's settings replace the table's (a language or hardware
setting the backup does not have is gone), settings that do not fit this table's config file
refuse the whole backup, and a backup that does not say which game its table showed shows
the newest unfinished one."""

from __future__ import annotations

from backup_helpers import OCTET, client_raw, snapshot, sql
from daemon_helpers import wait_until
from test_web_connections import Stream
from web_helpers import Client


def restore(client: Client, data: bytes):
    return client.request("POST", "/api/restore", raw=data, headers=OCTET)


def test_an_open_page_shows_the_restored_game_at_once(tables):
    _, source = tables("source")
    source.post("/api/games", {"game": "stramash", "players": ["Ann", "Bob", "Cat"]})
    backup = client_raw(source, "/api/backup")
    _, target = tables("target")
    target.post("/api/games", {"game": "tauziehen", "players": ["Ida", "Jan"]})
    page = Stream(target.port, target.cookie)
    try:
        wait_until(lambda: any(s and s["game"] == "tauziehen" for s in page.states))
        status, body, _ = restore(target, backup)
        assert status == 200, body
        wait_until(lambda: page.states[-1] and page.states[-1]["game"] == "stramash")
    finally:
        page.close()


def test_a_language_the_backup_never_chose_is_gone_from_the_next_start(tables):
    _, source = tables("source")
    assert source.request("PUT", "/api/settings", {"hardware": {"race": {"countdown_s": 3}}}
                          )[0] == 200  # the backup's settings: no language chosen
    backup = client_raw(source, "/api/backup")
    _, target = tables("target")
    assert target.request("PUT", "/api/settings", {"language": "de"})[0] == 200
    status, body, _ = restore(target, backup)
    assert status == 200, body
    _, target = tables.restart("target")
    assert target.get("/api/settings")[1]["language"] == "en"  # the config file's


def test_hardware_settings_the_backup_does_not_have_are_gone(tables):
    _, source = tables("source")
    assert source.request("PUT", "/api/settings", {"hardware": {"race": {"countdown_s": 3}}}
                          )[0] == 200
    backup = client_raw(source, "/api/backup")
    _, target = tables("target")
    changed = {"race": {"countdown_s": 7}, "buzzer": {"pin": 5}}
    assert target.request("PUT", "/api/settings", {"hardware": changed})[0] == 200
    status, body, _ = restore(target, backup)
    assert status == 200, body
    for _ in ("now", "from the next start"):
        hardware = target.get("/api/settings")[1]["hardware"]
        assert hardware["race"]["countdown_s"] == 3 and hardware["buzzer"]["pin"] == 18
        _, target = tables.restart("target")


def test_a_backup_with_no_settings_leaves_none_of_the_tables_own(tables):
    """A backup from a new table (nothing changed on its page): the table's own language and
    pins go at once and stay gone after a restart (its settings file is written anew)."""
    _, source = tables("source")
    backup = client_raw(source, "/api/backup")
    _, target = tables("target")
    changed = {"language": "de", "hardware": {"buzzer": {"pin": 5}}}
    assert target.request("PUT", "/api/settings", changed)[0] == 200
    status, body, _ = restore(target, backup)
    assert status == 200, body
    for _ in ("now", "from the next start"):
        settings = target.get("/api/settings")[1]
        assert (settings["language"], settings["hardware"]["buzzer"]["pin"]) == ("en", 18)
        _, target = tables.restart("target")


def test_settings_that_clash_with_this_tables_config_file_refuse_the_backup(tables):
    """The backup's buzzer pin is free on its own table; here the config file has the OK
    button on it: the whole backup is refused, the games stay as they were."""
    _, source = tables("source")
    assert source.request("PUT", "/api/settings", {"hardware": {"buzzer": {"pin": 5}}})[0] \
        == 200
    source.post("/api/games", {"game": "stramash", "players": ["Ann", "Bob", "Cat"]})
    backup = client_raw(source, "/api/backup")
    _, target = tables("target", buttons={"ok": 5}, buzzer={"pin": None})
    target.post("/api/games", {"game": "tauziehen", "players": ["Ida", "Jan"]})
    before = snapshot(target)
    status, body, _ = restore(target, backup)
    assert status == 422 and body["error"]["code"] == "backup_corrupt", body
    assert snapshot(target) == before
    status, body, _ = target.request("POST", "/api/restore?lang=de", raw=backup, headers=OCTET)
    assert body["error"]["message"] == (  # said in German, the settings named in words
        "Die Einstellungen in dieser Sicherung lassen sich nicht übernehmen: „Summer“: Pin 5 "
        "wird schon von „OK-Taste“ verwendet. Nichts wurde geändert.")


def test_a_backup_that_does_not_name_its_shown_game_shows_the_newest_unfinished(tables,
                                                                               tmp_path):
    _, source = tables("source")
    source.post("/api/games", {"game": "tauziehen", "players": ["Ida", "Jan"]})
    newest = source.post("/api/games", {"game": "stramash", "players": ["Ann", "Bob"]})[1]
    path = tmp_path / "older.companion-backup"
    path.write_bytes(client_raw(source, "/api/backup"))
    sql(path, "DELETE FROM meta WHERE key='shown'")  # as a backup from before it was kept
    _, target = tables("target")
    status, body, _ = restore(target, path.read_bytes())
    assert status == 200, body
    assert target.get("/api/status")[1]["current"] == newest["id"]
