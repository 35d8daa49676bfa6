#include "jpeg_writer.h"

#include <stdlib.h>
#include <string.h>

typedef struct jbuf {
    uint8_t *p;
    size_t n, cap;
    uint32_t acc; ///< entropy-coded bits not yet written, most significant first
    int nbits;
} jbuf;

static void put(jbuf *b, const void *data, size_t n) {
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 256;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, data, n);
    b->n += n;
}

static void put_byte(jbuf *b, unsigned v) {
    uint8_t c = (uint8_t)v;
    put(b, &c, 1);
}

static void put16(jbuf *b, unsigned v) {
    put_byte(b, v >> 8);
    put_byte(b, v & 0xFF);
}

/// Entropy-coded bits, most significant first; a 0xFF byte is followed by a stuffed 0x00.
static void put_bits(jbuf *b, uint32_t v, int n) {
    for (int i = n - 1; i >= 0; i--) {
        b->acc = b->acc << 1 | (v >> i & 1u);
        if (++b->nbits == 8) {
            put_byte(b, b->acc);
            if ((b->acc & 0xFF) == 0xFF) put_byte(b, 0);
            b->acc = 0;
            b->nbits = 0;
        }
    }
}

/// Pads the last byte with 1 bits, as the standard asks before a marker.
static void flush_bits(jbuf *b) {
    if (b->nbits) put_bits(b, 0x7F, 8 - b->nbits);
}

// ITU T.81 Annex K: the luminance quantisation table (natural order) and Huffman tables.
static const uint8_t luma_quant[64] = {
    16, 11, 10, 16, 24,  40,  51,  61,  12, 12, 14, 19, 26,  58,  60,  55,
    14, 13, 16, 24, 40,  57,  69,  56,  14, 17, 22, 29, 51,  87,  80,  62,
    18, 22, 37, 56, 68,  109, 103, 77,  24, 35, 55, 64, 81,  104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};
