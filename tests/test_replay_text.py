"""`companion replay --text` as a person at the table would tell each move, run as a real
process on the golden games: the card placed or played and the contest it starts, the rope
cards a Tauziehen card pulls and the point it scores, Lauf Rauf!'s throws and moves, the
laddies a Stramash card moves and whom it sends back; in German, and translated in Dutch and
French (the JSON lines for programs stay as the golden files fix them: test_replay.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.announce_said import page_said

GOLDEN = Path(__file__).resolve().parent / "playthroughs"


def told(game: str | Path, lang: str) -> list[str]:
    path = game if isinstance(game, Path) else GOLDEN / f"{game}.jsonl"
    result = subprocess.run([sys.executable, "-m", "companion", "replay",
                             str(path), "--text", "--lang", lang],
                            capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode().splitlines()


GERMAN = {
    "tauziehen_full_game": [
        "Zeile 3: Ida legt den ersten Marker auf die Seilkarte 2. Jan ist am Zug.",
        "Zeile 8: Jan spielt die 11: Die Seilkarten 1, 2, 8 rücken eine Position auf Jan zu. "
        "Der Marker von Jan liegt jetzt auf der 2. Jan macht einen Punkt (jetzt 1). Ida ist am "
        "Zug.",
        "Zeile 11: Ida spielt die 5: Die Seilkarte 4 rückt eine Position auf Ida zu. Der Marker "
        "von Ida liegt jetzt auf der 4. Jan ist am Zug."],
    "laufrauf_full_game": [
        "Zeile 4: Rot würfelt 2 und 3 (1. Wurf). Rot ist am Zug.",
        "Zeile 9: Blau würfelt noch einmal, Würfel 2 bleibt liegen: 6 und 3 (2. Wurf). Blau ist "
        "am Zug.",
        "Zeile 13: Figur 1 von Rot startet: aus dem Basislager auf die untere Ebene. Figur 2 "
        "von Rot wird weitergeschoben. Blau ist am Zug.",
        "Zeile 23: Blau opfert Rücklauf: 5 Würfe in diesem Zug. Blau ist am Zug.",
        "Zeile 28: Figur 2 von Rot läuft 8 Felder vor. Blau ist am Zug.",
        "Zeile 34: Figur 3 von Rot schlägt Figur 1 von Rot: zurück ins Basislager. Blau ist am "
        "Zug.",
        "Zeile 682: Figur 2 von Blau steigt auf den Gipfel. Blau gewinnt das Spiel!"],
    "stramash_pairs_game": [
        "Zeile 3: Ann spielt D: Ein neuer Laddie kommt auf das Startfeld. Bob ist am Zug.",
        "Zeile 4: Bob spielt Bonnie Fechter: Laddie 5 geht auf das Feld von Laddie 2 von Ann. "
        "Bob schickt Ann zurück ins Dock. Cat ist am Zug.",
        "Zeile 9: Cat spielt 8: Laddie 5 geht 8 Felder zurück. Dan ist am Zug.",
        "Zeile 13: Cat spielt K: Laddie 5 geht in die Burg. Laddie 5 von Cat ist in der Burg, "
        "Feld 3. Dan ist am Zug.",
        "Zeile 1518: Dan spielt A für Bob: Laddie 2 geht in die Burg. Laddie 2 von Bob ist in "
        "der Burg, Feld 1. Bob & Dan gewinnen das Spiel!"],
    "howruck_action_cards": [
        "Zeile 7: Bob gewinnt das Stechen (Ann: grün 0, Bob: blau 0). Das Tauziehen der Runde "
        "1 beginnt. Das Fass steht auf Feld 7, Bob ist am Zug.",
        "Zeile 8: Bob legt Nessie auf die Seite von Bob, Feld rot. Das Fass steht auf Feld 7, "
        "Ann ist am Zug.",
        "Zeile 12: Bob spielt Fieser Trick. Bob nimmt Ann eine Karte aus der Hand. Bob legt "
        "grün 3 auf die Seite von Bob, Feld grün. Das Fass steht auf Feld 7, Ann ist am Zug.",
        "Zeile 16: Bob spielt How Ruck und verzichtet auf die Wirkung. Das Fass steht auf "
        "Feld 6, Ann ist am Zug.",
        "Zeile 18: Ann spielt Schwach gewinnt. Kräftemessen: Ann 6 : 10 Bob, das Fass rückt 4 "
        "zu Ann. Das Fass steht auf Feld 2, Bob ist am Zug.",
        "Zeile 20: Ann spielt Ungeheuerlich. Ann gewinnt die Runde: Ungeheuerlich, Nessie liegt "
        "oben. Gewonnene Fässer: Ann 1, Bob 0. Runde 2 beginnt."],
}


@pytest.mark.parametrize("game", sorted(GERMAN))
def test_each_move_is_told_as_at_the_table_in_german(game):
    lines = told(game, "de")
    for line in GERMAN[game]:
        assert line in lines, "\n".join(x for x in lines if x.startswith(line.split(":")[0] + ":"))


# The English sentences' own words (companion/i18n/replay_messages.py): none is left in a
# translated line.
ENGLISH = (" plays ", " places ", " throws ", " runs ", "rope card", " marker is now ",
           "passes the dice", " gives up ", " strikes ", " begins", "Barrels won",
           " takes a card", "forgoes", " goes ", " comes onto ", " discards ", "pushed on",
           "base camp", " level", "the summit", " square", "castle")


@pytest.mark.parametrize("lang", ["nl", "fr"])
@pytest.mark.parametrize("game", sorted(GERMAN))
def test_each_move_is_told_in_dutch_and_french(game, lang):
    """Every line says its moves in the reader's words, none in English."""
    english, said = told(game, "en"), told(game, lang)
    assert len(said) == len(english)
    assert any(any(word in line for word in ENGLISH) for line in english)  # what is checked
    for line in said:
        assert not [word for word in ENGLISH if word in line], line


