// The PNG chunk part of the fixture generator: the 8-bit grey picture with ancillary chunks
// that libpng warns about or would spend memory and time on (each must load without a word on
// stderr: the loader never hands them to libpng), and pictures breaking the rules for the
// chunks that decide the pixels (each refused with its reason).
#include "make_bad_maps.h"

#include "deflate_writer.h"
#include "png_writer.h"

#include <stdlib.h>
#include <string.h>

typedef struct chunk {
    const char *type;
    const uint8_t *data;
    size_t len;
} chunk;

typedef struct obuf {
    uint8_t *p;
    size_t n;
} obuf;

static void put(obuf *b, const void *data, size_t n) {
    b->p = realloc(b->p, b->n + n);
    memcpy(b->p + b->n, data, n);
    b->n += n;
}

static void put_chunk(obuf *b, const chunk *c) {
    uint8_t len[4] = {(uint8_t)(c->len >> 24), (uint8_t)(c->len >> 16), (uint8_t)(c->len >> 8),
                      (uint8_t)c->len};
    put(b, len, 4);
    size_t start = b->n;
    put(b, c->type, 4);
    if (c->len) put(b, c->data, c->len);
    uint32_t crc = png_crc(b->p + start, c->len + 4);
    uint8_t sum[4] = {(uint8_t)(crc >> 24), (uint8_t)(crc >> 16), (uint8_t)(crc >> 8),
                      (uint8_t)crc};
    put(b, sum, 4);
}

/// Saves `png` with the chunks `before` inserted after its IHDR and `after` before its IEND.
static void save_with(const char *name, const uint8_t *png, size_t len, const chunk *before, int nb,
                      const chunk *after, int na) {
    obuf b = {0};
    put(&b, png, 8);
    for (size_t at = 8; at + 12 <= len;) {
        const size_t n = (size_t)png[at] << 24 | (size_t)png[at + 1] << 16 |
                         (size_t)png[at + 2] << 8 | png[at + 3];
        if (!memcmp(png + at + 4, "IEND", 4))
            for (int i = 0; i < na; i++) put_chunk(&b, &after[i]);
        put(&b, png + at, 12 + n);
        if (!memcmp(png + at + 4, "IHDR", 4))
            for (int i = 0; i < nb; i++) put_chunk(&b, &before[i]);
        at += 12 + n;
    }
    save(name, b.p, b.n);
    free(b.p);
}

/// The grey picture with one ancillary chunk inserted after IHDR.
static void grey_with(const char *name, const char *type, const uint8_t *data, size_t len) {
    uint8_t *png;
    size_t n = base_png(&png);
    const chunk c = {type, data, len};
    save_with(name, png, n, &c, 1, NULL, 0);
    free(png);
}

/// Joins a keyword's bytes (with its terminating zero) and the rest of a chunk's payload.
static size_t payload(uint8_t *out, const void *head, size_t head_len, const uint8_t *rest,
                      size_t rest_len) {
    memcpy(out, head, head_len);
    memcpy(out + head_len, rest, rest_len);
    return head_len + rest_len;
}

/// Ancillary chunks that used to reach libpng: each file loads, silently.
static void ancillary(void) {
    const uint8_t gama0[4] = {0}, srgb9[1] = {9};
    grey_with("gama-zero.png", "gAMA", gama0, sizeof gama0);
    grey_with("srgb-bad-intent.png", "sRGB", srgb9, sizeof srgb9);
    const uint8_t time[7] = {0x07, 0xE4, 13, 40, 25, 61, 61}; // 2020-13-40 25:61:61
    grey_with("time-bad.png", "tIME", time, sizeof time);
    const uint8_t private[16] = "not for libpng.";
    grey_with("private-chunk.png", "prVt", private, sizeof private);

    uint8_t *z, *p = malloc(1 << 16);
    // iCCP: a profile name, compression method 0, then the zlib-compressed profile.
    const char junk[] = "this is not an ICC profile";
    size_t zlen = zlib_bomb((const uint8_t *)junk, sizeof junk, 0, &z);
    grey_with("iccp-garbage.png", "iCCP", p, payload(p, "profile\0", 9, z, zlen));
    free(z);
    // A profile header declaring 16 MiB ('acsp' is its signature), then 16 MiB of zeros.
    uint8_t profile[132] = {0};
    profile[1] = 1; // 0x01000000 bytes
    memcpy(profile + 36, "acsp", 4);
    zlen = zlib_bomb(profile, sizeof profile, 16u << 20, &z);
    grey_with("iccp-16mb.png", "iCCP", p, payload(p, "profile\0", 9, z, zlen));
    free(z);
    // zTXt and iTXt whose text inflates to 16 MiB.
    zlen = zlib_bomb(NULL, 0, 16u << 20, &z);
    grey_with("ztxt-bomb.png", "zTXt", p, payload(p, "Comment\0", 9, z, zlen));
    grey_with("itxt-bomb.png", "iTXt", p, payload(p, "Comment\0\1\0\0\0", 12, z, zlen));
    free(z);
    free(p);

    // More text chunks than libpng's cache of 1000 holds.
    enum { TEXTS = 1100 };
    static chunk texts[TEXTS];
    static uint8_t text[TEXTS][16];
    for (int i = 0; i < TEXTS; i++) {
        size_t n = payload(text[i], "Comment\0", 8, (const uint8_t *)"line", 4);
        text[i][n++] = (uint8_t)('0' + i % 10);
        texts[i] = (chunk){"tEXt", text[i], n};
    }
    uint8_t *png;
    size_t len = base_png(&png);
    save_with("text-1100-chunks.png", png, len, texts, TEXTS, NULL, 0);
    free(png);
}

