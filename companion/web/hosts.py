"""Against DNS rebinding: only requests addressed to this companion are served.

A page on another site can make its own name resolve to the table's address; the browser then
sends our requests with that foreign name in `Host` (and its cookies for it, none of ours,
but a rebound page can still read watcher data or pair by PIN guessing). So `Host` must be
an IP literal, `localhost`, this machine's hostname (with or without `.local`), or the name in
the configured page address. Anything else is refused with ``foreign_host`` before routing.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit


def own_names(page_url: str) -> frozenset[str]:
    """The host names this companion answers to (lower case, no trailing dot)."""
    names = {"localhost", "localhost.localdomain"}
    hostname = socket.gethostname().lower().rstrip(".")
    if hostname:
        first = hostname.split(".")[0]  # the name Avahi gives (name.local): address.py
        names |= {hostname, f"{hostname}.local", first, f"{first}.local"}
    page_host = (urlsplit(page_url).hostname or "").lower().rstrip(".")
    if page_host:
        names.add(page_host)
    return frozenset(names)


def host_name(host: str) -> str:
    """The name part of a `Host` header value ("[::1]:8080" → "::1", "Pi.local." → "pi.local")."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    name, _, port = host.rpartition(":")
    if name and port.isdigit():
        host = name
    return host.rstrip(".")


def allowed_host(host: str, names: frozenset[str]) -> bool:
    name = host_name(host)
    if name in names:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True
