/// arena-bench suites. Each prints its tables (or CSV) and returns the exit status: 1 when its
/// agreement check fails.
#ifndef ARENA_BENCH_SUITES_H
#define ARENA_BENCH_SUITES_H

#include <stdbool.h>

#define ARENA_BENCH "arena-bench"

int bench_sdf(bool csv);
int bench_sim(bool csv);
int bench_render(bool csv);
int bench_replay(bool csv);
/// The replay theatre's seeking (game/bench/bench_seek.c), printed after bench_replay's table.
int bench_replay_seek(bool csv);
int bench_nav(bool csv);
int bench_broadphase(bool csv);
/// The map editor's brush strokes, batched against cell by cell (bench_editor.c).
int bench_editor(bool csv);
/// Online play over the in-memory link: 100 piloted clients at 0 ms, 150 ms and 150 ms with 5%
/// loss (game/bench/bench_net.c).
int bench_net(bool csv);
/// bench_net's live row (bench_net_live.c): the server over real sockets on 127.0.0.1 on the
/// monotonic clock with 100 piloted clients on another thread.
typedef struct bench_net_live_result {
    int clients, clients_ended, ticks, missed;
    double late_p50_us, late_p99_us, late_max_us; ///< how late the server's ticks started
    double cpu_pct;                               ///< the server thread's CPU, % of a core
} bench_net_live_result;
bool bench_net_live(bench_net_live_result *out);
/// The live row's match length in ticks.
#define LIVE_ROW_TICKS 1200

/// `arena-bench pairs FILE [--method M]`; argv holds the arguments after `pairs`.
int cmd_pairs(int argc, char **argv);
/// `arena-bench soak [--matches N] [--agents N] [--max-ticks N] [--seed N] [--no-rss-check]
/// [--csv]`: many recorded, swapped and replayed matches in one process; fails on leaks or memory
/// growth. Not part of the default run (it takes minutes).
int cmd_soak(int argc, char **argv);
/// `arena-bench balance [--seeds N] [--csv]`: the novice player model against each lobby, every
/// balance figure with its target (bench_balance.c).
int cmd_balance(int argc, char **argv);
/// `arena-bench net-load [--matches M] [--clients N] [--seconds S] [--csv]`: M arena-server
/// processes and M x N lightweight clients on loopback (bench_net_load.c).
int cmd_net_load(int argc, char **argv);
/// `arena-bench editor [--strokes N] [--csv]`: bench_editor with N strokes per row (default 21).
int cmd_editor(int argc, char **argv);
/// `arena-bench render [--driver NAME] [--frames N] [--scene NAME] [--csv]`: the render suite;
/// --driver draws into a window with that SDL render driver (a line says so when it is not
/// available here).
int cmd_render(int argc, char **argv);

#endif