/// The picture in colour type `ctype` (0 grey, 2 RGB, 3 palette of the 256 greys, 6 RGBA) at 8
/// bits (or 1 for a palette when `one_bit`), without PLTE or tRNS.
static size_t picture(int ctype, bool one_bit, uint8_t **out) {
    static uint8_t px[N * 4];
    const int depth = one_bit ? 1 : 8;
    samples(ctype == 3 ? 0 : ctype, depth, ctype == 6 ? FULL : FLATTEN, 0, px);
    return png_encode(&(png_spec){REF_W, REF_H, ctype, depth, px, NULL, 0, NULL, 0}, out);
}

/// Saves the picture of that colour type with chunks inserted; frees nothing it was given.
static void rule_case(const char *name, int ctype, bool one_bit, const chunk *before, int nb,
                      const chunk *after, int na) {
    uint8_t *png;
    size_t len = picture(ctype, one_bit, &png);
    save_with(name, png, len, before, nb, after, na);
    free(png);
}

/// Chunks that break the rules libpng enforces: each file is refused with its reason.
static void chunk_rules(void) {
    static uint8_t ramp[3 * 256], alpha[257];
    for (int i = 0; i < 256; i++) memset(ramp + 3 * i, i, 3);
    memset(alpha, 255, sizeof alpha);
    const chunk plte = {"PLTE", ramp, sizeof ramp}, trns = {"tRNS", alpha, 256};
    const uint8_t grey_key[2] = {0, 254}, big_key[2] = {1, 0}, short_key[3] = {0, 254, 0};
    const chunk grey_trns = {"tRNS", grey_key, 2};

    uint8_t ihdr[13] = {0, 0, 0, REF_W, 0, 0, 0, REF_H, 8, 0, 0, 0, 0};
    rule_case("ihdr-twice.png", 0, false, &(chunk){"IHDR", ihdr, 13}, 1, NULL, 0);
    rule_case("critical-unknown.png", 0, false, &(chunk){"CgBI", ihdr, 4}, 1, NULL, 0);

    rule_case("plte-length.png", 3, false, &(chunk){"PLTE", ramp, 7}, 1, NULL, 0);
    rule_case("plte-too-many.png", 3, true, &(chunk){"PLTE", ramp, 9}, 1, NULL, 0);
    rule_case("plte-twice.png", 3, false, (chunk[]){plte, plte}, 2, NULL, 0);
    rule_case("plte-grey.png", 0, false, &plte, 1, NULL, 0);
    rule_case("plte-after-idat.png", 2, false, NULL, 0, &plte, 1);

    rule_case("trns-length.png", 0, false, &(chunk){"tRNS", short_key, 3}, 1, NULL, 0);
    rule_case("trns-range.png", 0, false, &(chunk){"tRNS", big_key, 2}, 1, NULL, 0);
    rule_case("trns-alpha.png", 6, false, &grey_trns, 1, NULL, 0);
    rule_case("trns-after-idat.png", 0, false, NULL, 0, &grey_trns, 1);
    rule_case("trns-twice.png", 0, false, (chunk[]){grey_trns, grey_trns}, 2, NULL, 0);
    rule_case("trns-before-plte.png", 3, false, (chunk[]){trns, plte}, 2, NULL, 0);
    rule_case("trns-too-long.png", 3, false, (chunk[]){plte, {"tRNS", alpha, 257}}, 2, NULL, 0);
}

void chunk_fixtures(void) {
    ancillary();
    chunk_rules();
}
