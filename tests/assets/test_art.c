// The committed art in assets/sprites is exactly what arena-make-art draws, has the layout of
// art_layout.h, and keeps the properties the renderer relies on (tintable agents, a purple gem,
// a complete font). Pixels are compared after decoding, never PNG bytes.
#include "test.h"

#include "art.h"
#include "art_layout.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#define SPRITES ARENA_SOURCE_DIR "/assets/sprites"

typedef struct image {
    int w, h;
    uint8_t *px; // RGBA8, w * h * 4
} image;

static bool load(const char *dir, const char *file, image *out) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    SDL_Surface *s = IMG_Load(path);
    if (!s) {
        fprintf(stderr, "%s: %s\n", path, IMG_GetError());
        return false;
    }
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(s);
    if (!rgba) return false;
    out->w = rgba->w;
    out->h = rgba->h;
    out->px = malloc((size_t)rgba->w * (size_t)rgba->h * 4u);
    for (int y = 0; y < rgba->h; y++)
        memcpy(out->px + (size_t)y * (size_t)rgba->w * 4u,
               (const uint8_t *)rgba->pixels + (size_t)y * (size_t)rgba->pitch,
               (size_t)rgba->w * 4u);
    SDL_FreeSurface(rgba);
    return true;
}

static const uint8_t *px(const image *im, int x, int y) {
    return im->px + ((size_t)y * (size_t)im->w + (size_t)x) * 4u;
}

static int differing_pixels(const image *a, const uint8_t *b) {
    int n = 0;
    for (size_t i = 0; i < (size_t)a->w * (size_t)a->h; i++)
        if (memcmp(a->px + i * 4u, b + i * 4u, 4u) != 0) n++;
    return n;
}

static void test_reproducible(void) {
    char dir[] = "/tmp/arena-art-XXXXXX";
    REQUIRE(mkdtemp(dir) != NULL);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s/arena-make-art' '%s' > /dev/null", ARENA_BIN_DIR, dir);
    CHECK(system(cmd) == 0);
    for (int i = 0; i < art_sheet_count; i++) {
        const art_sheet *s = &art_sheets[i];
        image fresh = {0}, committed = {0};
        bool ok = load(dir, s->file, &fresh) && load(SPRITES, s->file, &committed);
        CHECK(ok);
        if (ok) {
            CHECK(fresh.w == committed.w && fresh.h == committed.h);
            if (fresh.w == committed.w && fresh.h == committed.h) {
                int diff = differing_pixels(&committed, fresh.px);
                if (diff) fprintf(stderr, "%s: %d pixels differ\n", s->file, diff);
                CHECK(diff == 0);
            }
            // The in-memory render agrees with the file too.
            uint8_t *mem = art_render(s);
            CHECK(differing_pixels(&committed, mem) == 0);
            free(mem);
        }
        free(fresh.px);
        free(committed.px);
        char path[1100];
        snprintf(path, sizeof path, "%s/%s", dir, s->file);
        remove(path);
    }
    CHECK(rmdir(dir) == 0);
}

