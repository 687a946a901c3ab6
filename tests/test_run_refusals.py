"""`companion run` refusing to start says why and what to do, in the terminal's language."""

from __future__ import annotations

import os
import socket
import subprocess
import sys


def test_a_port_in_use_says_to_stop_the_other_or_choose_another_port(tmp_path):
    """Was "cannot start: [Errno 98] the page's address 0.0.0.0:8080: Address already in
    use": errno and the C library's English, and no way out."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL")}
        env["LANG"] = "de_DE.UTF-8"
        done = subprocess.run([sys.executable, "-m", "companion", "run", "--simulate",
                               "--host", "127.0.0.1", "--port", str(port),
                               "--data", str(tmp_path)], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, env=env, timeout=60)
    assert done.returncode == 2
    said = done.stderr.splitlines()[-1]
    assert said == (f"companion: kann nicht starten: Die Adresse der Seite 127.0.0.1:{port} "
                    "ist schon belegt (vielleicht von einem companion, der schon läuft). "
                    "Beende das andere Programm oder wähle einen anderen Port mit --port "
                    "oder [web] port."), said
    assert "Traceback" not in done.stderr
