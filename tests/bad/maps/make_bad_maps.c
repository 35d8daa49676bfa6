// make_bad_maps OUTDIR: writes every generated fixture of the bad-map suite: the damaged files
// named in README into OUTDIR and the reference picture in every form the loader accepts
// (formats/README) into OUTDIR/formats, and the maps at the limits of breakable walls and doors
// (props/README) into OUTDIR/props. The committed files are this program's output; the
// bad_maps.generator_matches test checks that the two have not drifted apart.
#include "make_bad_maps.h"

#include "deflate_writer.h"
#include "png_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *out_dir;
int failures;

void save(const char *name, const void *data, size_t len) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", out_dir, name);
    if (!len || write_file(path, data, len) != 0) {
        fprintf(stderr, "make_bad_maps: %s: cannot write\n", path);
        failures++;
    }
}

void save_and_free(const char *name, uint8_t **data, size_t len) {
    save(name, *data, len);
    free(*data);
}

void pixel(int i, alpha_mode mode, uint8_t *g, uint8_t *a) {
    ref_pixel(i % REF_W, i / REF_W, g, a);
    if (mode == FLATTEN && *a < 128) *g = 0;
    if (mode != FULL) *a = *a < 128 ? 0 : 255;
    if (mode == FLATTEN) *a = 255;
}

/// A grey level at bit depth 1, 2 or 4: the nearest level, which keeps the side of 50%.
static uint8_t quantise(uint8_t g, int depth) {
    int top = (1 << depth) - 1;
    return (uint8_t)((g * top + 127) / 255);
}

void samples(int ctype, int depth, alpha_mode mode, uint8_t key, uint8_t *out) {
    for (int i = 0; i < N; i++) {
        uint8_t g, a;
        pixel(i, mode, &g, &a);
        if (mode == BINARY && a == 0) g = key;
        if (depth < 8) {
            out[i] = quantise(g, depth);
            continue;
        }
        int bytes = depth / 8, ch = ctype == 0 ? 1 : ctype == 4 ? 2 : ctype == 2 ? 3 : 4;
        for (int c = 0; c < ch; c++) {
            uint8_t v = (ctype == 4 && c == 1) || (ctype == 6 && c == 3) ? a : g;
            for (int k = 0; k < bytes; k++) out[(i * ch + c) * bytes + k] = v; // 16-bit: v * 257
        }
    }
}

/// Saves the PNG as NAME.png and NAME-adam7.png.
static void save_png_pair(const char *name, const png_spec *spec) {
    char file[128];
    uint8_t *png;
    snprintf(file, sizeof file, "formats/%s.png", name);
    save_and_free(file, &png, png_encode(spec, &png));
    snprintf(file, sizeof file, "formats/%s-adam7.png", name);
    save_and_free(file, &png, png_encode_interlaced(spec, &png));
}

static void grey_forms(void) {
    static uint8_t px[N * 2];
    char name[32];
    for (int depth = 1; depth <= 16; depth *= 2) {
        samples(0, depth, FLATTEN, 0, px);
        snprintf(name, sizeof name, "grey%d", depth);
        save_png_pair(name, &(png_spec){REF_W, REF_H, 0, depth, px, NULL, 0, NULL, 0});
    }
    // tRNS names one grey level transparent: 254 (8-bit), 254 * 257 (16-bit).
    const uint8_t trns8[2] = {0, 254}, trns16[2] = {254, 254};
    samples(0, 8, BINARY, 254, px);
    save_png_pair("grey8-trns", &(png_spec){REF_W, REF_H, 0, 8, px, NULL, 0, trns8, 2});
    samples(0, 16, BINARY, 254, px);
    save_png_pair("grey16-trns", &(png_spec){REF_W, REF_H, 0, 16, px, NULL, 0, trns16, 2});
    // tRNS at depth 4: level 14 (238) is transparent.
    const uint8_t trns4[2] = {0, 14};
    samples(0, 4, BINARY, 238, px);
    save_png_pair("grey4-trns", &(png_spec){REF_W, REF_H, 0, 4, px, NULL, 0, trns4, 2});
}

