/// The one command-line reader of arena, arena-map and arena-bench, so that every program reads
/// its arguments by the same strict rules:
/// - an argument starting with "--" is an option, and must be one of the program's options;
/// - an option is given at most once (never "last one wins");
/// - an option that takes a value takes the next argument, which must be there, must not be
///   empty and never starts with "--" (`--png --agents` lacks its value);
/// - anything else is a positional argument, up to the program's count ("-1" is one: a
///   coordinate may be negative).
/// Numbers in values are then read with tool_parse_int, tool_parse_u64 or tool_parse_float.
#ifndef TOOL_ARGS_H
#define TOOL_ARGS_H

#include <stdbool.h>
#include <stddef.h>

enum { TOOL_ARGS_MAX_OPTIONS = 32, TOOL_ARGS_MAX_POSITIONAL = 8 };

typedef struct tool_option {
    const char *name; ///< "--radius"
    bool has_value;   ///< takes the next argument as its value
} tool_option;

typedef struct tool_args {
    bool given[TOOL_ARGS_MAX_OPTIONS];         ///< per option, in the table's order
    const char *value[TOOL_ARGS_MAX_OPTIONS];  ///< the value of each given option that takes one
    const char *pos[TOOL_ARGS_MAX_POSITIONAL]; ///< positional arguments, in order
    int npos;
} tool_args;

/// Answers what a command line asks before anything else is read: the usage (any argument
/// `--help` or `-h`, whatever else is given, so that a newcomer's `arena --bots 5 --help` gets it
/// too; `usage` is the README's command-line part of the program, `lines` lines from
/// arena_usage.h), else the version (any `--version`: `PROGRAM VERSION`, then `about`, lines of
/// its own or NULL, then `build: ...`, the compiler and flags as tool_print_machine). Both go to
/// stdout; true when one was printed (the program then exits 0), false for a run.
bool tool_args_answered(const char *program, int argc, char **argv, const char *const *usage,
                        int lines, const char *about);

/// Reads argv[0..argc) against the n options. At most max_pos positional arguments are
/// accepted. False after printing one line `PROGRAM: ARG: reason`: `unknown option (try
/// --help)`, `unknown argument (try --help)` (one positional too many), `given twice`, `missing
/// value` or `empty value`.
bool tool_args_read(const char *program, const tool_option *options, int n, int max_pos, int argc,
                    char **argv, tool_args *out);

/// The value of `option`, when given, as a whole number within [lo, hi] into *out (left as it
/// is when not given). False after printing `PROGRAM: VALUE: needs`.
bool tool_args_int(const char *program, const tool_args *a, int option, long lo, long hi,
                   const char *needs, int *out);

/// A --listen value, ADDR:PORT (an IPv4 address or a name) or [IPv6]:PORT, into host (size
/// bytes, its terminating zero included) and port (0 to 65535). False after printing one line
/// `PROGRAM: TEXT: reason`; `example` is a value the reason shows ("127.0.0.1:7777").
bool tool_args_listen(const char *program, const char *text, const char *example, char *host,
                      size_t size, int *port);

#endif