def test_french_says_case_for_a_how_ruck_field_as_everywhere_else():
    """Two French How Ruck! lines said "champ rouge" where every other says "case" (the
    barrel's "case 7", the refusals' "la case « rouge »"); the colour named as the refusals
    name it, so that it need not agree with "case"."""
    lines = told("howruck_action_cards", "fr")
    for line in [
            "Ligne 8\u202f: Bob pose Nessie sur la case «\u202frouge\u202f» du côté de Bob. Le "
            "tonneau est sur la case 7, c’est à Ann de jouer.",
            "Ligne 13\u202f: Ann joue Changement de camp. Vert 3 passe de Bob à Ann, sur la case "
            "«\u202fvert\u202f». Le tonneau est sur la case 7, c’est à Bob de jouer."]:
        assert line in lines, "\n".join(x for x in lines if x.startswith(line.split(":")[0]))
    assert not [line for line in lines if "champ" in line]


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", ["Lauf Rauf!: Anna (rot), Émile (blau)",
            "Zeile 4: Anna (rot) würfelt 2 und 3 (1. Wurf). Anna (rot) ist am Zug.",
            "Zeile 13: Figur 1 von Anna (rot) startet: aus dem Basislager auf die untere Ebene. "
            "Figur 2 von Anna (rot) wird weitergeschoben. Émile (blau) ist am Zug.",
            "Zeile 682: Figur 2 von Émile (blau) steigt auf den Gipfel. Émile (blau) gewinnt das "
            "Spiel!"]),
    ("fr", ["Ligne 34\u202f: Le pion 3 d’Anna (rouge) frappe le pion 1 d’Anna (rouge)\u202f: "
            "retour au camp de base. C’est à Émile (bleu) de jouer.",
            "Ligne 682\u202f: Le pion 2 d’Émile (bleu) monte vers le sommet. Émile (bleu) gagne la "
            "partie\u202f!"]),
])
def test_lauf_rauf_names_the_person_with_the_colour(tmp_path, lang, expected):
    """A Lauf Rauf! game whose colours were played by people ("names" in its header) said
    "rot würfelt 2 und 3": every other game names the person. Now the person with the colour,
    as the page's prompt does ("Anna (rot) ist am Zug")."""
    game = (GOLDEN / "laufrauf_full_game.jsonl").read_text(encoding="utf-8").replace(
        '"seed": 23}', '"seed": 23, "names": {"red": "Anna", "blue": "Émile"}}', 1)
    path = tmp_path / "named.jsonl"
    path.write_text(game, encoding="utf-8")
    lines = told(path, lang)
    for line in expected:
        assert line in lines, "\n".join(x for x in lines if x.startswith(line.split(":")[0]))
    assert not [line for line in lines if " rot " in line or " rouge " in line]


