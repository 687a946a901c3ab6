"""Child process for the settings crash test: a simulated daemon with its web server, and
a paired phone saving settings over HTTP in a loop. Save i sets the language and the race's
tie window together (LANGS[i % 3], 10 + i); "ack i" is printed after the 200."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from web_helpers import Client, web_daemon

LANGS = ("en", "de", "nl")


def main(data_dir: str) -> None:
    daemon = web_daemon(Path(data_dir))
    client = Client(daemon.web.port)
    client.pair(daemon)
    for i in range(100_000):
        status, body, _ = client.request("PUT", "/api/settings", {
            "language": LANGS[i % 3], "hardware": {"race": {"tie_window_ms": 10 + i % 900}}})
        assert status == 200, body
        sys.stdout.write(f"ack {i}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1])
