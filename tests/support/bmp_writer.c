#include "bmp_writer.h"

#include <stdlib.h>
#include <string.h>

static void le16(uint8_t *p, unsigned v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void le32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/// Index of the pixel's colour in palette (RGBA entries), adding it when new; -1 when full.
static int palette_index(uint8_t *palette, int *count, int max, const uint8_t *px) {
    for (int i = 0; i < *count; i++)
        if (!memcmp(palette + 4 * i, px, 3)) return i;
    if (*count == max) return -1;
    memcpy(palette + 4 * *count, px, 3);
    return (*count)++;
}

/// Writes one pixel of an uncompressed row.
static void put_pixel(uint8_t *o, int x, int bits, const uint8_t *px, int index) {
    switch (bits) {
    case 4:
        o[x / 2] |= (uint8_t)(x % 2 ? index : index << 4);
        break;
    case 8:
        o[x] = (uint8_t)index;
        break;
    case 16:
        le16(o + 2 * x, (unsigned)(px[0] >> 3) << 10 | (unsigned)(px[1] >> 3) << 5 | px[2] >> 3);
        break;
    default: // 24, 32: B, G, R(, A)
        o += (size_t)x * (size_t)(bits / 8);
        o[0] = px[2], o[1] = px[1], o[2] = px[0];
        if (bits == 32) o[3] = px[3];
    }
}

/// RLE of one row of indexes: runs of up to 255 pixels (RLE4 alternates the two nibbles of
/// its colour byte, so a run of one index repeats it in both).
static size_t rle_row(uint8_t *o, const uint8_t *index, int w, bool rle4) {
    size_t n = 0;
    for (int x = 0; x < w;) {
        int run = 1;
        while (x + run < w && run < 255 && index[x + run] == index[x]) run++;
        o[n++] = (uint8_t)run;
        o[n++] = (uint8_t)(rle4 ? index[x] << 4 | index[x] : index[x]);
        x += run;
    }
    return n;
}

size_t bmp_encode_spec(const bmp_spec *s, const uint8_t *rgba, uint8_t **out) {
    const int w = s->width, h = s->height, bits = s->bits, header = s->header ? s->header : 40;
    const bool core = header == 12, paletted = bits <= 8;
    const size_t colours = paletted ? 1u << bits : 0, entry = core ? 3 : 4;
    const size_t row = ((size_t)w * (size_t)bits + 31) / 32 * 4;
    const size_t offset = 14 + (size_t)header + entry * colours;
    // RLE worst case: two bytes per pixel and per row end, plus the end of the bitmap.
    const size_t data = s->rle ? (size_t)h * (2 * (size_t)w + 2) + 2 : row * (size_t)h;
    uint8_t *b = calloc(1, offset + data), palette[4 * 256] = {0}, *index = malloc((size_t)w);
    int count = 0;
    if (!b || !index) {
        free(b);
        free(index);
        return 0;
    }
    size_t at = offset;
    for (int r = 0; r < h; r++) {
        const int y = s->top_down ? r : h - 1 - r; // file rows run bottom-up unless top-down
        uint8_t *o = s->rle ? NULL : b + offset + (size_t)r * row;
        for (int x = 0; x < w; x++) {
            const uint8_t *px = rgba + 4 * ((size_t)y * (size_t)w + (size_t)x);
            int i = paletted ? palette_index(palette, &count, (int)colours, px) : 0;
            if (i < 0) {
                free(b);
                free(index);
                return 0;
            }
            index[x] = (uint8_t)i;
            if (!s->rle) put_pixel(o, x, bits, px, i);
        }
        if (s->rle) {
            at += rle_row(b + at, index, w, bits == 4);
            b[at++] = 0; // end of line, or with 1 the end of the bitmap
            b[at++] = r == h - 1;
        }
    }
    free(index);
    const size_t size = s->rle ? at : offset + data;
    // BMP palettes are B, G, R (and a zero byte after the OS/2 core header).
    for (size_t i = 0; i < colours; i++) {
        uint8_t *e = b + 14 + header + entry * i;
        e[0] = palette[4 * i + 2], e[1] = palette[4 * i + 1], e[2] = palette[4 * i];
    }
    b[0] = 'B', b[1] = 'M';
    le32(b + 2, (uint32_t)size);
    le32(b + 10, (uint32_t)offset);
    le32(b + 14, (uint32_t)header);
    if (core) {
        le16(b + 18, (unsigned)w);
        le16(b + 20, (unsigned)h);
        le16(b + 22, 1);
        le16(b + 24, (unsigned)bits);
    } else {
        le32(b + 18, (uint32_t)w);
        le32(b + 22, (uint32_t)(s->top_down ? -h : h));
        le16(b + 26, 1);
        le16(b + 28, (unsigned)bits);
        le32(b + 30, s->rle ? (bits == 8 ? 1 : 2) : s->bitfields ? 3 : 0);
        le32(b + 34, (uint32_t)(size - offset));
        le32(b + 46, (uint32_t)colours);
    }
    if (header >= 108) {
        if (s->bitfields) {
            le32(b + 54, 0x00FF0000u); // red, green, blue and alpha masks
            le32(b + 58, 0x0000FF00u);
            le32(b + 62, 0x000000FFu);
            le32(b + 66, 0xFF000000u);
        }
        le32(b + 70, 0x73524742u); // colour space 'sRGB'
    }
    if (header >= 124) le32(b + 122, 4); // V5 rendering intent: LCS_GM_IMAGES
    *out = b;
    return size;
}

size_t bmp_encode(int w, int h, int bits, const uint8_t *rgba, uint8_t **out) {
    return bmp_encode_spec(&(bmp_spec){.width = w, .height = h, .bits = bits}, rgba, out);
}
