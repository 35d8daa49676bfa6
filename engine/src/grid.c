#include "arena/ae_grid.h"

#include <limits.h>
#include <string.h>

bool ae_grid_check_size(int width, int height, ae_error *err) {
    if (width < AE_MAP_MIN_SIDE || height < AE_MAP_MIN_SIDE) {
        ae_error_set(err, "map too small: %dx%d (each side needs at least %d cells)", width, height,
                     AE_MAP_MIN_SIDE);
        return false;
    }
    if (width > AE_MAP_MAX_SIDE || height > AE_MAP_MAX_SIDE) {
        ae_error_set(err, "map too large: %dx%d (each side may have at most %d cells)", width,
                     height, AE_MAP_MAX_SIDE);
        return false;
    }
    return true;
}

bool ae_grid_init(ae_grid *grid, int width, int height, ae_error *err) {
    memset(grid, 0, sizeof *grid);
    if (!ae_grid_check_size(width, height, err)) return false;
    grid->cells = ae_calloc((size_t)width * (size_t)height, 1);
    if (!grid->cells) {
        ae_error_set(err, "out of memory for a %dx%d grid", width, height);
        return false;
    }
    grid->width = width;
    grid->height = height;
    return true;
}

void ae_grid_free(ae_grid *grid) {
    ae_free(grid->cells, (size_t)grid->width * (size_t)grid->height);
    memset(grid, 0, sizeof *grid);
}

bool ae_grid_init_copy(ae_grid *dst, const ae_grid *src, ae_error *err) {
    if (!ae_grid_init(dst, src->width, src->height, err)) return false;
    memcpy(dst->cells, src->cells, (size_t)src->width * (size_t)src->height);
    return true;
}

size_t ae_grid_free_count(const ae_grid *g) {
    size_t n = (size_t)g->width * (size_t)g->height, count = 0;
    for (size_t i = 0; i < n; i++) count += (g->cells[i] & AE_CELL_WALL) == 0;
    return count;
}

size_t ae_grid_count(const ae_grid *g, uint8_t value) {
    size_t n = (size_t)g->width * (size_t)g->height, count = 0;
    for (size_t i = 0; i < n; i++) count += g->cells[i] == value;
    return count;
}

static bool finish_grid(ae_grid *grid, ae_error *err) {
    if (ae_grid_free_count(grid) == 0) {
        ae_grid_free(grid);
        ae_error_set(err, "map has no free cell");
        return false;
    }
    return true;
}

bool ae_grid_init_rgba(ae_grid *grid, const uint8_t *pixels, int width, int height, int pitch,
                       ae_error *err) {
    if (!ae_grid_init(grid, width, height, err)) return false;
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * (size_t)pitch;
        uint8_t *out = grid->cells + (size_t)y * (size_t)width;
        for (int x = 0; x < width; x++) {
            const uint8_t *px = row + 4 * x;
            // Rec. 601 luma in thousandths: above half of 255000 is bright.
            uint32_t luma = 299u * px[0] + 587u * px[1] + 114u * px[2];
            bool opaque = px[3] >= 128u;
            if (opaque && px[2] >= 160u && px[0] < 96u && px[1] < 96u)
                out[x] = AE_CELL_DOOR;
            else if (opaque && px[2] >= 160u && px[0] < 96u && px[1] >= 120u)
                out[x] = AE_CELL_WALL | AE_CELL_WATER;
            else if (opaque && luma > 127500u)
                out[x] = AE_CELL_FREE;
            else if (opaque && luma > 63750u)
                out[x] = AE_CELL_WALL | AE_CELL_BREAKABLE;
            else
                out[x] = AE_CELL_WALL;
        }
    }
    return finish_grid(grid, err);
}

void ae_grid_cell_color(uint8_t cell, uint8_t rgb[3]) {
    AE_ASSERT(ae_grid_cell_valid(cell));
    // Each colour sits well inside its band of ae_grid_init_rgba: the grey's luminance is 96 of
    // 255 (band 64 to 127), the blue is as strong as a pixel gets, the sea blue has 40 to spare
    // on green and 70 on blue.
    static const uint8_t colors[(AE_CELL_WALL | AE_CELL_WATER) + 1][3] = {
        [AE_CELL_FREE] = {255, 255, 255},
        [AE_CELL_WALL] = {0, 0, 0},
        [AE_CELL_WALL | AE_CELL_BREAKABLE] = {96, 96, 96},
        [AE_CELL_DOOR] = {0, 0, 255},
        [AE_CELL_WALL | AE_CELL_WATER] = {0, 160, 230},
    };
    memcpy(rgb, colors[cell], 3);
}