static void test_sizes(void) {
    static const struct {
        const char *file;
        int w, h;
    } want[] = {
        {ART_TILES_FILE, ART_TILE_CELL * ART_TILES_PER_ROW,
         ART_TILE_CELL * ((ART_TILE_COUNT + ART_TILES_PER_ROW - 1) / ART_TILES_PER_ROW)},
        {ART_AGENT_FILE, ART_AGENT_W * ART_AGENT_FRAMES, ART_AGENT_H * ART_AGENT_DIRS},
        {ART_PROPS_FILE, ART_PROP_W * ART_PROPS_PER_ROW,
         ART_PROP_H * (ART_PROP_CELLS / ART_PROPS_PER_ROW)},
        {ART_FX_FILE, ART_FX * ART_FX_FRAMES, ART_FX * ART_FX_COUNT},
        {ART_MUZZLE_FILE, ART_MUZZLE * ART_FX_FRAMES, ART_MUZZLE * ART_AGENT_DIRS},
        {ART_ICONS_FILE, ART_ICON * ART_ICONS_PER_ROW,
         ART_ICON * ((ART_ICON_COUNT + ART_ICONS_PER_ROW - 1) / ART_ICONS_PER_ROW)},
        {ART_UI_FILE, ART_UI_HITMARK_X + ART_UI_HITMARK, ART_UI_STICK_BASE},
        {ART_FONT_FILE, ART_FONT_W * ART_FONT_PER_ROW,
         ART_FONT_H * ((ART_FONT_LAST - ART_FONT_FIRST + ART_FONT_PER_ROW) / ART_FONT_PER_ROW)},
        {ART_NEAR_FILE, ART_PARALLAX, ART_PARALLAX},
        {ART_VIGNETTE_FILE, ART_VIGNETTE_W, ART_VIGNETTE_H},
        {ART_WEAPONS_FILE, ART_WEAPON_CELL * ART_AGENT_DIRS,
         ART_WEAPON_CELL * (ART_WEAPON_HAND + 1)},
        {ART_BLAST_FILE, ART_BLAST * ART_FX_FRAMES, ART_BLAST},
        {ART_DOOR_FILE, ART_DOOR * ART_DOOR_COUNT, ART_DOOR},
        {ART_PICKUPS_FILE, ART_PICKUP * ART_PICKUPS_PER_ROW,
         ART_PICKUP * ((ART_PICKUP_COUNT + ART_PICKUPS_PER_ROW - 1) / ART_PICKUPS_PER_ROW)},
    };
    CHECK(art_sheet_count == (int)(sizeof want / sizeof want[0]));
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        image im = {0};
        REQUIRE(load(SPRITES, want[i].file, &im));
        if (im.w != want[i].w || im.h != want[i].h)
            fprintf(stderr, "%s: %dx%d, want %dx%d\n", want[i].file, im.w, im.h, want[i].w,
                    want[i].h);
        CHECK(im.w == want[i].w && im.h == want[i].h);
        free(im.px);
    }
}

// Clearly visible pixels in the rectangle (alpha >= 64; the wall shadow tile and fading effects
// are translucent by design).
static int opaque_in(const image *im, int x0, int y0, int w, int h) {
    int n = 0;
    for (int y = y0; y < y0 + h && y < im->h; y++)
        for (int x = x0; x < x0 + w && x < im->w; x++) n += px(im, x, y)[3] >= 64;
    return n;
}