static void colour_forms(void) {
    static uint8_t px[N * 8];
    samples(4, 8, FULL, 0, px);
    save_png_pair("grey-alpha8", &(png_spec){REF_W, REF_H, 4, 8, px, NULL, 0, NULL, 0});
    samples(4, 16, FULL, 0, px);
    save_png_pair("grey-alpha16", &(png_spec){REF_W, REF_H, 4, 16, px, NULL, 0, NULL, 0});
    samples(2, 8, FLATTEN, 0, px);
    save_png_pair("rgb8", &(png_spec){REF_W, REF_H, 2, 8, px, NULL, 0, NULL, 0});
    samples(2, 16, FLATTEN, 0, px);
    save_png_pair("rgb16", &(png_spec){REF_W, REF_H, 2, 16, px, NULL, 0, NULL, 0});
    const uint8_t trns8[6] = {0, 254, 0, 254, 0, 254}, trns16[6] = {254, 254, 254, 254, 254, 254};
    samples(2, 8, BINARY, 254, px);
    save_png_pair("rgb8-trns", &(png_spec){REF_W, REF_H, 2, 8, px, NULL, 0, trns8, 6});
    samples(2, 16, BINARY, 254, px);
    save_png_pair("rgb16-trns", &(png_spec){REF_W, REF_H, 2, 16, px, NULL, 0, trns16, 6});
    samples(6, 8, FULL, 0, px);
    save_png_pair("rgba8", &(png_spec){REF_W, REF_H, 6, 8, px, NULL, 0, NULL, 0});
    samples(6, 16, FULL, 0, px);
    save_png_pair("rgba16", &(png_spec){REF_W, REF_H, 6, 16, px, NULL, 0, NULL, 0});
}

size_t base_png(uint8_t **out) {
    static uint8_t grey[N];
    samples(0, 8, FLATTEN, 0, grey);
    return png_encode(&(png_spec){REF_W, REF_H, 0, 8, grey, NULL, 0, NULL, 0}, out);
}

/// The scanlines of the 8-bit grey picture as the compressed data holds them: each row after its
/// filter type byte (0, none).
enum { RAW_ROW = 1 + REF_W, RAW = REF_H * RAW_ROW };
static void grey8_scanlines(uint8_t raw[RAW]) {
    static uint8_t grey[N];
    samples(0, 8, FLATTEN, 0, grey);
    for (int y = 0; y < REF_H; y++) {
        raw[y * RAW_ROW] = 0;
        memcpy(raw + y * RAW_ROW + 1, grey + y * REF_W, REF_W);
    }
}

/// The base of the damaged PNGs (8-bit grey, see base_png) with its image data replaced by z.
static void save_grey8_with(const char *name, const uint8_t *z, size_t zlen) {
    uint8_t *png, *out;
    size_t len = base_png(&png);
    save_and_free(name, &out, png_with_idat(png, len, z, zlen, 0, &out));
    free(png);
}

/// 8-bit grey with Huffman-coded image data (real encoders write these; png_writer only stored
/// blocks): one fixed-code block, and one dynamic block cut into three IDAT chunks.
static void huffman_forms(void) {
    uint8_t raw[RAW], *z, *png, *out;
    grey8_scanlines(raw);
    size_t zlen = zlib_huffman(raw, RAW, false, &z);
    save_grey8_with("formats/grey8-fixed.png", z, zlen);
    free(z);
    zlen = zlib_huffman(raw, RAW, true, &z);
    size_t len = base_png(&png);
    save_and_free("formats/grey8-dynamic.png", &out,
                  png_with_idat(png, len, z, zlen, zlen / 3, &out));
    free(png);
    free(z);
}

