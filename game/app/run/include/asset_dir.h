/// Where the game's assets are (sprites/, maps/), for the arena executable and arena-bench.
#ifndef ARENA_ASSET_DIR_H
#define ARENA_ASSET_DIR_H

/// The folder holding sprites/ and maps/, without a trailing '/'. On the desktop it is found
/// from the executable's own folder (ARENA_ASSETS_FROM_BIN, `../share/arena` with the default
/// install folders), so an installed tree works wherever it is put and no build path is
/// compiled in; the build tree has the same layout (build/share/arena is a link to assets/). In
/// the browser it is the page's preloaded /assets. Worked out once; never NULL.
const char *app_asset_dir(void);
/// The shipped map NAME's file, `DIR/maps/NAME.png`, in memory from malloc (free it); NULL when
/// out of memory.
char *app_asset_map(const char *name);

#endif