static void test_cells_not_empty(void) {
    for (int i = 0; i < art_sheet_count; i++) {
        const art_sheet *s = &art_sheets[i];
        image im = {0};
        REQUIRE(load(SPRITES, s->file, &im));
        int per_row = im.w / s->cell_w;
        for (int c = 0; c < s->cells; c++) {
            if (strcmp(s->file, ART_FONT_FILE) == 0 && c == ' ' - ART_FONT_FIRST) continue;
            int n = opaque_in(&im, (c % per_row) * s->cell_w, (c / per_row) * s->cell_h, s->cell_w,
                              s->cell_h);
            if (n == 0) fprintf(stderr, "%s: cell %d is empty\n", s->file, c);
            CHECK(n > 0);
        }
        free(im.px);
    }
    image ui = {0};
    REQUIRE(load(SPRITES, ART_UI_FILE, &ui));
    CHECK(opaque_in(&ui, ART_UI_STICK_BASE_X, 0, ART_UI_STICK_BASE, ART_UI_STICK_BASE) > 0);
    CHECK(opaque_in(&ui, ART_UI_STICK_KNOB_X, 0, ART_UI_STICK_KNOB, ART_UI_STICK_KNOB) > 0);
    CHECK(opaque_in(&ui, ART_UI_PANEL_X, 0, ART_UI_PANEL, ART_UI_PANEL) > 0);
    CHECK(opaque_in(&ui, ART_UI_HITMARK_X, 0, ART_UI_HITMARK, ART_UI_HITMARK) > 0);
    // The crosshair's arms and dot each lie inside their own strip (the renderer draws them
    // apart): nothing visible outside the four strips and the centre square.
    const int x0 = ART_UI_CROSS_X, s = ART_UI_CROSS, l = ART_UI_CROSS_ARM, w = ART_UI_CROSS_ARM_W;
    int strays = 0, arms[5] = {0};
    for (int y = 0; y < s; y++)
        for (int x = 0; x < s; x++) {
            if (px(&ui, x0 + x, y)[3] == 0) continue;
            bool mid_x = x >= (s - w) / 2 && x < (s + w) / 2,
                 mid_y = y >= (s - w) / 2 && y < (s + w) / 2;
            if (mid_x && y < l)
                arms[0]++;
            else if (mid_x && y >= s - l)
                arms[1]++;
            else if (mid_y && x < l)
                arms[2]++;
            else if (mid_y && x >= s - l)
                arms[3]++;
            else if (mid_x && mid_y)
                arms[4]++;
            else
                strays++;
        }
    CHECK(strays == 0);
    for (int i = 0; i < 5; i++) CHECK(arms[i] > 0);
    free(ui.px);
    // The vignette is clear in the middle and opaque at the edges, and premultiplied (grey as
    // dark as it is clear) for the MUL blend.
    image v = {0};
    REQUIRE(load(SPRITES, ART_VIGNETTE_FILE, &v));
    CHECK(px(&v, ART_VIGNETTE_W / 2, ART_VIGNETTE_H / 2)[3] == 0);
    CHECK(px(&v, 0, ART_VIGNETTE_H / 2)[3] > 200 && px(&v, 0, 0)[3] == 255);
    int not_premultiplied = 0;
    for (int i = 0; i < v.w * v.h; i++) {
        const uint8_t *p = v.px + 4 * i;
        not_premultiplied += !(abs((int)p[0] - (int)p[3]) <= 1 && p[0] == p[1] && p[1] == p[2]);
    }
    CHECK(not_premultiplied == 0);
    free(v.px);
}

static void test_agent_tintable(void) {
    image im = {0};
    REQUIRE(load(SPRITES, ART_AGENT_FILE, &im));
    int opaque = 0, grey = 0, dark_outline = 0;
    for (int y = 0; y < im.h; y++) {
        for (int x = 0; x < im.w; x++) {
            const uint8_t *p = px(&im, x, y);
            if (p[3] < 128) continue;
            int lo = p[0] < p[1] ? p[0] : p[1], hi = p[0] > p[1] ? p[0] : p[1];
            lo = p[2] < lo ? p[2] : lo;
            hi = p[2] > hi ? p[2] : hi;
            opaque++;
            grey += hi - lo <= 6;
            dark_outline += hi < 64;
        }
    }
    REQUIRE(opaque > 0);
    // Mostly greyscale so a colour mod tints it, with dark outlines and eyes that stay readable.
    CHECK(grey >= opaque * 95 / 100);
    CHECK(dark_outline >= opaque / 20);
    free(im.px);
}

// Average colour of the opaque pixels of a rectangle.
static void mean_colour(const image *im, int x0, int y0, int w, int h, double rgb[3]) {
    double n = 0.0;
    rgb[0] = rgb[1] = rgb[2] = 0.0;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            const uint8_t *p = px(im, x, y);
            if (p[3] < 200) continue;
            for (int k = 0; k < 3; k++) rgb[k] += p[k];
            n += 1.0;
        }
    for (int k = 0; k < 3; k++) rgb[k] /= n > 0.0 ? n : 1.0;
}

static bool purple(const double rgb[3]) {
    return rgb[2] > rgb[1] + 60.0 && rgb[0] > rgb[1] + 30.0 && rgb[2] > rgb[0];
}

