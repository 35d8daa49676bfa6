#include "rp_bytes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

uint64_t rp_checksum(const uint8_t *data, size_t len) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++) {
        h ^= data[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

bool rp_buf_reserve(rp_buf *b, size_t extra) {
    if (b->failed) return false;
    if (b->cap - b->len >= extra) return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < extra) {
        if (cap > SIZE_MAX / 2) {
            b->failed = true;
            return false;
        }
        cap *= 2;
    }
    uint8_t *data = ae_alloc(cap);
    if (!data) {
        b->failed = true;
        return false;
    }
    if (b->len) memcpy(data, b->data, b->len);
    ae_free(b->data, b->cap);
    b->data = data;
    b->cap = cap;
    return true;
}

void rp_buf_free(rp_buf *b) {
    ae_free(b->data, b->cap);
    memset(b, 0, sizeof *b);
}

void rp_buf_bytes(rp_buf *b, const void *src, size_t n) {
    if (n == 0 || !rp_buf_reserve(b, n)) return;
    memcpy(b->data + b->len, src, n);
    b->len += n;
}

void rp_buf_u8(rp_buf *b, uint8_t v) {
    rp_buf_bytes(b, &v, 1);
}

void rp_buf_u16(rp_buf *b, uint16_t v) {
    uint8_t p[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    rp_buf_bytes(b, p, 2);
}

void rp_buf_u32(rp_buf *b, uint32_t v) {
    uint8_t p[4];
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
    rp_buf_bytes(b, p, 4);
}

void rp_buf_u64(rp_buf *b, uint64_t v) {
    uint8_t p[8];
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
    rp_buf_bytes(b, p, 8);
}

void rp_buf_var(rp_buf *b, uint32_t v) {
    uint8_t p[5];
    size_t n = 0;
    do {
        uint8_t byte = (uint8_t)(v & 0x7fu);
        v >>= 7;
        p[n++] = (uint8_t)(byte | (v ? 0x80u : 0u));
    } while (v);
    rp_buf_bytes(b, p, n);
}

void rp_buf_grid(rp_buf *b, const ae_grid *g) {
    const size_t n = (size_t)g->width * (size_t)g->height;
    rp_buf_u16(b, (uint16_t)g->width);
    rp_buf_u16(b, (uint16_t)g->height);
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && g->cells[j] == g->cells[i]) j++;
        rp_buf_u8(b, g->cells[i]);
        rp_buf_var(b, (uint32_t)(j - i));
        i = j;
    }
}

bool rp_fail(rp_cursor *c, const char *fmt, ...) {
    if (!c->failed && c->err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err->msg, sizeof c->err->msg, fmt, ap);
        va_end(ap);
    }
    c->failed = true;
    return false;
}

static bool need(rp_cursor *c, size_t n) {
    if (c->failed) return false;
    if (rp_left(c) >= n) return true;
    return rp_fail(c, "%s runs past the end of the data at byte %zu", c->what, c->end);
}

bool rp_read_u8(rp_cursor *c, uint8_t *v) {
    if (!need(c, 1)) return false;
    *v = c->data[c->pos++];
    return true;
}

bool rp_read_u16(rp_cursor *c, uint16_t *v) {
    if (!need(c, 2)) return false;
    const uint8_t *p = c->data + c->pos;
    *v = (uint16_t)(p[0] | p[1] << 8);
    c->pos += 2;
    return true;
}

bool rp_read_u32(rp_cursor *c, uint32_t *v) {
    if (!need(c, 4)) return false;
    *v = rp_le32(c->data + c->pos);
    c->pos += 4;
    return true;
}

bool rp_read_u64(rp_cursor *c, uint64_t *v) {
    if (!need(c, 8)) return false;
    *v = rp_le64(c->data + c->pos);
    c->pos += 8;
    return true;
}

bool rp_read_var(rp_cursor *c, uint32_t *v) {
    uint64_t value = 0;
    for (int i = 0; i < 5; i++) {
        uint8_t byte;
        if (!rp_read_u8(c, &byte)) return false;
        value |= (uint64_t)(byte & 0x7fu) << (7 * i);
        if (!(byte & 0x80u)) {
            if (value > UINT32_MAX)
                return rp_fail(c, "%s: number too large at byte %zu", c->what, c->pos - 1);
            *v = (uint32_t)value;
            return true;
        }
    }
    return rp_fail(c, "%s: number longer than 5 bytes at byte %zu", c->what, c->pos - 1);
}

bool rp_read_bytes(rp_cursor *c, size_t n, const uint8_t **p) {
    if (!need(c, n)) return false;
    *p = c->data + c->pos;
    c->pos += n;
    return true;
}

bool rp_scan_grid(rp_cursor *c, int *width, int *height) {
    uint16_t w, h;
    const size_t start = c->pos;
    if (!rp_read_u16(c, &w) || !rp_read_u16(c, &h)) return false;
    ae_error size_err;
    if (!ae_grid_check_size(w, h, &size_err))
        return rp_fail(c, "%s at byte %zu: %s", c->what, start, size_err.msg);
    const uint64_t cells = (uint64_t)w * h;
    uint64_t seen = 0, free_cells = 0;
    while (seen < cells) {
        uint8_t value;
        uint32_t run;
        const size_t at = c->pos;
        if (!rp_read_u8(c, &value)) return false;
        if (!ae_grid_cell_valid(value))
            return rp_fail(c, "%s at byte %zu: cell value %u out of range", c->what, at, value);
        if (!rp_read_var(c, &run)) return false;
        if (run == 0) return rp_fail(c, "%s: empty cell run at byte %zu", c->what, at + 1);
        if (run > cells - seen)
            return rp_fail(c, "%s: cell runs overflow the %ux%u map at byte %zu", c->what, w, h,
                           at + 1);
        seen += run;
        if (!(value & AE_CELL_WALL)) free_cells += run;
    }
    if (free_cells == 0) return rp_fail(c, "%s at byte %zu: map has no free cell", c->what, start);
    *width = w;
    *height = h;
    return true;
}

bool rp_decode_grid(const uint8_t *data, size_t len, ae_grid *grid, ae_error *err) {
    rp_cursor c = {data, 0, len, "map grid", err, false};
    int w = 0, h = 0;
    memset(grid, 0, sizeof *grid);
    if (!rp_scan_grid(&c, &w, &h)) return false;
    if (!ae_grid_init(grid, w, h, err)) return false;
    c.pos = 4;
    const size_t cells = (size_t)w * (size_t)h;
    size_t at = 0;
    while (at < cells) { // cannot fail: rp_scan_grid walked the same bytes
        uint8_t value = 0;
        uint32_t run = 0;
        rp_read_u8(&c, &value);
        rp_read_var(&c, &run);
        memset(grid->cells + at, value, run);
        at += run;
    }
    return true;
}
