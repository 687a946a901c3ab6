"""Who may change things: a PIN shown on the OLED, entered once per phone.

Watching needs nothing; changing anything needs a paired session. The PIN (6 digits) is
shown on the OLED and the simulation terminal; a phone that enters it gets a random session
token (kept as a cookie; only its SHA-256 is stored, in the data directory, so phones stay
paired across restarts). Wrong PINs are limited: after `MAX_TRIES` wrong tries from one
address it is locked out for `LOCK_S`; after `MAX_TRIES_ALL` wrong tries from anywhere within
`WINDOW_S` every address is locked out (against guessing from many addresses). Drawing a new
PIN (the OK button held, or the page) does not unpair phones already paired.

Owned by the hub thread like all state: the web calls it through `hub.call`.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from companion.daemon.atomic import write_atomically
from companion.rules import Refusal

MAX_TRIES = 5
LOCK_S = 60.0
MAX_TRIES_ALL = 20
WINDOW_S = 600.0
MAX_TOKENS = 200


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Pairing:
    def __init__(self, path: Path | None, clock: Callable[[], float],
                 new_pin: Callable[[], str] | None = None) -> None:
        self.path = path
        self.clock = clock
        self._new_pin = new_pin or (lambda: f"{secrets.randbelow(10**6):06d}")
        self.pin = self._new_pin()
        self._wrong: dict[str, list[float]] = {}  # client → times of wrong tries
        self._locked_until: dict[str, float] = {}
        self._tokens: dict[str, float] = self._load()  # sha256(token) → when paired (epoch)

    # --- PIN ------------------------------------------------------------------------------
    def draw_pin(self) -> str:
        self.pin = self._new_pin()
        self._wrong.clear()
        self._locked_until.clear()
        return self.pin

    def pair(self, pin: object, client: str) -> str:
        """A session token for the right PIN; a refusal (wrong_pin, pairing_locked) else."""
        now = self.clock()
        locked = max(self._locked_until.get(client, 0.0), self._locked_until.get("*", 0.0))
        if locked > now:
            raise Refusal("pairing_locked", seconds=int(locked - now) + 1)
        if not isinstance(pin, str) or not secrets.compare_digest(pin.strip(), self.pin):
            tries = [t for t in self._wrong.get(client, []) if now - t < WINDOW_S] + [now]
            self._wrong[client] = tries
            everyone = sum(1 for ts in self._wrong.values() for t in ts if now - t < WINDOW_S)
            if everyone >= MAX_TRIES_ALL:
                self._locked_until["*"] = now + LOCK_S * 5
            if len(tries) >= MAX_TRIES:
                self._locked_until[client] = now + LOCK_S
                self._wrong[client] = []
                raise Refusal("pairing_locked", seconds=int(LOCK_S))
            raise Refusal("wrong_pin", tries_left=MAX_TRIES - len(tries))
        self._wrong.pop(client, None)
        token = secrets.token_urlsafe(32)
        self._tokens[_digest(token)] = time.time()
        if len(self._tokens) > MAX_TOKENS:  # forget the oldest phones
            for old in sorted(self._tokens, key=self._tokens.get)[:-MAX_TOKENS]:
                del self._tokens[old]
        self._save()
        return token

    def paired(self, token: str | None) -> bool:
        return bool(token) and _digest(token) in self._tokens

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
        if self.path is None:
            return
        write_atomically(self.path, json.dumps({"tokens": self._tokens}))
