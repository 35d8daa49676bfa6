// The BMP check. SDL's reader (SDL_LoadBMP_RW) handles the OS/2 core header (12 bytes, 16-bit
// sizes, 3-byte palette entries) and every Windows header from V1 (40 bytes) to V5 (124), rows
// bottom-up or (negative height) top-down, 1 to 32 bits per pixel, RLE4, RLE8 and bit fields.
// It reports damage vaguely ("Error reading from datastream") or not at all, so what it would
// stumble on is refused here with the true reason: other header sizes, bit depths and
// compressions, and pixel data or an RLE stream that the file does not hold to its end.
#include "probe_internal.h"

enum { BI_RGB, BI_RLE8, BI_RLE4, BI_BITFIELDS };

/// The fields of either header kind that the checks need.
typedef struct bmp_header {
    uint32_t size; ///< of the info header
    int32_t width, height;
    unsigned bits;
    uint32_t compression;
    uint32_t offset; ///< of the pixel data in the file
} bmp_header;

static bool read_header(const uint8_t *d, size_t len, bmp_header *h, ae_error *err) {
    if (len < 18) {
        ae_error_set(err, "truncated BMP header");
        return false;
    }
    h->offset = probe_le32(d + 10);
    h->size = probe_le32(d + 14);
    if (h->size == 12) { // OS/2 BITMAPCOREHEADER: unsigned 16-bit sizes, no compression
        if (len < 14 + 12) {
            ae_error_set(err, "truncated BMP header");
            return false;
        }
        h->width = (int32_t)probe_le16(d + 18);
        h->height = (int32_t)probe_le16(d + 20);
        h->bits = probe_le16(d + 24);
        h->compression = BI_RGB;
        return true;
    }
    if (h->size < 40) {
        ae_error_set(err, "unsupported BMP (info header of %u bytes)", h->size);
        return false;
    }
    if (len < 14 + 40) {
        ae_error_set(err, "truncated BMP header");
        return false;
    }
    h->width = (int32_t)probe_le32(d + 18);
    h->height = (int32_t)probe_le32(d + 22);
    h->bits = probe_le16(d + 28);
    h->compression = probe_le32(d + 30);
    return true;
}

/// The bit depth and compression SDL decodes: RLE8 at 8 bits, RLE4 at 4, bit fields at 16 or
/// 32 (not in the 64-byte OS/2 2.x header, where 3 means Huffman coding).
static bool check_encoding(const bmp_header *h, ae_error *err) {
    const unsigned b = h->bits;
    if (b != 1 && b != 2 && b != 4 && b != 8 && b != 16 && b != 24 && b != 32) {
        ae_error_set(err, "unsupported BMP (%u bits per pixel)", b);
        return false;
    }
    const bool ok = h->compression == BI_RGB || (h->compression == BI_RLE8 && b == 8) ||
                    (h->compression == BI_RLE4 && b == 4) ||
                    (h->compression == BI_BITFIELDS && (b == 16 || b == 32) && h->size != 64);
    if (!ok) {
        ae_error_set(err, "unsupported BMP (compression %u at %u bits per pixel)", h->compression,
                     b);
        return false;
    }
    return true;
}

/// Walks an RLE stream to its end-of-bitmap code: SDL reads it op by op and fails with a vague
/// message when the file ends first.
static bool check_rle(const uint8_t *d, size_t len, size_t pos, bool rle4, ae_error *err) {
    while (pos + 2 <= len) {
        const unsigned count = d[pos], op = d[pos + 1];
        pos += 2;
        if (count) continue;      // a run: count pixels of the colour(s) in op
        if (op == 1) return true; // end of bitmap
        if (op == 0) continue;    // end of line
        if (op == 2) {            // delta: dx, dy
            pos += 2;
            continue;
        }
        // Absolute mode: op pixels as they are, padded to a 16-bit boundary.
        size_t bytes = rle4 ? (op + 1u) / 2u : op;
        pos += bytes + (bytes & 1u);
    }
    ae_error_set(err, "truncated BMP (RLE data ends before its end-of-bitmap code)");
    return false;
}

/// Uncompressed and bit-field pixels: every row the header declares must be in the file.
static bool check_rows(const bmp_header *h, size_t len, int width, int height, ae_error *err) {
    uint64_t row = ((uint64_t)width * h->bits + 31) / 32 * 4;
    uint64_t need = (uint64_t)h->offset + row * (uint64_t)height;
    if (need > len) {
        ae_error_set(err, "truncated BMP (pixel data needs %llu bytes, the file has %zu)",
                     (unsigned long long)need, len);
        return false;
    }
    return true;
}

bool probe_bmp(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err) {
    bmp_header h;
    if (!read_header(d, len, &h, err)) return false;
    if (h.width < 0) {
        ae_error_set(err, "corrupt BMP (negative width %d)", (int)h.width);
        return false;
    }
    info->width = h.width;
    // Negative heights mean top-down rows; INT32_MIN has no positive counterpart.
    info->height = h.height == INT32_MIN ? 0x7FFFFFFF : (h.height < 0 ? -h.height : h.height);
    if (!ae_grid_check_size(info->width, info->height, err)) return false;
    if (!check_encoding(&h, err)) return false;
    if (h.offset < 14u + (uint64_t)h.size) { // SDL would read the header as pixels
        ae_error_set(err, "corrupt BMP (pixel data at byte %u, inside the header)", h.offset);
        return false;
    }
    if (h.compression == BI_RLE8 || h.compression == BI_RLE4) {
        if (h.height < 0) { // RLE codes move up from the bottom row
            ae_error_set(err, "corrupt BMP (top-down rows cannot be RLE-compressed)");
            return false;
        }
        return check_rle(d, len, h.offset, h.compression == BI_RLE4, err);
    }
    return check_rows(&h, len, info->width, info->height, err);
}
