// The image probe (engine/io/src/probe_*.c) on its own, without a decoder: every cut of a JPEG
// after its frame header and of a BMP's RLE data is refused as truncated, the JPEG walk passes
// stuffed bytes, restart markers, fill bytes and data after the end, a GIF's first frame is
// reported where it lies, and a PNG is handed to the decoder without its ancillary chunks.
#include "test.h"

#include "arena/ae_grid.h"
#include "arena/ae_image_probe.h"
#include "png_writer.h"

#include <stdio.h>
#include <stdlib.h>

#define FORMS ARENA_SOURCE_DIR "/tests/bad/maps/formats/"

static size_t read_all(const char *path, uint8_t **out) {
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    *out = malloc((size_t)n + 64); // room for the cases that add bytes
    size_t got = fread(*out, 1, (size_t)n, f);
    fclose(f);
    return got == (size_t)n ? got : 0;
}

static bool probe(const uint8_t *d, size_t len, const char *name, ae_image_info *info,
                  ae_error *err) {
    memset(err, 0, sizeof *err);
    return ae_image_probe(d, len, name, info, err);
}

/// Offset just past the JPEG's frame header (SOF0 or SOF2).
static size_t after_frame(const uint8_t *d, size_t len) {
    for (size_t at = 2; at + 4 <= len; at += 2 + ((size_t)d[at + 2] << 8 | d[at + 3]))
        if (d[at + 1] == 0xC0 || d[at + 1] == 0xC2)
            return at + 2 + ((size_t)d[at + 2] << 8 | d[at + 3]);
    return 0;
}

static void test_jpeg_every_cut(void) {
    static const char *const forms[] = {"jpeg-grey.jpg", "jpeg-progressive.jpg",
                                        "jpeg-ycbcr-restart.jpg", "jpeg-ycbcr-progressive.jpg"};
    size_t cuts = 0;
    for (int i = 0; i < 4; i++) {
        char path[512];
        snprintf(path, sizeof path, FORMS "%s", forms[i]);
        uint8_t *d;
        size_t len = read_all(path, &d);
        REQUIRE(len > 0);
        ae_image_info info;
        ae_error err;
        CHECK(probe(d, len, forms[i], &info, &err));
        CHECK(info.width == 24 && info.height == 16 && info.decode_count == 1);
        size_t from = after_frame(d, len);
        REQUIRE(from > 0);
        for (size_t cut = 3; cut < len; cut++) {
            bool ok = probe(d, cut, forms[i], &info, &err);
            const char *want = cut < from ? "truncated or corrupt JPEG (no frame header)"
                                          : "truncated JPEG (no end-of-image marker)";
            CHECK(!ok);
            if (strcmp(err.msg, want) != 0) {
                fprintf(stderr, "%s cut at %zu of %zu: %s\n", forms[i], cut, len, err.msg);
                test_failures++;
            }
            cuts++;
        }
        free(d);
    }
    CHECK(cuts > 3000);
}

/// Bytes a decoder skips are passed: fill bytes before a marker, a stuffed 0xFF00 and restart
/// markers in scan data (the restart form has both), bytes after the end-of-image marker.
static void test_jpeg_walk(void) {
    uint8_t *d;
    size_t len = read_all(FORMS "jpeg-ycbcr-restart.jpg", &d);
    REQUIRE(len > 0);
    ae_image_info info;
    ae_error err;
    size_t rst = 0;
    for (size_t i = after_frame(d, len); i + 1 < len; i++)
        rst += d[i] == 0xFF && d[i + 1] >= 0xD0 && d[i + 1] <= 0xD7;
    CHECK(rst > 0);
    memcpy(d + len, "trailing", 8);
    CHECK(probe(d, len + 8, "x.jpg", &info, &err));
    // Three fill bytes before the DQT marker.
    memmove(d + 23, d + 20, len - 20);
    memset(d + 20, 0xFF, 3);
    CHECK(probe(d, len + 3, "x.jpg", &info, &err));
    free(d);

    // A stuffed byte where the scan data would otherwise end: the walk goes on past it.
    len = read_all(FORMS "jpeg-grey.jpg", &d);
    REQUIRE(len > 0);
    const size_t eoi = len - 2;
    memmove(d + eoi + 2, d + eoi, 2);
    d[eoi] = 0xFF, d[eoi + 1] = 0x00;
    CHECK(probe(d, len + 2, "x.jpg", &info, &err));
    CHECK(!probe(d, len, "x.jpg", &info, &err)); // cut after the stuffed byte: no end
    CHECK_STR(err.msg, "truncated JPEG (no end-of-image marker)");
    free(d);
}

