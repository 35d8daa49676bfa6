/// Image format probes: the checks a map picture passes before any decoder sees it (see
/// ae_image_probe). Pure C: the decoding itself is ae_map_file.h's, with SDL2_image.
#ifndef AE_IMAGE_PROBE_H
#define AE_IMAGE_PROBE_H

#include "arena/ae_base.h"

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
