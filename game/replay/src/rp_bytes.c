#include "rp_bytes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

uint64_t rp_checksum(const uint8_t *data, size_t len) {
    return rp_fnv1a(RP_FNV_BASIS, data, len);
}

struct rp_chunk {
    rp_chunk *next;
    size_t len;
    size_t cap;
    uint8_t data[];
};

// Appends a chunk with room for at least `need` bytes.
static bool add_chunk(rp_buf *b, size_t need) {
    size_t cap = b->len / 16;
    cap = cap < RP_CHUNK_MIN ? RP_CHUNK_MIN : (cap > RP_CHUNK_MAX ? RP_CHUNK_MAX : cap);
    if (cap < need) cap = need;
    if (cap > SIZE_MAX - sizeof(rp_chunk)) {
        b->failed = true;
        return false;
    }
    rp_chunk *c = ae_alloc(sizeof(rp_chunk) + cap);
    if (!c) {
        b->failed = true;
        return false;
    }
    c->next = NULL;
    c->len = 0;
    c->cap = cap;
    if (b->last)
        b->last->next = c;
    else
        b->first = c;
    b->last = c;
    b->held += sizeof(rp_chunk) + cap;
    return true;
}

void rp_buf_free(rp_buf *b) {
    for (rp_chunk *c = b->first, *next; c; c = next) {
        next = c->next;
        ae_free(c, sizeof(rp_chunk) + c->cap);
    }
    memset(b, 0, sizeof *b);
}

void rp_buf_bytes(rp_buf *b, const void *src, size_t n) {
    if (n == 0 || b->failed) return;
    const uint8_t *p = src;
    size_t room = b->last ? b->last->cap - b->last->len : 0;
    if (room > 0) { // fill the last chunk first: only the newest chunk is ever partly empty
        size_t k = n < room ? n : room;
        memcpy(b->last->data + b->last->len, p, k);
        b->last->len += k;
        b->len += k;
        p += k;
        n -= k;
    }
    if (n == 0 || !add_chunk(b, n)) return;
    memcpy(b->last->data, p, n);
    b->last->len = n;
    b->len += n;
}

uint8_t *rp_buf_copy(const rp_buf *b, size_t n, uint8_t *dst) {
    AE_ASSERT(n <= b->len);
    for (const rp_chunk *c = b->first; c && n > 0; c = c->next) {
        size_t k = c->len < n ? c->len : n;
        memcpy(dst, c->data, k);
        dst += k;
        n -= k;
    }
    return dst;
}

uint8_t *rp_put_var(uint8_t *p, uint32_t v) {
    do {
        uint8_t byte = (uint8_t)(v & 0x7fu);
        v >>= 7;
        *p++ = (uint8_t)(byte | (v ? 0x80u : 0u));
    } while (v);
    return p;
}

size_t rp_var_size(uint32_t v) {
    uint8_t tmp[5];
    return (size_t)(rp_put_var(tmp, v) - tmp);
}

void rp_buf_u8(rp_buf *b, uint8_t v) {
    rp_buf_bytes(b, &v, 1);
}

void rp_buf_u16(rp_buf *b, uint16_t v) {
    uint8_t p[2];
    rp_buf_bytes(b, p, (size_t)(rp_put_le(p, v, 2) - p));
}

void rp_buf_u32(rp_buf *b, uint32_t v) {
    uint8_t p[4];
    rp_buf_bytes(b, p, (size_t)(rp_put_le(p, v, 4) - p));
}

void rp_buf_u64(rp_buf *b, uint64_t v) {
    uint8_t p[8];
    rp_buf_bytes(b, p, (size_t)(rp_put_le(p, v, 8) - p));
}

void rp_buf_var(rp_buf *b, uint32_t v) {
    uint8_t p[5];
    rp_buf_bytes(b, p, (size_t)(rp_put_var(p, v) - p));
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

// The next `bytes` bytes as a little-endian integer.
static bool read_le(rp_cursor *c, int bytes, uint64_t *v) {
    if (!need(c, (size_t)bytes)) return false;
    *v = rp_get_le(c->data + c->pos, bytes);
    c->pos += (size_t)bytes;
    return true;
}

bool rp_read_u16(rp_cursor *c, uint16_t *v) {
    uint64_t x;
    if (!read_le(c, 2, &x)) return false;
    *v = (uint16_t)x;
    return true;
}

bool rp_read_u32(rp_cursor *c, uint32_t *v) {
    uint64_t x;
    if (!read_le(c, 4, &x)) return false;
    *v = (uint32_t)x;
    return true;
}

bool rp_read_u64(rp_cursor *c, uint64_t *v) {
    return read_le(c, 8, v);
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
