"""The league's standings as a page for a club's screen or a phone: in the reader's language
(Accept-Language), one row per player with games played, won and drawn (Tauziehen) and their
rating per game, refreshing itself. Static HTML under a strict Content-Security-Policy: no
script, and the one style allowed by its hash."""

from __future__ import annotations

import base64
import hashlib
import html
from typing import Any

from companion.i18n import pick_language
from companion.i18n.said import Said, say
from companion.screens.common import GAME_TITLES

REFRESH_S = 60
NBSP = "\u00a0"
STYLE = ("body{font-family:system-ui,sans-serif;margin:.75rem;max-width:48rem}"
         "table{border-collapse:collapse;width:100%}"
         "th,td{padding:.3rem .35rem;border-bottom:1px solid #ccc;text-align:left}"
         "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;width:1%}"
         "small{color:#555}td{overflow-wrap:anywhere}th.n{font-size:.85em}"
         ".wide{overflow-x:auto}")
STYLE_HASH = base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
HEADERS = {"Content-Security-Policy": f"default-src 'none'; style-src 'sha256-{STYLE_HASH}'",
           "Cache-Control": "no-store"}


def _say(key: str, lang: str, **params: Any) -> str:
    return html.escape(say(Said(f"league:{key}", **params), lang))


def standings_order(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Most games won first; of equal wins, fewer games played (the better record), then by
    name."""
    return sorted(players, key=lambda p: (-p["won"], p["played"], p["name"].casefold()))


def render(data: dict[str, Any], accept_language: str | None) -> tuple[str, str]:
    """(the page, its language) for standings as `League.standings` gives them."""
    lang = pick_language(accept_language)
    games = sum(data["tables"].values())
    tables = say(Said("league:tables", n=len(data["tables"])), lang)
    if data["players"]:
        rows = "".join(_row(p, lang) for p in standings_order(data["players"]))
        heads = "".join(f'<th class="n">{_say(k, lang)}</th>'
                        for k in ("played", "won", "drawn"))
        body = (f"<p>{_say('summary', lang, games=games, tables=tables)}</p>"
                # a small phone with large text: the table scrolls in its own box (its
                # rows read across), never the page; a long name breaks in its cell
                f'<div class="wide" role="region" aria-labelledby="t" tabindex="0">'
                f"<table><thead><tr><th>{_say('player', lang)}</th>{heads}"
                f"</tr></thead><tbody>{rows}</tbody></table></div>")
    else:
        body = f"<p>{_say('none_yet', lang)}</p>"
    broker = data.get("broker") or {}
    if broker.get("problem"):  # the standings stand; newer results follow once connected
        said = (_say("broker_refused", lang, where=broker["where"], reason=broker["refusal"])
                if broker["problem"] == "refused" else
                _say("broker_away", lang, where=broker["where"]))
        body = f"<p><strong>{said}</strong></p>{body}"
    if data.get("clashes"):  # two boxes under one table name: say it above the standings
        names = ", ".join(say(Said("league:table_name", name=name), lang)
                          for name in data["clashes"])
        body = f"<p><strong>{_say('clash', lang, tables=names)}</strong></p>{body}"
    title = _say("title", lang)
    page = (f'<!doctype html><html lang="{lang}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta http-equiv="refresh" content="{REFRESH_S}">'
            f"<title>{title}</title><style>{STYLE}</style><h1 id='t'>{title}</h1>{body}"
            f"<p><small>{_say('refreshes', lang)}</small></p></html>")
    return page, lang


def _row(p: dict[str, Any], lang: str) -> str:
    """A player's counts, their ratings (rounded, as Elo is read) on a line under the name:
    a phone's width holds four narrow columns, not a fifth of words."""
    ratings = " · ".join(f"{GAME_TITLES.get(g, g)} {round(line['rating'])}".replace(" ", NBSP)
                         for g, line in p["games"].items())  # a line breaks between games
    counts = "".join(f'<td class="n">{p[k]}</td>' for k in ("played", "won", "drawn"))
    return (f"<tr><td><span class=who>{html.escape(p['name'])}</span><br><small>"
            f"{_say('rating', lang, ratings=ratings)}</small></td>{counts}</tr>")