/// Palette forms: at depths 1, 2, 4 the palette is the grey ramp of that depth; at depth 8 it
/// holds the picture's distinct (grey, alpha) pairs, with a tRNS chunk in the "-trns" forms.
static void palette_forms(void) {
    static uint8_t idx[N];
    uint8_t palette[3 * 256], trns[256];
    char name[32];
    for (int depth = 1; depth <= 4; depth *= 2) {
        int levels = 1 << depth;
        for (int k = 0; k < levels; k++) memset(palette + 3 * k, k * 255 / (levels - 1), 3);
        samples(0, depth, FLATTEN, 0, idx);
        snprintf(name, sizeof name, "palette%d", depth);
        save_png_pair(name, &(png_spec){REF_W, REF_H, 3, depth, idx, palette, levels, NULL, 0});
    }
    for (int mode = FLATTEN; mode <= FULL; mode++) {
        int count = 0;
        for (int i = 0; i < N; i++) {
            uint8_t g, a;
            pixel(i, (alpha_mode)mode, &g, &a);
            int k = 0;
            while (k < count && (palette[3 * k] != g || trns[k] != a)) k++;
            if (k == count) {
                memset(palette + 3 * k, g, 3);
                trns[count++] = a;
            }
            idx[i] = (uint8_t)k;
        }
        static const char *const names[3] = {"palette8", "palette8-trns-key", "palette8-trns"};
        save_png_pair(names[mode], &(png_spec){REF_W, REF_H, 3, 8, idx, palette, count,
                                               mode == FLATTEN ? NULL : trns, count});
    }
}

void rgba_picture(alpha_mode mode, uint8_t *out) {
    for (int i = 0; i < N; i++) {
        uint8_t g, a;
        pixel(i, mode, &g, &a);
        memset(out + 4 * i, g, 3);
        out[4 * i + 3] = a;
    }
}

/// The picture as a Moving AI map: '.' free, walls alternating '@' and 'T'.
static void map_form(void) {
    char text[64 + REF_H * (REF_W + 1)];
    int n = snprintf(text, sizeof text, "type octile\nheight %d\nwidth %d\nmap\n", REF_H, REF_W);
    for (int y = 0; y < REF_H; y++) {
        for (int x = 0; x < REF_W; x++) text[n++] = ref_free(x, y) ? '.' : x % 2 ? '@' : 'T';
        text[n++] = '\n';
    }
    save("formats/movingai.map", text, (size_t)n);
}

/// The base PNG with the last five IHDR fields (bit depth, colour type, compression, filter and
/// interlace method) replaced and the chunk re-signed.
static void png_with_ihdr(const char *name, const uint8_t fields[5]) {
    uint8_t *png;
    size_t len = base_png(&png);
    size_t at = png_find_chunk(png, len, "IHDR");
    memcpy(png + at + 8 + 8, fields, 5);
    png_resign(png, at);
    save_and_free(name, &png, len);
}

static void damaged_pngs(void) {
    uint8_t *png;
    size_t len = base_png(&png);
    save("truncated.png", png, len / 2);
    size_t idat = png_find_chunk(png, len, "IDAT");
    // The stored block's LEN no longer matches its NLEN: the chunk is intact, its zlib data not.
    png[idat + 8 + 3] ^= 0x5A;
    png_resign(png, idat);
    save("bad-zlib.png", png, len);
    png[idat + 8 + 40] ^= 0x01; // and now the chunk's CRC does not match either
    save("bad-crc.png", png, len);
    free(png);

    len = base_png(&png);
    idat = png_find_chunk(png, len, "IDAT");
    size_t idat_len = 12 + ((size_t)png[idat + 2] << 8 | png[idat + 3]);
    memmove(png + idat, png + idat + idat_len, len - idat - idat_len);
    save_and_free("no-idat.png", &png, len - idat_len);

    png_with_ihdr("bad-bit-depth.png", (const uint8_t[5]){3, 0, 0, 0, 0});
    png_with_ihdr("bad-color-type.png", (const uint8_t[5]){8, 5, 0, 0, 0});
    png_with_ihdr("bad-depth-for-type.png", (const uint8_t[5]){16, 3, 0, 0, 0});
    png_with_ihdr("bad-compression.png", (const uint8_t[5]){8, 0, 1, 0, 0});
    png_with_ihdr("bad-filter.png", (const uint8_t[5]){8, 0, 0, 1, 0});
    png_with_ihdr("bad-interlace.png", (const uint8_t[5]){8, 0, 0, 0, 2});
    png_with_ihdr("palette-no-plte.png", (const uint8_t[5]){8, 3, 0, 0, 0});

    static uint8_t px[N];
    memset(px, 255, sizeof px);
    save_and_free("zero-size.png", &png, png_encode_header_only(0, 0, &png));
    save_and_free("one-pixel.png", &png,
                  png_encode(&(png_spec){1, 1, 0, 8, px, NULL, 0, NULL, 0}, &png));
    save_and_free("huge-header.png", &png, png_encode_header_only(20000, 20000, &png));
    memset(px, 0, sizeof px);
    save_and_free("all-wall.png", &png,
                  png_encode(&(png_spec){REF_W, REF_H, 0, 8, px, NULL, 0, NULL, 0}, &png));
}

