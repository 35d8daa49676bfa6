/// The map grid: W x H cells, each free or wall. Outside the map counts as wall.
#ifndef AE_GRID_H
#define AE_GRID_H

#include "arena/ae_base.h"

/// Smallest and largest map side, in cells.
#define AE_MAP_MIN_SIDE 8
#define AE_MAP_MAX_SIDE 4096

typedef struct ae_grid {
    int width;
    int height;
    uint8_t *cells; ///< width * height bytes, row-major, 1 = wall, 0 = free
} ae_grid;

/// Allocates a grid of the given size with every cell free. Sizes outside
/// [AE_MAP_MIN_SIDE, AE_MAP_MAX_SIDE] or a failed allocation are refused through err.
bool ae_grid_init(ae_grid *grid, int width, int height, ae_error *err);
void ae_grid_free(ae_grid *grid);
/// Deep copy into an uninitialised dst.
bool ae_grid_copy(ae_grid *dst, const ae_grid *src, ae_error *err);

static inline bool ae_grid_in_bounds(const ae_grid *g, int x, int y) {
    return x >= 0 && y >= 0 && x < g->width && y < g->height;
}

/// True for wall cells and for everything outside the map.
static inline bool ae_grid_is_wall(const ae_grid *g, int x, int y) {
    return !ae_grid_in_bounds(g, x, y) || g->cells[(size_t)y * (size_t)g->width + (size_t)x] != 0;
}

/// Number of free cells.
size_t ae_grid_free_count(const ae_grid *g);

/// Checks a declared map size before anything is allocated or decoded.
bool ae_grid_check_size(int width, int height, ae_error *err);

/// Builds a grid from RGBA32 pixels (bytes R, G, B, A in memory order), rows `pitch` bytes apart.
/// A cell is free when its luminance is above 50% and its alpha above 50%, wall otherwise.
/// Refuses sizes out of range and maps with no free cell.
bool ae_grid_from_rgba(ae_grid *grid, const uint8_t *pixels, int width, int height, int pitch,
                       ae_error *err);

/// Parses a Moving AI `.map` text ("type octile", "height H", "width W", "map", then H rows of W
/// characters; '.' and 'G' free, '@' 'O' 'T' 'S' 'W' wall). Rows may end in "\n" or "\r\n".
bool ae_grid_parse_movingai(ae_grid *grid, const char *text, size_t len, ae_error *err);

/// Image formats the map loader accepts, recognised by their bytes, never by the file name.
typedef enum ae_image_format {
    AE_IMAGE_PNG,
    AE_IMAGE_BMP,
    AE_IMAGE_GIF,
    AE_IMAGE_JPEG,
} ae_image_format;

typedef struct ae_image_info {
    ae_image_format format;
    int width;
    int height;
    int png_color_type; ///< PNG only: IHDR colour type (0 grey, 2 RGB, 3 palette, 4 GA, 6 RGBA)
    int png_bit_depth;  ///< PNG only: IHDR bit depth
    bool png_trns;      ///< PNG only: a tRNS (transparency) chunk is present
} ae_image_info;

/// Reads an image's format and size from its header without decoding it, so a small file that
/// declares a huge picture is refused before anything large is allocated. For PNG it also walks
/// every chunk and checks its CRC and the final IEND, and inflates the image data (without keeping
/// it) to check the deflate stream, its size, scanline filter types and checksum (truncated or
/// corrupt files are refused); for GIF it walks the first frame's LZW stream.
/// `name` is the file name: data whose bytes say one format while the name says another (BMP
/// bytes named .png) is refused. Sizes are checked with ae_grid_check_size.
bool ae_image_probe(const uint8_t *data, size_t len, const char *name, ae_image_info *info,
                    ae_error *err);

#endif
