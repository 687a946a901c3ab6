"""Lines put together from pieces (a label and its value, who drew which card, two clauses
of one sentence, a name in quotes) are written as each language writes them: each piece
joins the next through a catalogued template, so French sets its narrow no-break space
before ":" and ";" ("Ann : vert 0") while German and Dutch write "Ann: grün 0", and each
language quotes a name its own way. Real output: `companion replay --text` as a process,
the league's page, the OLED; the page's own lines: test_web_announce, test_doctor."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.club.league_page import render

GOLDEN = Path(__file__).resolve().parent / "playthroughs"
NNBSP = "\u202f"  # French: before : ; ! ? and inside « »


def told(game: str, lang: str) -> list[str]:
    result = subprocess.run([sys.executable, "-m", "companion", "replay",
                             str(GOLDEN / f"{game}.jsonl"), "--text", "--lang", lang],
                            capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode().splitlines()


# The game's title before its players; a tie-break's cards with who drew them; what a Lauf
# Rauf! player keeps and discards, one sentence in two parts; a Stramash card's two moves.
TOLD = {
    "de": ["How Ruck!: Ann, Bob",
           "Bob gewinnt das Stechen (Ann: grün 0, Bob: blau 0).",
           "Blau behält Blitzstart, Aufstieg; Blau wirft Rückschlag ab.",
           "Ann spielt 7: Laddie 1 geht 2 Felder vor; Laddie 2 geht 5 Felder vor."],
    "nl": ["How Ruck!: Ann, Bob",
           "Bob wint de beslissing (Ann: groen 0, Bob: blauw 0).",
           "Blauw houdt Bliksemstart, Opstijgen; blauw legt Terugslag af.",
           "Ann speelt 7: laddie 1 gaat 2 vakken vooruit; laddie 2 gaat 5 vakken vooruit."],
    "fr": [f"How Ruck!{NNBSP}: Ann, Bob",
           f"Bob gagne le départage (Ann{NNBSP}: vert 0, Bob{NNBSP}: bleu 0).",
           f"Bleu garde Départ éclair, Ascension{NNBSP}; bleu défausse Contre-attaque.",
           f"Ann joue 7{NNBSP}: le pion 1 avance de 2 cases{NNBSP}; le pion 2 avance de 5 "
           "cases."],
}


@pytest.mark.parametrize("lang", sorted(TOLD))
def test_the_replay_joins_its_pieces_as_the_language_writes(lang):
    header, tiebreak, kept, moves = TOLD[lang]
    howruck = told("howruck_action_cards", lang)
    assert howruck[0] == header
    assert any(tiebreak in line for line in howruck), howruck[:8]
    laufrauf = told("laufrauf_full_game", lang)
    assert any(kept in line for line in laufrauf), [x for x in laufrauf if "225" in x]
    stramash = told("stramash_pairs_game", lang)
    assert any(moves in line for line in stramash), [x for x in stramash if "39" in x]


STANDINGS = {"players": [], "games": {}, "tables": {"kitchen": 2}, "clashes": ["kitchen"],
             "foreign": 0, "broker": {}}


@pytest.mark.parametrize(("accept", "quoted"), [
    ("en-GB", "table \u201ckitchen\u201d."), ("de-DE", "Tisch \u201ekitchen\u201c."),
    ("nl-NL", "tafel \u201ckitchen\u201d."),
    ("fr-FR", f"de table \u00ab{NNBSP}kitchen{NNBSP}\u00bb.")])
def test_the_league_quotes_a_clashing_table_as_the_language_quotes(accept, quoted):
    page, _ = render(STANDINGS, accept)
    assert quoted in page
