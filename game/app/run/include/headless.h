/// Matches without a window: `arena --headless`.
#ifndef ARENA_HEADLESS_H
#define ARENA_HEADLESS_H

#include "options.h"

/// Runs the match the options describe and prints the summary; returns the exit status.
int arena_run_headless(const arena_options *o);

#endif
