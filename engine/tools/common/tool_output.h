/// Checks an output path before a tool spends time producing what it will write there, so that
/// a bad path is refused up front and nothing the user made is overwritten.
#ifndef TOOL_OUTPUT_H
#define TOOL_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/// True when `out` can receive a new file: not empty, not a directory, in a directory that
/// exists, and not the same file (by device and inode, so links count) as any of the n input
/// paths (NULL entries are skipped). Otherwise writes a one-line reason into `reason`.
bool tool_output_ok(const char *out, const char *const *inputs, int n, char *reason, size_t cap);

#endif