static void test_gem_purple(void) {
    image fx = {0}, icons = {0};
    REQUIRE(load(SPRITES, ART_FX_FILE, &fx));
    REQUIRE(load(SPRITES, ART_ICONS_FILE, &icons));
    for (int f = 0; f < ART_FX_FRAMES; f++) {
        double rgb[3];
        mean_colour(&fx, f * ART_FX, ART_FX_GEM * ART_FX, ART_FX, ART_FX, rgb);
        if (!purple(rgb))
            fprintf(stderr, "gem frame %d: %.0f %.0f %.0f\n", f, rgb[0], rgb[1], rgb[2]);
        CHECK(purple(rgb));
    }
    double rgb[3];
    mean_colour(&icons, (ART_ICON_GEM % ART_ICONS_PER_ROW) * ART_ICON,
                (ART_ICON_GEM / ART_ICONS_PER_ROW) * ART_ICON, ART_ICON, ART_ICON, rgb);
    CHECK(purple(rgb));
    free(fx.px);
    free(icons.px);
}

static void test_font_distinct(void) {
    image im = {0};
    REQUIRE(load(SPRITES, ART_FONT_FILE, &im));
    enum { N = ART_FONT_LAST - ART_FONT_FIRST + 1 };
    static uint8_t bits[N][ART_FONT_H];
    for (int i = 0; i < N; i++) {
        int cx = (i % ART_FONT_PER_ROW) * ART_FONT_W, cy = (i / ART_FONT_PER_ROW) * ART_FONT_H;
        uint8_t want[16];
        REQUIRE(art_font_glyph(ART_FONT_FIRST + i, want));
        int lit = 0;
        for (int y = 0; y < ART_FONT_H; y++) {
            bits[i][y] = 0;
            for (int x = 0; x < ART_FONT_W; x++) {
                const uint8_t *p = px(&im, cx + x, cy + y);
                if (p[3] >= 128) {
                    bits[i][y] |= (uint8_t)(0x80u >> x);
                    lit++;
                    CHECK(p[0] == 255 && p[1] == 255 && p[2] == 255); // white: tinted by a mod
                }
            }
            CHECK(bits[i][y] == want[y]);
        }
        if (ART_FONT_FIRST + i != ' ') CHECK(lit > 0);
    }
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++) {
            bool same = memcmp(bits[i], bits[j], ART_FONT_H) == 0;
            if (same) fprintf(stderr, "glyphs '%c' and '%c' are the same\n", i + 32, j + 32);
            CHECK(!same);
        }
    uint8_t dummy[16];
    CHECK(!art_font_glyph(ART_FONT_FIRST - 1, dummy) && !art_font_glyph(ART_FONT_LAST + 1, dummy));
    free(im.px);
}

/// The median over the 32 pixel pairs of the colour step between line `i` of tile a and line
/// `j` of tile b (columns, or rows when not `vertical`), premultiplied. A median, so the few sharp
/// features a picture has (a boulder's outline, a ripple) do not count, while a seam, which
/// runs the whole length, does.
static double line_step(const image *im, int a, int i, int b, int j, bool vertical) {
    double d[ART_TILE];
    for (int k = 0; k < ART_TILE; k++) {
        const uint8_t *p = vertical ? px(im, art_tile_x(a) + i, art_tile_y(a) + k)
                                    : px(im, art_tile_x(a) + k, art_tile_y(a) + i);
        const uint8_t *q = vertical ? px(im, art_tile_x(b) + j, art_tile_y(b) + k)
                                    : px(im, art_tile_x(b) + k, art_tile_y(b) + j);
        d[k] = 0.0;
        for (int c = 0; c < 3; c++) d[k] += fabs((double)p[c] * p[3] - (double)q[c] * q[3]) / 255.0;
    }
    for (int x = 1; x < ART_TILE; x++) // insertion sort
        for (int y = x; y > 0 && d[y - 1] > d[y]; y--) {
            double t = d[y];
            d[y] = d[y - 1];
            d[y - 1] = t;
        }
    return 0.5 * (d[ART_TILE / 2 - 1] + d[ART_TILE / 2]);
}

