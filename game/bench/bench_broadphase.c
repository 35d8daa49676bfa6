// arena-bench broadphase: the reference article's ladder (brute force, grid, quadtree, SAP, MBP)
// (pairs unsorted: no caller here needs their order) on its horde scene, on 1k to 50k bouncing
// circles spread uniformly and in crowds (clustered), and on the game's load: median wall and
// thread CPU time per tick for move + update + all pairs, with a check that every method found the
// same pairs on every tick they share.
#include "suites.h"

#include "arena/ae_broadphase.h"
#include "bp_scene.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>

enum { TICKS = 100, SEED = 20240501 };

typedef struct scene_spec {
    const char *name;
    int n;          // proxies
    int monsters;   // > 0: the article's horde with this many monsters (plus as many bullets)
    int agents;     // > 0: the game's load, this many agents and n - agents bullets
    bool clustered; // crowds with mixed radii (bp_scene_clustered)
} scene_spec;

static const scene_spec specs[] = {
    {"horde", 600, 300, 0, false},   {"horde", 1200, 600, 0, false},
    {"uniform", 1000, 0, 0, false},  {"uniform", 5000, 0, 0, false},
    {"uniform", 20000, 0, 0, false}, {"uniform", 50000, 0, 0, false},
    {"cluster", 1000, 0, 0, true},   {"cluster", 5000, 0, 0, true},
    {"cluster", 20000, 0, 0, true},  {"cluster", 50000, 0, 0, true},
    {"game", 2100, 0, 100, false},
};

static void make_scene(const scene_spec *sp, bp_scene *s) {
    if (sp->monsters > 0)
        bp_scene_horde(s, sp->monsters, SEED);
    else if (sp->agents > 0)
        bp_scene_game(s, sp->agents, sp->n - sp->agents, SEED);
    else if (sp->clustered)
        bp_scene_clustered(s, sp->n, SEED);
    else
        bp_scene_uniform(s, sp->n, 4096.0f, 4096.0f, 4.0f, 12.0f, 1.0f, 3.0f, SEED);
}

// Brute force is O(n^2): past 5k proxies it runs only a few ticks, compared with the others'.
static int ticks_for(ae_bp_method m, int n) {
    if (m != AE_BP_BRUTE || n <= 5000) return TICKS;
    return n <= 20000 ? 3 : 2;
}

static uint64_t tick_signature(const ae_pair *p, int n) {
    uint64_t sum = 0;
    for (int k = 0; k < n; k++)
        sum += (uint64_t)ae_proxy_index(p[k].a) * 1000003u + (uint64_t)ae_proxy_index(p[k].b);
    return sum * 0x9E3779B97F4A7C15ull ^ (uint64_t)n;
}

typedef struct run_stats {
    double ns_per_tick;
    double cpu_ns_per_tick; // thread CPU time: what the shared machine's load does not inflate
    double pairs;
} run_stats;

// One method on one scene: every tick the scene moves (untimed), then the proxies are moved and
// the broadphase updated (timed). Writes each tick's pair signature to sig.
static run_stats run(const scene_spec *sp, ae_bp_method method, int ticks, uint64_t *sig) {
    bp_scene s;
    make_scene(sp, &s);
    ae_broadphase_def def = ae_default_broadphase_def();
    def.method = method;
    def.capacity = s.count;
    def.world.lower = (vec2s){{0.0f, 0.0f}};
    def.world.upper = (vec2s){{s.width, s.height}};
    ae_broadphase *bp = ae_broadphase_create(&def);
    ae_proxy_id *ids = malloc(sizeof *ids * (size_t)s.count);
    double *ns = malloc(sizeof *ns * (size_t)ticks), *cpu = malloc(sizeof *cpu * (size_t)ticks);
    if (!bp || !ids || !ns || !cpu) abort();
    for (int i = 0; i < s.count; i++)
        ids[i] = ae_broadphase_add_circle(bp, s.pos[i], s.radius[i], s.category[i], s.mask[i],
                                          (uint64_t)i);
    int n;
    ae_broadphase_update(bp, &n); // first build, untimed
    double pairs = 0.0;
    for (int t = 0; t < ticks; t++) {
        bp_scene_step(&s);
        uint64_t t0 = tool_now_ns(), c0 = tool_thread_cpu_ns();
        for (int i = 0; i < s.count; i++)
            ae_broadphase_move_circle(bp, ids[i], s.pos[i], s.radius[i]);
        // The signature is a sum, so the bench needs no order: the unsorted update.
        const ae_pair *p = ae_broadphase_update_unsorted(bp, &n);
        cpu[t] = (double)(tool_thread_cpu_ns() - c0);
        ns[t] = (double)(tool_now_ns() - t0);
        if (n < 0) abort(); // out of memory, as above
        sig[t] = tick_signature(p, n);
        pairs += n;
    }
    run_stats r = {tool_median(ns, (size_t)ticks), tool_median(cpu, (size_t)ticks), pairs / ticks};
    free(cpu);
    free(ns);
    free(ids);
    ae_broadphase_destroy(bp);
    bp_scene_free(&s);
    return r;
}

