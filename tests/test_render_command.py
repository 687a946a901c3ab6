"""`companion render`: a screen drawn to a PNG from a state, a game file or a saved history,
in the reader's language, and every file it cannot draw refused with a clear sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from companion import render as render_module
from companion.cli import main as cli_main
from companion.i18n import languages
from companion.render import SCREENS
from companion.screens import Scene, render
from companion.screens.samples import SCENES


def test_render_command_writes_a_scaled_png(tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"final": SCENES["howruck_tug_de"].state}))
    out = tmp_path / "ladder.png"
    assert cli_main(["render", "howruck", "--state", str(state), "--out", str(out),
                     "--lang", "de", "--scale", "3"]) == 0
    picture = Image.open(out)
    assert picture.size == (384, 192)
    small = picture.resize((128, 64), Image.Resampling.NEAREST).point(
        lambda v: 255 if v > 128 else 0).convert("1")
    assert small.tobytes() == render(SCENES["howruck_tug_de"]).tobytes()


def test_render_command_plays_a_replay_file(tmp_path):
    out = tmp_path / "r.png"
    example = Path(__file__).parent.parent / "examples" / "howruck-rulebook.jsonl"
    assert cli_main(["render", "howruck", "--state", str(example), "--out", str(out)]) == 0
    assert Image.open(out).size == (512, 256)


def test_render_command_draws_a_bare_public_state(tmp_path):
    """A game's state as the page and `/api/games/ID` give it, not wrapped in `final`."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps(SCENES["howruck_tug_de"].state))
    out = tmp_path / "state.png"
    assert cli_main(["render", "howruck", "--state", str(state), "--out", str(out),
                     "--lang", "de", "--scale", "1"]) == 0
    drawn = Image.open(out).point(lambda v: 255 if v > 128 else 0).convert("1")
    assert drawn.tobytes() == render(SCENES["howruck_tug_de"]).tobytes()


def test_render_command_skips_a_refused_action_and_plays_on(tmp_path):
    """As `companion replay` does: a refused line changes nothing, the lines after it count."""
    example = Path(__file__).parent.parent / "examples" / "howruck-rulebook.jsonl"
    lines = example.read_text(encoding="utf-8").splitlines()
    first_action = next(i for i, ln in enumerate(lines) if ln.startswith('{"type": "race"'))
    spoiled = tmp_path / "spoiled.jsonl"
    spoiled.write_text("\n".join([*lines[:first_action + 1], '{"type": "no such move"}',
                                  *lines[first_action + 1:]]) + "\n", encoding="utf-8")
    pictures = []
    for replay in (example, spoiled):
        out = tmp_path / f"{replay.stem}.png"
        assert cli_main(["render", "howruck", "--state", str(replay), "--out", str(out)]) == 0
        pictures.append(Image.open(out).tobytes())
    assert pictures[0] == pictures[1]


