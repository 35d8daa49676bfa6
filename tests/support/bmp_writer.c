#include "bmp_writer.h"

#include <stdlib.h>
#include <string.h>

static void le32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/// Index of the pixel's colour in palette (RGBA entries), adding it when new; -1 when full.
static int palette_index(uint8_t *palette, int *count, const uint8_t *px) {
    for (int i = 0; i < *count; i++)
        if (!memcmp(palette + 4 * i, px, 3)) return i;
    if (*count == 256) return -1;
    memcpy(palette + 4 * *count, px, 3);
    return (*count)++;
}

size_t bmp_encode(int w, int h, int bits, const uint8_t *rgba, uint8_t **out) {
    const int bytes = bits / 8;
    const size_t row = ((size_t)w * (size_t)bytes + 3) / 4 * 4;
    const size_t colours = bits == 8 ? 256 : 0;
    const size_t offset = 14 + 40 + 4 * colours, size = offset + row * (size_t)h;
    uint8_t *b = calloc(1, size), palette[4 * 256] = {0};
    int count = 0;
    if (!b) return 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *px = rgba + 4 * ((size_t)y * (size_t)w + (size_t)x);
            uint8_t *o = b + offset + (size_t)(h - 1 - y) * row + (size_t)x * (size_t)bytes;
            if (bits == 8) {
                int i = palette_index(palette, &count, px);
                if (i < 0) {
                    free(b);
                    return 0;
                }
                o[0] = (uint8_t)i;
            } else {
                o[0] = px[2], o[1] = px[1], o[2] = px[0];
                if (bits == 32) o[3] = px[3];
            }
        }
    // BMP palettes are B, G, R, 0.
    for (size_t i = 0; i < colours; i++) {
        uint8_t *e = b + 54 + 4 * i;
        e[0] = palette[4 * i + 2], e[1] = palette[4 * i + 1], e[2] = palette[4 * i];
    }
    b[0] = 'B', b[1] = 'M';
    le32(b + 2, (uint32_t)size);
    le32(b + 10, (uint32_t)offset);
    le32(b + 14, 40);
    le32(b + 18, (uint32_t)w);
    le32(b + 22, (uint32_t)h);
    b[26] = 1;
    b[28] = (uint8_t)bits;
    le32(b + 34, (uint32_t)(row * (size_t)h));
    le32(b + 46, (uint32_t)colours);
    *out = b;
    return size;
}
