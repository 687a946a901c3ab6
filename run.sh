#!/usr/bin/env bash
# Installs what the companion needs (a virtual environment in .venv) and starts it.
# On a laptop it runs in simulation: mock buttons, an emulated OLED, the phone page on
# http://127.0.0.1:8080 . Extra arguments go to `companion run` (see --help).
set -euo pipefail
cd "$(dirname "$0")"
. ./scripts/venv.sh ""  # no extras (and not run.sh's own arguments)
exec .venv/bin/companion run "$@"
