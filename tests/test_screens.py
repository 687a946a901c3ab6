"""OLED screens: reference PNGs, text that fits in every language, the font, the QR code."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import drawn, golden, played_to_the_end, won_by
from PIL import Image

from companion.i18n import languages
from companion.screens import GAME_SCREENS, Scene, draw, pick, render
from companion.screens.canvas import MIN_TEXT_PX, Canvas, drawable, font, text_width
from companion.screens.common import qr_matrix
from companion.screens.samples import PAIRING, SCENES, long_name_scenes
from companion.screens.texts import TEXTS, text

REFERENCE = Path(__file__).parent / "screens"

@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_matches_reviewed_reference(name):
    path = REFERENCE / f"{name}.png"
    reference, image = golden(path, lambda: render(SCENES[name]), lambda im, p: im.save(p),
                              lambda p: Image.open(p).convert("1"))
    assert image.mode == "1" and image.size == (128, 64)
    assert image.tobytes() == reference.tobytes(), f"{name} differs from {path}"


def test_every_reference_png_belongs_to_a_scene():
    assert {p.stem for p in REFERENCE.glob("*.png")} == set(SCENES)


@pytest.mark.parametrize("lang", languages())
def test_every_text_fits_its_box_with_the_longest_names(lang):
    for scene in long_name_scenes(lang):
        canvas = draw(scene)
        assert canvas.overflows == [], (pick(scene), canvas.overflows)
        assert canvas.texts, pick(scene)


def test_every_screen_is_covered_by_the_fit_test():
    shown = {pick(s) for s in long_name_scenes("en")}
    assert shown == {"pairing", "race", "stopped", "notice", "offline", *GAME_SCREENS}


def test_every_text_exists_in_every_language():
    for key in TEXTS:
        for lang in languages():
            assert text(key, lang, n=1, p="Ann", play="7 2+5").strip(), (key, lang)


def test_a_text_too_long_is_cut_and_reported_never_drawn_below_the_minimum():
    canvas = Canvas()
    used = canvas.text((0, 0, 40, 16), "Unentschieden gewinnt", 16)
    assert used == MIN_TEXT_PX
    assert [o.text for o in canvas.overflows] == ["Unentschieden gewinnt"]
    shrunk = Canvas()
    assert shrunk.text((0, 0, 128, 30), "Stopp!", 40) < 40  # shrinks to fit the height
    assert shrunk.overflows == []


def test_the_shipped_font_draws_umlauts_and_dutch_accents():
    def glyph(ch: str) -> bytes:
        image = Image.new("1", (20, 20))
        from PIL import ImageDraw
        ImageDraw.Draw(image).text((2, 0), ch, font=font(MIN_TEXT_PX), fill=1)
        return image.tobytes()

    missing = glyph("\ue000")  # a private-use code point: the font's "missing" box
    for plain, accented in [("A", "Ä"), ("O", "Ö"), ("U", "Ü"), ("a", "ä"), ("o", "ö"),
                            ("u", "ü"), ("s", "ß"), ("e", "é"), ("e", "ë"), ("i", "ï")]:
        assert glyph(accented) not in (glyph(plain), missing), accented
    assert glyph("ĳ") != missing  # Dutch ij ligature


def test_qr_code_scans_in_normal_polarity():
    """The QR code the table shows (the address with its pairing secret) at 2 px per module,
    and it reads back as that address, the secret exact."""
    zxingcpp = pytest.importorskip("zxingcpp")
    scene = Scene(pairing=PAIRING, show_pairing=True)
    image = render(scene)
    assert "#pair=" in PAIRING["qr"]
    assert len(qr_matrix(PAIRING["url"])) == 25  # the address alone: version 2
    modules = len(qr_matrix(PAIRING["qr"]))
    assert modules == 29  # with the secret, version 3: 2 px per module, 1 module quiet zone
    assert image.getpixel((0, 1)) == 1 and image.getpixel((61, 61)) == 1  # lit quiet zone
    assert image.getpixel((2, 3)) == 0  # the finder pattern's dark corner, 1 module in
    big = image.convert("L").resize((512, 256), Image.Resampling.NEAREST)
    found = [r.text for r in zxingcpp.read_barcodes(big)]
    base, fragment = PAIRING["qr"].split("#")
    assert [(t.split("#")[0].lower(), t.split("#")[1]) for t in found] == [(base, fragment)]


def test_stopped_screen_differs_by_language():
    assert render(Scene(lang="de", stopped=True)).tobytes() != \
        render(Scene(lang="nl", stopped=True)).tobytes()
    assert text("stopped", "de") == "Angehalten"


def test_text_width_grows_with_text():
    assert text_width("Gleichstand!", 13) > text_width("Tie!", 13) > 0


@pytest.mark.parametrize("game", ["howruck", "laufrauf", "tauziehen", "stramash"])
def test_every_core_state_of_random_games_draws_on_its_screen_and_fits(game):
    """The screens read the real cores' views (not only the samples) in every phase."""
    from companion.rules import get_core
    from companion.rules.randomplay import DEFAULT_PLAYERS

    core = get_core(game)
    chooser = random.Random(7)
    state = core.new_game(DEFAULT_PLAYERS[game], {}, 7)
    drawn = set()
    for step in range(300):
        view = core.view(state)
        if step % 7 == 0 or core.is_over(state):
            for lang in languages():
                scene = Scene(lang=lang, state=view)
                assert pick(scene) == game
                canvas = draw(scene)
                assert canvas.overflows == [], canvas.overflows
                drawn.add(render(scene).tobytes())
        legal = core.legal_actions(state)
        if not legal:
            break
        state = core.apply(state, chooser.choice(legal)).state
    assert len(drawn) > 3  # the screen follows the game


