/// Moving AI scenario runs, shared by `arena-map scen` and the tests.
#ifndef MOVINGAI_SCEN_H
#define MOVINGAI_SCEN_H

#include "arena/ae_nav.h"

#include <stddef.h>

/// Largest scenario file read, in bytes.
#define SCEN_MAX_FILE_BYTES (64u * 1024u * 1024u)

/// Summary of a run.
typedef struct scen_summary {
    int problems;     ///< problems solved
    double max_error; ///< largest |length - expected| (length rounded like the file, 6 digits)
    double mean_us;   ///< mean search time per problem, microseconds
    int64_t expanded; ///< nodes expanded over all problems
} scen_summary;

/// Called per problem: 0-based id, our optimal length (cells) and the file's expected text.
typedef void scen_line_fn(void *user, int id, double length, const char *expected);

/// Runs the problems whose 0-based id % k == phase (k >= 1) of a `.scen` file with `method`. Maps
/// are looked up by file name in maps_dir (NULL: the scenario's folder). Files are read with
/// ae_file_read (never blocking on a FIFO). False with a reason in why on bad input (unreadable
/// or malformed file, missing map, size mismatch, blocked endpoint, no path).
bool scen_run(const char *scen_path, const char *maps_dir, int every_k, int phase,
              ae_nav_method method, scen_line_fn *line, void *user, scen_summary *out, char *why,
              size_t why_len);

/// The error scen_run reports for one problem: how far |length - expected| exceeds the half unit
/// of the 6th significant digit the file's lengths are printed with (0 when within it).
double scen_error(double length, double expected);

#endif
