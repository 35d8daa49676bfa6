// arena-bench balance: is the match fair, readable and rewarding? Plays the novice player model
// (pilot_novice.h) against lobbies of each bot difficulty and a mixed lobby on the default map,
// and prints every balance figure with its target and whether it is met. A table, not a timed
// test: the figures are deterministic for a given seed count.
#include "suites.h"

#include "asset_dir.h"
#include "session.h"
#include "tool_args.h"
#include "sim_stats.h"
#include "tool_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BALANCE_AGENTS 30
#define BALANCE_MAP    "arena"

/// A lobby: every bot of one difficulty, or mixed (-1).
typedef struct lobby {
    const char *name;
    int difficulty;
} lobby;

static const lobby lobbies[] = {
    {"easy", SIM_EASY}, {"normal", SIM_NORMAL}, {"hard", SIM_HARD}, {"mixed", -1}};
enum { LOBBY_COUNT = sizeof lobbies / sizeof lobbies[0] };

/// What one lobby's matches add up to.
typedef struct lobby_result {
    int matches;
    double *survived_s, *first_level_s; ///< per match (first level: INFINITY when never)
    int *placement;
    int top_third, bottom_half;
    int fought_early; ///< matches where the novice fought before the first circle closed
    int deaths, zone_deaths;
    int decided; ///< matches whose last circle began to close with at most 3 alive (or never had
                 ///< to)
    double unseen_from_bots;          ///< damage the novice took from bots beyond its view, summed
    int novice_pickups, novice_items; ///< the novice's loot taken and items used, all matches
    sim_difficulty_stats bots[SIM_DIFFICULTY_COUNT]; ///< summed over the matches
    double placement_sum[SIM_DIFFICULTY_COUNT];      ///< of the per-match mean placements
} lobby_result;

static void add_bots(sim_difficulty_stats *sum, const sim_difficulty_stats *st) {
    sum->bots += st->bots;
    sum->shots += st->shots;
    sum->hits += st->hits;
    sum->threats += st->threats;
    sum->dodged += st->dodged;
    sum->zone_deaths += st->zone_deaths;
    sum->bullet_deaths += st->bullet_deaths;
}

static bool play(const lobby *l, uint64_t seed, lobby_result *r) {
    char *map = app_asset_map(BALANCE_MAP);
    if (!map) {
        tool_fail(ARENA_BENCH, BALANCE_MAP, "out of memory");
        return false;
    }
    session_def def = {0};
    def.map_path = map;
    def.config = sim_default_config();
    def.config.seed = seed;
    def.config.humans = 1;
    def.config.bots = BALANCE_AGENTS - 1;
    def.config.bot_difficulty = l->difficulty;
    def.pilot = SIM_PILOT_NOVICE;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) tool_fail(ARENA_BENCH, map, "%s", err.msg);
    free(map);
    if (!s) return false;
    while (!session_done(s)) session_step(s, NULL);
    const sim_world *w = session_world(s);
    int m = r->matches++;
    sim_human_stats hs;
    sim_stats_human(w, 0, &hs);
    r->survived_s[m] = hs.survived_s;
    r->first_level_s[m] = hs.first_level_s < 0 ? INFINITY : hs.first_level_s;
    r->placement[m] = hs.placement;
    r->novice_pickups += hs.pickups;
    for (int k = 0; k < SIM_ITEM_COUNT; k++) r->novice_items += hs.items_used[k];
    r->top_third += hs.placement <= BALANCE_AGENTS / 3;
    r->fought_early += hs.first_fight_s >= 0.0 && hs.first_fight_s < sim_stats_first_circle_s(w);
    r->bottom_half += hs.placement > BALANCE_AGENTS / 2;
    r->unseen_from_bots += hs.unseen_from_bots;
    for (int i = 0; i < sim_agent_count(w); i++) {
        r->deaths += sim_agents(w)[i].cause != SIM_ALIVE;
        r->zone_deaths += sim_agents(w)[i].cause == SIM_DIED_ZONE;
    }
    int last = sim_stats_alive_at_last_shrink(w);
    r->decided += last <= 3; // -1: decided before the last circle began to close
    for (int d = 0; d < SIM_DIFFICULTY_COUNT; d++) {
        sim_difficulty_stats st;
        sim_stats_difficulty(w, (sim_difficulty)d, &st);
        add_bots(&r->bots[d], &st);
        r->placement_sum[d] += st.mean_placement;
    }
    session_destroy(s);
    return true;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

typedef struct row_printer {
    bool csv;
    int met, total;
} row_printer;

