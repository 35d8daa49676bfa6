#!/usr/bin/env bash
# One-step set-up for a fresh Debian bookworm machine.
#   bash .ci/setup.sh test       install what is missing, build (Release) and run every test
#   bash .ci/setup.sh play       install what is missing, build and start the game
#   bash .ci/setup.sh web        the WebAssembly build in build-web/, served on a loopback port
#   bash .ci/setup.sh web-test   the web build and its tests (node, headless Chromium), beside
#                                the native build's arena in build/
#   bash .ci/setup.sh host       both builds, then arena-lobby serving the web page and quick
#                                play on one port (ARENA_HOST_LISTEN, default 0.0.0.0:8080)
# As root it runs apt-get itself; otherwise it prints the sudo line to run first.
# Extra CMake arguments can be passed in ARENA_CMAKE_ARGS (CI turns warnings into errors).
set -euo pipefail
mode=${1:-}
case "$mode" in
  test|play|web|web-test|host) shift ;;
  *) echo "usage: bash .ci/setup.sh test|play|web|web-test|host [game arguments]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."

# desktop-file-utils, appstream and groff-base check the installed desktop entry, metainfo and
# manual pages (cli.install.prefix); libwebsockets-dev is online play's WebSocket (game/net).
# libcjson-dev reads Tiled JSON maps (engine/io/src/map_tiled.c).
native=(build-essential cmake pkg-config clang libsdl2-dev libsdl2-image-dev libpng-dev
        libcglm-dev libwebsockets-dev libcjson-dev xvfb xauth desktop-file-utils appstream groff-base)
# The web build: emscripten, dpkg-dev to unpack Debian's SDL2 sources, cglm's headers; its
# tests also need the native arena and Chromium.
web=(cmake pkg-config libcglm-dev emscripten dpkg-dev)
case "$mode" in
  test|play) packages=("${native[@]}") ;;
  web) packages=("${web[@]}") ;;
  web-test) packages=("${native[@]}" "${web[@]}" chromium) ;;
  host) packages=("${native[@]}" "${web[@]}") ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "setup: missing packages; run this first, then the same command again:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

jobs=$(nproc 2>/dev/null || echo 2)
if [ "$mode" = web ] || [ "$mode" = web-test ]; then
  exec bash .ci/web.sh "$mode" "$@"
fi
# shellcheck disable=SC2086 # ARENA_CMAKE_ARGS is a list of words on purpose
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release ${ARENA_CMAKE_ARGS:-}
cmake --build build -j "$jobs"
if [ "$mode" = host ]; then # the web build, then the lobby serving it (.ci/web.sh)
  exec bash .ci/web.sh host
fi

if [ "$mode" = test ]; then
  cd build
  exec ctest --output-on-failure -j "$jobs"
fi
if [ ! -x build/bin/arena ]; then
  echo "setup: the game (build/bin/arena) is not part of this build yet" >&2
  exit 1
fi
exec build/bin/arena "$@"
