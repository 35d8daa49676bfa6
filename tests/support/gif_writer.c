#include "gif_writer.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct gbuf {
    uint8_t *p;
    size_t n;
} gbuf;

static void put(gbuf *b, const void *data, size_t n) {
    memcpy(b->p + b->n, data, n);
    b->n += n;
}

static void put_byte(gbuf *b, int v) {
    uint8_t c = (uint8_t)v;
    put(b, &c, 1);
}

static void put16(gbuf *b, int v) {
    put_byte(b, v & 0xFF);
    put_byte(b, v >> 8);
}

/// Packs LZW codes least significant bit first into data sub-blocks of up to 255 bytes.
typedef struct code_writer {
    gbuf *out;
    uint8_t block[255];
    int block_len;
    uint32_t acc;
    int nbits;
} code_writer;

static void flush_block(code_writer *c) {
    if (!c->block_len) return;
    put_byte(c->out, c->block_len);
    put(c->out, c->block, (size_t)c->block_len);
    c->block_len = 0;
}

static void put_code(code_writer *c, int code, int size) {
    c->acc |= (uint32_t)code << c->nbits;
    c->nbits += size;
    while (c->nbits >= 8) {
        c->block[c->block_len++] = (uint8_t)c->acc;
        c->acc >>= 8;
        c->nbits -= 8;
        if (c->block_len == 255) flush_block(c);
    }
}

/// The palette (entry 0 transparent) and each pixel's index; false when over 256 colours.
typedef struct gif_palette {
    uint8_t rgb[3 * 256];
    int count;
    bool transparent;
} gif_palette;

static bool index_pixels(gif_palette *p, const uint8_t *rgba, size_t n, uint8_t *index) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *px = rgba + 4 * i;
        int k = 0;
        if (px[3] < 128) {
            p->transparent = true;
        } else {
            for (k = 1; k < p->count && memcmp(p->rgb + 3 * k, px, 3); k++) continue;
            if (k == p->count) {
                if (p->count == 256) return false;
                memcpy(p->rgb + 3 * p->count++, px, 3);
            }
        }
        index[i] = (uint8_t)k;
    }
    return true;
}

/// Rows in the order an interlaced frame stores them: every 8th from 0, every 8th from 4,
/// every 4th from 2, every 2nd from 1.
static int interlaced_row(int i, int h) {
    static const int start[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
    for (int pass = 0; pass < 4; pass++) {
        int rows = h > start[pass] ? (h - start[pass] + step[pass] - 1) / step[pass] : 0;
        if (i < rows) return start[pass] + i * step[pass];
        i -= rows;
    }
    return -1;
}

/// An image descriptor (with the local palette when asked) and the frame's LZW data.
static void put_frame(gbuf *b, const gif_spec *s, const gif_palette *p, int bits,
                      const uint8_t *index) {
    const int w = s->frame_width, h = s->frame_height;
    put_byte(b, 0x2C);
    put16(b, s->frame_x);
    put16(b, s->frame_y);
    put16(b, w);
    put16(b, h);
    put_byte(b, (s->local_palette ? 0x80 | (bits - 1) : 0) | (s->interlaced ? 0x40 : 0));
    if (s->local_palette) put(b, p->rgb, 3u << bits);
    put_byte(b, bits);
    // Every code is a literal at width bits + 1: a clear code comes before the decoder's table
    // would grow to need a wider one.
    const int clear = 1 << bits, size = bits + 1, run = clear - 3;
    code_writer c = {b, {0}, 0, 0, 0};
    size_t i = 0;
    for (int r = 0; r < h; r++) {
        const int y = s->interlaced ? interlaced_row(r, h) : r;
        for (int x = 0; x < w; x++, i++) {
            if (i % (size_t)run == 0) put_code(&c, clear, size);
            put_code(&c, index[(size_t)y * (size_t)w + (size_t)x], size);
        }
    }
    put_code(&c, clear + 1, size);
    if (c.nbits) put_code(&c, 0, 8 - c.nbits);
    flush_block(&c);
    put_byte(b, 0); // end of image data
}

size_t gif_encode_spec(const gif_spec *spec, uint8_t **out) {
    gif_spec s = *spec;
    if (!s.frame_width) s.frame_width = s.width, s.frame_height = s.height;
    const size_t n = (size_t)s.frame_width * (size_t)s.frame_height;
    gif_palette p = {.count = 1}; // entry 0 is the transparent colour
    uint8_t *index = malloc(2 * n);
    if (!index || !index_pixels(&p, s.rgba, n, index) ||
        (s.second && !index_pixels(&p, s.second, n, index + n))) {
        free(index);
        return 0;
    }
    int bits = 2; // LZW minimum code size, also the palette's size as a power of two
    while ((1 << bits) < p.count) bits++;
    gbuf b = {malloc(2048 + 4 * n), 0};
    if (!b.p) {
        free(index);
        return 0;
    }
    put(&b, s.gif87a ? "GIF87a" : "GIF89a", 6);
    put16(&b, s.width);
    put16(&b, s.height);
    put_byte(&b, s.local_palette ? (bits - 1) << 4 : 0x80 | (bits - 1) << 4 | (bits - 1));
    put_byte(&b, 0);
    put_byte(&b, 0);
    if (!s.local_palette) put(&b, p.rgb, 3u << bits);
    const uint8_t gce[8] = {0x21, 0xF9, 4, 1, 0, 0, 0, 0}; // transparent colour: entry 0
    for (int f = 0; f < (s.second ? 2 : 1); f++) {
        if (p.transparent && !s.gif87a) put(&b, gce, sizeof gce);
        put_frame(&b, &s, &p, bits, index + (size_t)f * n);
    }
    put_byte(&b, 0x3B); // trailer
    free(index);
    *out = b.p;
    return b.n;
}

size_t gif_encode(int w, int h, const uint8_t *rgba, uint8_t **out) {
    return gif_encode_spec(&(gif_spec){.width = w, .height = h, .rgba = rgba}, out);
}
