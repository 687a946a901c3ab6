"""What just happened, on the OLED for a few seconds: one announcement (`companion.announce`)
drawn big, then the game's own screen again. Names may be cut (by design); words may not."""

from __future__ import annotations

from typing import Any

from companion.i18n import word
from companion.screens.canvas import HEIGHT, WIDTH, Canvas
from companion.screens.common import round_won
from companion.screens.texts import color, text, who

TOP, MIDDLE, BOTTOM = (0, 0, WIDTH, 24), (0, 25, WIDTH, 44), (0, 46, WIDTH, HEIGHT)


def draw(canvas: Canvas, item: dict[str, Any], lang: str,
         names: dict[str, str] | None = None) -> None:
    """`names`: the people playing Lauf Rauf!'s colours (the game's view)."""
    p = item.get("params") or {}
    kind = item.get("kind")
    if kind == "round_won":
        round_won(canvas, p, lang)
    elif kind == "contest":
        canvas.text((0, 0, WIDTH, 16), text("contest", lang), 13, align="center")
        canvas.text((0, 17, WIDTH, 42), f"{p['sum_a']} : {p['sum_b']}", 22, align="center")
        toward = p.get("toward")
        pull = f"→ {toward} +{p.get('by', 0)}" if toward else text("barrel_stays", lang)
        canvas.text(BOTTOM, pull, 13, align="center", shorten=bool(toward))
    elif kind == "barrel_moved":  # by an action card (a contest's pull is its own banner)
        canvas.text((0, 0, WIDTH, 16), word(p["card"], lang), 13, align="center")
        canvas.text((0, 17, WIDTH, 42), text("field", lang, n=p["field"]), 22, align="center")
        toward = p.get("toward")
        where = f"→ {toward} +{p.get('by', 0)}" if toward else \
            text("start_of", lang, p=p["player"])
        canvas.text(BOTTOM, where, 13, align="center", shorten=True)
    elif kind == "point":
        _who(canvas, p["player"], lang, names)
        count = p.get("count", 1)
        scored = text("point", lang) if count == 1 else text("points_scored", lang, n=count)
        canvas.text(MIDDLE, scored, 13, align="center")
        canvas.text(BOTTOM, text("points_total", lang, n=p.get("points", "")), 13,
                    align="center")
    elif kind.startswith("berggeist_"):
        canvas.text((0, 0, WIDTH, 18), text("berggeist", lang), 13, align="center")
        if kind == "berggeist_placed":
            where = f"→ {color(p['owner'], lang)} {p['figure'] + 1}"
        elif kind == "berggeist_home":
            where = f"→ {text('summit', lang)}"
        else:
            where = text("stays", lang)
        canvas.text((0, 20, WIDTH, 46), where, 18, align="center", shorten=True)
    elif kind == "strike":
        _who(canvas, p["player"], lang, names)
        canvas.text(MIDDLE, text("strikes", lang), 13, align="center")
        victim = p["victim"]
        canvas.text(BOTTOM, f"{color(victim['player'], lang)} {victim['figure'] + 1}", 16,
                    align="center", shorten=True)
    elif kind in ("capture", "partner_entry"):  # laddies sent to the dock, or to the entry
        _who(canvas, p["player"], lang, names)
        said = "strikes" if kind == "capture" else "sends_to_entry"
        canvas.text(MIDDLE, text(said, lang), 13, align="center")
        victims = ", ".join(v["player"] for v in p["victims"])
        canvas.text(BOTTOM, victims, 16, align="center", shorten=True)
    elif kind == "undone":  # a move taken back: whose (a race has nobody's name)
        canvas.text((0, 0, WIDTH, 18), text("undone", lang), 13, align="center")
        if p.get("player"):
            canvas.text((0, 20, WIDTH, 46), who(p["player"], lang, names, WIDTH), 18,
                        align="center", shorten=True)
    elif kind == "castle":
        _who(canvas, p["player"], lang, names)
        canvas.text(MIDDLE, text("in_castle", lang), 13, align="center")
        canvas.text(BOTTOM, text("hole", lang, n=p["hole"]), 13, align="center")


def _who(canvas: Canvas, player: str, lang: str, names: dict[str, str] | None) -> None:
    canvas.text(TOP, who(player, lang, names, WIDTH), 22, align="center", shorten=True)
