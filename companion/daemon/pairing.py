"""Who may change things: a one-time secret in the OLED's QR code, or its PIN typed once.

Watching needs nothing; changing anything (and seeing the OLED's picture) needs a paired
session. The display shows the page's address as a QR code whose ``#fragment`` carries a
one-time secret (128 bits, `secrets.token_urlsafe(16)`), so scanning it pairs a phone with no
typing; the secret is replaced after every pairing and whenever a new PIN is drawn. The PIN
(6 digits) is shown beside it for typing. A paired phone gets a random session token (kept as
a cookie; only its SHA-256 is stored, in the data directory, so phones stay paired across
restarts).

Wrong tries are limited per address only (an IPv6 address counts by its /64): after
`MAX_TRIES` wrong tries an address waits `LOCK_S`, doubling with each further lock up to
`MAX_LOCK_S`. There is no global lock: wrong tries from other addresses never stop the PIN
on the display from working from a new address. Drawing a new PIN (the OK button held, or
the page) does not unpair phones already paired; `unpair_all` does.

Owned by the hub thread like all state: the web calls it through `hub.call`.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from companion.atomic import write_atomically
from companion.rules import Refusal

MAX_TRIES = 5
LOCK_S = 60.0
MAX_LOCK_S = 3600.0
WINDOW_S = 600.0
MAX_TOKENS = 200
MAX_ADDRESSES = 4096  # remembered wrong-try addresses (the oldest are forgotten)
SECRET_BYTES = 16  # 128 bits


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _matches(given: object, expected: str) -> bool:
    """Constant-time comparison of anything a client sent with a secret of ours."""
    if not isinstance(given, str):
        return False
    return secrets.compare_digest(given.strip().encode("utf-8", "replace"), expected.encode())


def address_key(client: str) -> str:
    """Whom the try limit counts: the address, an IPv6 one by its /64 (one device's
    privacy addresses share it)."""
    try:
        ip = ipaddress.ip_address(client)
    except ValueError:
        return client[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Pairing:
    def __init__(self, path: Path | None, clock: Callable[[], float],
                 new_pin: Callable[[], str] | None = None) -> None:
        self.path = path
        self.clock = clock
        self._new_pin = new_pin or (lambda: f"{secrets.randbelow(10**6):06d}")
        self.pin = self._new_pin()
        self.secret = secrets.token_urlsafe(SECRET_BYTES)  # the QR code's one-time secret
        self._wrong: dict[str, list[float]] = {}  # address → times of wrong tries
        self._locked_until: dict[str, float] = {}
        self._locks: dict[str, int] = {}  # address → locks so far (each one twice as long)
        self._tokens: dict[str, float] = self._load()  # sha256(token) → when paired (epoch)
        # What `paired` reads: a snapshot replaced (never changed) with every pairing, so a
        # web thread may ask without a trip through the hub's queue.
        self._known: frozenset[str] = frozenset(self._tokens)

    # --- PIN ------------------------------------------------------------------------------
    def draw_pin(self) -> str:
        """A new PIN and a new QR secret; every address may try again."""
        self.pin = self._new_pin()
        self.secret = secrets.token_urlsafe(SECRET_BYTES)
        self._wrong.clear()
        self._locked_until.clear()
        self._locks.clear()
        return self.pin

    def pair(self, pin: object, client: str, secret: object = None) -> str:
        """A session token for the right PIN or QR secret; a refusal (wrong_pin,
        pairing_locked) else. A wrong try of either counts against the client's address."""
        now = self.clock()
        key = address_key(client)
        locked = self._locked_until.get(key, 0.0)
        if locked > now:
            raise Refusal("pairing_locked", seconds=int(locked - now) + 1)
        right = _matches(secret, self.secret) if secret is not None else _matches(pin, self.pin)
        if not right:
            self._forget_old(now)
            tries = [t for t in self._wrong.get(key, []) if now - t < WINDOW_S] + [now]
            self._wrong[key] = tries
            if len(tries) >= MAX_TRIES:
                locks = self._locks.get(key, 0) + 1
                self._locks[key] = locks
                seconds = min(LOCK_S * 2 ** (locks - 1), MAX_LOCK_S)
                self._locked_until[key] = now + seconds
                self._wrong[key] = []
                raise Refusal("pairing_locked", seconds=int(seconds))
            raise Refusal("wrong_pin", tries_left=MAX_TRIES - len(tries))
        self._wrong.pop(key, None)
        self.secret = secrets.token_urlsafe(SECRET_BYTES)  # one pairing per secret
        token = secrets.token_urlsafe(32)
        self._tokens[_digest(token)] = time.time()
        if len(self._tokens) > MAX_TOKENS:  # forget the oldest phones
            for old in sorted(self._tokens, key=self._tokens.get)[:-MAX_TOKENS]:
                del self._tokens[old]
        self._save()
        return token

    def _forget_old(self, now: float) -> None:
        """Keep the per-address memory bounded (many addresses must not grow it forever)."""
        if len(self._wrong) < MAX_ADDRESSES:
            return
        for key in [k for k, ts in self._wrong.items() if not ts or now - ts[-1] >= WINDOW_S]:
            del self._wrong[key]
        while len(self._wrong) >= MAX_ADDRESSES:
            del self._wrong[next(iter(self._wrong))]
        for key in [k for k, t in self._locked_until.items() if t <= now]:
            self._locked_until.pop(key, None)

    def paired(self, token: str | None) -> bool:
        """Whether `token` is a paired phone's (any thread may ask)."""
        return bool(token) and _digest(token) in self._known

    def unpair_all(self) -> None:
        self._tokens.clear()
        self._save()

    # --- persistence: write, fsync, rename ------------------------------------------------
    def _load(self) -> dict[str, float]:
        if self.path is None:
            return {}
        try:
            data = json.loads(self.path.read_text())
            return {str(k): float(v) for k, v in data.get("tokens", {}).items()}
        except (OSError, ValueError, AttributeError):
            return {}

    def _save(self) -> None:
        self._known = frozenset(self._tokens)
        if self.path is None:
            return
        write_atomically(self.path, json.dumps({"tokens": self._tokens}))
