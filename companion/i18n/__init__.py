"""Sentences for people, made at the edges from a refusal's code and parameters.

Rule cores only ever raise codes; this turns them into the reader's language through the
gettext catalogs (`catalogs.py`; English is the source). A code without a sentence falls
back to a generic one naming the code, so nothing ever fails here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.i18n.catalogs import SOURCE_LANGUAGE, fill, languages, translate
from companion.i18n.said import Said

DEFAULT_LANGUAGE = SOURCE_LANGUAGE
__all__ = ["DEFAULT_LANGUAGE", "OptionKey", "PlayerId", "SettingKey", "languages", "message",
           "option_name", "person", "pick_language", "setting_name", "word"]


def word(name: str, lang: str) -> str:
    """A colour, card kind or action card by its id, in `lang`; anything else unchanged."""
    from companion.i18n.words import WORDS  # the tables load when first needed (start-up)

    english = WORDS.get(name)
    return translate(f"word:{name}", english, lang) if english is not None else name


def person(player: Any, lang: str, names: Mapping[str, str] | None = None) -> str:
    """A player as the table says them, in `lang`: where the players are colours (Lauf
    Rauf!), the person's name with the colour ("Anna (rot)", the game's `names`), or the
    colour alone as a name is said ("Rot": ``page:player_ID``); any other player by the name
    given. The page says them the same way (core.js, `playerName`)."""
    if not isinstance(player, str):
        return str(player)
    name = (names or {}).get(player)
    if name:
        return f"{name} ({word(player, lang)})"
    from companion.i18n.page import PAGE

    key = "player_" + player
    noun = PAGE.get(key)
    return word(player, lang) if noun is None else translate(f"page:{key}", noun, lang)


class PlayerId(str):
    """A game's player id in a refusal ("red", "Anna"), marked by the sessions and the replay,
    which know the game (`sessions.people.players_said`): a sentence says it as the page names
    the player. In a game whose players are colours (`colour`: Lauf Rauf!) that is `person`
    with the game's `names` ("Anna (rot)", "Rot"), not the colour's adjective ("rot"); in any
    other game the id is the person's name, said as given (a player named "red" stays
    "red"). The rule cores raise plain ids. In JSON it is the id as it is (a `str`)."""

    names: Mapping[str, str]
    colour: bool

    def __new__(cls, pid: str, names: Mapping[str, str] | None = None,
                colour: bool = True) -> PlayerId:
        self = super().__new__(cls, pid)
        self.names, self.colour = dict(names or {}), colour
        return self


class SettingKey(str):
    """A setting's key ("buttons.players[1]") that a sentence says by its name in words
    (`setting_name`): the page's refusals carry these, for people who know no config file;
    the file's refusals carry plain keys (its administrator edits it by key). In JSON it is
    the key as it is (a `str`)."""

    __slots__ = ()


_ITEM = re.compile(r"(?P<key>[\w.]+)\[(?P<index>\d+)\]")


def setting_name(key: str, lang: str) -> str:
    """A setting as the page names it, in `lang`: "buttons.players[1]" is "Player 2's
    button"; a key without a name (one the page never sends) stays as it is."""
    from companion.i18n.setting_messages import SETTING_NAMES

    item = _ITEM.fullmatch(key)
    name = f"{item['key']}[]" if item else key
    if name not in SETTING_NAMES:
        return key
    text = translate(f"setting:{name}", SETTING_NAMES[name], lang)
    return text.replace("{n}", str(int(item["index"]) + 1)) if item else text


class OptionKey(str):
    """A game option's key ("tie_window_ms") that a sentence says by its name in words
    (`option_name`), as the new-game form labels it: the page's refusals carry these. In JSON
    it is the key as it is (a `str`)."""

    __slots__ = ()


def option_name(key: str, lang: str) -> str:
    """A game's option as the new-game form names it, in `lang`; a key without a name (one no
    game has) stays as it is."""
    from companion.i18n.option_names import OPTION_NAMES

    english = OPTION_NAMES.get(key)
    return key if english is None else translate(f"option:{key}", english, lang)


def card_name(card: dict[str, Any], lang: str) -> str:
    """A How Ruck! card as the table names it: a Scot card by its colour and strength ("blue
    3", "Nessie", "(How Ruck)" after one with the imprint), an action card (``{"action":
    KIND}``, a tie-break's draw) by its name."""
    if "action" in card:
        return word(str(card["action"]), lang)
    text = "Nessie" if card.get("nessie") else f"{word(card['color'], lang)} {card['strength']}"
    return text + (" (How Ruck)" if card.get("howruck") else "")


