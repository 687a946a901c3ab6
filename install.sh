#!/bin/sh
# Install (or upgrade, or remove) the companion on a Raspberry Pi running Raspberry Pi OS.
#
#   sudo ./install.sh                 install, or upgrade (config, games and pairings kept)
#   sudo ./install.sh --rollback      go back to the version before the last upgrade
#   sudo ./install.sh --i2c-400k      also set the I2C bus to 400 kHz (--no-i2c-400k: don't ask)
#   sudo ./install.sh --uninstall     remove the program and service; keep config and games
#   sudo ./install.sh --uninstall --purge   remove config, games database and user as well
#   sudo ./install.sh --root DIR      install into DIR instead of / (an image being prepared)
#
# Each version gets its own venv in /opt/companion/versions/<time>, with the package and the
# Pi's pin backend (lgpio), built beside the running one and checked (companion doctor
# --offline) before anything is switched; /opt/companion/current then points at it (one
# atomic rename), /opt/companion/previous at the one before, /opt/companion/venv at
# current/venv (the service's path). If the restarted service does not come up, the old
# version is switched back and restarted by itself. Also: a system user "companion" in the
# gpio, i2c and dialout groups, a commented /etc/companion/config.toml (only when there is
# none), the systemd service and the udev rule for the USB button box. Games live in
# /var/lib/companion. COMPANION_PIP_ARGS adds arguments to pip (e.g. "--no-index
# --find-links DIR" offline); COMPANION_SETTLE_S (seconds, default 5) is how long the
# restarted service must stay up to count as up.
set -eu

ROOT=/
MODE=install
PURGE=0
I2C_FAST=ask
while [ $# -gt 0 ]; do
    case "$1" in
        --root)
            [ $# -ge 2 ] && [ -n "$2" ] || { echo "install.sh: --root needs a folder (see --help)" >&2; exit 2; }
            ROOT=$2; shift 2 ;;
        --uninstall) MODE=uninstall; shift ;;
        --rollback) MODE=rollback; shift ;;
        --purge) PURGE=1; shift ;;
        --i2c-400k) I2C_FAST=yes; shift ;;
        --no-i2c-400k) I2C_FAST=no; shift ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

SRC=$(cd "$(dirname "$0")" && pwd)
ROOT=${ROOT%/}
PREFIX=$ROOT/opt/companion
VENV=$PREFIX/venv
VERSIONS=$PREFIX/versions
CURRENT=$PREFIX/current
PREVIOUS=$PREFIX/previous
ETC=$ROOT/etc/companion
UNIT=$ROOT/etc/systemd/system/companion.service
WANTS=$ROOT/etc/systemd/system/multi-user.target.wants/companion.service
UDEV=$ROOT/etc/udev/rules.d/99-companion-buttons.rules
DATA=$ROOT/var/lib/companion
LIVE=0
[ -z "$ROOT" ] && LIVE=1
# The service is controlled on a live system, or through a stand-in systemctl (the tests').
SYSTEMCTL=${COMPANION_SYSTEMCTL:-systemctl}
SERVICE=$LIVE
[ -n "${COMPANION_SYSTEMCTL:-}" ] && SERVICE=1
SETTLE_S=${COMPANION_SETTLE_S:-5}
BOOT_CONFIG=$ROOT/boot/firmware/config.txt
[ -e "$BOOT_CONFIG" ] || [ ! -e "$ROOT/boot/config.txt" ] || BOOT_CONFIG=$ROOT/boot/config.txt
USER_NAME=companion
GROUPS_NEEDED="gpio i2c dialout"

say() { printf 'companion: %s\n' "$*"; }
die() { printf 'companion: %s\n' "$*" >&2; exit 1; }

# --root: the companion's user and groups are added to the image's own user and group files;
# a folder without them is no system's root (said now, not by groupadd after the build).
if [ "$LIVE" = 0 ] && [ "$MODE" = install ]; then
    for file in etc/passwd etc/group; do
        [ -f "$ROOT/$file" ] || die "$ROOT/$file is missing: --root wants the root folder of a system (a mounted Raspberry Pi OS image's root file system), where the user $USER_NAME and its groups are added"
    done
