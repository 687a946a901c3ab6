#!/usr/bin/env bash
# Installs what the tests need and runs the whole suite (and ruff).
set -euo pipefail
cd "$(dirname "$0")"
. ./scripts/venv.sh test
# The browser tests drive Debian's Chromium (Playwright cannot download browsers here).
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  (apt-get install -y -q chromium >/dev/null 2>&1 || (apt-get update -q >/dev/null 2>&1 \
    && apt-get install -y -q chromium >/dev/null 2>&1)) || echo "test.sh: could not install chromium"
fi
# The club-play tests start Debian's Mosquitto broker on a free loopback port.
if ! [ -x /usr/sbin/mosquitto ] && ! command -v mosquitto >/dev/null 2>&1 && [ "$(id -u)" = 0 ] \
    && command -v apt-get >/dev/null; then
  (apt-get install -y -q mosquitto >/dev/null 2>&1 || (apt-get update -q >/dev/null 2>&1 \
    && apt-get install -y -q mosquitto >/dev/null 2>&1)) || echo "test.sh: could not install mosquitto"
fi
# The catalog tests check every translation with GNU msgfmt -c (Debian's gettext).
if ! command -v msgfmt >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  (apt-get install -y -q gettext >/dev/null 2>&1 || (apt-get update -q >/dev/null 2>&1 \
    && apt-get install -y -q gettext >/dev/null 2>&1)) || echo "test.sh: could not install gettext"
fi
# axe-core (npm) for the accessibility checks of the browser tests, cached in .cache/axe.
if [ ! -f .cache/axe/package/axe.min.js ] && command -v npm >/dev/null 2>&1; then
  (mkdir -p .cache/axe && cd .cache/axe && npm pack axe-core@4 --silent >/dev/null 2>&1 \
    && tar -xzf axe-core-*.tgz) || echo "test.sh: could not fetch axe-core"
fi
.venv/bin/ruff check .
exec .venv/bin/python -m pytest "$@"
