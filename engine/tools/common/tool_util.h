/// Helpers shared by the command-line tools: argument parsing, timing, statistics, tables.
/// Tools may use the wall clock; the engine and the simulation never do.
#ifndef TOOL_UTIL_H
#define TOOL_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Exit codes shared by every tool: 2 for bad input (usage, unreadable files).
enum { TOOL_EXIT_OK = 0, TOOL_EXIT_FAIL = 1, TOOL_EXIT_BAD_INPUT = 2 };

/// Prints "PROGRAM: WHAT: reason" to stderr. WHAT (a file or an argument) is shown through
/// ae_quote, so a name holding a newline or escape bytes keeps the message on one line.
void tool_fail(const char *program, const char *what, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/// What a program returns from main with its exit status: flushes standard output and, when a
/// write to it failed (a full disk, /dev/full), prints "PROGRAM: stdout: REASON" and turns a
/// status of 0 into 2, so that output cut short never passes for whole. Every program ends here.
int tool_finish_stdout(const char *program, int status);

/// Strict number parsing: the whole string must be a number within [lo, hi]. Integers are plain
/// decimal (tool_parse_u64: digits only; tool_parse_int: a '-' may lead), floats have no '+',
/// hex or infinity.
bool tool_parse_int(const char *s, long lo, long hi, long *out);
bool tool_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
bool tool_parse_float(const char *s, double lo, double hi, double *out);

/// Why tool_parse_real refused a number, for readers that say more than "bad number".
typedef enum tool_number {
    TOOL_NUMBER_OK,
    TOOL_NUMBER_SYNTAX, ///< not a number as tool_parse_float reads them
    TOOL_NUMBER_NAN,    ///< spelled as a NaN ("nan", "-NaN", ...)
    TOOL_NUMBER_RANGE,  ///< infinite, too large or too small for a double, or outside [lo, hi]
} tool_number;
/// tool_parse_float with the reason: it accepts exactly what tool_parse_float accepts.
tool_number tool_parse_real(const char *s, double lo, double hi, double *out);
/// tool_parse_u64 that also takes hex, "0x" or "0X" then hex digits only (bit masks).
bool tool_parse_u64_hex(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/// DIR/NAME in memory from malloc (free it), never cut; NULL when out of memory.
char *tool_join(const char *dir, const char *name);

/// Monotonic time in nanoseconds (CLOCK_MONOTONIC): the one clock of every program, for timings,
/// frame times and real-time pacing (`arena --realtime` sleeps on the same clock).
uint64_t tool_now_ns(void);

/// CPU time this thread has used, in nanoseconds (CLOCK_THREAD_CPUTIME_ID): beside a wall-clock
/// timing it tells work from waiting for a busy machine's cores.
uint64_t tool_thread_cpu_ns(void);

/// A timing read on both clocks at once: every benchmark reports the thread's CPU time beside the
/// wall time, since on a shared machine the CPU time is the figure to judge by.
typedef struct tool_stopwatch {
    uint64_t wall_ns, cpu_ns;
} tool_stopwatch;
tool_stopwatch tool_stopwatch_start(void);
/// Milliseconds since start: wall time to *wall_ms, this thread's CPU time to *cpu_ms.
void tool_stopwatch_ms(tool_stopwatch start, double *wall_ms, double *cpu_ms);

/// Median and the p-th percentile (0..100) of n values; sorts the array in place.
double tool_median(double *v, size_t n);
double tool_percentile(double *v, size_t n, double p);

/// Table output: aligned text for people or CSV for scripts, one implementation for both.
typedef struct tool_table {
    bool csv;
    int ncols;
    const char *const *cols;
    const int *widths;
} tool_table;

/// Prints the column names (and, for people, a rule under them). In text mode the header starts
/// with tool_print_machine's line, so every table says what it was measured on.
void tool_table_header(const tool_table *t);
/// One line, "# machine: load average 0.41 0.35 0.30, 2 cores; build: GNU 12.2.0 Release -O3
/// ...": the load when the table was made and the compiler and flags of this build, so numbers
/// from different runs can be compared.
void tool_print_machine(void);
/// The compiler and flags of this build: "GNU 12.2.0 Release -O3 -DNDEBUG -ffp-contract=off ...".
const char *tool_build_info(void);
/// Prints one row; each cell is already formatted text.
void tool_table_row(const tool_table *t, const char *const *cells);

#endif
