// The probe's check of PNG image data (engine/io/src/inflate_check.c) through ae_image_probe: every
// PNG we ship or must load passes, whole and with its image data cut into many IDAT chunks; every
// cut of its compressed data is refused as truncated; hand-made damaged streams get their reason.
#include "test.h"

#include "arena/ae_grid.h"
#include "arena/ae_image_probe.h"
#include "deflate_writer.h"
#include "png_writer.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { MAX_FILES = 256 };

static char files[MAX_FILES][512];
static int nfiles;

/// Adds the .png files under dir (and its sub-folders when `deep`).
static void find_pngs(const char *dir, bool deep) {
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        size_t n = strlen(e->d_name);
        if (S_ISDIR(st.st_mode) && deep)
            find_pngs(path, true);
        else if (S_ISREG(st.st_mode) && n > 4 && !strcmp(e->d_name + n - 4, ".png") &&
                 nfiles < MAX_FILES)
            snprintf(files[nfiles++], sizeof files[0], "%s", path);
    }
    closedir(d);
}

/// The PNGs that must load: every one under assets/, the reference picture's forms and the
/// fuzz seeds (the rest of tests/ holds damaged files on purpose).
static void shipped_pngs(void) {
    if (nfiles) return;
    find_pngs(ARENA_SOURCE_DIR "/assets", true);
    find_pngs(ARENA_SOURCE_DIR "/tests/bad/maps/formats", false);
    find_pngs(ARENA_SOURCE_DIR "/tests/fuzz/corpus/map", false);
}

static size_t read_all(const char *path, uint8_t **out) {
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    *out = malloc((size_t)n);
    size_t got = fread(*out, 1, (size_t)n, f);
    fclose(f);
    return got == (size_t)n ? got : 0;
}

/// Probes the PNG with its image data replaced by z cut into chunks of `piece` bytes.
static bool probe_with(const uint8_t *png, size_t len, const uint8_t *z, size_t zlen, size_t piece,
                       ae_error *err) {
    uint8_t *out;
    size_t n = png_with_idat(png, len, z, zlen, piece, &out);
    ae_image_info info;
    bool ok = ae_image_probe(out, n, "x.png", &info, err);
    free(out);
    return ok;
}

static void test_shipped_pass(void) {
    shipped_pngs();
    CHECK(nfiles >= 67); // 15 under assets, 46 forms, 6 seeds
    for (int i = 0; i < nfiles; i++) {
        uint8_t *png;
        size_t len = read_all(files[i], &png);
        REQUIRE(len > 0);
        ae_image_info info;
        ae_error err = {{0}};
        bool ok = ae_image_probe(png, len, files[i], &info, &err);
        if (!ok) fprintf(stderr, "%s: %s\n", files[i], err.msg);
        CHECK(ok);
        // The same data in IDAT chunks of 1000 bytes and, for small files, of 1 byte.
        uint8_t *z;
        size_t zlen = png_idat_data(png, len, &z);
        CHECK(probe_with(png, len, z, zlen, 1000, &err));
        if (zlen < 20000) CHECK(probe_with(png, len, z, zlen, 1, &err));
        free(z);
        free(png);
    }
}

/// Cuts of the compressed data (the first bytes, inside the checksum and 200 spread between, 40
/// for large files)
/// are refused as truncated, never as corrupt.
static void test_every_cut_truncated(void) {
    shipped_pngs();
    REQUIRE(nfiles > 0);
    size_t cuts = 0;
    for (int i = 0; i < nfiles; i++) {
        uint8_t *png, *z;
        size_t len = read_all(files[i], &png);
        REQUIRE(len > 0);
        size_t zlen = png_idat_data(png, len, &z);
        REQUIRE(zlen > 6);
        size_t fixed[6] = {0, 1, 2, zlen - 4, zlen - 2, zlen - 1};
        // The screenshots (several 100 KiB) get fewer cuts: each probe inflates up to the cut.
        const size_t spread = zlen > 65536 ? 40 : 200;
        for (size_t k = 0; k < 6 + spread; k++) {
            size_t cut = k < 6 ? fixed[k] : (k - 6) * zlen / spread;
            ae_error err = {{0}};
            bool ok = probe_with(png, len, z, cut, 0, &err);
            CHECK(!ok);
            if (strncmp(err.msg, "truncated PNG (", 15) != 0) {
                fprintf(stderr, "%s cut at %zu of %zu: %s\n", files[i], cut, zlen, err.msg);
                CHECK(false);
            }
            cuts++;
        }
        free(z);
        free(png);
    }
    CHECK(cuts >= 60 * 206);
}

