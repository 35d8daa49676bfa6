// The PNG check: chunk structure and CRCs, the rules libpng enforces for the chunks that decide
// the pixels (IHDR, PLTE, tRNS, IDAT, IEND) and the image data itself (inflate_check.c). libpng
// prints a warning or error line to stderr before SDL2_image's own message for anything it
// dislikes, so every such case is refused here first, and the decoder is handed only the chunks
// it needs: ancillary chunks (gAMA, sRGB, iCCP, text, time, private ones...) are CRC-checked
// and skipped, never inflated, so none of them can print, allocate or take time in libpng.
// SDL2_image 2.6 asks libpng for no gamma or colour-space conversion, so leaving them out does
// not change a pixel.
#include "inflate_internal.h"
#include "probe_internal.h"

#include <string.h>

/// CRC-32 (the reflected polynomial 0xEDB88320) of every value of four bits: the CRC goes a
/// nibble at a time, so the table is small enough to write out and nothing is built at run time
/// (the probe runs on the hot-reload thread too).
static const uint32_t crc_nibble[16] = {
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158, 0x5005713C,
    0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C};

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n) {
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        crc = crc_nibble[crc & 15u] ^ (crc >> 4);
        crc = crc_nibble[crc & 15u] ^ (crc >> 4);
    }
    return ~crc;
}

/// Clamps a declared dimension into int range so huge values are reported, not wrapped.
static int dim(uint32_t v) {
    return v > 0x7FFFFFFFu ? 0x7FFFFFFF : (int)v;
}

/// Checks the IHDR fields libpng would refuse.
static bool check_ihdr(const uint8_t *ihdr, ae_error *err) {
    const unsigned depth = ihdr[8], ctype = ihdr[9];
    // Allowed bit depths per colour type, as bit masks of the depth.
    static const unsigned depths[7] = {1u << 1 | 1u << 2 | 1u << 4 | 1u << 8 | 1u << 16,
                                       0,
                                       1u << 8 | 1u << 16,
                                       1u << 1 | 1u << 2 | 1u << 4 | 1u << 8,
                                       1u << 8 | 1u << 16,
                                       0,
                                       1u << 8 | 1u << 16};
    if (ctype > 6 || !depths[ctype]) {
        ae_error_set(err, "corrupt PNG (unknown colour type %u)", ctype);
        return false;
    }
    if (depth > 16 || !(depths[ctype] >> depth & 1u)) {
        ae_error_set(err, "corrupt PNG (bit depth %u is not allowed for colour type %u)", depth,
                     ctype);
        return false;
    }
    static const char *const fields[3] = {"compression", "filter", "interlace"};
    for (int i = 0; i < 3; i++) {
        unsigned v = ihdr[10 + i], max = i == 2 ? 1 : 0;
        if (v > max) {
            ae_error_set(err, "corrupt PNG (unknown %s method %u)", fields[i], v);
            return false;
        }
    }
    return true;
}

/// What the chunk walk has seen so far.
typedef struct png_walk {
    unsigned color_type, bit_depth;
    unsigned palette; ///< PLTE entries, 0 before a PLTE
    bool trns;
    size_t first_idat; ///< offset of the first IDAT chunk, 0 before it
    bool idat_ended;   ///< another chunk has followed the IDAT run
} png_walk;

static bool check_plte(const png_walk *w, uint32_t clen, ae_error *err) {
    const char *bad = w->palette                                 ? "a second PLTE chunk"
                      : w->first_idat                            ? "PLTE after the image data"
                      : w->trns                                  ? "PLTE after tRNS"
                      : w->color_type == 0 || w->color_type == 4 ? "PLTE in a grey image"
                                                                 : NULL;
    if (bad) {
        ae_error_set(err, "corrupt PNG (%s)", bad);
        return false;
    }
    if (clen == 0 || clen % 3 || clen > 3 * 256) {
        ae_error_set(err, "corrupt PNG (PLTE of %u bytes is not 1 to 256 RGB entries)", clen);
        return false;
    }
    // Indexes of the pixel bit depth reach only 2^depth entries.
    if (w->color_type == 3 && clen / 3 > 1u << w->bit_depth) {
        ae_error_set(err, "corrupt PNG (PLTE has %u entries, bit depth %u allows %u)", clen / 3,
                     w->bit_depth, 1u << w->bit_depth);
        return false;
    }
    return true;
}

static bool check_trns(const png_walk *w, const uint8_t *data, uint32_t clen, ae_error *err) {
    const char *bad = w->trns                                    ? "a second tRNS chunk"
                      : w->first_idat                            ? "tRNS after the image data"
                      : w->color_type == 4 || w->color_type == 6 ? "tRNS in an image with alpha"
                      : w->color_type == 3 && !w->palette        ? "tRNS before PLTE"
                                                                 : NULL;
    if (bad) {
        ae_error_set(err, "corrupt PNG (%s)", bad);
        return false;
    }
    if (w->color_type == 3) { // one alpha byte per palette entry, at most one per entry
        if (clen == 0 || clen > w->palette) {
            ae_error_set(err, "corrupt PNG (tRNS has %u entries for a palette of %u)", clen,
                         w->palette);
            return false;
        }
        return true;
    }
    // Grey: one 16-bit sample; RGB: three. Each must fit the bit depth.
    const uint32_t need = w->color_type == 0 ? 2 : 6;
    if (clen != need) {
        ae_error_set(err, "corrupt PNG (tRNS of %u bytes; a%s image needs %u)", clen,
                     w->color_type == 0 ? " grey" : "n RGB", need);
        return false;
    }
    for (uint32_t i = 0; i < need; i += 2) {
        unsigned v = probe_be16(data + i);
        if (w->bit_depth < 16 && v >> w->bit_depth) {
            ae_error_set(err, "corrupt PNG (tRNS sample %u is out of range for bit depth %u)", v,
                         w->bit_depth);
            return false;
        }
    }
    return true;
}