static const uint8_t dc_bits[16] = {0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0};
static const uint8_t dc_vals[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
static const uint8_t ac_bits[16] = {0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D};
static const uint8_t ac_vals[162] = {
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61,
    0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52,
    0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25,
    0x26, 0x27, 0x28, 0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45,
    0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64,
    0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83,
    0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99,
    0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6,
    0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3,
    0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8,
    0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA};
/// Position in natural (row-major) order of each zigzag index.
static const uint8_t zigzag[64] = {0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
                                   12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
                                   35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
                                   58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

/// A Huffman code per symbol, built canonically from the table's code counts.
typedef struct hcode {
    uint16_t code[256];
    uint8_t len[256];
} hcode;

static void build_code(hcode *h, const uint8_t bits[16], const uint8_t *vals) {
    unsigned code = 0, k = 0;
    for (int len = 1; len <= 16; len++) {
        for (int i = 0; i < bits[len - 1]; i++) {
            h->code[vals[k]] = (uint16_t)code++;
            h->len[vals[k++]] = (uint8_t)len;
        }
        code <<= 1;
    }
}

/// cos(k * pi / 16) for k = 0..8, written out so every machine rounds the same.
static const double cosines[9] = {1.0,
                                  0.98078528040323044913,
                                  0.92387953251128675613,
                                  0.83146961230254523708,
                                  0.70710678118654752440,
                                  0.55557023301960222474,
                                  0.38268343236508977173,
                                  0.19509032201612826785,
                                  0.0};

/// cos(n * pi / 16) for any n >= 0.
static double cosine(int n) {
    n %= 32;
    if (n > 16) n = 32 - n; // cos(2pi - a) = cos(a)
    return n <= 8 ? cosines[n] : -cosines[16 - n];
}

static int round_half_away(double v) {
    return v >= 0 ? (int)(v + 0.5) : -(int)(-v + 0.5);
}

/// The quantised DCT coefficients of one 8x8 block of samples (level-shifted by 128).
static void fdct(const double in[64], const uint8_t quant[64], int out[64]) {
    for (int v = 0; v < 8; v++)
        for (int u = 0; u < 8; u++) {
            double sum = 0.0;
            for (int y = 0; y < 8; y++)
                for (int x = 0; x < 8; x++)
                    sum += in[y * 8 + x] * cosine((2 * x + 1) * u) * cosine((2 * y + 1) * v);
            double cu = u ? 1.0 : cosines[4], cv = v ? 1.0 : cosines[4];
            out[v * 8 + u] = round_half_away(0.25 * cu * cv * sum / quant[v * 8 + u]);
        }
}

/// Size category of a coefficient and the bits that follow its code.
static int category(int v) {
    int a = v < 0 ? -v : v, s = 0;
    while (a) s++, a >>= 1;
    return s;
}

static void put_value(jbuf *b, int v, int s) {
    if (s) put_bits(b, (uint32_t)(v < 0 ? v + (1 << s) - 1 : v), s);
}

typedef struct encoder {
    jbuf *b;
    hcode dc, ac;
    int components, bw, bh; ///< blocks across and down
    int *coef;              ///< quantised coefficients: component, block, natural order
    int pred[3];            ///< DC predictors
    int restart, since_restart, next_rst;
} encoder;

static const int *block(const encoder *e, int c, int bx, int by) {
    return e->coef + ((size_t)c * (size_t)(e->bw * e->bh) + (size_t)(by * e->bw + bx)) * 64;
}

static void dc_code(encoder *e, int c, const int *k) {
    int diff = k[0] - e->pred[c], s = category(diff);
    e->pred[c] = k[0];
    put_bits(e->b, e->dc.code[s], e->dc.len[s]);
    put_value(e->b, diff, s);
}

/// Zigzag coefficients ss..se of a block: run/size codes, ZRL for 16 zeros, EOB after the last
/// non-zero one when zeros follow it.
static void ac_code(encoder *e, const int *k, int ss, int se) {
    int run = 0;
    for (int i = ss; i <= se; i++) {
        int v = k[zigzag[i]];
        if (!v) {
            run++;
            continue;
        }
        for (; run > 15; run -= 16) put_bits(e->b, e->ac.code[0xF0], e->ac.len[0xF0]);
        int s = category(v), sym = run << 4 | s;
        put_bits(e->b, e->ac.code[sym], e->ac.len[sym]);
        put_value(e->b, v, s);
        run = 0;
    }
    if (run) put_bits(e->b, e->ac.code[0], e->ac.len[0]);
}

/// Before every MCU after each `restart` MCUs: pad, RSTn, reset the predictors.
static void restart_point(encoder *e) {
    if (!e->restart) return;
    if (e->since_restart == e->restart) {
        flush_bits(e->b);
        put_byte(e->b, 0xFF);
        put_byte(e->b, 0xD0 + (unsigned)(e->next_rst++ & 7));
        memset(e->pred, 0, sizeof e->pred);
        e->since_restart = 0;
    }
    e->since_restart++;
}

/// One scan: the components comps[0..ncomp) (interleaved when several), coefficients ss..se.
static void scan(encoder *e, const int *comps, int ncomp, int ss, int se) {
    put_byte(e->b, 0xFF);
    put_byte(e->b, 0xDA);
    put16(e->b, 6 + 2 * (unsigned)ncomp);
    put_byte(e->b, (unsigned)ncomp);
    for (int i = 0; i < ncomp; i++) {
        put_byte(e->b, (unsigned)comps[i] + 1);
        put_byte(e->b, 0x00); // DC table 0, AC table 0
    }
    put_byte(e->b, (unsigned)ss);
    put_byte(e->b, (unsigned)se);
    put_byte(e->b, 0); // Ah = Al = 0: no successive approximation
    memset(e->pred, 0, sizeof e->pred);
    e->since_restart = 0;
    e->next_rst = 0;
    for (int by = 0; by < e->bh; by++)
        for (int bx = 0; bx < e->bw; bx++) {
            restart_point(e);
            for (int i = 0; i < ncomp; i++) {
                const int *k = block(e, comps[i], bx, by);
                if (ss == 0) dc_code(e, comps[i], k);
                if (se > 0) ac_code(e, k, ss ? ss : 1, se);
            }
        }
    flush_bits(e->b);
}

static void put_dht(jbuf *b, unsigned class_id, const uint8_t bits[16], const uint8_t *vals,
                    size_t nvals) {
    put_byte(b, 0xFF);
    put_byte(b, 0xC4);
    put16(b, (unsigned)(2 + 1 + 16 + nvals));
    put_byte(b, class_id);
    put(b, bits, 16);
    put(b, vals, nvals);
}

static void headers(jbuf *b, const jpeg_spec *s, const uint8_t quant[64]) {
    static const uint8_t soi_app0[] = {0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F',
                                       0,    1,    1,    0,    0, 1,  0,   1,   0,   0};
    put(b, soi_app0, sizeof soi_app0);
    put_byte(b, 0xFF);
    put_byte(b, 0xDB);
    put16(b, 67);
    put_byte(b, 0); // 8-bit table 0
    for (int i = 0; i < 64; i++) put_byte(b, quant[zigzag[i]]);
    put_byte(b, 0xFF);
    put_byte(b, s->progressive ? 0xC2 : 0xC0);
    put16(b, 8 + 3 * (unsigned)s->components);
    put_byte(b, 8);
    put16(b, (unsigned)s->height);
    put16(b, (unsigned)s->width);
    put_byte(b, (unsigned)s->components);
    for (int c = 0; c < s->components; c++) {
        put_byte(b, (unsigned)c + 1);
        put_byte(b, 0x11); // no subsampling
        put_byte(b, 0);    // quantisation table 0
    }
    put_dht(b, 0x00, dc_bits, dc_vals, sizeof dc_vals);
    put_dht(b, 0x10, ac_bits, ac_vals, sizeof ac_vals);
    if (s->restart_interval) {
        put_byte(b, 0xFF);
        put_byte(b, 0xDD);
        put16(b, 4);
        put16(b, (unsigned)s->restart_interval);
    }
}

/// Quantised coefficients of every block; samples past the picture's edge repeat the edge.
static void transform(encoder *e, const jpeg_spec *s, const uint8_t quant[64]) {
    double in[64];
    for (int c = 0; c < s->components; c++)
        for (int by = 0; by < e->bh; by++)
            for (int bx = 0; bx < e->bw; bx++) {
                for (int y = 0; y < 8; y++)
                    for (int x = 0; x < 8; x++) {
                        int px = bx * 8 + x, py = by * 8 + y;
                        if (px >= s->width) px = s->width - 1;
                        if (py >= s->height) py = s->height - 1;
                        double v = c ? 128.0 : s->grey[(size_t)py * (size_t)s->width + (size_t)px];
                        in[y * 8 + x] = v - 128.0;
                    }
                fdct(in, quant, (int *)block(e, c, bx, by));
            }
}

size_t jpeg_encode(const jpeg_spec *s, uint8_t **out) {
    if ((s->components != 1 && s->components != 3) || s->quality < 1 || s->quality > 100) return 0;
    uint8_t quant[64];
    int scale = s->quality < 50 ? 5000 / s->quality : 200 - 2 * s->quality;
    for (int i = 0; i < 64; i++) {
        int q = (luma_quant[i] * scale + 50) / 100;
        quant[i] = (uint8_t)(q < 1 ? 1 : q > 255 ? 255 : q);
    }
    jbuf b = {0};
    encoder e = {.b = &b, .components = s->components, .restart = s->restart_interval};
    e.bw = (s->width + 7) / 8;
    e.bh = (s->height + 7) / 8;
    e.coef = malloc(sizeof(int) * 64 * (size_t)(e.bw * e.bh * s->components));
    if (!e.coef) return 0;
    build_code(&e.dc, dc_bits, dc_vals);
    build_code(&e.ac, ac_bits, ac_vals);
    transform(&e, s, quant);
    headers(&b, s, quant);
    const int all[3] = {0, 1, 2};
    if (!s->progressive) {
        scan(&e, all, s->components, 0, 63);
    } else {
        scan(&e, all, s->components, 0, 0); // DC of every component, interleaved
        for (int c = 0; c < s->components; c++) {
            scan(&e, &all[c], 1, 1, 5);
            scan(&e, &all[c], 1, 6, 63);
        }
        for (int i = 0; i < s->extra_scans; i++) {
            // End-of-band for every block (no restart markers): the coefficients are already
            // sent, so a decoder sees a pointless repeat.
            put_byte(&b, 0xFF);
            put_byte(&b, 0xDA);
            put16(&b, 8);
            put_byte(&b, 1);
            put_byte(&b, 1);
            put_byte(&b, 0x00);
            put_byte(&b, 1);
            put_byte(&b, 63);
            put_byte(&b, 0);
            for (int k = 0; k < e.bw * e.bh; k++) put_bits(&b, e.ac.code[0], e.ac.len[0]);
            flush_bits(&b);
        }
    }
    put_byte(&b, 0xFF);
    put_byte(&b, 0xD9);
    free(e.coef);
    *out = b.p;
    return b.n;
}

size_t jpeg_find_marker(const uint8_t *jpeg, size_t len, uint8_t marker) {
    for (size_t at = 2; at + 4 <= len;) {
        if (jpeg[at] != 0xFF) return 0;
        if (jpeg[at + 1] == marker) return at;
        if (jpeg[at + 1] == 0xDA) return 0; // entropy-coded data follows: not walked
        at += 2 + ((size_t)jpeg[at + 2] << 8 | jpeg[at + 3]);
    }
    return 0;
}