def test_render_command_refuses_bad_input_clearly(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json\n")
    assert cli_main(["render", "howruck", "--state", str(bad), "--out",
                     str(tmp_path / "x.png")]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert cli_main(["render", "chess", "--out", str(tmp_path / "x.png")]) == 2
    assert "unknown screen" in capsys.readouterr().err
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0 not text")
    assert cli_main(["render", "howruck", "--state", str(binary), "--out",
                     str(tmp_path / "x.png")]) == 2
    assert "not UTF-8" in capsys.readouterr().err
    deep = tmp_path / "deep.json"
    header = '{"game": "howruck", "players": ["A", "B"]}\n'
    for nested in ("[" * 5000 + "]" * 5000, header + "[" * 5000 + "]" * 5000):
        deep.write_text(nested)
        assert cli_main(["render", "howruck", "--state", str(deep), "--out",
                         str(tmp_path / "x.png")]) == 2
        assert "not JSON" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_render_says_a_refused_header_in_the_readers_language(tmp_path, capsys):
    game = tmp_path / "game.jsonl"
    game.write_text('{"game": "stramash", "players": ["Anna", "Anna"]}\n')
    assert cli_main(["render", "stramash", "--state", str(game), "--out",
                     str(tmp_path / "x.png"), "--lang", "fr"]) == 2
    assert capsys.readouterr().err == (  # the line named as `companion replay` names it
        f"companion render\u202f: {game}\u202f: ligne 1\u202f: l’en-tête est refusé\u202f: Deux "
        "joueurs ont le même nom\u202f: donnez à chacun le sien. [bad_players]\n")
    game.write_text("[1, 2]\n")
    assert cli_main(["render", "stramash", "--state", str(game), "--out",
                     str(tmp_path / "x.png"), "--lang", "de"]) == 2
    assert capsys.readouterr().err == f"companion render: {game}: kein JSON-Objekt\n"
    assert not (tmp_path / "x.png").exists()


def test_render_command_refuses_a_state_of_another_game(tmp_path, capsys):
    """`render howruck` over a Tauziehen game drew the Tauziehen screen, as if asked for it."""
    replay = tmp_path / "tauziehen.jsonl"
    replay.write_text('{"game": "tauziehen", "players": ["Ann", "Ben"], "seed": 3}\n')
    out = tmp_path / "x.png"
    assert cli_main(["render", "howruck", "--state", str(replay), "--out", str(out)]) == 2
    assert "“tauziehen”, not of “howruck”" in capsys.readouterr().err
    assert not out.exists()
    assert cli_main(["render", "tauziehen", "--state", str(replay), "--out", str(out)]) == 0
    assert Image.open(out).size == (512, 256)


def test_render_command_without_a_state_draws_that_game_not_the_pairing_screen(tmp_path):
    out = tmp_path / "x.png"
    assert cli_main(["render", "stramash", "--out", str(out), "--scale", "1"]) == 0
    drawn = Image.open(out).point(lambda v: 255 if v > 128 else 0).convert("1")
    assert drawn.tobytes() == render(Scene(state={"game": "stramash"})).tobytes()
    assert drawn.tobytes() != render(Scene()).tobytes()


def test_render_race_refuses_a_file_that_holds_no_race(tmp_path, capsys):
    """`render race --state GAME.jsonl` drew the pairing screen ("No game / Scan me") and
    said nothing: the screen asked for is drawn, or the file is refused."""
    game = Path(__file__).resolve().parent.parent / "examples" / "howruck-rulebook.jsonl"
    out = tmp_path / "x.png"
    assert cli_main(["render", "race", "--state", str(game), "--out", str(out)]) == 2
    assert "holds nothing the race screen draws" in capsys.readouterr().err
    assert not out.exists()
    race = tmp_path / "race.json"
    race.write_text('{"phase": "countdown", "countdown": 3}')
    assert cli_main(["render", "race", "--state", str(race), "--out", str(out)]) == 0


@pytest.mark.parametrize("lang", languages())
def test_render_command_draws_the_button_box_notices(tmp_path, lang):
    """The notice the daemon shows when the button box is pulled out (or back) could not be
    drawn: `companion render box_gone` / `box_back`, in each language."""
    from companion.screens.common import NOTICES

    assert set(NOTICES) == {"box_gone", "box_back", "offline"}
    for kind in NOTICES:
        out = tmp_path / f"{kind}.png"
        assert cli_main(["render", kind, "--out", str(out), "--lang", lang,
                         "--scale", "1"]) == 0
        drawn = Image.open(out).point(lambda v: 255 if v > 128 else 0).convert("1")
        assert drawn.tobytes() == render(Scene(lang=lang, notice=kind)).tobytes()
    assert Image.open(tmp_path / "box_gone.png").tobytes() != \
        Image.open(tmp_path / "box_back.png").tobytes()


@pytest.mark.parametrize("terminal_lang", ["C", "de_DE.UTF-8", "fr_FR.UTF-8", "nl_NL.UTF-8"])
def test_render_help_lists_the_notices(terminal_lang, monkeypatch, capsys):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", terminal_lang)
    with pytest.raises(SystemExit):
        cli_main(["render", "--help"])
    out = capsys.readouterr().out
    for name in SCREENS:  # every screen it draws (`wifi` and `offline` were missing)
        assert name in out, (name, out)


def test_render_docstring_names_every_screen_it_draws():
    """The module's docstring is the command's manual: it listed two of the three notices
    and not the `wifi` screen."""
    doc = render_module.__doc__ or ""
    assert [name for name in SCREENS if f"`{name}`" not in doc] == []


def _history(path: Path, indent: int | None = None) -> str:
    """A game file as `GET /api/games/N/history` answers: one JSON object."""

    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()
            if x.strip() and not x.startswith("#")]
    return json.dumps({"header": rows[0], "actions": rows[1:], "events": [],
                       "announcements": []}, ensure_ascii=False, indent=indent)


def test_render_command_plays_a_saved_history_as_its_game_file(tmp_path):
    """The history the page's API hands out (`/history`) was taken for a game's state and
    drew an empty screen: it is played as `companion replay` plays it."""
    example = Path(__file__).parent.parent / "examples" / "howruck-rulebook.jsonl"
    out = tmp_path / "file.png"
    assert cli_main(["render", "howruck", "--state", str(example), "--out", str(out)]) == 0
    for indent in (None, 2):
        saved = tmp_path / "history.json"
        saved.write_text(_history(example, indent), encoding="utf-8")
        drawn = tmp_path / "history.png"
        assert cli_main(["render", "howruck", "--state", str(saved), "--out", str(drawn)]) == 0
        assert Image.open(drawn).tobytes() == Image.open(out).tobytes(), indent


@pytest.mark.parametrize(("saved", "said"), [
    ('{"header": {"game": "howruck", "players": ["A", "B"]}, "actions": '
     '[{"type": "race", "winner": "A"}, 7]}', "line 3: not a JSON object"),
    ('{"header": [], "actions": []}',
     "line 1: a saved history needs “header” (a JSON object) and “actions” (a list)"),
    ('{"header": {"game": "howruck", "players": ["A", "B"]}}',
     "line 1: a saved history needs “header” (a JSON object) and “actions” (a list)"),
    ('{"header": {"game": "howruck", "players": ["A"]}, "actions": []}',
     "line 1: the header is refused: This game takes 2 players, not 1. [bad_player_count]"),
])
def test_render_command_refuses_a_history_it_cannot_play_naming_the_line(
        tmp_path, capsys, saved, said):
    """Lines numbered as `companion replay` numbers a history's (the header 1, action k
    k + 1); an object with a history's "header" that is no history is neither a game's
    state nor a history: refused, not drawn."""
    path = tmp_path / "history.json"
    path.write_text(saved, encoding="utf-8")
    out = tmp_path / "x.png"
    assert cli_main(["render", "howruck", "--state", str(path), "--out", str(out)]) == 2
    assert capsys.readouterr().err == f"companion render: {path}: {said}\n"
    assert not out.exists()


@pytest.mark.parametrize("wifi", [
    {"mode": "ap", "ssid": "table-5bce", "password": "hbq4zk2mwx9t",
     "qr": "WIFI:T:WPA;S:table-5bce;P:hbq4zk2mwx9t;;"},
    {"ssid": "table-5bce", "password": "hbq4zk2mwx9t"},  # no QR given: none drawn
    {"ssid": 7, "password": ["x"], "qr": 12345},  # what a hand-made file may hold
])
def test_render_wifi_draws_the_box_s_own_network(tmp_path, capsys, wifi):
    """The screen the box shows while it is its own Wi-Fi (the cabin): `render wifi` was
    refused for every file, and a file without a QR code ended in a traceback."""
    state, out = tmp_path / "wifi.json", tmp_path / "wifi.png"
    state.write_text(json.dumps(wifi))
    assert cli_main(["render", "wifi", "--state", str(state), "--out", str(out),
                     "--scale", "1"]) == 0, capsys.readouterr().err
    drawn = Image.open(out).point(lambda v: 255 if v > 128 else 0).convert("1")
    expected = render(Scene(wifi={"mode": "ap", **wifi}, show_pairing=True))
    assert drawn.tobytes() == expected.tobytes()
    assert drawn.tobytes() != render(Scene(show_pairing=True)).tobytes()  # not the pairing


def test_render_without_a_file_says_what_the_screen_needs(tmp_path, capsys):
    """Without --state a race screen has nothing to draw: the refusal names the option,
    not a file called 'None'."""
    assert cli_main(["render", "race", "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "None" not in err and "--state" in err


@pytest.mark.parametrize("kind", ["game_file", "history"])
def test_render_names_the_people_playing_the_colours_as_the_live_display(tmp_path, kind):
    """A finished Lauf Rauf! game whose header names its colours' people, from its game file
    or its saved history: drawn as the table's display drew it ("Sanne (rood)" won), not with
    the bare colour ("rood wint de partij")."""
    from helpers import seed_ending, won_by

    from companion.replay import game_file
    from companion.rules import get_core
    from companion.rules.randomplay import random_game
    from companion.sessions import Sessions

    players = ["red", "blue"]
    seed = seed_ending("laufrauf", players, won_by("red"))
    sessions = Sessions(tmp_path / "d")
    session = sessions.create("laufrauf", players, None, seed, {"red": "Sanne", "blue": "Daan"})
    for action in random_game(get_core("laufrauf"), seed, players)[0]:
        sessions.apply(session.id, action)
    session = sessions.get(session.id)
    assert session.status == "over"
    state = tmp_path / "game.jsonl"
    state.write_text(game_file(session.header, session.actions) if kind == "game_file" else
                     json.dumps({"header": session.header, "actions": session.actions}),
                     encoding="utf-8")
    out = tmp_path / "over.png"
    assert cli_main(["render", "laufrauf", "--state", str(state), "--out", str(out),
                     "--lang", "nl", "--scale", "1"]) == 0
    drawn = Image.open(out).point(lambda v: 255 if v > 128 else 0).convert("1")
    live = render(Scene(lang="nl", state=session.view()))
    assert drawn.tobytes() == live.tobytes()
    sessions.close()
