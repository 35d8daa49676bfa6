// Inspection of image files before a decoder sees them: format by magic bytes, declared size,
// PNG chunk CRCs and compressed image data (inflate_check.c), the LZW stream of a GIF's first
// frame.
#include "arena/ae_grid.h"
#include "inflate_internal.h"

#include <string.h>

static const char *format_name(ae_image_format f) {
    switch (f) {
    case AE_IMAGE_PNG:
        return "PNG";
    case AE_IMAGE_BMP:
        return "BMP";
    case AE_IMAGE_GIF:
        return "GIF";
    case AE_IMAGE_JPEG:
        return "JPEG";
    }
    return "?";
}

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}
static unsigned be16(const uint8_t *p) {
    return (unsigned)p[0] << 8 | p[1];
}
static unsigned le16(const uint8_t *p) {
    return (unsigned)p[1] << 8 | p[0];
}

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n) {
    static uint32_t table[256];
    static bool ready;
    if (!ready) {
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[i] = c;
        }
        ready = true;
    }
    crc = ~crc;
    for (size_t i = 0; i < n; i++) crc = table[(crc ^ p[i]) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

/// Clamps a declared dimension into int range so huge values are reported, not wrapped.
static int dim(uint32_t v) {
    return v > 0x7FFFFFFFu ? 0x7FFFFFFF : (int)v;
}

/// Checks the IHDR fields libpng would refuse (it prints its own warnings to stderr first), so
/// such files get one clear line from us instead.
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

/// Hands the inflater the payloads of the IDAT chunks from `pos` on, one by one, up to the first
/// chunk of another type. Only called once the chunk walk has checked every chunk up to IEND.
typedef struct idat_walk {
    const uint8_t *d;
    size_t pos;
} idat_walk;

static const uint8_t *next_idat(void *ctx, size_t *len) {
    idat_walk *w = ctx;
    if (memcmp(w->d + w->pos + 4, "IDAT", 4) != 0) return NULL;
    *len = be32(w->d + w->pos);
    const uint8_t *data = w->d + w->pos + 8;
    w->pos += 12 + *len;
    return data;
}

static bool probe_png(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err) {
    size_t pos = 8;
    bool seen_ihdr = false, seen_plte = false, idat_ended = false;
    size_t first_idat = 0; // 0: no IDAT yet
    while (true) {
        if (len - pos < 12) {
            ae_error_set(err, "truncated PNG (ends before its IEND chunk)");
            return false;
        }
        uint32_t clen = be32(d + pos);
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
        uint32_t want = be32(d + pos + 8 + clen);
        if (crc32_update(0, type, 4 + (size_t)clen) != want) {
            ae_error_set(err, "corrupt PNG (bad CRC in chunk '%.4s')", (const char *)type);
            return false;
        }
        if (!seen_ihdr) {
            if (memcmp(type, "IHDR", 4) != 0 || clen != 13) {
                ae_error_set(err, "corrupt PNG (first chunk is not a valid IHDR)");
                return false;
            }
            info->width = dim(be32(type + 4));
            info->height = dim(be32(type + 8));
            info->png_bit_depth = type[12];
            info->png_color_type = type[13];
            seen_ihdr = true;
            // The size is checked as soon as it is known, before the rest is walked.
            if (!ae_grid_check_size(info->width, info->height, err)) return false;
            if (!check_ihdr(type + 4, err)) return false;
        }
        if (memcmp(type, "PLTE", 4) == 0) seen_plte = true;
        if (memcmp(type, "tRNS", 4) == 0) info->png_trns = true;
        if (memcmp(type, "IDAT", 4) == 0) {
            if (info->png_color_type == 3 && !seen_plte) {
                ae_error_set(err, "corrupt PNG (palette image without a PLTE chunk before IDAT)");
                return false;
            }
            // libpng reads the image data from one run of IDAT chunks only.
            if (idat_ended) {
                ae_error_set(err, "corrupt PNG (IDAT chunks are not consecutive)");
                return false;
            }
            if (!first_idat) first_idat = pos;
        } else if (first_idat) {
            idat_ended = true;
        }
        pos += 12 + (size_t)clen;
        if (memcmp(type, "IEND", 4) == 0) {
            if (!first_idat) {
                ae_error_set(err, "corrupt PNG (no IDAT chunk: the file holds no image data)");
                return false;
            }
            // The image data is inflated here, not by libpng first: libpng would print its own
            // line to stderr before SDL2_image's vague one.
            const uint8_t *ihdr = d + 16;
            inflate_png_shape shape = {be32(ihdr), be32(ihdr + 4), ihdr[8], ihdr[9], ihdr[12] == 1};
            idat_walk walk = {d, first_idat};
            return inflate_check_png((inflate_source){next_idat, &walk}, &shape, err);
        }
    }
}

static bool probe_jpeg(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err) {
    size_t pos = 2;
    while (pos + 4 <= len) {
        if (d[pos] != 0xFF) break;
        uint8_t marker = d[pos + 1];
        if (marker == 0xFF) { // fill byte
            pos++;
            continue;
        }
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { // no length
            pos += 2;
            continue;
        }
        unsigned seglen = be16(d + pos + 2);
        if (seglen < 2 || pos + 2 + seglen > len) break;
        bool sof =
            marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (sof) {
            if (seglen < 7) break;
            info->height = (int)be16(d + pos + 5);
            info->width = (int)be16(d + pos + 7);
            return ae_grid_check_size(info->width, info->height, err);
        }
        pos += 2 + seglen;
    }
    ae_error_set(err, "truncated or corrupt JPEG (no frame header)");
    return false;
}

/// Skips GIF data sub-blocks (a length byte, that many bytes, until a zero length) from pos.
/// Returns the position after the terminator, or 0 when the file ends first.
static size_t skip_gif_blocks(const uint8_t *d, size_t len, size_t pos) {
    while (pos < len) {
        size_t n = d[pos];
        if (n == 0) return pos + 1;
        pos += 1 + n;
    }
    return 0;
}

/// Reads LZW codes, least significant bit first, from GIF data sub-blocks.
typedef struct gif_bits {
    const uint8_t *d;
    size_t len;
    size_t pos;  ///< next byte of the file
    size_t left; ///< bytes left in the current sub-block
    uint32_t acc;
    int nbits;
} gif_bits;

enum { GIF_TRUNCATED = -1, GIF_NO_MORE_DATA = -2 };

static int gif_code(gif_bits *b, int size) {
    while (b->nbits < size) {
        if (b->left == 0) {
            if (b->pos >= b->len) return GIF_TRUNCATED;
            size_t n = b->d[b->pos++];
            if (n == 0) return GIF_NO_MORE_DATA;
            if (n > b->len - b->pos) return GIF_TRUNCATED;
            b->left = n;
        }
        b->acc |= (uint32_t)b->d[b->pos++] << b->nbits;
        b->nbits += 8;
        b->left--;
    }
    int code = (int)(b->acc & ((1u << size) - 1u));
    b->acc >>= size;
    b->nbits -= size;
    return code;
}

/// Walks the first frame's LZW stream the way a decoder does, without writing pixels. SDL2_image's
/// GIF decoder trusts this stream (a code past the table's end can make it loop and overrun its
/// stack; a failed frame makes it go on to parse the next one), so it only ever sees streams that
/// pass here: code size 2..8, every code at most the next table entry, and data for every pixel.
static bool check_gif_lzw(const uint8_t *d, size_t len, size_t pos, uint64_t pixels,
                          ae_error *err) {
    if (pos >= len) {
        ae_error_set(err, "truncated GIF (no image data)");
        return false;
    }
    int min_size = d[pos];
    if (min_size < 2 || min_size > 8) {
        ae_error_set(err, "corrupt GIF (LZW code size %d)", min_size);
        return false;
    }
    enum { TABLE = 4096 };
    uint16_t length[TABLE]; // decoded string length of each code
    const int clear = 1 << min_size, end = clear + 1;
    for (int i = 0; i < clear; i++) length[i] = 1;
    int size = min_size + 1, next = clear + 2, limit = 2 * clear, prev = -1;
    gif_bits b = {d, len, pos + 1, 0, 0, 0};
    uint64_t done = 0;
    while (done < pixels) {
        int code = gif_code(&b, size);
        if (code == GIF_TRUNCATED) {
            ae_error_set(err, "truncated GIF (image data runs past the end of the file)");
            return false;
        }
        if (code == GIF_NO_MORE_DATA || code == end) break;
        if (code == clear) {
            size = min_size + 1, next = clear + 2, limit = 2 * clear, prev = -1;
            continue;
        }
        if (prev < 0 ? code >= clear : code > next) {
            ae_error_set(err, "corrupt GIF (bad LZW code %d after pixel %llu)", code,
                         (unsigned long long)done);
            return false;
        }
        done += prev < 0 ? 1u : code == next ? length[prev] + 1u : length[code];
        if (prev >= 0 && next < TABLE) {
            length[next] = (uint16_t)(length[prev] + 1);
            if (++next >= limit && limit < TABLE) limit *= 2, size++;
        }
        prev = code;
    }
    if (done < pixels) {
        ae_error_set(err, "truncated GIF (image data ends after %llu of %llu pixels)",
                     (unsigned long long)done, (unsigned long long)pixels);
        return false;
    }
    return true;
}

/// The logical screen gives the map size, but decoders allocate the first frame from its own
/// descriptor, so that frame must lie inside the screen: a 24x16 GIF whose frame claims
/// 65535x65535 would otherwise take gigabytes.
static bool probe_gif(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err) {
    if (len < 13) {
        ae_error_set(err, "truncated GIF header");
        return false;
    }
    info->width = (int)le16(d + 6);
    info->height = (int)le16(d + 8);
    if (!ae_grid_check_size(info->width, info->height, err)) return false;
    size_t pos = 13;
    if (d[10] & 0x80) pos += 3u * (2u << (d[10] & 7)); // global colour table
    while (pos < len) {
        if (d[pos] == 0x21 && pos + 2 <= len) { // extension: label, then sub-blocks
            pos = skip_gif_blocks(d, len, pos + 2);
            if (!pos) break;
        } else if (d[pos] == 0x2C && pos + 10 <= len) { // image descriptor
            unsigned x = le16(d + pos + 1), y = le16(d + pos + 3);
            unsigned w = le16(d + pos + 5), h = le16(d + pos + 7);
            if (w == 0 || h == 0 || x + w > (unsigned)info->width ||
                y + h > (unsigned)info->height) {
                ae_error_set(err, "corrupt GIF (frame %ux%u at %u,%u is outside the %dx%d image)",
                             w, h, x, y, info->width, info->height);
                return false;
            }
            size_t data = pos + 10;
            if (d[pos + 9] & 0x80) data += 3u * (2u << (d[pos + 9] & 7)); // local colour table
            return check_gif_lzw(d, len, data, (uint64_t)w * h, err);
        } else if (d[pos] == 0x21 || d[pos] == 0x2C) {
            break;
        } else { // decoders skip stray bytes; we only pass what we have checked
            ae_error_set(err, "corrupt GIF (unexpected byte 0x%02X at byte %zu)", d[pos], pos);
            return false;
        }
    }
    ae_error_set(err, "truncated GIF (no image frame)");
    return false;
}

/// Uncompressed BMPs (BI_RGB, BI_BITFIELDS) must hold every row their header declares: SDL's
/// reader would only say "Error reading from datastream".
static bool check_bmp_data(const uint8_t *d, size_t len, const ae_image_info *info, ae_error *err) {
    if (len < 34) {
        ae_error_set(err, "truncated BMP header");
        return false;
    }
    unsigned bits = le16(d + 28);
    uint32_t compression = le32(d + 30), offset = le32(d + 10);
    if (compression != 0 && compression != 3) return true; // RLE: SDL checks as it decodes
    uint64_t row = ((uint64_t)info->width * bits + 31) / 32 * 4;
    uint64_t need = (uint64_t)offset + row * (uint64_t)info->height;
    if (need > len) {
        ae_error_set(err, "truncated BMP (pixel data needs %llu bytes, the file has %zu)",
                     (unsigned long long)need, len);
        return false;
    }
    return true;
}

static int extension_format(const char *name) {
    const char *dot = name ? strrchr(name, '.') : NULL;
    if (!dot) return -1;
    char ext[8] = {0};
    for (size_t i = 0; i < sizeof ext - 1 && dot[1 + i]; i++) {
        char c = dot[1 + i];
        ext[i] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    if (!strcmp(ext, "png")) return AE_IMAGE_PNG;
    if (!strcmp(ext, "bmp")) return AE_IMAGE_BMP;
    if (!strcmp(ext, "gif")) return AE_IMAGE_GIF;
    if (!strcmp(ext, "jpg") || !strcmp(ext, "jpeg")) return AE_IMAGE_JPEG;
    return -1;
}

bool ae_image_probe(const uint8_t *d, size_t len, const char *name, ae_image_info *info,
                    ae_error *err) {
    memset(info, 0, sizeof *info);
    if (len == 0) {
        ae_error_set(err, "empty file");
        return false;
    }
    static const uint8_t png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (len >= 8 && !memcmp(d, png_sig, 8)) {
        info->format = AE_IMAGE_PNG;
    } else if (len >= 2 && d[0] == 'B' && d[1] == 'M') {
        info->format = AE_IMAGE_BMP;
    } else if (len >= 6 && (!memcmp(d, "GIF87a", 6) || !memcmp(d, "GIF89a", 6))) {
        info->format = AE_IMAGE_GIF;
    } else if (len >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF) {
        info->format = AE_IMAGE_JPEG;
    } else if (len >= 4 && !memcmp(d, "\x89PNG", 4)) {
        ae_error_set(err, "corrupt PNG (damaged signature)");
        return false;
    } else {
        ae_error_set(err, "not an image (unknown format; expected PNG, BMP, GIF, JPEG or .map)");
        return false;
    }
    int named = extension_format(name);
    if (named >= 0 && named != (int)info->format) {
        ae_error_set(err, "file holds %s data but its name says %s", format_name(info->format),
                     format_name((ae_image_format)named));
        return false;
    }
    switch (info->format) {
    case AE_IMAGE_PNG:
        return probe_png(d, len, info, err);
    case AE_IMAGE_BMP: {
        if (len < 26) {
            ae_error_set(err, "truncated BMP header");
            return false;
        }
        int32_t w = (int32_t)le32(d + 18), h = (int32_t)le32(d + 22);
        info->width = w < 0 ? 0 : w;
        // Negative heights mean top-down rows; INT32_MIN has no positive counterpart.
        info->height = h == INT32_MIN ? 0x7FFFFFFF : (h < 0 ? -h : h);
        if (!ae_grid_check_size(info->width, info->height, err)) return false;
        return check_bmp_data(d, len, info, err);
    }
    case AE_IMAGE_GIF:
        return probe_gif(d, len, info, err);
    case AE_IMAGE_JPEG:
        return probe_jpeg(d, len, info, err);
    }
    return false;
}