static const char *const columns[] = {"n",     "method",       "ns_per_tick", "cpu_us",
                                      "pairs", "ns_per_proxy", "ticks",       "scene"};
static const int widths[] = {6, 9, 12, 10, 9, 12, 6, 8};

int bench_broadphase(bool csv) {
    tool_table t = {csv, 8, columns, widths};
    if (!csv)
        printf(
            "\n# broadphase: median wall ns and thread CPU us per tick (move + update + all pairs) "
            "over %d ticks\n"
            "# horde = the article's scene: monsters + as many bullets in 1280x720;\n"
            "# uniform = circles r 4..12, speed 1..3 bouncing in 4096x4096; cluster = crowds: "
            "r 2..40 (mostly small), 3/4 in %d drifting clumps, 1/4 spread, in 4096x4096 "
            "(30 sqrt(n) square past 18k);\n"
            "# game = 100 agents + 2000 bullets in 16384x16384.\n# Brute force runs only %d/%d "
            "ticks at 20k/50k (O(n^2)); its ticks are compared with the others' first ticks.\n",
            TICKS, BP_SCENE_CLUMPS, ticks_for(AE_BP_BRUTE, 20000), ticks_for(AE_BP_BRUTE, 50000));
    tool_table_header(&t);
    bool all_agree = true, mbp_fastest = true, mbp_beats_grid = true;
    double mbp_20k = 0.0;
    char buf[8][32];
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        const scene_spec *sp = &specs[k];
        uint64_t ref[TICKS], sig[TICKS];
        bool have[TICKS] = {false};
        bool agree = true;
        double best_other = 1e300, mbp_cpu = 0.0, grid_cpu = 0.0;
        for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
            int ticks = ticks_for((ae_bp_method)m, sp->n);
            run_stats r = run(sp, (ae_bp_method)m, ticks, sig);
            for (int i = 0; i < ticks; i++) {
                if (!have[i])
                    ref[i] = sig[i], have[i] = true;
                else if (ref[i] != sig[i])
                    agree = false;
            }
            if (m == AE_BP_GRID) grid_cpu = r.cpu_ns_per_tick;
            if (m == AE_BP_MBP)
                mbp_cpu = r.cpu_ns_per_tick;
            else if (r.cpu_ns_per_tick < best_other && ticks == TICKS)
                best_other = r.cpu_ns_per_tick;
            snprintf(buf[0], sizeof buf[0], "%d", sp->n);
            snprintf(buf[1], sizeof buf[1], "%s", ae_bp_method_name((ae_bp_method)m));
            snprintf(buf[2], sizeof buf[2], "%.0f", r.ns_per_tick);
            snprintf(buf[3], sizeof buf[3], "%.1f", r.cpu_ns_per_tick / 1000.0);
            snprintf(buf[4], sizeof buf[4], "%.1f", r.pairs);
            snprintf(buf[5], sizeof buf[5], "%.1f", r.ns_per_tick / sp->n);
            snprintf(buf[6], sizeof buf[6], "%d", ticks);
            snprintf(buf[7], sizeof buf[7], "%s", sp->name);
            const char *cells[] = {buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], buf[7]};
            tool_table_row(&t, cells);
        }
        if (sp->monsters == 0 && sp->agents == 0 && mbp_cpu >= best_other) mbp_fastest = false;
        if (mbp_cpu > grid_cpu) mbp_beats_grid = false;
        if (sp->n == 20000 && !sp->clustered) mbp_20k = mbp_cpu / sp->n;
        if (!agree) all_agree = false;
        if (!csv)
            printf("check: %s %d: all methods found the same pairs on every shared tick: %s\n",
                   sp->name, sp->n, agree ? "ok" : "FAILED");
    }
    if (!csv)
        printf("target (by CPU median): mbp fastest on every uniform and cluster size: %s; mbp at "
               "least as fast as grid in every scene: %s; mbp at uniform 20k: %.1f ns per proxy "
               "(target < 40): %s\n",
               mbp_fastest ? "yes" : "no", mbp_beats_grid ? "yes" : "no", mbp_20k,
               mbp_20k < 40.0 ? "yes" : "no");
    return all_agree ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
