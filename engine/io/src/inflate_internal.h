// The PNG image-data check (inflate_check.c, called from probe_png.c): walks the zlib stream of
// the IDAT chunks the way an inflater does, counting bytes instead of keeping them, so damaged
// data is refused with our own reason before libpng prints its own.
#ifndef AE_INFLATE_INTERNAL_H
#define AE_INFLATE_INTERNAL_H

#include "arena/ae_base.h"

/// The compressed stream in pieces (a PNG's IDAT chunk payloads), read in order without copying.
typedef struct inflate_source {
    /// Returns the next piece and sets *len (which may be 0), or returns NULL after the last one.
    const uint8_t *(*next)(void *ctx, size_t *len);
    void *ctx;
} inflate_source;

/// The IHDR fields that decide how many bytes the image data must inflate to.
typedef struct inflate_png_shape {
    uint32_t width, height;
    unsigned bit_depth, color_type; ///< already checked to be a valid pair
    bool interlaced;                ///< Adam7
} inflate_png_shape;

/// Checks the zlib stream: its header (deflate, window of at most 32 KiB, check bits, no preset
/// dictionary), every deflate block, exactly the bytes the image's scanlines need with a valid
/// filter type (0..4) at the start of each, the Adler-32 checksum, and nothing after it.
/// Memory: a 32 KiB window on the stack; time: linear in the compressed and inflated sizes.
bool inflate_check_png(inflate_source src, const inflate_png_shape *shape, ae_error *err);

#endif
