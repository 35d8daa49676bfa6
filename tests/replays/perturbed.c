// The "other build" of the state dump's tests, linked against a deliberately perturbed sim (see
// CMakeLists.txt: agent 5 moves one unit as tick 300 ends):
//   perturbed dump FILE TICK        plays a replay to TICK and prints the state there (sim_dump),
//                                   whatever its checkpoints say
//   perturbed record MAP TICKS OUT  records an autopilot match (seed 11, 29 bots) of TICKS ticks,
//                                   which a good build then finds diverging at tick 300
#include "session.h"
#include "sim_dump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int dump(const char *path, int tick) {
    session_def def = {0};
    def.replay_path = path;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        fprintf(stderr, "perturbed: %s: %s\n", path, err.msg);
        return 2;
    }
    sim_world *w = session_world(s);
    while (sim_tick(w) < tick && !session_done(s)) session_step(s, NULL);
    sim_dump(w, stdout);
    const bool reached = sim_tick(w) == tick;
    session_destroy(s);
    return reached ? 0 : 1;
}

static int record(const char *map, int ticks, const char *out) {
    session_def def = {0};
    def.map_path = map;
    def.config = sim_default_config();
    def.config.seed = 11;
    def.pilot = SIM_PILOT_BOT;
    def.record_path = out;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        fprintf(stderr, "perturbed: %s: %s\n", map, err.msg);
        return 2;
    }
    for (int t = 0; t < ticks && !session_done(s); t++) session_step(s, NULL);
    bool ok = session_finish(s, &err);
    if (!ok) fprintf(stderr, "perturbed: %s: %s\n", out, err.msg);
    session_destroy(s);
    return ok ? 0 : 2;
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "dump")) return dump(argv[2], atoi(argv[3]));
    if (argc == 5 && !strcmp(argv[1], "record")) return record(argv[2], atoi(argv[3]), argv[4]);
    fprintf(stderr, "usage: perturbed dump FILE TICK | perturbed record MAP TICKS OUT\n");
    return 2;
}
