// Private to arena_replay: a growable output buffer, a bounds-checked input cursor and the grid
// codec, shared by the writer and the reader.
#ifndef RP_BYTES_H
#define RP_BYTES_H

#include "arena/ae_grid.h"
#include "arena/rp_format.h"
#include "arena/rp_hash.h"

// Output: integers are appended byte by byte, little-endian, to a list of chunks, so growing
// never moves or copies what is already written and never holds more than the bytes written
// plus one partly filled chunk (RP_CHUNK_MIN bytes, or a sixteenth of what the buffer holds, up
// to RP_CHUNK_MAX). A failed allocation sets `failed` and makes every later append a no-op, so
// callers check once at the end.
typedef struct rp_chunk rp_chunk;
typedef struct rp_buf {
    rp_chunk *first;
    rp_chunk *last;
    size_t len;  // bytes written
    size_t held; // bytes allocated for the chunks, their headers included
    bool failed;
} rp_buf;

#define RP_CHUNK_MIN 4096u
#define RP_CHUNK_MAX (1u << 20)

void rp_buf_free(rp_buf *b);
void rp_buf_bytes(rp_buf *b, const void *src, size_t n);
void rp_buf_u8(rp_buf *b, uint8_t v);
void rp_buf_u16(rp_buf *b, uint16_t v);
void rp_buf_u32(rp_buf *b, uint32_t v);
void rp_buf_u64(rp_buf *b, uint64_t v);
void rp_buf_var(rp_buf *b, uint32_t v);
// Copies the first n bytes written (n <= len) to dst and returns dst + n.
uint8_t *rp_buf_copy(const rp_buf *b, size_t n, uint8_t *dst);

// The var encoding of v into a flat array (rp_put_le, arena/rp_hash.h, is the fixed-size one):
// stores at p and returns p past it.
uint8_t *rp_put_var(uint8_t *p, uint32_t v);
// Bytes of the var encoding of v (1..5).
size_t rp_var_size(uint32_t v);
// Appends the grid encoding (see rp_format.h).
void rp_buf_grid(rp_buf *b, const ae_grid *g);

// Input: every read checks the bytes left first. The first failure writes a one-line reason
// to err (naming `what`, the part being read, and the byte offset) and later reads fail too.
typedef struct rp_cursor {
    const uint8_t *data;
    size_t pos;
    size_t end;
    const char *what;
    ae_error *err;
    bool failed;
} rp_cursor;

bool rp_read_u8(rp_cursor *c, uint8_t *v);
bool rp_read_u16(rp_cursor *c, uint16_t *v);
bool rp_read_u32(rp_cursor *c, uint32_t *v);
bool rp_read_u64(rp_cursor *c, uint64_t *v);
bool rp_read_var(rp_cursor *c, uint32_t *v);
// Hands out a pointer to the next n bytes and skips them.
bool rp_read_bytes(rp_cursor *c, size_t n, const uint8_t **p);
// Fails with a formatted reason (when nothing failed before) and returns false.
bool rp_fail(rp_cursor *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static inline size_t rp_left(const rp_cursor *c) {
    return c->end - c->pos;
}

// Walks one grid encoding, checking it completely without allocating: size in range, runs of at
// least one cell (the first may be empty), exactly width x height cells, at least one free cell.
bool rp_scan_grid(rp_cursor *c, int *width, int *height);
// Decodes a grid encoding that rp_scan_grid accepted into a newly allocated grid.
bool rp_decode_grid(const uint8_t *data, size_t len, ae_grid *grid, ae_error *err);

#endif
