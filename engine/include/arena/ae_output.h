#ifndef ARENA_AE_OUTPUT_H
#define ARENA_AE_OUTPUT_H

// Writing an output file so that nothing is half-written and nothing else is overwritten: the
// bytes go to a new, uniquely named temporary file beside the target (created exclusively, so an
// existing file of any name is never touched), which replaces the target only once it is
// complete. Every writer of replays, screenshots and map pictures goes through this.

#include "arena/ae_base.h"

#include <stdio.h>

typedef struct ae_output {
    FILE *file;      ///< write here between ae_output_begin and ae_output_commit
    char tmp[4096];  ///< the temporary file's path
    char path[4096]; ///< the target's path
} ae_output;

/// Creates the temporary file beside `path`. On failure sets `err` and leaves nothing behind.
bool ae_output_begin(ae_output *o, const char *path, ae_error *err);

/// Closes the temporary file and renames it onto the target. On failure (a write error, a full
/// disk) the temporary file is removed, the target is left as it was and `err` says why.
bool ae_output_commit(ae_output *o, ae_error *err);

/// Closes and removes the temporary file; the target is left as it was.
void ae_output_abort(ae_output *o);

#endif
