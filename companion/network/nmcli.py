"""NetworkManager through its command line, `nmcli` (Raspberry Pi OS Bookworm's default).

Only terse output is parsed (``-t``: fields separated by ``:``, a ``:`` inside a field
escaped as ``\\:``). Every failure (no `nmcli`, NetworkManager not running, a refusal, a
hang) becomes one `NmcliError` with a sentence for the log and `companion doctor`.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

HOTSPOT = "companion-hotspot"  # the name of the access point's connection profile
WIFI = "802-11-wireless"
ETHERNET = "802-3-ethernet"
LEASES = "/var/lib/NetworkManager/dnsmasq-{ifname}.leases"  # NM's shared mode: phones joined


class NmcliError(Exception):
    pass


def fields(line: str) -> list[str]:
    """One line of `nmcli -t` output split into its fields, escapes undone."""
    out, field, chars = [], [], iter(line)
    for char in chars:
        if char == "\\":
            field.append(next(chars, ""))
        elif char == ":":
            out.append("".join(field))
            field = []
        else:
            field.append(char)
    out.append("".join(field))
    return out


class Nmcli:
    def __init__(self, program: str = "nmcli", timeout_s: float = 20.0,
                 leases: str | None = None) -> None:
        self.program = program
        self.timeout_s = timeout_s
        self.leases = leases

    def run(self, *args: str) -> str:
        try:
            done = subprocess.run([self.program, *args], capture_output=True, text=True,
                                  timeout=self.timeout_s, stdin=subprocess.DEVNULL)
        except FileNotFoundError:
            raise NmcliError("nmcli is not installed (NetworkManager: Raspberry Pi OS "
                             "Bookworm has it)") from None
        except subprocess.TimeoutExpired:
            raise NmcliError(f"nmcli {' '.join(args[:3])} did not answer in "
                             f"{self.timeout_s:.0f} s") from None
        except OSError as exc:
            raise NmcliError(f"cannot run nmcli: {exc.strerror or exc}") from None
        if done.returncode != 0:
            why = (done.stderr or done.stdout).strip().splitlines()
            raise NmcliError(f"nmcli {' '.join(args[:3])} failed: "
                             f"{why[-1] if why else 'exit ' + str(done.returncode)}")
        return done.stdout

    def rows(self, *args: str) -> list[list[str]]:
        return [fields(line) for line in self.run("-t", *args).splitlines() if line]

    def wifi_device(self) -> str | None:
        """The first Wi-Fi interface (e.g. wlan0), or None."""
        for row in self.rows("-f", "DEVICE,TYPE,STATE", "device"):
            if len(row) >= 2 and row[1] == "wifi":
                return row[0]
        return None

    def active(self) -> list[tuple[str, str, str]]:
        """(name, type, device) of each active connection."""
        return [(r[0], r[1], r[2]) for r in self.rows("-f", "NAME,TYPE,DEVICE", "connection",
                                                      "show", "--active") if len(r) >= 3]

    def connected(self) -> str | None:
        """The network the box is on (a Wi-Fi or a cable), not its own access point."""
        for name, kind, _ in self.active():
            if name != HOTSPOT and kind in (WIFI, ETHERNET):
                return name
        return None

    def hotspot_up(self) -> bool:
        return any(name == HOTSPOT for name, _, _ in self.active())

    def known_wifi(self) -> dict[str, str]:
        """SSID → connection name of every saved Wi-Fi (the access point's own excluded)."""
        known = {}
        for row in self.rows("-f", "NAME,TYPE", "connection", "show"):
            if len(row) >= 2 and row[1] == WIFI and row[0] != HOTSPOT:
                ssid = self.run("-g", "802-11-wireless.ssid", "connection", "show",
                                row[0]).strip()
                known[ssid or row[0]] = row[0]
        return known

    def visible(self) -> set[str]:
        """The SSIDs in range now (a fresh scan)."""
        return {r[0] for r in self.rows("-f", "SSID", "device", "wifi", "list", "--rescan",
                                        "yes") if r and r[0]}

    def address(self, ifname: str) -> str | None:
        """The interface's IPv4 address (the access point's is 10.42.0.1 by default)."""
        for line in self.run("-g", "IP4.ADDRESS", "device", "show", ifname).splitlines():
            if line.strip():
                return line.strip().split("|")[0].split("/")[0]
        return None

    def start_hotspot(self, ifname: str, ssid: str, password: str) -> None:
        self.run("device", "wifi", "hotspot", "ifname", ifname, "con-name", HOTSPOT,
                 "ssid", ssid, "password", password)

    def stop_hotspot(self) -> None:
        self.run("connection", "down", HOTSPOT)

    def connect(self, name: str) -> None:
        self.run("connection", "up", name)

    def joined(self, ifname: str) -> int:
        """Phones that joined the access point (leases NetworkManager's dnsmasq handed out)."""
        try:
            text = Path((self.leases or LEASES).format(ifname=ifname)).read_text()
        except OSError:
            return 0
        return sum(1 for line in text.splitlines() if line.strip())
