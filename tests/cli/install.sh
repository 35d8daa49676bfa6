#!/usr/bin/env bash
# cli.install.prefix: `cmake --install BUILD --prefix P` puts the three programs, the assets, the
# desktop entry, the icon, the AppStream metainfo and a manual page per program under P; the
# installed tree, moved elsewhere (and installed through DESTDIR), runs from there with the assets
# it finds beside itself, never the build tree's, and its programs hold no build path.
# Usage: install.sh BUILD_DIR SOURCE_DIR all|assets: `all` checks that no build or source path
# at all is in the programs; `assets` (builds with debug information or sanitizers, which name
# their sources) only that no path to the checkout's assets is.
set -euo pipefail
build=$1
src=$2
paths=$3
tmp=$(mktemp -d)
tmp=$(cd "$tmp" && pwd -P) # as the game sees its own folder: links resolved
# Installing rewrites the build's install_manifest.txt, the list of a real install's files
# (README "Install"): it is put back as it was.
manifest=$build/install_manifest.txt
if [ -f "$manifest" ]; then cp -p "$manifest" "$tmp/manifest"; fi
restore() {
    if [ -f "$tmp/manifest" ]; then cp -p "$tmp/manifest" "$manifest"; else rm -f "$manifest"; fi
    rm -rf "$tmp"
}
trap restore EXIT
fail() {
    echo "install: $*" >&2
    exit 1
}
# Runs the command, which must succeed; its output goes to $tmp/out.
run() {
    "$@" >"$tmp/out" 2>&1 || fail "$* failed: $(cat "$tmp/out")"
}
id=io.github.arena.Arena

cmake --install "$build" --prefix "$tmp/installed" >/dev/null
# A moved prefix: nothing in the installed programs may remember where they were put.
mv "$tmp/installed" "$tmp/moved"
p=$tmp/moved
for f in bin/arena bin/arena-map bin/arena-bench bin/arena-server bin/arena-lobby \
    share/arena/sprites/agent.png share/arena/sprites/font.png share/arena/maps/arena.png \
    share/arena/maps/ruins.png share/arena/maps/islands.png share/arena/maps/large.png \
    share/applications/$id.desktop share/icons/hicolor/256x256/apps/$id.png \
    share/metainfo/$id.metainfo.xml share/man/man6/arena.6.gz share/man/man6/arena-server.6.gz \
    share/man/man6/arena-lobby.6.gz \
    share/man/man1/arena-map.1.gz \
    share/man/man1/arena-bench.1.gz share/doc/arena/copyright; do
    [ -f "$p/$f" ] || fail "$f is not installed"
done
if [ "$paths" = all ]; then
    forbidden=("$src" "$build")
else
    forbidden=("$src/assets/sprites" "$src/assets/maps" "$build/share/arena")
fi
for b in arena arena-map arena-bench arena-server arena-lobby; do
    [ -x "$p/bin/$b" ] || fail "bin/$b is not executable"
    for d in "${forbidden[@]}"; do
        if grep -qF "$d" "$p/bin/$b"; then fail "bin/$b holds the build's path $d"; fi
    done
done

# The installed programs run from another folder, on the installed assets.
cd "$tmp"
run "$p/bin/arena" --headless --ticks 30
grep -q '^ticks: 30$' "$tmp/out" || fail "headless run: $(cat "$tmp/out")"
run env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$p/bin/arena" --screenshot shot.png --ticks 5
[ "$(head -c 8 shot.png | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] || fail "no PNG screenshot"
# The windowed game (SDL's dummy video driver), a match for a second, its settings kept apart.
run env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME="$tmp/home" "$p/bin/arena" \
    --map ruins --bots 3 --ticks 60
run "$p/bin/arena-map" check "$p/share/arena/maps/ruins.png"
grep -q '^playable yes$' "$tmp/out" || fail "arena-map check: $(cat "$tmp/out")"
run "$p/bin/arena-bench" soak --matches 1 --agents 4 --max-ticks 30 --seed 1 --no-rss-check
# The installed server finds the shipped maps too: a short match on a loopback port.
run timeout 60 "$p/bin/arena-server" --listen 127.0.0.1:0 --once --ticks 30 --bots 4 --map ruins
grep -q '^ticks: 30$' "$tmp/out" || fail "arena-server: $(cat "$tmp/out")"

# They read the installed assets, not the build tree's (which still has every file): without
# the installed font the game says which file it could not open.
mv "$p/share/arena/sprites/font.png" "$tmp/font.png"
if SDL_VIDEODRIVER=dummy "$p/bin/arena" --screenshot shot2.png --ticks 5 2>"$tmp/err"; then
    fail "the game ran without its installed font"
fi
grep -qF "$p/bin/../share/arena/sprites/font.png" "$tmp/err" || fail "not the installed font: $(cat "$tmp/err")"
mv "$tmp/font.png" "$p/share/arena/sprites/font.png"
mv "$p/share/arena/maps/arena.png" "$tmp/arena.png"
if "$p/bin/arena" --headless --ticks 5 >/dev/null 2>"$tmp/err"; then
    fail "the game ran without its installed default map"
fi
grep -qF "$p/bin/../share/arena/maps/arena.png" "$tmp/err" || fail "not the installed map: $(cat "$tmp/err")"

# DESTDIR (as packagers stage an install) works the same.
DESTDIR=$tmp/stage cmake --install "$build" --prefix /usr/local >/dev/null
run "$tmp/stage/usr/local/bin/arena" --headless --ticks 10
grep -q '^ticks: 10$' "$tmp/out" || fail "DESTDIR run: $(cat "$tmp/out")"

# The desktop entry, the metainfo and the manual pages pass their checkers (CI has them all:
# .ci/setup.sh; elsewhere a missing checker is said to be skipped).
if command -v desktop-file-validate >/dev/null; then
    run desktop-file-validate "$p/share/applications/$id.desktop"
    [ ! -s "$tmp/out" ] || fail "desktop-file-validate: $(cat "$tmp/out")"
else
    echo "skipped: desktop-file-validate (Debian package desktop-file-utils) is not installed"
fi
if command -v appstreamcli >/dev/null; then
    run appstreamcli validate --no-net "$p/share/metainfo/$id.metainfo.xml"
else
    echo "skipped: appstreamcli (Debian package appstream) is not installed"
fi
if command -v groff >/dev/null; then
    for m in man6/arena.6 man6/arena-server.6 man6/arena-lobby.6 man1/arena-map.1 man1/arena-bench.1; do
        gzip -dc "$p/share/man/$m.gz" | LC_ALL=C.UTF-8 groff -man -ww -z 2>"$tmp/err" ||
            fail "groff $m failed"
        [ ! -s "$tmp/err" ] || fail "$m: $(cat "$tmp/err")"
    done
else
    echo "skipped: groff (Debian package groff-base) is not installed"
fi
echo "installed, moved and run from $p"