/// The 64x16 8-bit grey PNG of zeros (all wall, which the probe does not judge) and its
/// scanlines: 16 rows of a filter byte and 64 samples.
enum { W = 64, H = 16, RAW = H * (1 + W) };
static size_t zero_png(uint8_t **out) {
    static const uint8_t px[W * H];
    return png_encode(&(png_spec){W, H, 0, 8, px, NULL, 0, NULL, 0}, out);
}

static void expect(const uint8_t *z, size_t zlen, const char *reason);

/// Pads the bits to a byte, expects the reason and frees the stream.
static void expect_bits(zbits *z, const char *reason) {
    zbits_align(z);
    expect(z->p, z->n, reason);
    free(z->p);
}

static void expect(const uint8_t *z, size_t zlen, const char *reason) {
    uint8_t *png;
    size_t len = zero_png(&png);
    ae_error err = {{0}};
    CHECK(!probe_with(png, len, z, zlen, 0, &err));
    if (strcmp(err.msg, reason) != 0) {
        fprintf(stderr, "got '%s', want '%s'\n", err.msg, reason);
        CHECK(false);
    }
    free(png);
}

/// A zlib header and the first three bits of a block: final, of the given type.
static zbits block(unsigned type) {
    zbits z = {0};
    zbits_zlib_header(&z);
    zbits_put(&z, 1, 1);
    zbits_put(&z, type, 2);
    return z;
}

/// A dynamic block header: HLIT, HDIST, then the code length code's lengths in their order.
static zbits dynamic(unsigned nlen, unsigned ndist, int ncode, const uint8_t *cl_lengths) {
    zbits z = block(2);
    zbits_put(&z, nlen - 257, 5);
    zbits_put(&z, ndist - 1, 5);
    zbits_put(&z, (uint32_t)ncode - 4, 4);
    for (int i = 0; i < ncode; i++) zbits_put(&z, cl_lengths[i], 3);
    return z;
}