/// A cursor over text that hands out one line at a time.
typedef struct text_reader {
    const char *p;
    const char *end;
    int line;
} text_reader;

static bool next_line(text_reader *r, const char **s, size_t *n) {
    if (r->p >= r->end) return false;
    const char *start = r->p;
    const char *nl = memchr(start, '\n', (size_t)(r->end - start));
    const char *stop = nl ? nl : r->end;
    r->p = nl ? nl + 1 : r->end;
    if (stop > start && stop[-1] == '\r') stop--;
    *s = start;
    *n = (size_t)(stop - start);
    r->line++;
    return true;
}

/// Parses "KEY VALUE" with a whole number; values past the int range read as INT_MAX so the
/// size check reports them as too large.
static bool header_int(text_reader *r, const char *key, int *value, ae_error *err) {
    const char *s;
    size_t n;
    if (!next_line(r, &s, &n)) {
        ae_error_set(err, "bad .map header: missing '%s' line", key);
        return false;
    }
    size_t klen = strlen(key);
    if (n <= klen + 1 || memcmp(s, key, klen) != 0 || s[klen] != ' ') {
        ae_error_set(err, "bad .map header: line %d should be '%s N'", r->line, key);
        return false;
    }
    long long v = 0;
    size_t i = klen + 1;
    if (i >= n) goto bad;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') goto bad;
        v = v * 10 + (s[i] - '0');
        if (v > INT_MAX) v = INT_MAX;
    }
    *value = (int)v;
    return true;
bad:
    ae_error_set(err, "bad .map header: line %d: '%s' needs a non-negative whole number", r->line,
                 key);
    return false;
}

static bool expect_line(text_reader *r, const char *want, ae_error *err) {
    const char *s;
    size_t n;
    if (!next_line(r, &s, &n) || n != strlen(want) || memcmp(s, want, n) != 0) {
        ae_error_set(err, "bad .map header: line %d should be '%s'", r->line, want);
        return false;
    }
    return true;
}

bool ae_grid_init_movingai(ae_grid *grid, const char *text, size_t len, ae_error *err) {
    memset(grid, 0, sizeof *grid);
    text_reader r = {text, text + len, 0};
    int width = 0, height = 0;
    if (!expect_line(&r, "type octile", err)) return false;
    if (!header_int(&r, "height", &height, err)) return false;
    if (!header_int(&r, "width", &width, err)) return false;
    if (!expect_line(&r, "map", err)) return false;
    if (!ae_grid_init(grid, width, height, err)) return false;
    for (int y = 0; y < height; y++) {
        const char *s;
        size_t n;
        if (!next_line(&r, &s, &n)) {
            ae_error_set(err, "map has %d rows, header says %d", y, height);
            goto fail;
        }
        if (n != (size_t)width) {
            ae_error_set(err, "row %d has %zu cells, header says %d", y, n, width);
            goto fail;
        }
        uint8_t *out = grid->cells + (size_t)y * (size_t)width;
        for (int x = 0; x < width; x++) {
            switch (s[x]) {
            case '.':
            case 'G':
                out[x] = 0;
                break;
            case '@':
            case 'O':
            case 'T':
            case 'S':
            case 'W':
                out[x] = 1;
                break;
            default: {
                unsigned c = (unsigned char)s[x];
                if (c >= 32 && c < 127)
                    ae_error_set(err, "row %d column %d: unknown map character '%c'", y, x, s[x]);
                else
                    ae_error_set(err, "row %d column %d: unknown map byte 0x%02x", y, x, c);
                goto fail;
            }
            }
        }
    }
    // Trailing blank lines are fine; any further text is not.
    const char *s;
    size_t n;
    while (next_line(&r, &s, &n)) {
        if (n != 0) {
            ae_error_set(err, "map has more than the %d rows its header declares", height);
            goto fail;
        }
    }
    return finish_grid(grid, err);
fail:
    ae_grid_free(grid);
    return false;
}