def changed_rows(a: Image.Image, b: Image.Image) -> set[int]:
    return {y for y in range(64) for x in range(128) if a.getpixel((x, y)) != b.getpixel((x, y))}


def test_a_ladder_step_changes_one_page_for_the_barrel_and_one_for_the_contest():
    """Issue 16: the barrel's cells are page 2 (rows 16-23), the contest line page 7."""
    from companion.screens.samples import TUG_VIEW
    view = dict(TUG_VIEW)
    before = render(Scene(state=view))
    moved = render(Scene(state={**view, "barrel": view["barrel"] + 1}))
    assert changed_rows(before, moved) and changed_rows(before, moved) <= set(range(16, 24))
    a, b = view["players"]
    contest = {**view["last_contest"], "strength": {a: 12, b: 7},
               "pull": {"toward": a, "by": 5}}
    other = render(Scene(state={**view, "last_contest": contest}))
    assert changed_rows(before, other) and changed_rows(before, other) <= set(range(56, 64))


def test_a_pair_that_won_is_named_together_and_the_verb_agrees():
    """Stramash pairs: "Ben & Opa / gewinnen das Spiel" (it said "Ben + Opa gewinnt")."""
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    _, end = random_game(get_core("stramash"), 1, ["Anna", "Ben", "Clara", "Opa"],
                         {"pairs": True})
    view = get_core("stramash").view(end)
    assert isinstance(view["winner"], list)
    said = [text for text, _ in draw(Scene(lang="de", state=view)).texts]
    assert said == [" & ".join(view["winner"]), "gewinnen das Spiel"]
    alone = draw(Scene(lang="de", state={**view, "winner": view["winner"][0]}))
    assert [text for text, _ in alone.texts] == [view["winner"][0], "gewinnt das Spiel"]


def test_stramash_pairs_show_each_team_on_one_line():
    """In pairs the six names stood in seat order, two per line, so partners (seats 1 and 4)
    were on different lines and nobody could tell the teams apart. Now a team is one line:
    "Anna 0/5 & Daan 0/5"."""
    from companion.rules import get_core

    core = get_core("stramash")
    names = ["Anna", "Bram", "Cor", "Daan", "Eva", "Fien"]
    view = core.view(core.new_game(names, {"pairs": True}, 5))
    canvas = draw(Scene(lang="nl", state=view))
    row_of = {text.split(" ")[0]: box[1] for text, box in canvas.texts if "/5" in text}
    assert set(row_of) == set(names)
    for first, partner in view["teams"]:
        assert row_of[first] == row_of[partner], (first, partner, row_of)
    assert len(set(row_of.values())) == len(view["teams"]) == 3
    assert [text for text, _ in canvas.texts].count("&") == 3
    alone = draw(Scene(lang="nl", state=core.view(core.new_game(names, {}, 5))))
    assert "&" not in [text for text, _ in alone.texts]


