#include "png_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t png_crc(const uint8_t *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return ~c;
}

typedef struct buf {
    uint8_t *p;
    size_t n, cap;
} buf;

static void put(buf *b, const void *data, size_t n) {
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 64;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, data, n);
    b->n += n;
}

static void put32(buf *b, uint32_t v) {
    uint8_t x[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    put(b, x, 4);
}

static void chunk(buf *b, const char *type, const uint8_t *data, size_t n) {
    put32(b, (uint32_t)n);
    size_t start = b->n;
    put(b, type, 4);
    if (n) put(b, data, n);
    put32(b, png_crc(b->p + start, n + 4));
}

/// zlib stream with stored deflate blocks.
static void zlib_stored(buf *out, const uint8_t *data, size_t n) {
    uint8_t hdr[2] = {0x78, 0x01};
    put(out, hdr, 2);
    size_t pos = 0;
    do {
        size_t len = n - pos > 65535 ? 65535 : n - pos;
        uint8_t bh[5] = {(uint8_t)(pos + len == n), (uint8_t)len, (uint8_t)(len >> 8),
                         (uint8_t)~len, (uint8_t)(~len >> 8)};
        put(out, bh, 5);
        put(out, data + pos, len);
        pos += len;
    } while (pos < n);
    uint32_t a = 1, bsum = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + data[i]) % 65521u;
        bsum = (bsum + a) % 65521u;
    }
    put32(out, bsum << 16 | a);
}

static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

static void ihdr(buf *b, uint32_t w, uint32_t h, int depth, int ctype) {
    uint8_t d[13] = {(uint8_t)(w >> 24),
                     (uint8_t)(w >> 16),
                     (uint8_t)(w >> 8),
                     (uint8_t)w,
                     (uint8_t)(h >> 24),
                     (uint8_t)(h >> 16),
                     (uint8_t)(h >> 8),
                     (uint8_t)h,
                     (uint8_t)depth,
                     (uint8_t)ctype,
                     0,
                     0,
                     0};
    chunk(b, "IHDR", d, 13);
}

size_t png_encode(const png_spec *s, uint8_t **out) {
    static const int channels[7] = {1, 0, 3, 1, 2, 0, 4};
    size_t bpp = (size_t)channels[s->color_type] * (size_t)(s->bit_depth / 8);
    size_t row = (size_t)s->width * bpp;
    buf raw = {0}, z = {0}, png = {0};
    for (int y = 0; y < s->height; y++) {
        uint8_t filter = 0;
        put(&raw, &filter, 1);
        put(&raw, s->pixels + (size_t)y * row, row);
    }
    zlib_stored(&z, raw.p, raw.n);
    put(&png, signature, 8);
    ihdr(&png, (uint32_t)s->width, (uint32_t)s->height, s->bit_depth, s->color_type);
    if (s->palette) chunk(&png, "PLTE", s->palette, (size_t)s->palette_len * 3);
    if (s->trns) chunk(&png, "tRNS", s->trns, (size_t)s->trns_len);
    chunk(&png, "IDAT", z.p, z.n);
    chunk(&png, "IEND", NULL, 0);
    free(raw.p);
    free(z.p);
    *out = png.p;
    return png.n;
}

size_t png_encode_header_only(uint32_t w, uint32_t h, uint8_t **out) {
    buf png = {0}, z = {0};
    uint8_t zero[16] = {0};
    zlib_stored(&z, zero, sizeof zero);
    put(&png, signature, 8);
    ihdr(&png, w, h, 8, 0);
    chunk(&png, "IDAT", z.p, z.n);
    chunk(&png, "IEND", NULL, 0);
    free(z.p);
    *out = png.p;
    return png.n;
}

int write_file(const char *path, const uint8_t *data, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    size_t w = fwrite(data, 1, len, f);
    return fclose(f) == 0 && w == len ? 0 : -1;
}
