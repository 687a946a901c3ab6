#!/usr/bin/env bash
# Installs what the tests need and runs the whole suite (and ruff).
set -euo pipefail
cd "$(dirname "$0")"
. ./scripts/venv.sh test
.venv/bin/ruff check .
exec .venv/bin/python -m pytest "$@"