def test_a_character_the_font_lacks_is_left_out_not_drawn_as_a_box():
    """An emoji in a name ("Oma 👵") drew as an empty box on the OLED: the font has no
    emoji. The name is drawn without it, as "Oma"; a name of nothing else keeps its boxes
    (the player is still shown)."""
    from companion.rules import get_core

    core = get_core("stramash")

    def screen(names):
        return render(Scene(lang="de", state=core.view(core.new_game(names, {}, 3)))).tobytes()

    assert screen(["Oma 👵", "Ben"]) == screen(["Oma", "Ben"])
    assert screen(["👍🏽 Oma", "Ben"]) == screen(["Oma", "Ben"])  # with a skin tone
    assert screen(["Jörg", "Ben"]) != screen(["Jrg", "Ben"])  # the font's own letters stay
    assert screen(["🦄", "Ben"]) != screen(["x", "Ben"])
    assert drawable("🦄") == "🦄" and drawable("▶ 🦄 Ben\u00a0👵") == "▶ Ben"


@pytest.mark.parametrize("names", [("Anna", "Clara"), ("Johannes", "Mathilde"),
                                   ("Benjamin", "Wilhelm")])
def test_tauziehen_shows_a_name_of_up_to_eight_letters_whole(names):
    """"Clara" was cut to "Cla…": a name had 28 px beside the rope."""
    from companion.rules import get_core
    from companion.screens.canvas import shortened

    core = get_core("tauziehen")
    view = core.view(core.new_game(list(names), {}, 3))
    canvas = draw(Scene(lang="de", state=view))
    boxes = {text: box for text, box in canvas.texts}
    for name in names:
        x0, _, x1, _ = boxes[name]
        assert shortened(name, MIN_TEXT_PX, x1 - x0) == name, (name, boxes[name])
    assert canvas.overflows == []


@pytest.mark.parametrize(("players", "ends", "said"), [
    (["Ida", "draw"], won_by("draw"), ["draw", "gewinnt das Spiel"]),
    (["Ida", "draw"], drawn, ["Unentschieden"]),
    (["Ida", "Jan"], drawn, ["Unentschieden"]),
], ids=["won_by_draw", "drawn_beside_draw", "drawn"])
def test_a_tauziehen_draw_is_shown_by_the_game_not_by_a_players_name(players, ends, said):
    """The end of a Tauziehen game a player called "draw" won is that player's win (it was
    shown as a draw); a drawn game is a draw, with or without such a player. The score
    line below."""
    t = played_to_the_end("tauziehen", players, ends)
    canvas = draw(Scene(lang="de", state=t.view))
    score = " : ".join(str(t.view["points"][p]) for p in players)
    assert [text for text, _ in canvas.texts] == [*said, score]


@pytest.mark.parametrize(("count", "points", "lang", "said"), [
    (1, 1, "de", ["Clara", "macht einen Punkt", "Punkte: 1"]),
    (2, 4, "de", ["Clara", "macht 2 Punkte", "Punkte: 4"]),
    (2, 3, "en", ["Clara", "scores 2 points", "Points: 3"]),
    (3, 3, "nl", ["Clara", "scoort 3 punten", "Punten: 3"]),
    (2, 2, "fr", ["Clara", "marque 2 points", "Points\u202f: 2"]),
])
def test_the_point_banner_says_how_many_and_what_the_number_is(count, points, lang, said):
    """It said "Clara macht einen Punkt" over a lone "1" (the total), also for two points."""
    from companion.rules import get_core

    core = get_core("tauziehen")
    view = core.view(core.new_game(["Anna", "Clara"], {}, 3))
    item = {"kind": "point", "params": {"player": "Clara", "count": count, "points": points}}
    canvas = draw(Scene(lang=lang, state=view, banner=item))
    assert [text for text, _ in canvas.texts] == said