/// One figure: `value` against its target; `ok` says whether it is met.
static void row(row_printer *p, const char *figure, const char *lobby_name, double value,
                const char *target, bool ok) {
    p->total++;
    p->met += ok;
    const char *verdict = isnan(value) ? "n/a" : (ok ? "ok" : "not ok");
    if (p->csv)
        printf("%s,%s,%.3f,%s,%s\n", figure, lobby_name, value, target, verdict);
    else
        printf("%28s %7s %9.3f %12s %7s\n", figure, lobby_name, value, target, verdict);
}

static double ratio(int num, int den) {
    return den ? (double)num / den : NAN;
}

static void print_table(lobby_result *res, bool csv) {
    row_printer p = {csv, 0, 0};
    if (csv) {
        printf("figure,lobby,value,target,verdict\n");
    } else {
        tool_print_machine();
        printf("%28s %7s %9s %12s %7s\n", "figure", "lobby", "value", "target", "verdict");
        printf("%28s %7s %9s %12s %7s\n", "----------------------------", "-------", "---------",
               "------------", "-------");
    }
    static const char *const dodge_targets[SIM_DIFFICULTY_COUNT] = {"<= 0.35", "<= 0.60",
                                                                    "<= 0.85"};
    static const double dodge_max[SIM_DIFFICULTY_COUNT] = {0.35, 0.60, 0.85};
    for (int d = 0; d < SIM_DIFFICULTY_COUNT; d++) {
        const sim_difficulty_stats *b = &res[d].bots[d];
        double v = ratio(b->dodged, b->threats);
        row(&p, "bots: dodged share", lobbies[d].name, v, dodge_targets[d], v <= dodge_max[d]);
    }
    {
        const sim_difficulty_stats *b = &res[SIM_NORMAL].bots[SIM_NORMAL];
        double v = ratio(b->hits, b->shots);
        row(&p, "bots: hit rate", "normal", v, "0.15 - 0.35", v >= 0.15 && v <= 0.35);
    }
    for (int d = 0; d < SIM_DIFFICULTY_COUNT; d++) { // for the table's reader, no target
        const sim_difficulty_stats *b = &res[d].bots[d];
        double v = ratio(b->hits, b->shots);
        if (d != SIM_NORMAL) {
            if (csv)
                printf("bots: hit rate,%s,%.3f,-,-\n", lobbies[d].name, v);
            else
                printf("%28s %7s %9.3f %12s %7s\n", "bots: hit rate", lobbies[d].name, v, "-", "-");
        }
    }
    {
        const lobby_result *m = &res[LOBBY_COUNT - 1];
        double gap =
            (m->placement_sum[SIM_EASY] - m->placement_sum[SIM_HARD]) / m->matches / BALANCE_AGENTS;
        row(&p, "hard places ahead of easy", "mixed", gap, ">= 0.20", gap >= 0.20);
    }
    {
        lobby_result *n = &res[SIM_NORMAL];
        double surv = median(n->survived_s, n->matches);
        row(&p, "novice: median survival s", "normal", surv, ">= 90", surv >= 90.0);
        double first = median(n->first_level_s, n->matches);
        row(&p, "novice: median 1st level s", "normal", first, "<= 30", first <= 30.0);
    }
    for (int l = 0; l < LOBBY_COUNT; l++) { // the normal lobby's has its target above
        if (l == SIM_NORMAL) continue;
        double surv = median(res[l].survived_s, res[l].matches);
        if (csv)
            printf("novice: median survival s,%s,%.3f,-,-\n", lobbies[l].name, surv);
        else
            printf("%28s %7s %9.3f %12s %7s\n", "novice: median survival s", lobbies[l].name, surv,
                   "-", "-");
    }
    for (int l = 0; l < LOBBY_COUNT; l++) {
        double v = ratio(res[l].fought_early, res[l].matches);
        row(&p, "novice: fights in circle 1", lobbies[l].name, v, "> 0.50", v > 0.50);
    }
    {
        const lobby_result *e = &res[SIM_EASY];
        double share = ratio(e->top_third, e->matches);
        row(&p, "novice: top-third share", "easy", share, ">= 0.50", share >= 0.5);
    }
    {
        lobby_result *h = &res[SIM_HARD];
        double *pl = malloc((size_t)h->matches * sizeof *pl);
        for (int i = 0; i < h->matches && pl; i++) pl[i] = h->placement[i];
        double med = pl ? median(pl, h->matches) : NAN;
        free(pl);
        row(&p, "novice: median placement", "hard", med, "> 15", med > BALANCE_AGENTS / 2);
    }
    // Fair sight: no bot hits a person from beyond the person's view (sim_sight.h), in all the
    // lobby's matches together.
    for (int l = 0; l < LOBBY_COUNT; l++) {
        double v = res[l].unseen_from_bots;
        row(&p, "novice: unseen damage (bots)", lobbies[l].name, v, "= 0", v == 0.0);
    }
    for (int l = 0; l < LOBBY_COUNT; l++) { // the loadout reaches a newcomer: loot, items
        double v = ratio(res[l].novice_pickups, res[l].matches);
        row(&p, "novice: pick-ups per match", lobbies[l].name, v, "> 0", v > 0.0);
    }
    for (int l = 0; l < LOBBY_COUNT; l++) {
        double v = ratio(res[l].novice_items, res[l].matches);
        row(&p, "novice: item uses per match", lobbies[l].name, v, "> 0", v > 0.0);
    }
    for (int l = 0; l < LOBBY_COUNT; l++) {
        double v = ratio(res[l].zone_deaths, res[l].deaths);
        row(&p, "zone deaths share", lobbies[l].name, v, "< 0.10", v < 0.10);
    }
    for (int l = 0; l < LOBBY_COUNT; l++) {
        double v = ratio(res[l].decided, res[l].matches);
        row(&p, "last circle with <= 3 alive", lobbies[l].name, v, ">= 0.80", v >= 0.80);
    }
    if (csv) return;
    printf("targets met: %d of %d\n", p.met, p.total);
    printf("# the novice's placement in each match, by lobby\n");
    for (int l = 0; l < LOBBY_COUNT; l++) {
        printf("%7s:", lobbies[l].name);
        for (int i = 0; i < res[l].matches; i++) printf(" %d", res[l].placement[i]);
        printf("\n");
    }
}

