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

size_t gif_encode(int w, int h, const uint8_t *rgba, uint8_t **out) {
    const size_t n = (size_t)w * (size_t)h;
    uint8_t palette[3 * 256] = {0}, *index = malloc(n);
    int count = 1; // entry 0 is the transparent colour
    bool transparent = false;
    if (!index) return 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *px = rgba + 4 * i;
        int k = 0;
        if (px[3] < 128) {
            transparent = true;
        } else {
            for (k = 1; k < count && memcmp(palette + 3 * k, px, 3); k++) continue;
            if (k == count) {
                if (count == 256) {
                    free(index);
                    return 0;
                }
                memcpy(palette + 3 * count++, px, 3);
            }
        }
        index[i] = (uint8_t)k;
    }
    int bits = 2; // LZW minimum code size, also the palette's size as a power of two
    while ((1 << bits) < count) bits++;
    gbuf b = {malloc(1024 + 2 * n), 0};
    if (!b.p) {
        free(index);
        return 0;
    }
    put(&b, "GIF89a", 6);
    put16(&b, w);
    put16(&b, h);
    put_byte(&b, 0x80 | (bits - 1) << 4 | (bits - 1));
    put_byte(&b, 0);
    put_byte(&b, 0);
    put(&b, palette, 3u << bits);
    if (transparent) {
        const uint8_t gce[8] = {0x21, 0xF9, 4, 1, 0, 0, 0, 0};
        put(&b, gce, sizeof gce);
    }
    put_byte(&b, 0x2C);
    put16(&b, 0);
    put16(&b, 0);
    put16(&b, w);
    put16(&b, h);
    put_byte(&b, 0);
    put_byte(&b, bits);
    // Every code is a literal at width bits + 1: a clear code comes before the decoder's table
    // would grow to need a wider one.
    const int clear = 1 << bits, size = bits + 1, run = clear - 3;
    code_writer c = {&b, {0}, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        if (i % (size_t)run == 0) put_code(&c, clear, size);
        put_code(&c, index[i], size);
    }
    put_code(&c, clear + 1, size);
    if (c.nbits) put_code(&c, 0, 8 - c.nbits);
    flush_block(&c);
    put_byte(&b, 0);    // end of image data
    put_byte(&b, 0x3B); // trailer
    free(index);
    *out = b.p;
    return b.n;
}
