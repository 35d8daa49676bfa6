/// The map grid: W x H cells, each free or wall. Outside the map counts as wall.
///
/// A cell is one byte. Bit 0 (AE_CELL_WALL) is all the collision engine reads; the other bits
/// are tags it carries along for the game (copies, cell edits, replays and hashes keep them):
///   0  free                                   AE_CELL_FREE
///   1  wall                                   AE_CELL_WALL
///   3  a wall that bullets can break          AE_CELL_WALL | AE_CELL_BREAKABLE
///   4  free, with a sliding door standing in it   AE_CELL_DOOR
///   9  deep water: a wall that never breaks        AE_CELL_WALL | AE_CELL_WATER
/// No other value is valid (ae_grid_cell_valid). Water is a wall to everything that reads bit 0
/// (movement, bullets, line of sight, navigation, the map check): a sea with banks that nobody
/// wades and bullets splash into; only the game's drawing and the tools tell it apart.
#ifndef AE_GRID_H
#define AE_GRID_H

#include "arena/ae_base.h"

/// Smallest and largest map side, in cells.
#define AE_MAP_MIN_SIDE 8
#define AE_MAP_MAX_SIDE 4096

enum {
    AE_CELL_FREE = 0u,
    AE_CELL_WALL = 1u,
    AE_CELL_BREAKABLE = 2u,
    AE_CELL_DOOR = 4u,
    AE_CELL_WATER = 8u,
};

/// True for the cell values a grid may hold (see above).
static inline bool ae_grid_cell_valid(uint8_t v) {
    return v == AE_CELL_FREE || v == AE_CELL_WALL || v == (AE_CELL_WALL | AE_CELL_BREAKABLE) ||
           v == AE_CELL_DOOR || v == (AE_CELL_WALL | AE_CELL_WATER);
}

typedef struct ae_grid {
    int width;
    int height;
    uint8_t *cells; ///< width * height bytes, row-major (values above)
} ae_grid;

/// One write of a batched cell edit (ae_sdf_set_cells): cell (x, y) gets `value`, an
/// ae_grid_cell_valid value.
typedef struct ae_cell_write {
    int32_t x, y;
    uint8_t value;
} ae_cell_write;

/// The cells [x0, x1] x [y0, y1] (inclusive); empty when x1 < x0 or y1 < y0.
typedef struct ae_cell_rect {
    int32_t x0, y0, x1, y1;
} ae_cell_rect;

/// The empty rectangle: what a batched edit that changed no wall reports.
static inline ae_cell_rect ae_cell_rect_empty(void) {
    return (ae_cell_rect){0, 0, -1, -1};
}

static inline bool ae_cell_rect_is_empty(ae_cell_rect r) {
    return r.x1 < r.x0 || r.y1 < r.y0;
}

/// Allocates a grid of the given size with every cell free. Sizes outside
/// [AE_MAP_MIN_SIDE, AE_MAP_MAX_SIDE] or a failed allocation are refused through err.
bool ae_grid_init(ae_grid *grid, int width, int height, ae_error *err);
void ae_grid_free(ae_grid *grid);
/// Deep copy into an uninitialised dst.
bool ae_grid_init_copy(ae_grid *dst, const ae_grid *src, ae_error *err);

static inline bool ae_grid_in_bounds(const ae_grid *g, int x, int y) {
    return x >= 0 && y >= 0 && x < g->width && y < g->height;
}

/// True for wall cells and for everything outside the map.
static inline bool ae_grid_is_wall(const ae_grid *g, int x, int y) {
    return !ae_grid_in_bounds(g, x, y) ||
           (g->cells[(size_t)y * (size_t)g->width + (size_t)x] & AE_CELL_WALL) != 0;
}

/// Number of free cells.
size_t ae_grid_free_count(const ae_grid *g);
/// Number of cells holding exactly `value` (AE_CELL_WALL | AE_CELL_BREAKABLE, AE_CELL_DOOR, ...).
size_t ae_grid_count(const ae_grid *g, uint8_t value);

/// Checks a declared map size before anything is allocated or decoded.
bool ae_grid_check_size(int width, int height, ae_error *err);

/// Builds a grid from RGBA32 pixels (bytes R, G, B, A in memory order), rows `pitch` bytes apart.
/// A cell is free when its luminance is above 50% and its alpha above 50%, wall otherwise. Three
/// kinds of pixel carry a tag: an opaque mid grey (luminance above 25%, up to 50%) is a breakable
/// wall, an opaque strong blue (blue above 62%, red and green below 38%) is a free cell with
/// a door in it, and an opaque sea blue or cyan (blue above 62%, green above 47%, red below 38%)
/// is water. Black (and anything darker or more transparent) is a plain wall.
/// Exactly, on bytes 0..255 with Rec. 601 luminance Y = 0.299 R + 0.587 G + 0.114 B: opaque is
/// A >= 128; door: opaque, B >= 160, R <= 95 and G <= 95; water: opaque, B >= 160, R <= 95 and
/// G >= 120 (these two are tested first); free: opaque and Y > 127.5; breakable: opaque and
/// 63.75 < Y <= 127.5 (greys 64 to 127); else wall.
/// Refuses sizes out of range and maps with no free cell.
bool ae_grid_init_rgba(ae_grid *grid, const uint8_t *pixels, int width, int height, int pitch,
                       ae_error *err);

/// The heightmap colour (R, G, B) of a cell value, the one arena-make-maps writes and a level
/// designer paints: free white (255, 255, 255), wall black (0, 0, 0), breakable wall grey
/// (96, 96, 96), door blue (0, 0, 255), water sea blue (0, 160, 230). ae_grid_init_rgba reads
/// each back as its value.
void ae_grid_cell_color(uint8_t cell, uint8_t rgb[3]);

/// Parses a Moving AI `.map` text ("type octile", "height H", "width W", "map", then H rows of W
/// characters; '.' and 'G' free, '@' 'O' 'T' 'S' 'W' wall). Rows may end in "\n" or "\r\n".
bool ae_grid_init_movingai(ae_grid *grid, const char *text, size_t len, ae_error *err);

#endif