/// Hands the inflater the payloads of the IDAT chunks from `pos` on, one by one, up to the first
/// chunk of another type. Only called once the chunk walk has checked every chunk up to IEND.
typedef struct idat_walk {
    const uint8_t *d;
    size_t pos;
} idat_walk;

static const uint8_t *next_idat(void *ctx, size_t *len) {
    idat_walk *w = ctx;
    if (memcmp(w->d + w->pos + 4, "IDAT", 4) != 0) return NULL;
    *len = probe_be32(w->d + w->pos);
    const uint8_t *data = w->d + w->pos + 8;
    w->pos += 12 + *len;
    return data;
}

/// Reads the IHDR (the first chunk, at byte 8, already CRC-checked).
static bool read_ihdr(const uint8_t *type, uint32_t clen, ae_image_info *info, png_walk *w,
                      ae_error *err) {
    if (memcmp(type, "IHDR", 4) != 0 || clen != 13) {
        ae_error_set(err, "corrupt PNG (first chunk is not a valid IHDR)");
        return false;
    }
    info->width = dim(probe_be32(type + 4));
    info->height = dim(probe_be32(type + 8));
    info->png_bit_depth = type[12];
    info->png_color_type = type[13];
    w->bit_depth = type[12];
    w->color_type = type[13];
    // The size is checked as soon as it is known, before the rest is walked.
    return ae_grid_check_size(info->width, info->height, err) && check_ihdr(type + 4, err);
}

/// Checks one chunk after the IHDR; adds the ones the decoder needs to the spans.
static bool walk_chunk(const uint8_t *d, size_t pos, ae_image_info *info, png_walk *w,
                       ae_error *err) {
    const uint32_t clen = probe_be32(d + pos);
    const uint8_t *type = d + pos + 4, *data = d + pos + 8;
    const bool idat = !memcmp(type, "IDAT", 4);
    if (w->first_idat && !idat) w->idat_ended = true;
    if (!memcmp(type, "IHDR", 4)) {
        ae_error_set(err, "corrupt PNG (a second IHDR chunk)");
        return false;
    }
    if (!memcmp(type, "PLTE", 4)) {
        if (!check_plte(w, clen, err)) return false;
        w->palette = clen / 3;
    } else if (!memcmp(type, "tRNS", 4)) {
        if (!check_trns(w, data, clen, err)) return false;
        w->trns = true;
        info->png_trns = true;
    } else if (idat) {
        if (w->color_type == 3 && !w->palette) {
            ae_error_set(err, "corrupt PNG (palette image without a PLTE chunk before IDAT)");
            return false;
        }
        // libpng reads the image data from one run of IDAT chunks only.
        if (w->idat_ended) {
            ae_error_set(err, "corrupt PNG (IDAT chunks are not consecutive)");
            return false;
        }
        if (!w->first_idat) w->first_idat = pos;
    } else if (memcmp(type, "IEND", 4) != 0) {
        // Bit 5 of the first letter (lower case) marks an ancillary chunk, which a decoder may
        // skip; a critical chunk it does not know makes libpng give up.
        if (!(type[0] & 0x20)) {
            ae_error_set(err, "corrupt PNG (unknown critical chunk '%.4s')", (const char *)type);
            return false;
        }
        return true; // ancillary: not handed to the decoder
    }
    probe_add_span(info, pos, 12 + (size_t)clen);
    return true;
}

bool probe_png(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err) {
    png_walk w = {0};
    size_t pos = 8;
    probe_add_span(info, 0, 8);
    while (true) {
        if (len - pos < 12) {
            ae_error_set(err, "truncated PNG (ends before its IEND chunk)");
            return false;
        }
        const uint32_t clen = probe_be32(d + pos);
        const uint8_t *type = d + pos + 4;
        // The type is checked first: it is quoted in the messages below, so it must be letters.
        for (int i = 0; i < 4; i++) {
            uint8_t c = type[i];
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
                ae_error_set(err, "corrupt PNG (bad chunk type at byte %zu)", pos + 4);
                return false;
            }
        }
        if (clen > 0x7FFFFFFFu || clen > len - pos - 12) {
            ae_error_set(err, "truncated PNG (chunk '%.4s' runs past the end of the file)",
                         (const char *)type);
            return false;
        }
        if (crc32_update(0, type, 4 + (size_t)clen) != probe_be32(d + pos + 8 + clen)) {
            ae_error_set(err, "corrupt PNG (bad CRC in chunk '%.4s')", (const char *)type);
            return false;
        }
        if (pos == 8) {
            if (!read_ihdr(type, clen, info, &w, err)) return false;
            probe_add_span(info, pos, 12 + (size_t)clen);
        } else if (!walk_chunk(d, pos, info, &w, err)) {
            return false;
        }
        pos += 12 + (size_t)clen;
        if (memcmp(type, "IEND", 4) == 0) break;
    }
    if (!w.first_idat) {
        ae_error_set(err, "corrupt PNG (no IDAT chunk: the file holds no image data)");
        return false;
    }
    // The image data is inflated here, not by libpng first: libpng would print its own line to
    // stderr before SDL2_image's vague one.
    const uint8_t *ihdr = d + 16;
    inflate_png_shape shape = {probe_be32(ihdr), probe_be32(ihdr + 4), ihdr[8], ihdr[9],
                               ihdr[12] == 1};
    idat_walk walk = {d, w.first_idat};
    return inflate_check_png((inflate_source){next_idat, &walk}, &shape, err);
}