static void test_damaged_streams(void) {
    static const uint8_t zeros[RAW];
    zbits z = block(3);
    expect_bits(&z, "corrupt PNG (compressed image data: invalid block type 3 at byte 2)");

    z = block(1);
    zbits_fixed_symbol(&z, 286);
    expect_bits(&z,
                "corrupt PNG (compressed image data: invalid literal/length symbol 286 at byte 3)");

    z = block(1);
    zbits_fixed_symbol(&z, 0);
    zbits_fixed_symbol(&z, 257);
    zbits_code(&z, 30, 5);
    expect_bits(&z, "corrupt PNG (compressed image data: invalid distance symbol 30 at byte 4)");

    // Code length code in order 16, 17, 18, 0: {16, 0} one bit each; 16 first repeats nothing.
    z = dynamic(257, 1, 4, (const uint8_t[4]){1, 0, 0, 1});
    zbits_code(&z, 1, 1);
    expect_bits(
        &z,
        "corrupt PNG (compressed image data: code length repeat with no previous length at byte "
        "5)");

    // {18, 0} one bit each: 138 + 138 zeros for 258 lengths.
    z = dynamic(257, 1, 4, (const uint8_t[4]){0, 0, 1, 1});
    for (int i = 0; i < 2; i++) {
        zbits_code(&z, 1, 1);
        zbits_put(&z, 127, 7);
    }
    expect_bits(&z,
                "corrupt PNG (compressed image data: code length repeat past the end at byte 7)");

    // 138 + 120 zeros: no code for the end of the block.
    z = dynamic(257, 1, 4, (const uint8_t[4]){0, 0, 1, 1});
    zbits_code(&z, 1, 1);
    zbits_put(&z, 127, 7);
    zbits_code(&z, 1, 1);
    zbits_put(&z, 109, 7);
    expect_bits(&z, "corrupt PNG (compressed image data: missing end-of-block code at byte 7)");

    z = dynamic(287, 1, 4, (const uint8_t[4]){0, 0, 1, 1});
    expect_bits(
        &z, "corrupt PNG (compressed image data: too many length or distance symbols (287, 1) at "
            "byte 4)");
    z = dynamic(257, 1, 4, (const uint8_t[4]){0, 0, 0, 1});
    expect_bits(&z, "corrupt PNG (compressed image data: incomplete code length code at byte 5)");
    z = dynamic(257, 1, 4, (const uint8_t[4]){1, 1, 1, 0});
    expect_bits(&z,
                "corrupt PNG (compressed image data: over-subscribed code length code at byte 5)");

    // Code length code {0: 1 bit, 2: 2 bits, 18: 2 bits} in order 16 17 18 0 8 7 9 6 10 5 11 4
    // 12 3 13 2. Literal 0 and end-of-block get 2 bits each: an incomplete literal/length code.
    const uint8_t cl[16] = {0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2};
    z = dynamic(257, 1, 16, cl);
    zbits_code(&z, 2, 2); // length 2 for literal 0
    zbits_code(&z, 3, 2); // 138 zeros
    zbits_put(&z, 127, 7);
    zbits_code(&z, 3, 2); // 117 zeros
    zbits_put(&z, 106, 7);
    zbits_code(&z, 2, 2); // length 2 for end-of-block
    zbits_code(&z, 0, 1); // distance 0 unused
    expect_bits(&z,
                "corrupt PNG (compressed image data: incomplete literal/length code at byte 12)");

    // A single one-bit code is allowed (as in zlib): here end-of-block alone, so the block is
    // empty and the data short. Code length code {0: 1 bit, 1 and 18: 2 bits}.
    z = dynamic(257, 1, 18,
                (const uint8_t[18]){0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2});
    zbits_code(&z, 3, 2); // 138 zeros
    zbits_put(&z, 127, 7);
    zbits_code(&z, 3, 2); // 118 zeros
    zbits_put(&z, 107, 7);
    zbits_code(&z, 2, 2); // length 1 for end-of-block
    zbits_code(&z, 0, 1); // distance 0 unused
    zbits_code(&z, 0, 1); // end-of-block
    expect_bits(&z, "truncated PNG (image data ends after 0 of 1040 bytes)");

    // Zlib headers: method, window, check bits, preset dictionary.
    const uint8_t headers[4][2] = {{0x77, 0x01}, {0x88, 0x1C}, {0x78, 0x02}, {0x78, 0x20}};
    const char *why[4] = {"compression method is not deflate", "window over 32 KiB",
                          "check bits wrong", "preset dictionary"};
    for (int i = 0; i < 4; i++) {
        char want[128];
        snprintf(want, sizeof want, "corrupt PNG (bad zlib header in IDAT: %s)", why[i]);
        uint8_t h[2] = {headers[i][0], headers[i][1]};
        if (i < 2) h[1] = (uint8_t)((31 - (h[0] << 8) % 31) % 31); // right check bits
        expect(h, 2, want);
    }

    // A 512-byte window (header 0x18 0x19) and a copy from 600 bytes back.
    z = (zbits){0};
    zbits_put(&z, 0x18, 8);
    zbits_put(&z, 0x19, 8);
    zbits_put(&z, 1, 1);
    zbits_put(&z, 1, 2);
    for (int i = 0; i < 600; i++) zbits_fixed_symbol(&z, 0);
    zbits_fixed_match(&z, 3, 600);
    expect_bits(
        &z, "corrupt PNG (compressed image data: distance 600 beyond the 512-byte window at byte "
            "604)");

    // Bytes after the checksum.
    uint8_t *s;
    size_t slen = png_zlib_stored(zeros, RAW, &s);
    s = realloc(s, slen + 3);
    memset(s + slen, 0, 3);
    expect(s, slen + 3, "corrupt PNG (3 bytes after the end of the compressed image data)");
    free(s);
}

