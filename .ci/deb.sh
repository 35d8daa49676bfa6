#!/usr/bin/env bash
# The Debian package of a built tree (README "Install"): `cpack -G DEB`, its control fields and
# files, lintian without errors (when installed), and the packaged programs run from the
# package's files unpacked into a temporary folder. Nothing is installed on this machine (apt
# install of the package is checked by hand: see game/dist). Usage: .ci/deb.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
build=$(cd "$build" && pwd)
rm -f "$build"/arena_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
debs=("$build"/arena_*.deb)
deb=${debs[0]}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "deb: $*" >&2
    exit 1
}

[ "$(dpkg-deb -f "$deb" Package)" = arena ] || fail "package name is not arena"
[ "$(dpkg-deb -f "$deb" Section)" = games ] || fail "section is not games"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libsdl2-2.0-0 libsdl2-image-2.0-0 libpng16-16 libwebsockets17; do
    [[ "$depends" == *"$lib "* ]] || fail "Depends lacks $lib: $depends"
done
dpkg-deb -x "$deb" "$tmp/root"
u=$tmp/root/usr
for f in games/arena games/arena-map games/arena-bench games/arena-server games/arena-lobby \
    share/arena/sprites/agent.png \
    share/arena/maps/arena.png share/applications/io.github.arena.Arena.desktop \
    share/icons/hicolor/256x256/apps/io.github.arena.Arena.png \
    share/metainfo/io.github.arena.Arena.metainfo.xml share/man/man6/arena.6.gz \
    share/man/man6/arena-server.6.gz share/man/man6/arena-lobby.6.gz \
    share/man/man1/arena-map.1.gz share/man/man1/arena-bench.1.gz share/doc/arena/copyright \
    share/doc/arena/changelog.gz; do
    [ -f "$u/$f" ] || fail "the package has no /usr/$f"
done
cd "$tmp"
"$u/games/arena" --headless --ticks 30 | grep -q '^ticks: 30$' || fail "the packaged game did not run"
timeout 60 "$u/games/arena-server" --listen 127.0.0.1:0 --once --ticks 30 --bots 4 | grep -q '^ticks: 30$' ||
    fail "the packaged server did not run"
# The packaged lobby finds the packaged server beside it and answers its health check.
"$u/games/arena-lobby" --listen 127.0.0.1:0 >lobby.txt &
lobby=$!
port=
for _ in $(seq 50); do
    port=$(sed -n 's/^listening http:\/\/127\.0\.0\.1://p' lobby.txt)
    [ -n "$port" ] && break
    sleep 0.1
done
health=$(exec 3<>"/dev/tcp/127.0.0.1/${port:-9}" && printf 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n' >&3 &&
    timeout 10 cat <&3 || true)
kill "$lobby"
wait "$lobby" || true
[[ "$health" == *$'\r\n\r\nok'* ]] || fail "the packaged lobby did not answer /health"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$u/games/arena" --screenshot shot.png --ticks 5 >/dev/null
[ -s shot.png ] || fail "the packaged game drew no screenshot"
if command -v lintian >/dev/null; then
    status=0
    lintian "$deb" >lintian.txt 2>&1 || status=$?
    grep -v '^running with root privileges' lintian.txt || true
    [ "$status" = 0 ] || fail "lintian reports errors"
else
    echo "skipped: lintian (Debian package lintian) is not installed"
fi
echo "deb: $(basename "$deb"): Depends: $depends; unpacked and run: ok"
