"""The command line speaks the terminal's language when a person reads it: `--help`, and
the refusal of a mistake in the command (usage, argparse's own words, our own checks)."""

from __future__ import annotations

import argparse

import pytest

from companion.cli import main as cli_main


@pytest.fixture
def terminal(monkeypatch):
    """The terminal's language as gettext reads it: LANG alone."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    return lambda lang: monkeypatch.setenv("LANG", lang)


def said(args: list[str], capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as ended:
        cli_main(args)
    out, err = capsys.readouterr()
    return ended.value.code, out, err


def test_help_is_in_the_terminals_language(terminal, capsys):
    terminal("de_DE.UTF-8")
    code, out, _ = said(["doctor", "--help"], capsys)
    assert code == 0
    assert out.startswith("Aufruf: companion doctor ")
    assert "\nOptionen:\n" in out
    assert "diese Hilfe anzeigen und beenden" in out
    assert "Sprache der Befunde (Vorgabe: die des Terminals)" in out
    terminal("nl_NL.UTF-8")
    code, out, _ = said(["--help"], capsys)
    assert code == 0 and out.startswith("gebruik: companion ")
    assert "Scheidsrechter voor bordspellen op tafel." in out
    assert "controleer de installatie en zeg hoe je het oplost" in out


def test_a_mistake_in_the_command_is_refused_in_the_terminals_language(terminal, capsys):
    terminal("fr_FR.UTF-8")
    code, _, err = said(["doctor", "--buttons", "-5"], capsys)
    assert code == 2
    assert err.startswith("utilisation\u202f: companion doctor ")
    assert err.endswith("companion doctor\u202f: erreur\u202f: argument --buttons\u202f: "
                        "«\u202f-5\u202f»\u202f: donnez "
                        "des secondes au-delà de 0, au plus 3600\n")
    code, _, err = said(["league", "--mqtt", "club.local:abc"], capsys)  # was a traceback
    assert code == 2
    assert err.endswith("companion league\u202f: erreur\u202f: argument --mqtt\u202f: "
                        "«\u202fclub.local:abc\u202f» n’est "
                        "pas l’adresse d’un broker\u202f: donnez HOST ou HOST:PORT (port de 1 à "
                        "65535)\n")
    terminal("de_DE.UTF-8")
    code, _, err = said(["backup"], capsys)
    assert code == 2
    assert err.endswith("companion backup: Fehler: folgende Argumente fehlen: file\n")


def test_english_and_argparse_are_left_as_they_were(terminal, capsys):
    """An English terminal reads Python's own words; the words are not changed for the rest
    of the process after a translated refusal (argparse is shared)."""
    terminal("de_DE.UTF-8")
    assert said(["replay"], capsys)[2].endswith("Fehler: folgende Argumente fehlen: file\n")
    assert argparse._("usage: ") == "usage: "  # lent for that parse only
    terminal("C.UTF-8")
    code, out, _ = said(["doctor", "--help"], capsys)
    assert code == 0 and out.startswith("usage: companion doctor ")
    assert "language of the findings (default: the terminal's)" in out


@pytest.mark.parametrize("args", [["run", "--port", "99999"], ["run", "--port", "0"],
                                  ["run", "--port=-5"], ["run", "--port", "web"],
                                  ["league", "--mqtt", "club.local", "--port", "70000"]])
def test_a_port_out_of_range_is_refused_in_words(terminal, capsys, args):
    """Was a traceback (OverflowError from bind) or, for 0, quietly the config's port."""
    terminal("de_DE.UTF-8")
    code, _, err = said(args, capsys)
    value = args[-1].split("=")[-1]
    assert code == 2 and "Traceback" not in err
    assert err.endswith(f"„{value}“: einen Port von 1 bis 65535 angeben\n"), err
