#!/usr/bin/env bash
# The web build, after setup.sh installed its packages:
#   bash .ci/web.sh web        build build-web/ and serve its page on loopback
#   bash .ci/web.sh web-test   build it and the native arena, run the web tests
#   bash .ci/web.sh host       build it, then run the native build's arena-lobby serving it
# SDL2 and SDL2_image for WebAssembly are built from Debian's source packages into
# build-web/deps once (.ci/web_sdl.sh); later runs reuse them.
set -euo pipefail
mode=$1
shift
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

# apt-get source needs a deb-src line for bookworm; Debian's images have none by default.
if ! apt-cache showsrc libsdl2 2>/dev/null | grep -q '^Package: libsdl2$'; then
  list=/etc/apt/sources.list.d/arena-deb-src.sources
  if [ "$(id -u)" = 0 ]; then
    echo "setup: adding Debian's bookworm sources ($list) for SDL2's source packages"
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' \
      'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' >"$list"
    apt-get update -qq
  else
    echo "setup: no deb-src line for bookworm; as root, add one and update:" >&2
    echo "  printf 'Types: deb-src\\nURIs: http://deb.debian.org/debian\\nSuites: bookworm\\nComponents: main\\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\\n' | sudo tee $list && sudo apt-get update" >&2
    exit 1
  fi
fi

# ARENA_WEB_CACHE (CI sets it): a folder that outlives the clone, linked as build-web/deps, so
# that a machine builds SDL2 for the web once.
if [ -n "${ARENA_WEB_CACHE:-}" ] && [ ! -e build-web/deps ]; then
  mkdir -p "$ARENA_WEB_CACHE" build-web
  ln -s "$ARENA_WEB_CACHE" build-web/deps
fi
bash .ci/web_sdl.sh build-web/deps
native_arena=$PWD/build/bin/arena
# shellcheck disable=SC2086 # ARENA_CMAKE_ARGS is a list of words on purpose
emcmake cmake -S . -B build-web -DCMAKE_BUILD_TYPE=Release "-DARENA_NATIVE_ARENA=$native_arena" \
  ${ARENA_CMAKE_ARGS:-} >build-web/configure.log 2>&1 || { cat build-web/configure.log >&2; exit 1; }
# The game only; arena-bench and arena-map build too, on demand (--target arena-bench).
cmake --build build-web -j "$jobs" --target arena

echo "setup: the page's download (build-web/bin):"
bash tests/web/size.sh build-web/bin

if [ "$mode" = web-test ]; then
  # shellcheck disable=SC2086
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release ${ARENA_CMAKE_ARGS:-} >/dev/null
  cmake --build build -j "$jobs" --target arena arena-server
  cd build-web
  exec ctest --output-on-failure -j "$jobs"
fi
if [ "$mode" = host ]; then
  listen=${ARENA_HOST_LISTEN:-0.0.0.0:8080}
  echo "setup: the lobby serves the page and quick play on $listen: open http://127.0.0.1:${listen##*:}/"
  echo "setup: here, or http://THIS-MACHINE:${listen##*:}/ from the LAN (README: Online play); Ctrl-C stops it"
  exec build/bin/arena-lobby --listen "$listen" --web build-web/bin
fi
exec node build-web/bin/serve.mjs build-web/bin "${ARENA_WEB_PORT:-8080}"
