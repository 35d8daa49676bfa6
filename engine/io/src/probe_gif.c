// The GIF check: the logical screen's size, the first frame's place in it and that frame's LZW
// stream, walked the way a decoder walks it.
#include "probe_internal.h"

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

/// The logical screen gives the map size. SDL2_image decodes the first frame alone, at its own
/// size, so the frame's rectangle goes into info for the loader to place it on the screen; the
/// frame must lie inside the screen (a 24x16 GIF whose frame claims 65535x65535 would otherwise
/// take gigabytes).
bool probe_gif(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err) {
    if (len < 13) {
        ae_error_set(err, "truncated GIF header");
        return false;
    }
    info->width = (int)probe_le16(d + 6);
    info->height = (int)probe_le16(d + 8);
    if (!ae_grid_check_size(info->width, info->height, err)) return false;
    size_t pos = 13;
    if (d[10] & 0x80) pos += 3u * (2u << (d[10] & 7)); // global colour table
    while (pos < len) {
        if (d[pos] == 0x21 && pos + 2 <= len) { // extension: label, then sub-blocks
            pos = skip_gif_blocks(d, len, pos + 2);
            if (!pos) break;
        } else if (d[pos] == 0x2C && pos + 10 <= len) { // image descriptor
            unsigned x = probe_le16(d + pos + 1), y = probe_le16(d + pos + 3);
            unsigned w = probe_le16(d + pos + 5), h = probe_le16(d + pos + 7);
            if (w == 0 || h == 0) {
                ae_error_set(err, "corrupt GIF (empty first frame %ux%u)", w, h);
                return false;
            }
            if (x + w > (unsigned)info->width || y + h > (unsigned)info->height) {
                ae_error_set(err, "corrupt GIF (frame %ux%u at %u,%u is outside the %dx%d image)",
                             w, h, x, y, info->width, info->height);
                return false;
            }
            info->frame_x = (int)x, info->frame_y = (int)y;
            info->frame_width = (int)w, info->frame_height = (int)h;
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
