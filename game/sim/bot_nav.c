#include "bot_nav.h"

#include <string.h>

static void request(bot_planner *p, const sim_world *w, int id, bot_brain *brain, vec2s from,
                    vec2s to) {
    bot_nav *n = (bot_nav *)p; // planner is the first member
    ae_nav_request_def def = ae_default_nav_request_def();
    def.start = from;
    def.goal = to;
    def.radius = w->cfg.rules.agent_radius;
    brain->request = ae_nav_queue_request(n->queue, id, &def);
    brain->path_pending = true;
}

static void point_planner(bot_nav *n, const ae_nav_grid *nav, const ae_cover_set *cover) {
    n->planner.request = request;
    n->planner.nav = nav;
    n->planner.cover = cover;
    n->planner.flood = n->flood;
    n->planner.scratch = n->scratch;
    n->planner.scratch_cap = n->scratch_cap;
}

/// The cover search's context holds only the cells a cover query's flood can reach and room for
/// the points of its scratch.
static ae_cover_flood *create_flood(const bot_nav *n, const ae_nav_grid *nav, ae_error *err) {
    return ae_cover_flood_create(ae_cover_flood_cost(BOT_COVER_RANGE, nav->cell_size),
                                 n->scratch_cap, err);
}

bool bot_nav_init(bot_nav *n, const ae_nav_grid *nav, const ae_cover_set *cover, int agents,
                  ae_error *err) {
    memset(n, 0, sizeof *n);
    ae_nav_queue_def qd = ae_default_nav_queue_def();
    qd.max_agents = ae_maxi(agents, 1); // the queue needs a slot; a map on its own has no agents
    n->scratch_cap = 512;
    n->scratch = ae_alloc((size_t)n->scratch_cap * sizeof *n->scratch);
    if (!n->scratch) {
        ae_error_set(err, "out of memory for bot navigation");
        n->scratch_cap = 0;
        return false;
    }
    n->queue = ae_nav_queue_create(nav, &qd, err);
    n->flood = n->queue ? create_flood(n, nav, err) : NULL;
    if (!n->flood) {
        // Leaves the struct zeroed: the owner's cleanup calls bot_nav_free on it all the same.
        bot_nav_free(n);
        return false;
    }
    point_planner(n, nav, cover);
    return true;
}

void bot_nav_free(bot_nav *n) {
    if (!n->scratch) return;
    ae_cover_flood_destroy(n->flood);
    ae_nav_queue_destroy(n->queue);
    ae_free(n->scratch, (size_t)n->scratch_cap * sizeof *n->scratch);
    memset(n, 0, sizeof *n);
}

bool bot_nav_set_maps(bot_nav *n, const ae_nav_grid *nav, const ae_cover_set *cover,
                      ae_error *err) {
    ae_cover_flood *flood = create_flood(n, nav, err);
    if (!flood) return false;
    if (!ae_nav_queue_restart(n->queue, nav, err)) {
        ae_cover_flood_destroy(flood);
        return false;
    }
    ae_cover_flood_destroy(n->flood);
    n->flood = flood;
    point_planner(n, nav, cover);
    return true;
}

void bot_nav_clear(bot_nav *n) {
    ae_nav_queue_clear(n->queue);
}

void bot_nav_serve(bot_nav *n, bot_brain *brains, int count, const ae_sdf *sdf, int64_t budget) {
    if (ae_nav_queue_pending(n->queue) > 0)
        ae_nav_queue_update(n->queue, n->planner.nav, sdf, budget);
    for (int i = 0; i < count; i++) {
        bot_brain *b = &brains[i];
        if (!b->path_pending) continue;
        ae_nav_request_status st = ae_nav_queue_status(n->queue, b->request);
        if (st == AE_NAV_REQUEST_PENDING) continue;
        b->path_pending = false;
        b->path_count = b->path_next = 0;
        if (st != AE_NAV_REQUEST_FOUND) continue;
        int count_pts;
        const vec2s *pts = ae_nav_queue_path(n->queue, b->request, &count_pts);
        // The first waypoint is where the agent stood when it asked.
        for (int k = 1; k < count_pts && b->path_count < BOT_PATH_MAX; k++)
            b->path[b->path_count++] = pts[k];
    }
}