BONNIE_FECHTER = "Bonnie Fechter"  # Stramash's joker: the publisher's name, in every language


def stramash_card(rank: str, lang: str) -> str:
    """A Stramash card as the page names it: the joker is the Bonnie Fechter (the rules'
    name), a face card the reader's letter ("D" for a German or French Queen), any other its
    rank ("7")."""
    if rank == "joker":
        return BONNIE_FECHTER
    if rank in ("J", "Q", "K"):
        from companion.i18n.page import PAGE

        return translate(f"page:sm_rank_{rank}", PAGE[f"sm_rank_{rank}"], lang)
    return rank


def _show(value: Any, lang: str) -> str:
    if isinstance(value, PlayerId):
        return person(value, lang, value.names) if value.colour else str(value)
    if isinstance(value, SettingKey):
        return setting_name(value, lang)
    if isinstance(value, OptionKey):
        return option_name(value, lang)
    if isinstance(value, Said):  # a sentence of its own (an OS error's reason)
        return value.text(lang)
    if isinstance(value, dict) and set(value) == {"code", "params"}:  # a refusal inside one
        return message(value["code"], value["params"], lang)  # (a backup's setting's)
    if isinstance(value, dict) and "color" in value and "strength" in value:
        return card_name(value, lang)
    if isinstance(value, list) and value and all(isinstance(v, PlayerId) for v in value):
        return " & ".join(_show(v, lang) for v in value)  # a team, as the page says one
    if isinstance(value, list):
        return ", ".join(_show(v, lang) for v in value)
    if isinstance(value, str):
        return word(value, lang)
    if value is None or isinstance(value, bool):  # JSON's spelling, not Python's "None"
        return "null" if value is None else str(value).lower()
    return str(value)


def message(code: str, params: dict[str, Any] | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The sentence for a refusal, in `lang` (falls back to English)."""
    from companion.i18n.catalog import (  # loaded when first needed
        MESSAGES,
        PIECE_PARAMS,
        REASONS,
        STRAMASH_CARD_CODES,
    )

    if lang not in languages():
        lang = DEFAULT_LANGUAGE
    source = MESSAGES.get(code)
    if source is None:
        source, code, params = MESSAGES["_unknown"], "_unknown", {"code": code}
    params = params or {}
    context = f"refusal:{code}"
    own = _variant(code, params)  # a reason, a colour, how a game ended
    if isinstance(own, str) and f"{code}.{own}" in REASONS:  # its own sentence
        source, context = REASONS[f"{code}.{own}"], f"refusal:{code}.{own}"
    shown = {k: _piece(v) if k in PIECE_PARAMS else _show(v, lang) for k, v in params.items()}
    if code in STRAMASH_CARD_CODES and isinstance(params.get("card"), str):
        shown["card"] = stramash_card(params["card"], lang)
    return sentence(fill(context, source, lang, params, shown))


def _variant(code: str, params: dict[str, Any]) -> Any:
    """Which of a code's own sentences (``CODE.VARIANT`` in catalog.REASONS) a refusal takes: by
    its `reason`, by its colour (catalog.BY_COLOUR), or game_over's by how the game ended: a draw
    (no winner to name), a pair who have won together (a list of winners: "Anna & Ben have
    won"), else one winner (the code's own sentence)."""
    if code == "game_over":
        team = isinstance(params.get("winner"), list) and params.get("result") == "win"
        return "team" if team else params.get("result")
    from companion.i18n.catalog import BY_COLOUR

    return params.get(BY_COLOUR.get(code, "reason"))


def _piece(index: Any) -> str:
    """A piece's index (0 = the first) as the board numbers it (1 = the first); anything but
    a whole number (a refused action's own value) as it came."""
    whole = isinstance(index, int) and not isinstance(index, bool)
    return str(index + 1) if whole else str(index)


def sentence(text: str) -> str:
    """`text` as a sentence begins: a capital first letter, where a colour or a name begun it
    ("rood is aan de beurt" is "Rood is aan de beurt"); a letter with no single capital
    ("ß") stays."""
    first = text[:1]
    return first.upper() + text[1:] if first.islower() and len(first.upper()) == 1 else text


def pick_language(accept_language: str | None) -> str:
    """The best of our languages for an HTTP Accept-Language header: the highest weight,
    the first named of equal ones; ``q=0`` means "not this one"; a malformed weight counts
    least (above none)."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    best, best_q = DEFAULT_LANGUAGE, 0.0
    ours = languages()
    for part in accept_language.split(","):
        tag, _, q = part.strip().partition(";q=")
        lang = tag.split("-")[0].strip().lower()
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 1e-9
        if lang in ours and weight > best_q:
            best, best_q = lang, weight
    return best