/// Image data that libpng would refuse with its own line on stderr (or warn about and accept).
static void damaged_image_data(void) {
    uint8_t raw[RAW + RAW_ROW], *z;
    grey8_scanlines(raw);
    memcpy(raw + RAW, raw + RAW - RAW_ROW, RAW_ROW); // a 17th row for idat-long.png
    size_t zlen = png_zlib_stored(raw, RAW, &z);
    z[zlen - 1] ^= 0x01; // the Adler-32 checksum's last byte
    save_grey8_with("bad-adler.png", z, zlen);
    free(z);
    zlen = png_zlib_stored(raw, RAW - 4 * RAW_ROW, &z);
    save_grey8_with("idat-short.png", z, zlen);
    free(z);
    zlen = png_zlib_stored(raw, RAW + RAW_ROW, &z);
    save_grey8_with("idat-long.png", z, zlen);
    free(z);
    raw[5 * RAW_ROW] = 5; // row 6 gets filter type 5 (0..4 exist)
    zlen = png_zlib_stored(raw, RAW, &z);
    save_grey8_with("bad-filter-type.png", z, zlen);
    free(z);
    raw[5 * RAW_ROW] = 0;

    // A dynamic block whose literal/length code has more codes than its lengths allow.
    zbits b = {0};
    zbits_zlib_header(&b);
    zbits_dynamic_block(&b, raw, RAW, true, DYNAMIC_OVERSUBSCRIBED);
    zbits_adler(&b, raw, RAW);
    save_grey8_with("bad-huffman.png", b.p, b.n);
    free(b.p);

    // Fixed code: the filter byte, then a copy from 2 bytes back when only 1 byte exists.
    b = (zbits){0};
    zbits_zlib_header(&b);
    zbits_put(&b, 1, 1);
    zbits_put(&b, 1, 2);
    zbits_fixed_symbol(&b, 0);
    zbits_fixed_match(&b, 3, 2);
    zbits_fixed_symbol(&b, 256);
    zbits_adler(&b, raw, 4);
    save_grey8_with("distance-too-far.png", b.p, b.n);
    free(b.p);
}

/// Bytes 0..255 twice, named .map.
static void binary_map(void) {
    uint8_t junk[512];
    for (int i = 0; i < 512; i++) junk[i] = (uint8_t)(i * 37 + 11);
    save("binary.map", junk, sizeof junk);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: make_bad_maps OUTDIR\n");
        return 2;
    }
    out_dir = argv[1];
    char formats[1024];
    snprintf(formats, sizeof formats, "%s/formats", out_dir);
    mkdir(formats, 0777);
    snprintf(formats, sizeof formats, "%s/props", out_dir);
    mkdir(formats, 0777);
    grey_forms();
    colour_forms();
    palette_forms();
    map_form();
    huffman_forms();
    damaged_pngs();
    damaged_image_data();
    binary_map();
    chunk_fixtures();
    bmp_fixtures();
    gif_fixtures();
    jpeg_fixtures();
    prop_fixtures();
    return failures ? 1 : 0;
}