def _stramash_after(card: str) -> dict:
    from companion.screens.samples import reach

    view, _ = reach("stramash", ["Ann", "Bob", "Cat"],
                    lambda v, e: (v.get("last") or {}).get("card") == card
                    and v["winner"] is None)
    return view


@pytest.mark.parametrize(("lang", "queen", "enter", "colon"), [
    ("en", "Q", "in", ": "), ("de", "D", "rein", ": "), ("nl", "V", "erin", ": "),
    ("fr", "D", "entre", "\u202f: ")])
def test_stramash_names_the_last_card_as_the_page_does(lang, queen, enter, colon):
    """The OLED said "Joker" and "Q" in every language; the page and the refusals say
    "Bonnie Fechter" (the rules' name) and the reader's face letter (a German Dame: "D").
    The player's name and the card are joined as the language writes it ("Ann\u202f: D")."""
    joker = _stramash_after("joker")
    said = [t for t, _ in draw(Scene(lang=lang, state=joker)).texts]
    assert f"{joker['last']['player']}{colon}Bonnie Fechter" in said, said
    played = _stramash_after("Q")
    assert played["last"].get("enter")
    said = [t for t, _ in draw(Scene(lang=lang, state=played)).texts]
    assert f"{played['last']['player']}{colon}{queen} {text('enter', lang)}" in said, said
    assert text("enter", lang) == enter


def test_an_emoji_left_out_keeps_the_french_narrow_space_before_a_colon():
    """"Départ : Oma 👵" (Seilriss's banner) is drawn without the emoji the font lacks; the
    narrow no-break space French sets before its colon stays, not turned into a plain space
    a line could break at."""
    assert drawable("Départ\u202f: Oma 👵") == "Départ\u202f: Oma"
    assert drawable("Oma 👵\u202f: D entre") == "Oma\u202f: D entre"


def test_stramash_cuts_a_long_name_never_the_card_s():
    """"Maximiliane-Wilhelmina: Bonnie Fechter" does not fit a line: the player's name is
    cut (as names are everywhere on the OLED), the card's name stays whole."""
    from companion.screens.samples import LONG

    view = _stramash_after("joker")
    view = dict(view, last=dict(view["last"], player=LONG))
    canvas = draw(Scene(lang="de", state=view))
    line = next(t for t, _ in canvas.texts if "Fechter" in t)
    assert line.endswith("…: Bonnie Fechter") and line.startswith("Maxi"), line
    assert canvas.overflows == []



@pytest.mark.parametrize("name", ["Adrianna", "Ariadne", "Maximiliane-Wilhelmina"])
def test_stramash_cuts_a_name_beside_its_home_count_only_as_far_as_needed(name):
    """"Adrianna 0/5" does not fit half a line: the name is cut, the count stays whole. It
    was cut to "Adri… 0/5", a letter more than needed: the count was measured apart from
    the name (`shortened(after=)` measures them together, as they are drawn)."""
    from companion.rules import get_core

    core = get_core("stramash")
    canvas = draw(Scene(lang="de", state=core.view(core.new_game([name, "Ben", "Cat"], {}, 5))))
    line, box = next((t, b) for t, b in canvas.texts if t.endswith(" 0/5") and t[0] == name[0])
    shown = line.removesuffix(" 0/5")
    assert shown.endswith("…") and name.startswith(shown[:-1]), line
    room = box[2] - box[0] - 2
    assert text_width(line, MIN_TEXT_PX) <= room
    one_more = name[:len(shown)] + "…" + " 0/5"
    assert text_width(one_more, MIN_TEXT_PX) > room, (line, one_more)
    assert canvas.overflows == []