fi
[ "$(id -u)" = 0 ] || die "run me as root: sudo $0 $*"
if [ "$LIVE" = 1 ]; then ROOT_OPT=""; else ROOT_OPT="--root $ROOT"; fi

has_group() { grep -q "^$1:" "$ROOT/etc/group" 2>/dev/null; }
has_user() { grep -q "^$1:" "$ROOT/etc/passwd" 2>/dev/null; }

# Points the symlink $1 at $2 in one step (a rename), so it is never missing or half-made.
switch_link() {
    ln -sfn "$2" "$1.new"
    mv -Tf "$1.new" "$1"
}

# The version a link points at ("" when none): a directory name under versions/.
target() { [ -L "$1" ] && basename "$(readlink "$1")" || true; }

# An install from before versions existed: its venv becomes the version "legacy".
adopt_old_layout() {
    if [ -d "$VENV" ] && [ ! -L "$VENV" ]; then
        say "moving the installed version to $VERSIONS/legacy"
        mkdir -p "$VERSIONS/legacy"
        mv "$VENV" "$VERSIONS/legacy/venv"
        switch_link "$CURRENT" versions/legacy
    fi
}

service_up() {
    # Type=notify: the restart returns once the daemon said READY; it must then stay up.
    "$SYSTEMCTL" restart companion.service || return 1
    settled=0
    while [ "$settled" -lt "$SETTLE_S" ]; do
        sleep 1
        settled=$((settled + 1))
        "$SYSTEMCTL" is-active --quiet companion.service || return 1
    done
}

build_version() {
    id=$(date -u +%Y%m%d-%H%M%S)
    [ -e "$VERSIONS/$id" ] && id="$id-$$"
    NEW=$VERSIONS/$id
    say "building the new version beside the running one: $NEW"
    mkdir -p "$VERSIONS"
    if ! python3 -m venv "$NEW/venv"; then
        rm -rf "$NEW"
        die "could not create a venv (python3-venv missing?); the installed version is untouched"
    fi
    # shellcheck disable=SC2086  # COMPANION_PIP_ARGS is a list of words
    if ! "$NEW/venv/bin/pip" install --quiet ${COMPANION_PIP_ARGS:-} "$SRC[pi]"; then
        rm -rf "$NEW"
        die "the new version did not install (pip failed); the installed version is untouched"
    fi
    cp "$SRC/README.md" "$SRC/wiring.md" "$NEW/"
    check_config=""
    [ -e "$ETC/config.toml" ] && check_config="--config $ETC/config.toml"
    # shellcheck disable=SC2086
    if ! "$NEW/venv/bin/companion" doctor --offline $check_config; then
        rm -rf "$NEW"
        die "the new version failed its check; the installed version is untouched"
    fi
}

set_i2c_400k() {
    line="dtparam=i2c_arm_baudrate=400000"
    if [ ! -e "$BOOT_CONFIG" ]; then
        say "no $BOOT_CONFIG: the I2C speed is left as it is"
        return 0
    fi
    if grep -q "^$line\$" "$BOOT_CONFIG"; then
        say "I2C is already set to 400 kHz in $BOOT_CONFIG"
        return 0
    fi
    cp "$BOOT_CONFIG" "$BOOT_CONFIG.companion-backup"
    if grep -q "^dtparam=i2c_arm_baudrate=" "$BOOT_CONFIG"; then
        sed -i "s/^dtparam=i2c_arm_baudrate=.*/$line/" "$BOOT_CONFIG"
        say "changed the I2C speed to 400 kHz in $BOOT_CONFIG (was: see $BOOT_CONFIG.companion-backup); reboot to use it"
    else
        printf '\n# companion: the OLED at 400 kHz (a frame in ~25 ms instead of ~100 ms)\n[all]\n%s\n' "$line" >> "$BOOT_CONFIG"
        say "set the I2C bus to 400 kHz in $BOOT_CONFIG (added $line); reboot to use it"
    fi
}

offer_i2c_400k() {
    case "$I2C_FAST" in
        yes) set_i2c_400k ;;
        no) ;;
        ask)
            if [ -t 0 ] && [ -e "$BOOT_CONFIG" ] && ! grep -q "^dtparam=i2c_arm_baudrate=400000\$" "$BOOT_CONFIG"; then
                printf 'companion: set the I2C bus to 400 kHz (the display draws 4x faster)? [Y/n] '
                read -r answer || answer=n
                case "$answer" in [nN]*) say "I2C speed left as it is (--i2c-400k sets it later)" ;; *) set_i2c_400k ;; esac
            fi ;;
    esac
}