def test_english_names_a_figure_after_its_number_not_with_a_possessive(tmp_path):
    """A Lauf Rauf! player is a name with its colour: English said "Anna (red)'s figure 2"
    and "Klaus (blue)'s turn", a possessive on a parenthesis. Now the figure comes first
    ("figure 2 of Anna (red)") and a turn is said as the page says it ("Klaus (blue) to
    play"); a name ending in s needs no possessive either."""
    game = (GOLDEN / "laufrauf_full_game.jsonl").read_text(encoding="utf-8").replace(
        '"seed": 23}', '"seed": 23, "names": {"red": "Anna", "blue": "Klaus"}}', 1)
    path = tmp_path / "named.jsonl"
    path.write_text(game, encoding="utf-8")
    lines = told(path, "en")
    for line in [
            "Line 13: Figure 1 of Anna (red) starts: from base camp onto the lower level. "
            "Figure 2 of Anna (red) is pushed on. Klaus (blue) to play.",
            "Line 28: Figure 2 of Anna (red) runs 8 fields forward. Klaus (blue) to play.",
            "Line 34: Figure 3 of Anna (red) strikes figure 1 of Anna (red): back to base camp. "
            "Klaus (blue) to play.",
            "Line 288: The Berggeist goes onto figure 1 of Klaus (blue). Klaus (blue) to play.",
            "Line 682: Figure 2 of Klaus (blue) climbs onto the summit. Klaus (blue) wins the "
            "game!"]:
        assert line in lines, "\n".join(x for x in lines if x.startswith(line.split(":")[0]))
    assert not [line for line in lines if ")'s" in line or "'s " in line]
    # the page's own sentences with a figure: its banner and its board in words
    assert page_said("an_strike", "en", p="Anna (red)", q="Klaus (blue)", f=2) == (
        "Anna (red) strikes figure 2 of Klaus (blue)")
    assert page_said("lr_said_bg_on", "en", p="Klaus (blue)", n=3) == (
        "The Berggeist rides on figure 3 of Klaus (blue)")
    assert page_said("lr_said_bg_on", "fr", p="Anna (rouge)", n=3) == (  # not "(Anna (rouge))"
        "Le Berggeist est sur le pion 3 d’Anna (rouge)")


# Where a sentence begins in a told line: the line's start, and after a full stop, "!" or "?"
# (a refusal's code in brackets at the end is no sentence).
SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)[«“„\"(\s\u202f]*(\w)")


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_every_told_line_and_sentence_begins_with_a_capital(lang):
    """French and Dutch write a colour small ("rouge", "rood"), and English the line's own
    word ("line 5:"): a line began "ligne 5 : Égalité …", "regel 5: …". Now every line of
    every golden game begins with a capital, and so does each sentence in it; a colour inside
    a sentence stays small ("C’est à rouge de jouer, pas à bleu")."""
    games = sorted(path.stem for path in GOLDEN.glob("*.jsonl"))
    small = [line for game in games for line in told(game, lang)
             if any(m[1].islower() for m in SENTENCE_START.finditer(line))]
    assert not small, "\n".join(small[:10])
