"""The screens every game shares: pairing (QR code and PIN), the race, a round won, stopped,
a notice about the table's parts."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.i18n.catalogs import decimal
from companion.screens.canvas import DARK, HEIGHT, LIT, WIDTH, Canvas
from companion.screens.texts import text

GAME_TITLES = {"howruck": "How Ruck!", "laufrauf": "Lauf Rauf!", "tauziehen": "Tauziehen",
               "stramash": "Stramash"}
QR_BORDER = 2  # modules of lit quiet zone; the panel's dark edge is no quiet zone
QR_SIDE = 62  # px: the pairing and Wi-Fi QR codes' square, the panel's height less its edges


ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")


@lru_cache(maxsize=8)
def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of `url`, dark modules True.

    Scheme and host are case-insensitive, so a plain address ("http://192.168.178.20:8080/")
    is encoded upper-case, in QR's compact alphanumeric mode; a `#fragment` (the pairing
    secret, case-sensitive) follows as its own byte-mode segment. So the address alone is
    version 2 (25 modules) and with the 128-bit secret version 3 (29 modules): both fit the
    panel at 2 px per module (in one byte-mode segment the secret made it version 4, 1 px).
    """
    import segno  # only once a QR code is drawn: not in the way of the first frame
    from segno import consts

    base, hash_, fragment = url.partition("#")
    plain = base.split("?")[0].count("/") <= 3 and set(base.upper()) <= ALPHANUMERIC
    segments = [(base.upper(), consts.MODE_ALPHANUMERIC) if plain else (base, consts.MODE_BYTE)]
    if hash_:
        segments.append((hash_ + fragment, consts.MODE_BYTE))
    code = segno.make_qr(segments, error="l", boost_error=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def qr_fits(url: str) -> bool:
    """Whether `url`'s QR code is drawn at 2 px per module or more (`draw_qr` in `QR_SIDE`
    with a 1-module quiet zone): at 1 px phones' cameras read it off the panel poorly."""
    return QR_SIDE // (len(qr_matrix(url)) + 2) >= 2


def draw_qr(canvas: Canvas, url: str, x: int, y: int, size: int) -> int:
    """A QR code in normal polarity (dark modules on a lit quiet zone) within a size×size
    square at (x, y). Returns the width used."""
    matrix = qr_matrix(url)
    border = QR_BORDER
    if size // (len(matrix) + 2 * border) < 2:  # a pairing secret makes it version 3:
        border = 1  # 2 px per module with a 1-module quiet zone beats 1 px per module
    modules = len(matrix) + 2 * border
    scale = max(1, size // modules)
    side = modules * scale
    canvas.draw.rectangle((x, y, x + side - 1, y + side - 1), fill=LIT)
    for row, cells in enumerate(matrix):
        for col, dark in enumerate(cells):
            if dark:
                px = x + (col + border) * scale
                py = y + (row + border) * scale
                canvas.draw.rectangle((px, py, px + scale - 1, py + scale - 1), fill=DARK)
    return side


def pairing(canvas: Canvas, pairing: dict[str, Any], state: dict[str, Any] | None,
            lang: str) -> None:
    """QR code of the phone page beside the game's name and the pairing PIN."""
    left = 0
    url = pairing.get("qr") or pairing.get("url")  # "qr": the address with its secret
    if url:
        side = draw_qr(canvas, str(url), 0, (HEIGHT - QR_SIDE) // 2, QR_SIDE)
        left = side + 3
    title = GAME_TITLES.get((state or {}).get("game"), "") or text("no_game", lang)
    canvas.text((left, 0, WIDTH, 16), title, 13, align="center")
    canvas.text((left, 17, WIDTH, 31), text("scan", lang), 11, align="center")
    pin = pairing.get("pin")
    if pin:
        canvas.text((left, 33, WIDTH, 45), text("pin", lang), 11, align="center")
        canvas.text((left, 46, WIDTH, HEIGHT), str(pin), 18, align="center")


def wifi(canvas: Canvas, wifi: dict[str, Any], lang: str) -> None:
    """The box's own Wi-Fi: its QR code (phones join by scanning) beside its name and
    password (for those who type)."""
    qr = wifi.get("qr")
    left = draw_qr(canvas, str(qr), 0, (HEIGHT - QR_SIDE) // 2, QR_SIDE) + 2 if qr else 0
    password = str(wifi.get("password", ""))
    half = (len(password) + 1) // 2  # a generated one (12 characters) in two lines of six
    rows = (text("wifi_join", lang), str(wifi.get("ssid", "")), text("wifi_password", lang),
            password[:half], password[half:])
    for i, line in enumerate(rows):
        canvas.text((left, i * 13, WIDTH, i * 13 + 12), line, 11, align="center",
                    shorten=i in (1, 3, 4))  # a configured long name or password: the QR has it


def race(canvas: Canvas, race: dict[str, Any], lang: str) -> None:
    """Countdown, "How Ruck!", "Stopp! <name>", a tie's "draw a card", a false start."""
    phase = race.get("phase")
    decision = race.get("decision") or {}
    if race.get("false_start") and phase in ("countdown", "running"):
        canvas.text((0, 0, WIDTH, 26), text("false_start", lang), 20, align="center")
        canvas.text((0, 30, WIDTH, HEIGHT), race["false_start"], 22, align="center",
                    shorten=True)
    elif phase == "countdown":
        canvas.text((0, 0, WIDTH, 18), text("ready", lang), 14, align="center")
        canvas.text((0, 20, WIDTH, HEIGHT), str(race.get("countdown", "")), 40, align="center")
    elif phase == "running":
        canvas.text((0, 8, WIDTH, HEIGHT - 8), "How Ruck!", 26, align="center")
    elif decision.get("tie"):
        canvas.text((0, 2, WIDTH, 30), text("tie", lang), 24, align="center")
        canvas.text((0, 34, WIDTH, HEIGHT - 2), text("draw_card", lang), 16, align="center")
    else:
        headline = text("false_start", lang) if decision.get("reason") == "false_start" \
            else text("stopp", lang)
        canvas.text((0, 0, WIDTH, 22), headline, 18, align="center")
        canvas.text((0, 24, WIDTH, 50), str(decision.get("winner") or ""), 22, align="center",
                    shorten=True)
        gap = _gap_ms(decision.get("times_ms") or {})
        if gap is not None:
            canvas.text((0, 51, WIDTH, HEIGHT), f"+{decimal(gap, lang)} ms", 11, align="center")


def _gap_ms(times_ms: dict[str, float]) -> float | None:
    """How far ahead the winner pressed (None unless two players pressed)."""
    times = sorted(times_ms.values())
    return times[1] - times[0] if len(times) >= 2 else None


def round_won(canvas: Canvas, banner: dict[str, Any], lang: str) -> None:
    canvas.text((0, 0, WIDTH, 26), str(banner.get("player", "")), 22, align="center",
                shorten=True)
    canvas.text((0, 28, WIDTH, 44), text("wins_round", lang), 13, align="center")
    barrels = banner.get("barrels") or {}
    if barrels:
        score = " : ".join(str(n) for n in barrels.values())
        canvas.text((0, 46, WIDTH, HEIGHT), score, 16, align="center")


def game_won(canvas: Canvas, winner: str | list[str] | None, lang: str,
             score: str = "") -> None:
    """The end of a game: who won (a pair together: "Ben & Opa win the game"), or a draw
    (`winner` None; never told by the name: a Tauziehen player may be called "draw")."""
    if winner is None:
        canvas.text((0, 4, WIDTH, 34), text("draw_game", lang), 20, align="center")
    else:
        team = isinstance(winner, list)
        name = " & ".join(winner) if team else winner
        canvas.text((0, 0, WIDTH, 26), name, 22, align="center", shorten=True)
        canvas.text((0, 28, WIDTH, 44), text("win_game" if team else "wins_game", lang), 13,
                    align="center")
    if score:
        canvas.text((0, 46, WIDTH, HEIGHT), score, 16, align="center")


def starting(canvas: Canvas, lang: str) -> None:
    """The start-up splash (drawn ahead, see devices/splash.py): the companion is waking."""
    canvas.text((0, 6, WIDTH, 30), "companion", 18, align="center")
    canvas.text((0, 36, WIDTH, 56), text("starting", lang), 16, align="center")


def stopped(canvas: Canvas, lang: str) -> None:
    canvas.text((0, 6, WIDTH, 30), "companion", 18, align="center")
    canvas.text((0, 36, WIDTH, 56), text("stopped", lang), 16, align="center")


# A notice's lines (`text` keys): a title on a lit bar, what happened, what to do.
NOTICES: dict[str, tuple[str, str, str | None]] = {
    "box_gone": ("box_title", "box_gone", "box_check"),
    "box_back": ("box_title", "box_back", None),
    "offline": ("offline_title", "offline_said", "offline_hint"),  # instead of pairing
}


def notice(canvas: Canvas, key: str, lang: str) -> None:
    """The button box is gone (or back): shown for a few seconds at a time (daemon/links.py),
    its title dark on a lit bar so that it does not pass for a game's screen. Or no network
    (``offline``): shown instead of a pairing QR code no phone could use."""
    title, said, hint = NOTICES[key]
    canvas.draw.rectangle((1, 0, WIDTH - 2, 19), fill=LIT)
    canvas.text((3, 1, WIDTH - 3, 18), text(title, lang), 15, align="center", fill=DARK)
    canvas.text((1, 23, WIDTH - 1, 42), text(said, lang), 15, align="center")
    if hint:
        canvas.text((1, 47, WIDTH - 1, HEIGHT - 1), text(hint, lang), 12, align="center")