/// Tile b meets tile a on its right (`right`) or below it: the step across the seam is no
/// bigger than the steps between the lines beside it (the last two of a, the first two of b).
static void check_seam(const image *im, int a, int b, bool right, const char *what) {
    const int last = ART_TILE - 1;
    double step = line_step(im, a, last, b, 0, right), near = 0.0;
    for (int k = 0; k < 2; k++) {
        near = fmax(near, line_step(im, a, last - 1 - k, a, last - k, right));
        near = fmax(near, line_step(im, b, k, b, k + 1, right));
    }
    if (step > 1.5 * near + 2.0)
        fprintf(stderr, "%s: tiles %d %s %d: seam %.2f, beside it %.2f\n", what, a,
                right ? "|" : "over", b, step, near);
    CHECK(step <= 1.5 * near + 2.0);
}

/// The largest alpha step across the seam of two tiles (the shadows are one colour, their alpha
/// varies).
static int alpha_seam(const image *im, int a, int b, bool right) {
    int worst = 0;
    for (int i = 0; i < ART_TILE; i++) {
        const uint8_t *p = right ? px(im, art_tile_x(a) + ART_TILE - 1, art_tile_y(a) + i)
                                 : px(im, art_tile_x(a) + i, art_tile_y(a) + ART_TILE - 1);
        const uint8_t *q = right ? px(im, art_tile_x(b), art_tile_y(b) + i)
                                 : px(im, art_tile_x(b) + i, art_tile_y(b));
        worst = abs((int)p[3] - (int)q[3]) > worst ? abs((int)p[3] - (int)q[3]) : worst;
    }
    return worst;
}

// Tiles that lie side by side on the map meet without a seam: the step across the seam is no
// bigger than the steps between neighbouring pixels beside it. Any grass variant next to
// any other (and sand next to sand); the blocks of water (each frame) and of rock, wrapping round;
// shore pieces along a shore; shadow pieces along a band.
static void test_tiles_seamless(void) {
    image im = {0};
    REQUIRE(load(SPRITES, ART_TILES_FILE, &im));
    CHECK(line_step(&im, ART_TILE_GRASS0, 3, ART_TILE_GRASS0, 20, true) > 0.0); // not flat
    for (int a = ART_TILE_GRASS0; a <= ART_TILE_GRASS3; a++)
        for (int b = ART_TILE_GRASS0; b <= ART_TILE_GRASS3; b++) {
            check_seam(&im, a, b, true, "grass");
            check_seam(&im, a, b, false, "grass");
        }
    for (int a = ART_TILE_SAND0; a <= ART_TILE_SAND1; a++)
        for (int b = ART_TILE_SAND0; b <= ART_TILE_SAND1; b++) {
            check_seam(&im, a, b, true, "sand");
            check_seam(&im, a, b, false, "sand");
        }
    const int ws = ART_WATER_SIDE, rs = ART_ROCK_SIDE;
    for (int f = 0; f < ART_WATER_FRAMES; f++) {
        CHECK(line_step(&im, art_water_tile(f, 0, 0), 3, art_water_tile(f, 0, 0), 20, true) > 0.0);
        for (int y = 0; y < ws; y++)
            for (int x = 0; x < ws; x++) {
                check_seam(&im, art_water_tile(f, x, y), art_water_tile(f, x + 1, y), true,
                           "water");
                check_seam(&im, art_water_tile(f, x, y), art_water_tile(f, x, y + 1), false,
                           "water");
            }
    }
    for (int y = 0; y < rs; y++)
        for (int x = 0; x < rs; x++) {
            check_seam(&im, art_rock_tile(x, y), art_rock_tile(x + 1, y), true, "rock");
            check_seam(&im, art_rock_tile(x, y), art_rock_tile(x, y + 1), false, "rock");
        }
    // A straight shore: a side piece next to itself along the land.
    check_seam(&im, ART_TILE_SHORE_N, ART_TILE_SHORE_N, true, "shore");
    check_seam(&im, ART_TILE_SHORE_S, ART_TILE_SHORE_S, true, "shore");
    check_seam(&im, ART_TILE_SHORE_W, ART_TILE_SHORE_W, false, "shore");
    check_seam(&im, ART_TILE_SHORE_E, ART_TILE_SHORE_E, false, "shore");
    // Shadow bands: along a wall, round its end, into an inside corner.
    static const int band[][3] = {{ART_TILE_SHADOW_N, ART_TILE_SHADOW_N, 1},
                                  {ART_TILE_SHADOW_N, ART_TILE_SHADOW_NW, 1},
                                  {ART_TILE_SHADOW_W, ART_TILE_SHADOW_W, 0},
                                  {ART_TILE_SHADOW_W, ART_TILE_SHADOW_NW, 0},
                                  {ART_TILE_SHADOW_NW_INNER, ART_TILE_SHADOW_N, 1},
                                  {ART_TILE_SHADOW_NW_INNER, ART_TILE_SHADOW_W, 0}};
    for (size_t k = 0; k < sizeof band / sizeof band[0]; k++) {
        int step = alpha_seam(&im, band[k][0], band[k][1], band[k][2] != 0);
        if (step > 6)
            fprintf(stderr, "shadow %d|%d: alpha step %d\n", band[k][0], band[k][1], step);
        CHECK(step <= 6);
    }
    free(im.px);
}