static void test_bmp_rle_every_cut(void) {
    static const char *const forms[] = {"bmp-rle8.bmp", "bmp-rle4.bmp"};
    for (int i = 0; i < 2; i++) {
        char path[512];
        snprintf(path, sizeof path, FORMS "%s", forms[i]);
        uint8_t *d;
        size_t len = read_all(path, &d);
        REQUIRE(len > 0);
        ae_image_info info;
        ae_error err;
        CHECK(probe(d, len, forms[i], &info, &err));
        const size_t data = (size_t)d[10] | (size_t)d[11] << 8; // pixel data offset
        for (size_t cut = data; cut < len; cut++) {
            CHECK(!probe(d, cut, forms[i], &info, &err));
            CHECK_STR(err.msg, "truncated BMP (RLE data ends before its end-of-bitmap code)");
        }
        free(d);
    }
}

static void test_gif_frame(void) {
    uint8_t *d;
    size_t len = read_all(FORMS "gif-frame-offset.gif", &d);
    REQUIRE(len > 0);
    ae_image_info info;
    ae_error err;
    CHECK(probe(d, len, "x.gif", &info, &err));
    CHECK(info.width == 24 && info.height == 16);
    CHECK(info.frame_x == 1 && info.frame_y == 1);
    CHECK(info.frame_width == 22 && info.frame_height == 14);
    free(d);
    len = read_all(FORMS "gif.gif", &d);
    REQUIRE(len > 0);
    CHECK(probe(d, len, "x.gif", &info, &err));
    CHECK(info.frame_x == 0 && info.frame_y == 0);
    CHECK(info.frame_width == 24 && info.frame_height == 16);
    free(d);
}

/// The decode spans of a PNG with ancillary chunks around its image data join to exactly the
/// PNG without them.
static void test_png_spans(void) {
    uint8_t *plain, *with;
    size_t plain_len = read_all(FORMS "palette8-trns.png", &plain);
    REQUIRE(plain_len > 0);
    // tEXt after IHDR, after PLTE and after IDAT: a chunk of 12 + 3 bytes each.
    static const uint8_t text[15] = {0, 0, 0, 3, 't', 'E', 'X', 't', 'a', 0, 'b'};
    uint8_t chunk[15];
    memcpy(chunk, text, 11);
    uint32_t crc = png_crc(chunk + 4, 7);
    for (int i = 0; i < 4; i++) chunk[11 + i] = (uint8_t)(crc >> (24 - 8 * i));
    with = malloc(plain_len + 3 * sizeof chunk);
    size_t at[3] = {png_find_chunk(plain, plain_len, "PLTE"),
                    png_find_chunk(plain, plain_len, "tRNS"),
                    png_find_chunk(plain, plain_len, "IEND")};
    size_t n = 0, from = 0;
    for (int k = 0; k < 3; k++) {
        memcpy(with + n, plain + from, at[k] - from);
        n += at[k] - from;
        memcpy(with + n, chunk, sizeof chunk);
        n += sizeof chunk;
        from = at[k];
    }
    memcpy(with + n, plain + from, plain_len - from);
    n += plain_len - from;
    ae_image_info info;
    ae_error err;
    REQUIRE(probe(with, n, "x.png", &info, &err));
    // Signature and IHDR, PLTE, tRNS and IDAT, IEND: the three text chunks split them.
    CHECK(info.decode_count == 4);
    uint8_t *joined = malloc(n);
    size_t m = 0;
    for (int i = 0; i < info.decode_count; i++) {
        memcpy(joined + m, with + info.decode[i].offset, info.decode[i].length);
        m += info.decode[i].length;
    }
    CHECK(m == plain_len && !memcmp(joined, plain, plain_len));
    free(joined);
    free(with);
    free(plain);
}

TEST_MAIN(TEST_CASE(jpeg_every_cut), TEST_CASE(jpeg_walk), TEST_CASE(bmp_rle_every_cut),
          TEST_CASE(gif_frame), TEST_CASE(png_spans))
