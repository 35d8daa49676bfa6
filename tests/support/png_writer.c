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

static void ihdr(buf *b, uint32_t w, uint32_t h, int depth, int ctype, int interlace) {
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
                     (uint8_t)interlace};
    chunk(b, "IHDR", d, 13);
}

static const int channels[7] = {1, 0, 3, 1, 2, 0, 4};

/// Appends the scanlines of the sub-image starting at (x0, y0) with steps (dx, dy): the whole
/// picture, or one Adam7 pass. Each line gets filter type 0; samples under 8 bits are packed
/// most significant bit first.
static void put_scanlines(buf *raw, const png_spec *s, int x0, int y0, int dx, int dy) {
    if (x0 >= s->width || y0 >= s->height) return; // an empty pass has no scanlines
    const int depth = s->bit_depth;
    const size_t in_px = depth < 8 ? 1 : (size_t)channels[s->color_type] * (size_t)(depth / 8);
    const size_t in_row = (size_t)s->width * in_px;
    for (int y = y0; y < s->height; y += dy) {
        uint8_t filter = 0;
        put(raw, &filter, 1);
        const uint8_t *row = s->pixels + (size_t)y * in_row;
        unsigned acc = 0;
        int nbits = 0;
        for (int x = x0; x < s->width; x += dx) {
            if (depth >= 8) {
                put(raw, row + (size_t)x * in_px, in_px);
                continue;
            }
            acc = acc << depth | (row[x] & ((1u << depth) - 1u));
            nbits += depth;
            if (nbits == 8) {
                uint8_t byte = (uint8_t)acc;
                put(raw, &byte, 1);
                acc = 0;
                nbits = 0;
            }
        }
        if (nbits) {
            uint8_t byte = (uint8_t)(acc << (8 - nbits));
            put(raw, &byte, 1);
        }
    }
}

static size_t encode(const png_spec *s, int interlace, uint8_t **out) {
    static const int adam7[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                    {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    buf raw = {0}, z = {0}, png = {0};
    if (interlace)
        for (int p = 0; p < 7; p++)
            put_scanlines(&raw, s, adam7[p][0], adam7[p][1], adam7[p][2], adam7[p][3]);
    else
        put_scanlines(&raw, s, 0, 0, 1, 1);
    zlib_stored(&z, raw.p, raw.n);
    put(&png, signature, 8);
    ihdr(&png, (uint32_t)s->width, (uint32_t)s->height, s->bit_depth, s->color_type, interlace);
    if (s->palette) chunk(&png, "PLTE", s->palette, (size_t)s->palette_len * 3);
    if (s->trns) chunk(&png, "tRNS", s->trns, (size_t)s->trns_len);
    chunk(&png, "IDAT", z.p, z.n);
    chunk(&png, "IEND", NULL, 0);
    free(raw.p);
    free(z.p);
    *out = png.p;
    return png.n;
}

size_t png_encode(const png_spec *s, uint8_t **out) {
    return encode(s, 0, out);
}

size_t png_encode_interlaced(const png_spec *s, uint8_t **out) {
    return encode(s, 1, out);
}

size_t png_encode_header_only(uint32_t w, uint32_t h, uint8_t **out) {
    buf png = {0}, z = {0};
    uint8_t zero[16] = {0};
    zlib_stored(&z, zero, sizeof zero);
    put(&png, signature, 8);
    ihdr(&png, w, h, 8, 0, 0);
    chunk(&png, "IDAT", z.p, z.n);
    chunk(&png, "IEND", NULL, 0);
    free(z.p);
    *out = png.p;
    return png.n;
}

size_t png_zlib_stored(const uint8_t *data, size_t n, uint8_t **out) {
    buf z = {0};
    zlib_stored(&z, data, n);
    *out = z.p;
    return z.n;
}

static size_t chunk_len(const uint8_t *p) {
    return (size_t)p[0] << 24 | (size_t)p[1] << 16 | (size_t)p[2] << 8 | p[3];
}

size_t png_idat_data(const uint8_t *png, size_t len, uint8_t **out) {
    buf z = {0};
    for (size_t at = 8; at + 12 <= len; at += 12 + chunk_len(png + at))
        if (!memcmp(png + at + 4, "IDAT", 4)) put(&z, png + at + 8, chunk_len(png + at));
    if (!z.p) z.p = malloc(1); // an empty result is still a buffer the caller frees
    *out = z.p;
    return z.n;
}

size_t png_with_idat(const uint8_t *png, size_t len, const uint8_t *z, size_t zlen, size_t piece,
                     uint8_t **out) {
    buf b = {0};
    put(&b, png, 8);
    int written = 0;
    for (size_t at = 8; at + 12 <= len; at += 12 + chunk_len(png + at)) {
        if (memcmp(png + at + 4, "IDAT", 4) != 0) {
            put(&b, png + at, 12 + chunk_len(png + at));
            continue;
        }
        if (written++) continue;
        size_t pos = 0;
        do {
            size_t n = piece && zlen - pos > piece ? piece : zlen - pos;
            chunk(&b, "IDAT", z + pos, n);
            pos += n;
        } while (pos < zlen);
    }
    *out = b.p;
    return b.n;
}

size_t png_find_chunk(const uint8_t *png, size_t len, const char *type) {
    for (size_t at = 8; at + 12 <= len;) {
        size_t n = (size_t)png[at] << 24 | (size_t)png[at + 1] << 16 | (size_t)png[at + 2] << 8 |
                   png[at + 3];
        if (!memcmp(png + at + 4, type, 4)) return at;
        at += 12 + n;
    }
    return 0;
}

void png_resign(uint8_t *png, size_t at) {
    size_t n =
        (size_t)png[at] << 24 | (size_t)png[at + 1] << 16 | (size_t)png[at + 2] << 8 | png[at + 3];
    uint32_t c = png_crc(png + at + 4, n + 4);
    uint8_t *p = png + at + 8 + n;
    p[0] = (uint8_t)(c >> 24);
    p[1] = (uint8_t)(c >> 16);
    p[2] = (uint8_t)(c >> 8);
    p[3] = (uint8_t)c;
}

int write_file(const char *path, const uint8_t *data, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    size_t w = fwrite(data, 1, len, f);
    return fclose(f) == 0 && w == len ? 0 : -1;
}
