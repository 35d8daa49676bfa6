/// The `arena-bench pairs` input format and its reference run, shared by the tool and the tests.
///
/// A file holds one circle per line: `x y r [category mask]` (whitespace separated; category and
/// mask are unsigned 32-bit integers, decimal or 0x hex; defaults 1 and all bits). Blank lines and
/// lines starting with '#' are skipped and do not count as circles. Numbers are read by the tools'
/// strict parser (tool_util.h: tool_parse_real, tool_parse_u64_hex), as double, and stored as
/// float, the engine's type.
#ifndef PAIRS_FILE_H
#define PAIRS_FILE_H

#include "arena/ae_broadphase.h"

typedef struct pairs_input {
    int count;
    vec2s *center;
    float *radius;
    uint32_t *category;
    uint32_t *mask;
} pairs_input;

/// Largest circle file read, in bytes.
#define PAIRS_MAX_FILE_BYTES (256u * 1024u * 1024u)

/// Reads a file (ae_file_read: only a regular file, never blocking on a FIFO). On failure
/// returns false and writes "line N: reason" (or why the file cannot be read) to err.
bool pairs_load(const char *path, pairs_input *in, ae_error *err);
/// Parses text already in memory (same rules as pairs_load).
bool pairs_parse(const char *text, size_t len, pairs_input *in, ae_error *err);
void pairs_free(pairs_input *in);

/// Runs one broadphase method over the circles (added in order, so index = circle number) and
/// returns the number of overlapping pairs and the checksum: the sum over pairs i < j of
/// i * 1000003 + j, modulo 2^64. The update keeps at most `max_kept` pairs in memory; past that
/// the pairs are counted as the method's queries find them, one circle at a time, keeping none.
/// False with the reason in err when memory runs out for the circles themselves.
bool pairs_run(const pairs_input *in, ae_bp_method method, int max_kept, uint64_t *pairs,
               uint64_t *checksum, ae_error *err);

/// `arena-bench pairs`'s max_kept: 32 bytes a pair in the update's buffers, so 32 MB.
#define PAIRS_MAX_KEPT (1 << 20)

#endif