/// A chunk with its length and CRC.
static size_t put_chunk(uint8_t *at, const char *type, const uint8_t *data, size_t n) {
    at[0] = (uint8_t)(n >> 24), at[1] = (uint8_t)(n >> 16), at[2] = (uint8_t)(n >> 8);
    at[3] = (uint8_t)n;
    memcpy(at + 4, type, 4);
    if (n) memcpy(at + 8, data, n);
    uint32_t c = png_crc(at + 4, n + 4);
    for (int i = 0; i < 4; i++) at[8 + n + (size_t)i] = (uint8_t)(c >> (24 - 8 * i));
    return 12 + n;
}

/// Empty IDAT chunks are skipped; an IDAT after another chunk type is refused (libpng reads
/// one run of IDAT chunks); a bad filter type is located in its interlace pass.
static void test_chunks_and_passes(void) {
    static const uint8_t zeros[RAW];
    uint8_t *png, *z;
    size_t len = zero_png(&png), zlen = png_zlib_stored(zeros, RAW, &z);
    size_t idat = png_find_chunk(png, len, "IDAT");
    REQUIRE(idat > 0);
    uint8_t *out = malloc(len + zlen + 100);
    for (int split = 0; split < 2; split++) {
        size_t n = idat;
        memcpy(out, png, idat);
        n += put_chunk(out + n, "IDAT", NULL, 0);
        n += put_chunk(out + n, "IDAT", z, 10);
        if (split) n += put_chunk(out + n, "tEXt", (const uint8_t *)"a\0b", 3);
        n += put_chunk(out + n, "IDAT", NULL, 0);
        n += put_chunk(out + n, "IDAT", z + 10, zlen - 10);
        n += put_chunk(out + n, "IEND", NULL, 0);
        ae_image_info info;
        ae_error err = {{0}};
        bool ok = ae_image_probe(out, n, "x.png", &info, &err);
        CHECK(ok == !split);
        if (split) CHECK_STR(err.msg, "corrupt PNG (IDAT chunks are not consecutive)");
    }
    free(out);
    free(z);
    free(png);

    // Interlaced 64x16: pass 1 has 2 rows of 8 pixels (9 bytes each), then pass 2 starts.
    len = png_encode_interlaced(&(png_spec){W, H, 0, 8, zeros, NULL, 0, NULL, 0}, &png);
    zlen = png_idat_data(png, len, &z);
    size_t raw_len = (size_t)z[3] | (size_t)z[4] << 8; // one stored block after the header
    uint8_t *raw = malloc(raw_len);
    memcpy(raw, z + 7, raw_len);
    raw[18] = 9;
    free(z);
    zlen = png_zlib_stored(raw, raw_len, &z);
    ae_error err = {{0}};
    CHECK(!probe_with(png, len, z, zlen, 0, &err));
    CHECK_STR(err.msg,
              "corrupt PNG (unknown filter type 9 at the start of row 1 of interlace pass 2)");
    free(raw);
    free(z);
    free(png);
}

TEST_MAIN(TEST_CASE(shipped_pass), TEST_CASE(every_cut_truncated), TEST_CASE(damaged_streams),
          TEST_CASE(chunks_and_passes))
