"""The table's announcements (`companion.announce`) said in sentences in a language, with the
page's own sentences for them (``page:an_*``, companion/i18n/page.py; the page says them in
web/static/announce.js): `companion replay --text` tells what a move caused as the phones'
banner and history tell it, in the same words and translations."""

from __future__ import annotations

from typing import Any

from companion.i18n import card_name, person, sentence, word
from companion.i18n.catalogs import decimal, fill


def page_said(key: str, lang: str, **params: Any) -> str:
    """The page's sentence `key` in `lang`, filled with `params` (as the reader sees them)."""
    return sentence(page_piece(key, lang, **params))


def page_piece(key: str, lang: str, **params: Any) -> str:
    """The page's template `key` in `lang`, filled, as it stands inside a sentence (no capital
    put on it): a line built from pieces ("Ann: green 0") joins them as each language writes
    it (French "Ann\u202f: vert 0")."""
    from companion.i18n.page import PAGE  # loaded when first needed

    return fill(f"page:{key}", PAGE[key], lang, params, params)


def in_full(said: str) -> str:
    """A sentence with its full stop (the page's banners and moves have none)."""
    return said if said.endswith((".", "!", "?", "…")) else f"{said}."


def clauses(parts: list[str], lang: str) -> str:
    """Parts of one sentence, each after the one before by the language's semicolon
    (``page:clauses``: "a; b", French "a\u202f; b")."""
    joined = parts[0] if parts else ""
    for part in parts[1:]:
        joined = page_piece("clauses", lang, a=joined, b=part)
    return joined


def say_announcement(item: dict[str, Any], lang: str,
                     names: dict[str, str] | None = None) -> str:
    """One announcement in a sentence ("" for a kind with nothing to say here: a move taken
    back is no replayed action); `names`: the people playing Lauf Rauf!'s colours."""
    p = item.get("params") or {}
    kind = item.get("kind")
    who = person(p["player"], lang, names) if isinstance(p.get("player"), str) else ""
    if kind == "berggeist_placed":
        return page_said("an_berggeist_placed", lang, q=person(p["owner"], lang, names),
                         f=p["figure"] + 1)
    if kind == "strike":
        return page_said("an_strike", lang, p=who,
                         q=person(p["victim"]["player"], lang, names),
                         f=p["victim"]["figure"] + 1)
    if kind == "game_won":
        return page_said("an_game_won", lang, n=len(p["players"]),
                         p=" & ".join(person(n, lang, names) for n in p["players"]))
    if kind in _SAYERS:
        return _SAYERS[kind](p, who, lang)
    if kind == "round_won":
        return page_said(f"an_round_{p.get('reason')}", lang, p=who)
    if kind in ("game_drawn", "no_effect", "berggeist_home", "berggeist_stays"):
        return page_said(f"an_{kind}", lang)
    return ""


def _ms(us: int, lang: str) -> str:
    return decimal(us / 1000, lang)


def _draws(draws: dict[str, Any], lang: str) -> str:
    """A tie-break's cards, each with who drew it ("Ann: red 3, Bob: blue 5")."""
    return ", ".join(page_piece("drawn_by", lang, p=who, card=card_name(card, lang))
                     for who, card in (draws or {}).items())


def _race_won(p: dict[str, Any], who: str, lang: str) -> str:
    if p.get("margin_us") is None:
        return page_said("an_race_won_alone", lang, p=who)
    return page_said("an_race_won", lang, p=who, ms=_ms(p["margin_us"], lang))


def _race_tie(p: dict[str, Any], who: str, lang: str) -> str:
    if p.get("margin_us") is None:
        return page_said("an_race_tie_plain", lang)
    return page_said("an_race_tie", lang, ms=_ms(p["margin_us"], lang))


def _contest(p: dict[str, Any], who: str, lang: str) -> str:
    sums = {"a": p["a"], "b": p["b"], "x": p["sum_a"], "y": p["sum_b"]}
    if not p.get("by"):
        return page_said("an_contest_even", lang, **sums)
    return page_said("an_contest", lang, **sums, n=p["by"], p=p["toward"])


def _barrel_moved(p: dict[str, Any], who: str, lang: str) -> str:
    if not p.get("toward"):
        return page_said("an_barrel_start", lang, p=who, f=p["field"])
    return page_said("an_barrel_moved", lang, n=p["by"], p=p["toward"], f=p["field"])


def _cleared(p: dict[str, Any], who: str, lang: str) -> str:
    if not p.get("cards"):
        return page_said("an_cleared_none", lang)
    cards = ", ".join(page_piece("field_card", lang, side=c["side"], field=word(c["field"], lang),
                                 card=card_name(c["card"], lang)) for c in p["cards"])
    return page_said("an_cleared", lang, cards=cards)


def _reinforced(p: dict[str, Any], who: str, lang: str) -> str:
    if not p.get("count"):
        return page_said("an_reinforced_none", lang, p=who)
    return page_said("an_reinforced", lang, p=who, n=p["count"])


def _cards_kept(p: dict[str, Any], who: str, lang: str) -> str:
    """What a player keeps and discards, one sentence of two clauses: the second begins small
    ("Blauw houdt Aufstieg; blauw legt Joker af"), as the page says it."""
    said = [page_piece(key, lang, p=who, **{short: ", ".join(word(k, lang) for k in kinds)})
            for key, short, kinds in (("an_cards_kept", "k", p.get("kept")),
                                      ("an_cards_discarded", "d", p.get("discarded")))
            if kinds]
    return sentence(clauses(said, lang))


def _names(victims: list[dict[str, Any]]) -> str:
    return ", ".join(str(v.get("player")) for v in victims)


_SAYERS = {
    "race_won": _race_won,
    "race_tie": _race_tie,
    "race_false_start": lambda p, who, lang: page_said(
        "an_race_false_start", lang, p=who, q=", ".join(p.get("false_starters") or [])),
    "tiebreak_won": lambda p, who, lang: page_said(
        "an_tiebreak_won_cards", lang, p=who, cards=_draws(p["draws"], lang))
    if p.get("draws") else page_said("an_tiebreak_won", lang, p=who),
    "tiebreak_tied": lambda p, who, lang: page_said(
        "an_tiebreak_tied", lang, cards=_draws(p.get("draws"), lang)),
    "contest": _contest,
    "barrel_moved": _barrel_moved,
    "cleared": _cleared,
    "switched": lambda p, who, lang: page_said(
        "an_switched", lang, card=card_name(p["moved"], lang), q=p["side"], r=p["to"],
        f=word(p["field"], lang)),
    "reinforced": _reinforced,
    "point": lambda p, who, lang: page_said("an_point", lang, p=who, n=p["count"],
                                            m=p.get("points")),
    "cards_kept": _cards_kept,
    "capture": lambda p, who, lang: page_said("an_capture", lang, p=who,
                                              q=_names(p["victims"])),
    "partner_entry": lambda p, who, lang: page_said("an_partner_entry", lang, p=who,
                                                    q=_names(p["victims"])),
    "castle": lambda p, who, lang: page_said("an_castle", lang, p=who, l=p["laddie"] + 1,
                                             h=p["hole"]),
}
