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

/// A run of a file's bytes: `length` bytes from `offset`.
typedef struct ae_byte_span {
    size_t offset;
    size_t length;
} ae_byte_span;

/// Most spans a decoder is given: a PNG's signature with IHDR, PLTE, tRNS, its IDAT run, IEND.
#define AE_IMAGE_MAX_SPANS 5

typedef struct ae_image_info {
    ae_image_format format;
    int width; ///< the map's size (a GIF's logical screen)
    int height;
    /// Where the decoded picture lies in the map. Only a GIF's first frame may cover part of its
    /// logical screen (the rest is transparent, so wall); otherwise 0, 0, width, height.
    int frame_x, frame_y, frame_width, frame_height;
    /// The bytes to hand the decoder, in order. For a PNG: the signature and the chunks that
    /// decide its pixels (IHDR, PLTE, tRNS, IDAT, IEND), so the decoder never reads an ancillary
    /// chunk; for every other format the whole file.
    ae_byte_span decode[AE_IMAGE_MAX_SPANS];
    int decode_count;
    int png_color_type; ///< PNG only: IHDR colour type (0 grey, 2 RGB, 3 palette, 4 GA, 6 RGBA)
    int png_bit_depth;  ///< PNG only: IHDR bit depth
    bool png_trns;      ///< PNG only: a tRNS (transparency) chunk is present
} ae_image_info;

/// Checks an image file before a decoder sees it, so that damaged, truncated or oversized files
/// are refused with our own one-line reason (decoders print to stderr, allocate what a header
/// declares, or accept half a file) and a decoder only ever sees data it handles:
/// - all formats: the declared size is checked with ae_grid_check_size before anything else, so
///   a small file that declares a huge picture is refused before anything large is allocated;
/// - PNG: every chunk's CRC, the chunk rules libpng would complain about (one IHDR first, no
///   unknown critical chunk, a well-formed PLTE and tRNS in their places, one run of IDAT, IEND)
///   and the image data, inflated without being kept (deflate stream, exact size, scanline
///   filter types, checksum). Ancillary chunks are only CRC-checked, never inflated, and are
///   left out of `decode`;
/// - JPEG: every marker segment and the entropy-coded data of every scan up to the end-of-image
///   marker, so a file cut anywhere is refused;
/// - GIF: the first frame's place in the logical screen and its LZW stream;
/// - BMP: the header (all header versions SDL reads: OS/2 core, Windows V1 to V5), the
///   compression and bit depth, and that the pixel data or RLE stream is all there.
/// `name` is the file name: data whose bytes say one format while the name says another (BMP
/// bytes named .png) is refused.
/// Cost: time linear in the file size (and for PNG the image size, which its data must inflate
/// to); memory under 40 KiB of stack, whatever the file holds.
bool ae_image_probe(const uint8_t *data, size_t len, const char *name, ae_image_info *info,
                    ae_error *err);

#endif
