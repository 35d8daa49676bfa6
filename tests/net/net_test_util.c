#include "net_test_util.h"

#include "arena/ae_map_file.h"
#include "session.h"

#include <stdio.h>

bool test_load_map(void *ctx, const char *name, const uint8_t *data, size_t size, ae_grid *grid,
                   ae_error *err) {
    (void)ctx;
    if (data) return ae_map_load_memory(data, size, "map.png", grid, err);
    char path[512];
    snprintf(path, sizeof path, "%s/assets/maps/%s.png", ARENA_SOURCE_DIR, name);
    return ae_map_load_file(path, grid, err);
}

bool test_replay_verifies(const uint8_t *data, size_t size) {
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        fprintf(stderr, "replay: %s\n", err.msg);
        return false;
    }
    while (!session_done(s)) session_step(s, NULL);
    const bool ok = session_finish(s, &err) && !session_diverged(s, NULL, 0);
    session_destroy(s);
    return ok;
}
