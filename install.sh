#!/bin/sh
# Install (or upgrade, or remove) the companion on a Raspberry Pi running Raspberry Pi OS.
#
#   sudo ./install.sh                 install, or upgrade in place (config and games kept)
#   sudo ./install.sh --uninstall     remove the program and service; keep config and games
#   sudo ./install.sh --uninstall --purge   remove config, games database and user as well
#   sudo ./install.sh --root DIR      install into DIR instead of / (an image being prepared)
#
# It creates /opt/companion/venv with the package and the Pi's pin backend (lgpio), a system
# user "companion" in the gpio, i2c and dialout groups, a commented /etc/companion/config.toml
# (only when there is none), the systemd service and the udev rule for the USB button box,
# then enables and (re)starts the service. Games live in /var/lib/companion.
# COMPANION_PIP_ARGS adds arguments to pip (e.g. "--no-index --find-links DIR" offline).
set -eu

ROOT=/
MODE=install
PURGE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOT=$2; shift 2 ;;
        --uninstall) MODE=uninstall; shift ;;
        --purge) PURGE=1; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

SRC=$(cd "$(dirname "$0")" && pwd)
ROOT=${ROOT%/}
PREFIX=$ROOT/opt/companion
VENV=$PREFIX/venv
ETC=$ROOT/etc/companion
UNIT=$ROOT/etc/systemd/system/companion.service
WANTS=$ROOT/etc/systemd/system/multi-user.target.wants/companion.service
UDEV=$ROOT/etc/udev/rules.d/99-companion-buttons.rules
DATA=$ROOT/var/lib/companion
LIVE=0
[ -z "$ROOT" ] && LIVE=1
USER_NAME=companion
GROUPS_NEEDED="gpio i2c dialout"

say() { printf 'companion: %s\n' "$*"; }
die() { printf 'companion: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run me as root: sudo $0 $*"
if [ "$LIVE" = 1 ]; then ROOT_OPT=""; else ROOT_OPT="--root $ROOT"; fi

has_group() { grep -q "^$1:" "$ROOT/etc/group" 2>/dev/null; }
has_user() { grep -q "^$1:" "$ROOT/etc/passwd" 2>/dev/null; }

install_all() {
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "Python 3.11 or newer is needed (Raspberry Pi OS Bookworm has it)"
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating $VENV"
        mkdir -p "$PREFIX"
        if ! python3 -c 'import ensurepip' 2>/dev/null && [ "$LIVE" = 1 ] \
                && command -v apt-get >/dev/null; then
            say "installing python3-venv (Raspberry Pi OS Lite may lack it)"
            apt-get install -y python3-venv
        fi
        python3 -m venv "$VENV"
    fi
    say "installing the companion into $VENV"
    # shellcheck disable=SC2086  # COMPANION_PIP_ARGS is a list of words
    "$VENV/bin/pip" install --quiet --upgrade ${COMPANION_PIP_ARGS:-} "$SRC[pi]"
    cp "$SRC/README.md" "$SRC/wiring.md" "$PREFIX/"

    for group in $GROUPS_NEEDED; do
        has_group "$group" || groupadd --system $ROOT_OPT "$group"
    done
    if ! has_user "$USER_NAME"; then
        say "creating the system user $USER_NAME"
        useradd --system --user-group --no-create-home --home-dir /var/lib/companion \
            --shell /usr/sbin/nologin $ROOT_OPT "$USER_NAME"
    fi
    usermod --append --groups "$(echo $GROUPS_NEEDED | tr ' ' ',')" $ROOT_OPT "$USER_NAME"

    if [ -e "$ETC/config.toml" ]; then
        say "keeping your $ETC/config.toml"
    else
        install -D -m 0644 "$SRC/examples/config.toml" "$ETC/config.toml"
        say "wrote $ETC/config.toml (every key commented; edit pins, display, language)"
    fi
    install -d -m 0750 "$DATA"
    install -D -m 0644 "$SRC/systemd/companion.service" "$UNIT"
    install -D -m 0644 "$SRC/hardware/99-companion-buttons.rules" "$UDEV"

    if [ "$LIVE" = 1 ]; then
        udevadm control --reload 2>/dev/null || true
        systemctl daemon-reload
        systemctl enable companion.service
        systemctl restart companion.service
        say "running: journalctl -u companion -f shows its log"
    else
        mkdir -p "$(dirname "$WANTS")"
        ln -sf /etc/systemd/system/companion.service "$WANTS"
        say "enabled in $ROOT (starts on its first boot)"
    fi
    if ! ls /dev/i2c-* >/dev/null 2>&1; then
        say "I2C is off: switch it on with  sudo raspi-config nonint do_i2c 0  and reboot"
    fi
    say "check the set-up with  $VENV/bin/companion doctor --config /etc/companion/config.toml"
}

uninstall_all() {
    if [ "$LIVE" = 1 ]; then
        systemctl disable --now companion.service 2>/dev/null || true
    fi
    rm -f "$WANTS" "$UNIT" "$UDEV"
    rm -rf "$PREFIX"
    if [ "$LIVE" = 1 ]; then systemctl daemon-reload; fi
    if [ "$PURGE" = 1 ]; then
        rm -rf "$ETC" "$DATA"
        if has_user "$USER_NAME"; then userdel $ROOT_OPT "$USER_NAME"; fi
        say "removed, with the configuration and the games database"
    else
        say "removed; kept $ETC and the games in $DATA (--purge removes them)"
    fi
}

if [ "$MODE" = install ]; then install_all; else uninstall_all; fi