// Every tile of tiles.png is surrounded by copies of its edge pixels, so a renderer that filters
// linearly never mixes in its neighbour in the sheet; a front face (and the bank) repeats its
// last used row below it.
static void test_tile_padding(void) {
    image im = {0};
    REQUIRE(load(SPRITES, ART_TILES_FILE, &im));
    CHECK(im.w == ART_TILE_CELL * ART_TILES_PER_ROW);
    int wrong = 0;
    for (int t = 0; t < ART_TILE_COUNT; t++) {
        const int used = t == ART_TILE_WALL_FRONT || t == ART_TILE_ROCK_FRONT ? ART_WALL_HEIGHT
                         : t == ART_TILE_BANK                                 ? ART_BANK_HEIGHT
                                                                              : ART_TILE;
        for (int y = -ART_TILE_PAD; y < ART_TILE + ART_TILE_PAD; y++)
            for (int x = -ART_TILE_PAD; x < ART_TILE + ART_TILE_PAD; x++) {
                int sx = x < 0 ? 0 : x >= ART_TILE ? ART_TILE - 1 : x;
                int sy = y < 0 ? 0 : y >= used ? used - 1 : y;
                wrong += memcmp(px(&im, art_tile_x(t) + x, art_tile_y(t) + y),
                                px(&im, art_tile_x(t) + sx, art_tile_y(t) + sy), 4) != 0;
            }
    }
    CHECK(wrong == 0);
    free(im.px);
}

/// Pixels of cell a and cell b of a sheet (same size) whose colour or alpha differ by more than
/// `tol` in any channel.
static int cells_differ_by(const image *im, int ax, int ay, int bx, int by, int w, int h, int tol) {
    int n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *p = px(im, ax + x, ay + y), *q = px(im, bx + x, by + y);
            bool differs = false;
            for (int k = 0; k < 4; k++) differs |= abs((int)p[k] - (int)q[k]) > tol;
            n += differs;
        }
    return n;
}

static int cells_differ(const image *im, int ax, int ay, int bx, int by, int w, int h) {
    return cells_differ_by(im, ax, ay, bx, by, w, h, 16);
}

