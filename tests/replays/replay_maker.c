#include "replay_maker.h"

#include "arena/ae_map_file.h"
#include "arena/rp_writer.h"
#include "session.h"
#include "sim_config_io.h"

uint8_t *replay_make(const replay_recipe *r, size_t *size) {
    ae_grid g;
    if (!ae_map_load_file(ARENA_SOURCE_DIR "/assets/maps/arena.png", &g, NULL)) return NULL;
    sim_config cfg = sim_default_config();
    cfg.bots = r->bots;
    uint8_t blob[SIM_CONFIG_MAX_BYTES];
    rp_writer_def wd = rp_default_writer_def();
    wd.seed = cfg.seed;
    wd.human_count = 1;
    wd.record_size = SIM_INPUT_BYTES;
    wd.checkpoint_interval = SESSION_CHECKPOINT_TICKS;
    wd.config_version = SIM_CONFIG_VERSION;
    wd.config = blob;
    wd.config_size = sim_config_pack(&cfg, blob);
    wd.field_names = sim_hash_field_names;
    wd.field_count = SIM_HASH_FIELD_COUNT;
    wd.map = &g;
    wd.map_name = "arena.png";
    rp_writer *w = rp_writer_create(&wd, NULL);
    uint8_t record[SIM_INPUT_BYTES] = {0};
    uint64_t fields[SIM_HASH_FIELD_COUNT] = {0};
    for (uint32_t t = 0; w && t < r->ticks; t++) {
        if ((int)t == r->event_tick)
            rp_writer_event_data(w, t, r->event_kind, r->event_data, r->event_size);
        rp_writer_tick(w, t, record);
        if ((t + 1) % SESSION_CHECKPOINT_TICKS == 0)
            rp_writer_checkpoint(w, t + 1, r->checkpoint_hash, fields);
    }
    uint8_t *data = NULL;
    if (w) rp_writer_finish_memory(w, r->ticks, r->checkpoint_hash, &data, size, NULL);
    rp_writer_destroy(w);
    ae_grid_free(&g);
    return data;
}
