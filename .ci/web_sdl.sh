#!/usr/bin/env bash
# SDL2 and SDL2_image for WebAssembly, built from Debian bookworm's own source packages (the
# emscripten package has the port recipes but would download the sources: not offline).
#   bash .ci/web_sdl.sh PREFIX
# Installs headers, static libraries and pkg-config files (sdl2, SDL2_image, cglm) into PREFIX,
# once: a complete PREFIX is left alone. Needs emscripten, dpkg-dev and libcglm-dev installed and
# a deb-src line for bookworm (setup.sh web adds them). Nothing comes from anywhere but Debian's
# archive: SDL2_image decodes with its bundled stb_image, so no libpng, libjpeg or zlib.
set -euo pipefail
checks=$(cd "$(dirname "$0")" && pwd -P)/web_sdl_checks.cmake
prefix=${1:?usage: web_sdl.sh PREFIX}
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd -P) # PREFIX may be a link to a cache kept elsewhere (CI)
stamp=$prefix/complete
# A complete prefix of the source versions Debian has now is kept; anything else is rebuilt.
newest() { apt-cache showsrc "$1" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -n1; }
sdl_src=$(newest libsdl2) img_src=$(newest libsdl2-image)
if [ -f "$stamp" ] && { [ -z "$sdl_src" ] || grep -qF "SDL2 $sdl_src, SDL2_image $img_src," "$stamp"; }; then
  echo "web_sdl: using $prefix ($(cat "$stamp"))"
  exit 0
fi
start=$SECONDS
rm -rf "${prefix:?}/"* "$prefix.work"
mkdir -p "$prefix.work"
cd "$prefix.work"
# As root apt would hand the download to its _apt user, who cannot write here.
apt-get source -qq -o APT::Sandbox::User=root libsdl2 libsdl2-image >apt-source.log 2>&1 ||
  { cat apt-source.log >&2; echo "web_sdl: apt-get source failed (is a deb-src line for bookworm set?)" >&2; exit 1; }
sdl_dir=$(find . -maxdepth 1 -type d -name 'libsdl2-2.*' | head -n1)
img_dir=$(find . -maxdepth 1 -type d -name 'libsdl2-image-2.*' | head -n1)
[ -n "$sdl_dir" ] && [ -n "$img_dir" ] || { echo "web_sdl: the source packages did not unpack" >&2; exit 1; }
jobs=$(nproc 2>/dev/null || echo 2)

# Emscripten's CMake toolchain looks for packages only under its sysroot; the prefix is added.
common=(-DCMAKE_BUILD_TYPE=Release "-DCMAKE_INSTALL_PREFIX=$prefix" "-DCMAKE_FIND_ROOT_PATH=$prefix"
        "-DCMAKE_PREFIX_PATH=$prefix" -Wno-dev)

echo "web_sdl: building SDL2 from ${sdl_dir#./} (a few minutes)"
configure_sdl() {
  emcmake cmake "$@" -S "$sdl_dir" -B sdl-build "${common[@]}" -DSDL_SHARED=OFF -DSDL_STATIC=ON \
    -DSDL_TEST=OFF >sdl-configure.log 2>&1 || { cat sdl-configure.log >&2; exit 1; }
}
# SDL2's configure checks cost an emcc run each (most of a cold set-up): their results, recorded
# for this SDL2 and this emcc, are reused when both match, and must give the recorded
# SDL_config.h; otherwise every check runs.
emcc_version=$(emcc --version | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n1)
config_sum=$(sed -n 's/^# SDL_config.h sha256: //p' "$checks")
if [ "$emcc_version" = 3.1.6 ] && [[ $sdl_dir == ./libsdl2-2.26.5+* ]]; then
  configure_sdl -C "$checks"
  got=$(sha256sum sdl-build/include-config-release/SDL_config.h 2>/dev/null | cut -d' ' -f1)
  if [ "$got" != "$config_sum" ]; then
    echo "web_sdl: the recorded checks gave another SDL_config.h; running every check"
    rm -rf sdl-build
    configure_sdl
  fi
else
  configure_sdl
fi
cmake --build sdl-build -j "$jobs" >sdl-build.log 2>&1 || { tail -n 40 sdl-build.log >&2; exit 1; }
cmake --install sdl-build >/dev/null

echo "web_sdl: building SDL2_image from ${img_dir#./}"
emcmake cmake -S "$img_dir" -B img-build "${common[@]}" -DBUILD_SHARED_LIBS=OFF \
  -DSDL2IMAGE_BACKEND_STB=ON -DSDL2IMAGE_VENDORED=OFF -DSDL2IMAGE_DEPS_SHARED=OFF \
  -DSDL2IMAGE_SAMPLES=OFF -DSDL2IMAGE_TESTS=OFF -DSDL2IMAGE_AVIF=OFF -DSDL2IMAGE_JXL=OFF \
  -DSDL2IMAGE_TIF=OFF -DSDL2IMAGE_WEBP=OFF -DSDL2IMAGE_SVG=OFF -DSDL2IMAGE_JPG_SAVE=OFF \
  >img-configure.log 2>&1 || { cat img-configure.log >&2; exit 1; }
cmake --build img-build -j "$jobs" >img-build.log 2>&1 || { tail -n 40 img-build.log >&2; exit 1; }
cmake --install img-build >/dev/null

# pkg-config files the game's CMake finds them by. SDL2's own sdl2.pc is kept when installed.
pc=$prefix/lib/pkgconfig
mkdir -p "$pc"
img_version=$(dpkg-parsechangelog -l "$img_dir/debian/changelog" -S Version)
sdl_version=$(dpkg-parsechangelog -l "$sdl_dir/debian/changelog" -S Version)
if [ ! -f "$pc/sdl2.pc" ]; then
  cat >"$pc/sdl2.pc" <<EOF
prefix=\${pcfiledir}/../..
Name: sdl2
Description: SDL2 for WebAssembly (Debian source $sdl_version)
Version: ${sdl_version%%+*}
Libs: -L\${prefix}/lib -lSDL2
Cflags: -I\${prefix}/include/SDL2
EOF
fi
cat >"$pc/SDL2_image.pc" <<EOF
prefix=\${pcfiledir}/../..
Name: SDL2_image
Description: SDL2_image for WebAssembly with stb_image (Debian source $img_version)
Version: ${img_version%%+*}
Requires: sdl2
Libs: -L\${prefix}/lib -lSDL2_image
Cflags: -I\${prefix}/include/SDL2
EOF
# cglm is header-only: a copy of Debian's headers, so no host include folder is searched.
cglm_h=/usr/include/cglm
[ -d "$cglm_h" ] || { echo "web_sdl: $cglm_h missing (install libcglm-dev)" >&2; exit 1; }
mkdir -p "$prefix/include"
cp -r "$cglm_h" "$prefix/include/"
cat >"$pc/cglm.pc" <<EOF
prefix=\${pcfiledir}/../..
Name: cglm
Description: cglm headers (copied from libcglm-dev)
Version: $(dpkg-query -W -f='${Version}' libcglm-dev)
Cflags: -I\${prefix}/include
EOF
# Every .pc names its prefix relative to itself: the folder can be linked or copied elsewhere.
sed -i 's|^prefix=.*|prefix=${pcfiledir}/../..|' "$pc"/*.pc
echo "SDL2 $sdl_version, SDL2_image $img_version, built in $((SECONDS - start)) s" >"$stamp"
cd /
rm -rf "$prefix.work"
echo "web_sdl: $(cat "$stamp")"