static bool parse_opts(int argc, char **argv, int *seeds, bool *csv) {
    enum { OPT_SEEDS, OPT_CSV, OPT_COUNT };
    static const tool_option options[OPT_COUNT] = {{"--seeds", true}, {"--csv", false}};
    tool_args args;
    if (!tool_args_read(ARENA_BENCH, options, OPT_COUNT, 0, argc, argv, &args)) return false;
    // 60 seeds: a median of 20 placements (spread 1 to 30) moves by two or three places from one
    // set of seeds to the next, as much as the margins of the targets.
    long v = 60;
    if (args.given[OPT_SEEDS] && !tool_parse_int(args.value[OPT_SEEDS], 1, 1000, &v)) {
        tool_fail(ARENA_BENCH, args.value[OPT_SEEDS],
                  "--seeds needs a whole number from 1 to 1000");
        return false;
    }
    *seeds = (int)v;
    *csv = args.given[OPT_CSV];
    return true;
}

int cmd_balance(int argc, char **argv) {
    int seeds;
    bool csv;
    if (!parse_opts(argc, argv, &seeds, &csv)) return TOOL_EXIT_BAD_INPUT;
    lobby_result res[LOBBY_COUNT];
    memset(res, 0, sizeof res);
    bool ok = true;
    for (int l = 0; l < LOBBY_COUNT && ok; l++) {
        res[l].survived_s = calloc((size_t)seeds, sizeof(double));
        res[l].first_level_s = calloc((size_t)seeds, sizeof(double));
        res[l].placement = calloc((size_t)seeds, sizeof(int));
        ok = res[l].survived_s && res[l].first_level_s && res[l].placement;
    }
    if (!csv && ok)
        printf("# balance: the novice player model and %d bots on %s, %d seeds per lobby\n",
               BALANCE_AGENTS - 1, BALANCE_MAP, seeds);
    const tool_stopwatch sw = tool_stopwatch_start();
    for (int l = 0; l < LOBBY_COUNT && ok; l++)
        for (int sd = 1; sd <= seeds && ok; sd++) ok = play(&lobbies[l], (uint64_t)sd, &res[l]);
    double wall_ms, cpu_ms;
    tool_stopwatch_ms(sw, &wall_ms, &cpu_ms);
    if (ok) print_table(res, csv);
    if (ok && !csv)
        printf("# %d matches in %.1f s of wall time, %.1f s of the thread's CPU time\n",
               LOBBY_COUNT * seeds, wall_ms * 1e-3, cpu_ms * 1e-3);
    for (int l = 0; l < LOBBY_COUNT; l++) {
        free(res[l].survived_s);
        free(res[l].first_level_s);
        free(res[l].placement);
    }
    return ok ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