@pytest.mark.parametrize("names", [("Jacqueline", "Josephine"), ("Josephine", "Jacqueline"),
                                   ("Maximiliane", "Wilhelmina"), ("Actaecgknj", "Ann")])
def test_how_ruck_keeps_a_gap_between_each_name_and_the_barrels_won(names):
    """"Maxim…0 : 0", "0 : 0Jacq…": a name cut to its box ran into the score between the
    names (a "J" reaches left of where it is drawn). At least three dark columns now."""
    from companion.rules import get_core

    core = get_core("howruck")

    def lit(players):
        view = dict(core.view(core.new_game(list(players), {}, 3)), phase="tug")
        image = render(Scene(lang="de", state=view))
        return {x for x in range(128) if any(image.getpixel((x, y)) for y in range(31, 48))}

    score = lit(("A", "B")) - set(range(0, 40)) - set(range(88, 128))  # names far off
    left, right = min(score), max(score)
    shown = lit(names)
    assert score <= shown and {x for x in shown if x < left} and {x for x in shown if x > right}
    assert not shown & {left - 3, left - 2, left - 1, right + 1, right + 2, right + 3}, \
        sorted(shown & set(range(left - 3, right + 4)))


def test_lauf_rauf_names_the_person_with_the_colour_on_the_oled():
    """The OLED said "▶ gelb" and "gelb / schlägt" where the page says "Ben (gelb)": the
    person, with the colour; a long name is cut, the colour after it stays whole. Without a
    name the colour stands for the player as a name does ("Gelb", a noun in German)."""
    from companion.screens.samples import LAUF, LONG

    names = {"yellow": "Ben", "red": LONG}
    said = [t for t, _ in draw(Scene(lang="de", state=dict(LAUF, turn="yellow", throws=2,
                                                            names=names))).texts]
    assert "▶ Ben (gelb)" in said, said
    canvas = draw(Scene(lang="fr", state=dict(LAUF, turn="red", names=names)))
    turn = next(t for t, _ in canvas.texts if t.startswith("▶ "))
    assert turn.startswith("▶ Maxi") and turn.endswith("… (rouge)"), turn
    assert canvas.overflows == []
    strike = {"kind": "strike", "params": {"player": "yellow", "figure": 0,
                                           "victim": {"player": "red", "figure": 1}}}
    said = [t for t, _ in draw(Scene(lang="nl", state=dict(LAUF, names=names),
                                     banner=strike)).texts]
    assert said[0] == "Ben (geel)", said
    won = [t for t, _ in draw(Scene(lang="de", state=dict(LAUF, winner="yellow",
                                                          names=names))).texts]
    assert won[0] == "Ben (gelb)", won
    alone = [t for t, _ in draw(Scene(lang="de", state=dict(LAUF, turn="yellow",
                                                            throws=2))).texts]
    assert "▶ Gelb" in alone, alone


@pytest.mark.parametrize(("lang", "yellow", "red"), [("fr", "Jaune", "rouge"),
                                                      ("nl", "Geel", "rood")])
def test_a_colour_without_a_name_begins_its_line_with_a_capital_on_the_oled(lang, yellow, red):
    """French and Dutch write a colour small, so a seat played without a name began its line
    so ("▶ jaune", "jaune / frappe"), where German and English say "Gelb", "Yellow". Now
    the colour standing for the player begins its line with a capital (i18n.sentence); a
    colour inside a line ("frappe rouge 2") stays small."""
    from companion.screens.samples import LAUF

    turn = [t for t, _ in draw(Scene(lang=lang, state=dict(LAUF, turn="yellow",
                                                           throws=2))).texts]
    assert f"▶ {yellow}" in turn, turn
    strike = {"kind": "strike", "params": {"player": "yellow", "figure": 0,
                                           "victim": {"player": "red", "figure": 1}}}
    said = [t for t, _ in draw(Scene(lang=lang, state=LAUF, banner=strike)).texts]
    assert (said[0], said[-1]) == (yellow, f"{red} 2"), said
    won = [t for t, _ in draw(Scene(lang=lang, state=dict(LAUF, winner="yellow"))).texts]
    assert won[0] == yellow, won
