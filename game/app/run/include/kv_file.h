/// "key = value" text files (the settings, the career record): one reader of their syntax and
/// one way of saying what was passed over. A file is forgiving: a bad line is noted and skipped,
/// and the caller keeps what the good lines gave.
#ifndef ARENA_KV_FILE_H
#define ARENA_KV_FILE_H

#include "arena/ae_quote.h"

#include <stdbool.h>
#include <stddef.h>

/// What a file's reading passed over: how many problems, and the first one's line and reason.
typedef struct kv_problems {
    int count;
    int first_line; ///< 0: the whole file (it could not be read, or is empty)
    char first[AE_QUOTE_MAX + 160];
} kv_problems;

/// Notes a problem on `line` (0: the whole file); the first one's reason is kept.
void kv_problem(kv_problems *p, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/// Called for each "key = value" line with the key and the value trimmed (the value may be
/// empty), both cut in place from the file's text.
typedef void kv_pair_fn(void *ctx, char *key, char *value, int line, kv_problems *p);

/// Reads the file at `path` (at most max_file bytes; lines of at most max_line bytes, "\r\n"
/// taken, a UTF-8 byte order mark skipped, blank lines and '#' comments passed over) and calls
/// `pair` for each "key = value" line. Lines with control bytes, too long, without '=', and a
/// last line without its newline are problems. True when the text was read (problems or not);
/// false when the file could not be read or is empty (noted as a problem of the whole file),
/// with *missing (may be NULL) true when it does not exist.
bool kv_read_file(const char *path, size_t max_file, size_t max_line, kv_pair_fn *pair, void *ctx,
                  kv_problems *p, bool *missing);

/// True when nothing was passed over; else false with "PATH: reason (line N; M more problems)"
/// in warning (n bytes).
bool kv_warning(const kv_problems *p, const char *path, char *warning, size_t n);

#endif