install_all() {
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "Python 3.11 or newer is needed (Raspberry Pi OS Bookworm has it)"
    if ! python3 -c 'import ensurepip' 2>/dev/null && [ "$LIVE" = 1 ] \
            && command -v apt-get >/dev/null; then
        say "installing python3-venv (Raspberry Pi OS Lite may lack it)"
        apt-get install -y python3-venv
    fi
    adopt_old_layout
    build_version

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
    offer_i2c_400k

    old=$(target "$CURRENT")
    before=$(target "$PREVIOUS")
    switch_link "$CURRENT" "versions/$id"
    [ -n "$old" ] && switch_link "$PREVIOUS" "versions/$old"
    [ -L "$VENV" ] || switch_link "$VENV" current/venv
    say "switched to $id${old:+ (previous: $old)}"

    if [ "$SERVICE" = 1 ]; then
        [ "$LIVE" = 1 ] && { udevadm control --reload 2>/dev/null || true; }
        "$SYSTEMCTL" daemon-reload
        "$SYSTEMCTL" enable companion.service
        if ! service_up; then
            if [ -n "$old" ]; then
                switch_link "$CURRENT" "versions/$old"
                if [ -n "$before" ]; then switch_link "$PREVIOUS" "versions/$before"; else rm -f "$PREVIOUS"; fi
                rm -rf "${VERSIONS:?}/$id"
                "$SYSTEMCTL" restart companion.service || true
                die "the new version did not come up: switched back to $old and restarted it (journalctl -u companion shows why)"
            fi
            die "the service did not come up: journalctl -u companion shows why"
        fi
        say "running: journalctl -u companion -f shows its log"
    else
        mkdir -p "$(dirname "$WANTS")"
        ln -sf /etc/systemd/system/companion.service "$WANTS"
        say "enabled in $ROOT (starts on its first boot)"
    fi
    # keep the running version and the one before it; older ones go
    for dir in "$VERSIONS"/*; do
        name=$(basename "$dir")
        [ "$name" = "$id" ] || [ "$name" = "$old" ] || rm -rf "$dir"  # (none left: *)
    done
    if [ "$LIVE" = 1 ] && ! ls /dev/i2c-* >/dev/null 2>&1; then
        say "I2C is off: switch it on with  sudo raspi-config nonint do_i2c 0  and reboot"
    fi
    say "something not working? sudo systemctl stop companion, then"
    say "  sudo -u companion $VENV/bin/companion doctor --config /etc/companion/config.toml --data /var/lib/companion"
}

rollback() {
    back=$(target "$PREVIOUS")
    now=$(target "$CURRENT")
    [ -n "$back" ] && [ -d "$VERSIONS/$back" ] || die "there is no previous version to go back to"
    switch_link "$CURRENT" "versions/$back"
    switch_link "$PREVIOUS" "versions/$now"
    say "switched back to $back (from $now; --rollback again returns to it)"
    if [ "$SERVICE" = 1 ]; then
        service_up || die "the service did not come up on $back: journalctl -u companion shows why"
        say "running $back"
    fi
}

uninstall_all() {
    if [ "$SERVICE" = 1 ]; then
        "$SYSTEMCTL" disable --now companion.service 2>/dev/null || true
    fi
    rm -f "$WANTS" "$UNIT" "$UDEV"
    rm -rf "$PREFIX"
    if [ "$SERVICE" = 1 ]; then "$SYSTEMCTL" daemon-reload; fi
    if [ "$PURGE" = 1 ]; then
        rm -rf "$ETC" "$DATA"
        if has_user "$USER_NAME"; then userdel $ROOT_OPT "$USER_NAME"; fi
        say "removed, with the configuration and the games database"
    else
        say "removed; kept $ETC and the games in $DATA (--purge removes them)"
    fi
}

case "$MODE" in
    install) install_all ;;
    rollback) rollback ;;
    *) uninstall_all ;;
esac
