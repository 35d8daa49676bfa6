// The BMP and GIF part of the fixture generator: the reference picture in every header version,
// bit depth and compression of BMP that SDL reads and in the GIF layouts SDL2_image decodes, and
// the damaged files of both formats.
#include "make_bad_maps.h"

#include "bmp_writer.h"
#include "gif_writer.h"

#include <stdlib.h>
#include <string.h>

static void le32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> 8 * i);
}

static void bmp_forms(void) {
    static uint8_t rgba[N * 4];
    uint8_t *data;
    rgba_picture(FLATTEN, rgba);
    save_and_free("formats/bmp8.bmp", &data, bmp_encode(REF_W, REF_H, 8, rgba, &data));
    save_and_free("formats/bmp24.bmp", &data, bmp_encode(REF_W, REF_H, 24, rgba, &data));
    static const struct {
        const char *name;
        bmp_spec spec;
    } forms[] = {
        {"formats/bmp4.bmp", {REF_W, REF_H, 4, 40, false, false, false}},
        {"formats/bmp16.bmp", {REF_W, REF_H, 16, 40, false, false, false}},
        {"formats/bmp-os2.bmp", {REF_W, REF_H, 24, 12, false, false, false}},
        {"formats/bmp-os2-8.bmp", {REF_W, REF_H, 8, 12, false, false, false}},
        {"formats/bmp-v5.bmp", {REF_W, REF_H, 24, 124, false, false, false}},
        {"formats/bmp-top-down.bmp", {REF_W, REF_H, 24, 40, true, false, false}},
        {"formats/bmp-rle8.bmp", {REF_W, REF_H, 8, 40, false, true, false}},
        {"formats/bmp-rle4.bmp", {REF_W, REF_H, 4, 40, false, true, false}},
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        save_and_free(forms[i].name, &data, bmp_encode_spec(&forms[i].spec, rgba, &data));
    rgba_picture(FULL, rgba);
    save_and_free("formats/bmp32.bmp", &data, bmp_encode(REF_W, REF_H, 32, rgba, &data));
    save_and_free(
        "formats/bmp-v4.bmp", &data,
        bmp_encode_spec(&(bmp_spec){REF_W, REF_H, 32, 108, false, false, true}, rgba, &data));
}

/// A 24-bit BMP of the picture with the 32-bit field at `at` replaced.
static void bmp24_with(const char *name, size_t at, uint32_t v) {
    static uint8_t rgba[N * 4];
    uint8_t *data;
    rgba_picture(FLATTEN, rgba);
    size_t len = bmp_encode(REF_W, REF_H, 24, rgba, &data);
    le32(data + at, v);
    save_and_free(name, &data, len);
}

static void damaged_bmps(void) {
    static uint8_t rgba[N * 4];
    uint8_t *data;
    rgba_picture(FLATTEN, rgba);
    size_t len = bmp_encode(REF_W, REF_H, 24, rgba, &data);
    save("bmp-named.png", data, len);
    save("truncated.bmp", data, len / 2);
    // 3,000,000 x 3,000,000 declared in a file of the picture's size.
    const uint8_t huge[8] = {0xC0, 0xC6, 0x2D, 0x00, 0xC0, 0xC6, 0x2D, 0x00};
    memcpy(data + 18, huge, 8);
    save_and_free("huge.bmp", &data, len);

    bmp24_with("bmp-header-20.bmp", 14, 20);                    // no such header version
    bmp24_with("bmp-bits-7.bmp", 28, 7);                        // 7 bits, compression 0 kept
    bmp24_with("bmp-compression-4.bmp", 30, 4);                 // BI_JPEG
    bmp24_with("bmp-negative-width.bmp", 18, (uint32_t)-REF_W); // width -24
    bmp24_with("bmp-offset-in-header.bmp", 10, 30);             // pixels inside the header

    const bmp_spec rle8 = {REF_W, REF_H, 8, 40, false, true, false};
    len = bmp_encode_spec(&rle8, rgba, &data);
    save("bmp-rle-truncated.bmp", data, len - 40);
    le32(data + 22, (uint32_t)-REF_H); // RLE rows with a top-down height
    save_and_free("bmp-rle-top-down.bmp", &data, len);
}

void bmp_fixtures(void) {
    bmp_forms();
    damaged_bmps();
}

static void gif_forms(void) {
    static uint8_t rgba[N * 4], inner[N * 4], black[N * 4];
    uint8_t *data;
    rgba_picture(BINARY, rgba);
    save_and_free("formats/gif.gif", &data, gif_encode(REF_W, REF_H, rgba, &data));
    gif_spec s = {.width = REF_W, .height = REF_H, .rgba = rgba, .local_palette = true};
    save_and_free("formats/gif-local-palette.gif", &data, gif_encode_spec(&s, &data));
    s = (gif_spec){.width = REF_W, .height = REF_H, .rgba = rgba, .interlaced = true};
    save_and_free("formats/gif-interlaced.gif", &data, gif_encode_spec(&s, &data));
    // A second frame of black (all wall) after the picture: only the first frame counts.
    for (int i = 0; i < N; i++) black[4 * i + 3] = 255;
    s = (gif_spec){.width = REF_W, .height = REF_H, .rgba = rgba, .second = black};
    save_and_free("formats/gif-two-frames.gif", &data, gif_encode_spec(&s, &data));
    // The first frame covers all but the picture's one-cell wall border, which the screen
    // around the frame gives back as transparent: wall.
    const int fw = REF_W - 2, fh = REF_H - 2;
    for (int y = 0; y < fh; y++)
        memcpy(inner + 4 * (size_t)(y * fw), rgba + 4 * (size_t)((y + 1) * REF_W + 1),
               4 * (size_t)fw);
    s = (gif_spec){REF_W, REF_H, 1, 1, fw, fh, inner, false, false, false, NULL};
    save_and_free("formats/gif-frame-offset.gif", &data, gif_encode_spec(&s, &data));
    rgba_picture(FLATTEN, rgba);
    s = (gif_spec){.width = REF_W, .height = REF_H, .rgba = rgba, .gif87a = true};
    save_and_free("formats/gif87a.gif", &data, gif_encode_spec(&s, &data));
}

static void damaged_gifs(void) {
    static uint8_t rgba[N * 4];
    uint8_t *data;
    rgba_picture(BINARY, rgba);
    size_t len = gif_encode(REF_W, REF_H, rgba, &data);
    save("truncated.gif", data, len * 2 / 3);
    // The first frame claims 65535 x 65535 inside the 24 x 16 screen.
    const int bits = (data[10] & 7) + 1;
    size_t frame = 13 + (3u << bits);
    if (data[frame] == 0x21) frame += 8; // the graphic control extension
    uint8_t saved[4];
    memcpy(saved, data + frame + 5, 4);
    memset(data + frame + 5, 0xFF, 4);
    save("huge-frame.gif", data, len);
    memcpy(data + frame + 5, saved, 4);
    memset(data + frame + 5, 0, 2);
    save("empty-frame.gif", data, len); // 0 x 16
    memcpy(data + frame + 5, saved, 4);
    // After the leading clear code comes a code past the table: clear + 3 (the table holds the
    // colours, clear and end). Codes are packed least significant bit first.
    uint8_t *codes = data + frame + 10 + 2; // after the LZW code size and the block length
    const unsigned size = (unsigned)bits + 1, clear = 1u << bits;
    const unsigned two = clear | (clear + 3) << size, mask = (1u << 2 * size) - 1;
    unsigned old = codes[0] | (unsigned)codes[1] << 8;
    unsigned now = (old & ~mask) | two;
    codes[0] = (uint8_t)now;
    codes[1] = (uint8_t)(now >> 8);
    save_and_free("bad-lzw.gif", &data, len);
}

void gif_fixtures(void) {
    gif_forms();
    damaged_gifs();
}