// Damage only grows: each stage of a breakable prop differs from the whole one more than the
// stage before it, and every stage is still the same prop (most of its pixels no more than
// darkened a little).
static void test_damage_stages(void) {
    image im = {0};
    REQUIRE(load(SPRITES, ART_PROPS_FILE, &im));
    for (int kind = 0; kind < ART_BREAKABLE_COUNT; kind++) {
        const int y = (1 + kind) * ART_PROP_H;
        int prev = 0, whole = opaque_in(&im, 0, y, ART_PROP_W, ART_PROP_H);
        for (int stage = 1; stage < ART_DAMAGE_STAGES; stage++) {
            int d = cells_differ(&im, 0, y, stage * ART_PROP_W, y, ART_PROP_W, ART_PROP_H);
            if (d <= prev) fprintf(stderr, "kind %d stage %d: %d <= %d\n", kind, stage, d, prev);
            CHECK(d > prev);
            int changed =
                cells_differ_by(&im, 0, y, stage * ART_PROP_W, y, ART_PROP_W, ART_PROP_H, 48);
            if (changed >= whole / 2)
                fprintf(stderr, "kind %d stage %d: %d of %d changed\n", kind, stage, changed,
                        whole);
            CHECK(changed < whole / 2);
            prev = d;
        }
    }
    // The stage formula: whole at full health, the last stage near the end, never past it.
    CHECK(art_damage_stage(48.0f, 48.0f) == 0);
    CHECK(art_damage_stage(47.0f, 48.0f) == 1);
    CHECK(art_damage_stage(1.0f, 48.0f) == ART_DAMAGE_STAGES - 1);
    CHECK(art_damage_stage(0.0f, 48.0f) == ART_DAMAGE_STAGES - 1);
    CHECK(art_damage_stage(5.0f, 0.0f) == 0);
    free(im.px);
}

// Every weapon looks different from every other in every facing and as a pickup, and the hand
// is grey (tinted with the body at run time) while the weapons are not all grey.
static void test_weapons_distinct(void) {
    image im = {0}, pk = {0};
    REQUIRE(load(SPRITES, ART_WEAPONS_FILE, &im));
    REQUIRE(load(SPRITES, ART_PICKUPS_FILE, &pk));
    const int C = ART_WEAPON_CELL;
    for (int d = 0; d < ART_AGENT_DIRS; d++)
        for (int a = 0; a < ART_WEAPON_COUNT; a++)
            for (int b = a + 1; b < ART_WEAPON_COUNT; b++)
                CHECK(cells_differ(&im, d * C, a * C, d * C, b * C, C, C) > 20);
    for (int a = 0; a < ART_PICKUP_SHIELD; a++)
        for (int b = a + 1; b <= ART_PICKUP_SHIELD; b++)
            CHECK(cells_differ(&pk, a * ART_PICKUP, 0, (b % ART_PICKUPS_PER_ROW) * ART_PICKUP,
                               (b / ART_PICKUPS_PER_ROW) * ART_PICKUP, ART_PICKUP,
                               ART_PICKUP) > 40);
    int coloured = 0, hand_colour = 0;
    for (int y = 0; y < C * ART_WEAPON_COUNT; y++)
        for (int x = 0; x < C * ART_AGENT_DIRS; x++) {
            const uint8_t *p = px(&im, x, y);
            if (p[3] >= 200 && (abs(p[0] - p[1]) > 24 || abs(p[1] - p[2]) > 24)) coloured++;
        }
    for (int y = C * ART_WEAPON_HAND; y < C * (ART_WEAPON_HAND + 1); y++)
        for (int x = 0; x < C * ART_AGENT_DIRS; x++) {
            const uint8_t *p = px(&im, x, y);
            if (p[3] >= 128 && (abs(p[0] - p[1]) > 6 || abs(p[1] - p[2]) > 6)) hand_colour++;
        }
    CHECK(coloured > 500);
    CHECK(hand_colour == 0);
    // The muzzle lies further out for a longer weapon.
    float px0, py0, px1, py1;
    art_weapon_muzzle(ART_WEAPON_PISTOL, 1.0f, 0.0f, &px0, &py0);
    art_weapon_muzzle(ART_WEAPON_RIFLE, 1.0f, 0.0f, &px1, &py1);
    CHECK(px1 > px0 + 5.0f && py1 == py0);
    free(im.px);
    free(pk.px);
}

TEST_MAIN(TEST_CASE(reproducible), TEST_CASE(sizes), TEST_CASE(cells_not_empty),
          TEST_CASE(agent_tintable), TEST_CASE(gem_purple), TEST_CASE(font_distinct),
          TEST_CASE(tiles_seamless), TEST_CASE(tile_padding), TEST_CASE(damage_stages),
          TEST_CASE(weapons_distinct))
