// Sliding doors: a box in a doorway cell that slides into the wall beside it while someone is
// near and back once nobody is in its way. Also the map's list of props and doors, and the block
// index that finds the doors near a point.
#include "sim_internal.h"

#include "sim_collide.h"

#include <math.h>
#include <string.h>

/// Door thickness across its sliding axis, as a share of a cell.
#define DOOR_THICKNESS 0.4f

/// Side (cells) of the blocks of the door index: a door's travel touches at most two blocks, and
/// the index costs 8 bytes per block (its start and its sum), only on maps with doors.
#define SIM_DOOR_BLOCK 8

static uint8_t cell_at(const ae_grid *g, int x, int y) {
    return ae_grid_in_bounds(g, x, y) ? g->cells[(size_t)y * (size_t)g->width + (size_t)x]
                                      : AE_CELL_WALL;
}

/// A door slides along the wall it stands in, towards the first side (left, right, up, down)
/// with a plain wall (not a breakable one, not water); a door with no wall beside it slides left.
static vec2s door_axis(const ae_grid *g, int x, int y) {
    static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
    for (int k = 0; k < 4; k++) {
        if (cell_at(g, x + dx[k], y + dy[k]) == AE_CELL_WALL)
            return (vec2s){{(float)dx[k], (float)dy[k]}};
    }
    return (vec2s){{-1.0f, 0.0f}};
}

void sim_map_things_free(sim_map_things *t) {
    if (t->props) ae_free(t->props, (size_t)t->prop_count * sizeof *t->props);
    if (t->doors) ae_free(t->doors, (size_t)t->door_count * sizeof *t->doors);
    if (t->door_block_start)
        ae_free(t->door_block_start,
                ((size_t)t->door_bw * (size_t)t->door_bh + 1) * sizeof *t->door_block_start);
    if (t->door_block) ae_free(t->door_block, (size_t)t->door_count * 4 * sizeof *t->door_block);
    if (t->door_block_sum)
        ae_free(t->door_block_sum,
                ((size_t)t->door_bw + 1) * ((size_t)t->door_bh + 1) * sizeof *t->door_block_sum);
    if (t->door_active) ae_free(t->door_active, (size_t)t->door_count * sizeof *t->door_active);
    memset(t, 0, sizeof *t);
}

/// Blocks (bx0..bx1, by0..by1) a door's travel touches: its cell and the one it slides into.
static void door_blocks(const sim_door *d, int *bx0, int *by0, int *bx1, int *by1) {
    const int B = SIM_DOOR_BLOCK;
    int x1 = d->x + (int)d->axis.x, y1 = d->y + (int)d->axis.y;
    *bx0 = ae_mini(d->x, x1) / B;
    *by0 = ae_mini(d->y, y1) / B;
    *bx1 = ae_maxi(d->x, x1) / B;
    *by1 = ae_maxi(d->y, y1) / B;
    if (*bx0 < 0) *bx0 = 0;
    if (*by0 < 0) *by0 = 0;
}

bool sim_map_things_build(sim_map_things *t, const ae_grid *g, const sim_rules *r, float cell,
                          ae_error *err) {
    memset(t, 0, sizeof *t);
    const size_t n = (size_t)g->width * (size_t)g->height;
    for (size_t i = 0; i < n; i++) {
        t->prop_count += g->cells[i] == (AE_CELL_WALL | AE_CELL_BREAKABLE);
        t->door_count += g->cells[i] == AE_CELL_DOOR;
    }
    const int B = SIM_DOOR_BLOCK;
    t->door_bw = (g->width + B - 1) / B;
    t->door_bh = (g->height + B - 1) / B;
    const size_t blocks = (size_t)t->door_bw * (size_t)t->door_bh;
    if (t->prop_count) t->props = ae_calloc((size_t)t->prop_count, sizeof *t->props);
    if (t->door_count) {
        t->doors = ae_calloc((size_t)t->door_count, sizeof *t->doors);
        t->door_block = ae_calloc((size_t)t->door_count * 4, sizeof *t->door_block);
        t->door_block_start = ae_calloc(blocks + 1, sizeof *t->door_block_start);
        t->door_block_sum = ae_calloc(((size_t)t->door_bw + 1) * ((size_t)t->door_bh + 1),
                                      sizeof *t->door_block_sum);
        t->door_active = ae_calloc((size_t)t->door_count, sizeof *t->door_active);
    }
    if ((t->prop_count && !t->props) ||
        (t->door_count && (!t->doors || !t->door_block || !t->door_block_start ||
                           !t->door_block_sum || !t->door_active))) {
        sim_map_things_free(t);
        ae_error_set(err, "out of memory for the map's props");
        return false;
    }
    int np = 0, nd = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            uint8_t c = g->cells[(size_t)y * (size_t)g->width + (size_t)x];
            if (c == (AE_CELL_WALL | AE_CELL_BREAKABLE)) {
                sim_prop_kind kind = sim_prop_kind_at(x, y);
                t->props[np++] = (sim_prop){.x = x,
                                            .y = y,
                                            .kind = (uint8_t)kind,
                                            .hp = r->prop_hp[kind],
                                            .max_hp = r->prop_hp[kind],
                                            .hit_tick = -1,
                                            .broken_by = -1,
                                            .broken_weapon = -1,
                                            .next_burst = -1};
            } else if (c == AE_CELL_DOOR) {
                sim_door *d = &t->doors[nd++];
                d->x = x;
                d->y = y;
                d->closed = (vec2s){{((float)x + 0.5f) * cell, ((float)y + 0.5f) * cell}};
                d->axis = door_axis(g, x, y);
                float along = 0.5f * cell, across = 0.5f * DOOR_THICKNESS * cell;
                d->half = d->axis.x != 0.0f ? (vec2s){{along, across}} : (vec2s){{across, along}};
            }
        }
    if (t->door_count == 0) return true;
    // Block index: counts per block, prefix sums, then the lists.
    for (int k = 0; k < t->door_count; k++) {
        int bx0, by0, bx1, by1;
        door_blocks(&t->doors[k], &bx0, &by0, &bx1, &by1);
        for (int by = by0; by <= by1 && by < t->door_bh; by++)
            for (int bx = bx0; bx <= bx1 && bx < t->door_bw; bx++)
                t->door_block_start[by * t->door_bw + bx + 1]++;
    }
    // The summed-area table of the counts (still one per block, shifted by one): any box of
    // blocks tells in four reads whether a door's travel touches it.
    const int sw = t->door_bw + 1;
    for (int by = 0; by < t->door_bh; by++)
        for (int bx = 0; bx < t->door_bw; bx++)
            t->door_block_sum[(by + 1) * sw + bx + 1] =
                t->door_block_start[by * t->door_bw + bx + 1] +
                t->door_block_sum[by * sw + bx + 1] + t->door_block_sum[(by + 1) * sw + bx] -
                t->door_block_sum[by * sw + bx];
    for (size_t b = 0; b < blocks; b++) t->door_block_start[b + 1] += t->door_block_start[b];
    int32_t *cursor = ae_alloc(blocks * sizeof *cursor);
    if (!cursor) {
        sim_map_things_free(t);
        ae_error_set(err, "out of memory for the map's doors");
        return false;
    }
    memcpy(cursor, t->door_block_start, blocks * sizeof *cursor);
    for (int k = 0; k < t->door_count; k++) { // ascending, so each block lists its doors in order
        int bx0, by0, bx1, by1;
        door_blocks(&t->doors[k], &bx0, &by0, &bx1, &by1);
        for (int by = by0; by <= by1 && by < t->door_bh; by++)
            for (int bx = bx0; bx <= bx1 && bx < t->door_bw; bx++)
                t->door_block[cursor[by * t->door_bw + bx]++] = k;
    }
    ae_free(cursor, blocks * sizeof *cursor);
    return true;
}

ae_shape sim_door_shape(const sim_world *w, const sim_door *d) {
    vec2s c = glms_vec2_add(d->closed, glms_vec2_scale(d->axis, d->open * w->cfg.cell_size));
    return ae_shape_box(c, d->half);
}

/// The first and last block column (or row) of a range from coordinates u0 <= u1 (in blocks)
/// over n blocks: floor(u0) clamped up to 0, floor(u1) clamped down to n - 1 (an empty range
/// when it lies off the grid; a NaN gives an empty one). Without floorf, which is a call on
/// this target, and this runs for every field query near doors.
static int first_block(float u0, int n) {
    return u0 >= 0.0f ? (u0 < (float)n ? (int)u0 : n) : 0;
}

static int last_block(float u1, int n) {
    return u1 >= 0.0f ? (u1 < (float)n ? (int)u1 : n - 1) : -1;
}

/// Whether any door is listed in the blocks [bx0, bx1] x [by0, by1] (none when the range is
/// empty): four reads of the summed-area table of the blocks' counts.
static bool blocks_have_doors(const sim_world *w, int bx0, int by0, int bx1, int by1) {
    if (bx0 > bx1 || by0 > by1) return false;
    const int sw = w->door_bw + 1;
    const int32_t *sum = w->door_block_sum;
    return sum[(by1 + 1) * sw + bx1 + 1] - sum[by0 * sw + bx1 + 1] - sum[(by1 + 1) * sw + bx0] +
               sum[by0 * sw + bx0] !=
           0;
}

/// sim_doors_near past its first test: the doors listed in blocks [bx0, bx1] x [by0, by1] whose
/// boxes overlap [lo, hi]. Never inlined: its frame (a list on the stack, many registers) would
/// then be paid by every query, and nearly all end at the first test.
static __attribute__((noinline)) int collect_doors(const sim_world *w, vec2s lo, vec2s hi, int bx0,
                                                   int by0, int bx1, int by1, ae_shape *out,
                                                   int *index, int cap) {
    // A door spanning two blocks comes twice, and blocks interleave: collect ascending, unique,
    // keeping the lowest indices when more than fit (then the first ones by index are seen).
    int found[64];
    const int room = (int)(sizeof found / sizeof found[0]);
    int nf = 0;
    for (int by = by0; by <= by1; by++)
        for (int bx = bx0; bx <= bx1; bx++) {
            const int b = by * w->door_bw + bx;
            for (int e = w->door_block_start[b]; e < w->door_block_start[b + 1]; e++) {
                int k = w->door_block[e];
                if (nf == room && k >= found[nf - 1]) continue;
                ae_shape s = sim_door_shape(w, &w->doors[k]);
                if (s.center.x + s.half.x < lo.x || s.center.x - s.half.x > hi.x ||
                    s.center.y + s.half.y < lo.y || s.center.y - s.half.y > hi.y)
                    continue;
                // Insert sorted, without duplicates.
                int at = nf;
                while (at > 0 && found[at - 1] > k) at--;
                if (at > 0 && found[at - 1] == k) continue;
                if (nf == room) nf--; // the highest goes
                memmove(found + at + 1, found + at, (size_t)(nf - at) * sizeof *found);
                found[at] = k;
                nf++;
            }
        }
    const int n = nf < cap ? nf : cap;
    for (int i = 0; i < n; i++) {
        out[i] = sim_door_shape(w, &w->doors[found[i]]);
        if (index) index[i] = found[i];
    }
    return n;
}

int sim_doors_near(const sim_world *w, vec2s lo, vec2s hi, ae_shape *out, int *index, int cap) {
    if (w->door_count == 0) return 0;
    const float inv = 1.0f / ((float)SIM_DOOR_BLOCK * w->cfg.cell_size);
    int bx0 = first_block(lo.x * inv, w->door_bw), by0 = first_block(lo.y * inv, w->door_bh);
    int bx1 = last_block(hi.x * inv, w->door_bw), by1 = last_block(hi.y * inv, w->door_bh);
    // Most field queries are nowhere near a door: the summed counts of the box's blocks say so.
    if (!blocks_have_doors(w, bx0, by0, bx1, by1)) return 0;
    return collect_doors(w, lo, hi, bx0, by0, bx1, by1, out, index, cap);
}

/// True when a living agent overlaps the door's box were it at `open`.
static bool door_blocked(sim_world *w, const sim_door *d, float open) {
    sim_door at = *d;
    at.open = open;
    ae_shape s = sim_door_shape(w, &at);
    int n;
    const int32_t *near =
        sim_collide_near(w, s.center, fmaxf(s.half.x, s.half.y) * 1.5f + w->cfg.rules.agent_radius,
                         SIM_CAT_AGENT, &n);
    for (int k = 0; k < n; k++) {
        const sim_agent *a = &w->agents[near[k]];
        if (a->placement == 0 && ae_shape_distance(&s, a->pos) < a->radius) return true;
    }
    return false;
}

static int cmp_int32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/// Lists door k as active (if it is not already).
static void activate(sim_world *w, int k) {
    if (w->doors[k].active) return;
    w->doors[k].active = true;
    w->door_active[w->door_active_count++] = k;
}

/// True when a living agent is within the opening radius of door k.
static bool someone_near(sim_world *w, const sim_door *d) {
    const float reach = w->cfg.rules.door_open_radius;
    int n;
    const int32_t *near = sim_collide_near(w, d->closed, reach, SIM_CAT_AGENT, &n);
    for (int e = 0; e < n; e++) {
        const sim_agent *a = &w->agents[near[e]];
        if (a->placement == 0 && glms_vec2_distance2(a->pos, d->closed) < reach * reach)
            return true;
    }
    return false;
}

/// Activates every door with a living agent within `reach` of it, looking round each door in
/// the agent cells (a few reads a door where there are fewer doors than agents).
static void activate_by_door(sim_world *w, float reach) {
    const sim_cells *cells = sim_collide_agent_cells(w, NULL);
    for (int k = 0; k < w->door_count; k++) {
        const vec2s c = w->doors[k].closed;
        bool near = false;
        for (sim_cells_walk it = sim_cells_walk_box(cells, c, c, reach);
             !near && sim_cells_walk_next(&it);)
            near = glms_vec2_distance2(w->agents[it.value].pos, c) < reach * reach;
        if (near) activate(w, k);
    }
}

/// Activates every door with a living agent within `reach` of it, each agent listing the doors
/// of the blocks around it (where doors are as many as agents or more: a map of many doors costs
/// what its busy ones cost).
static void activate_by_agent(sim_world *w, float reach) {
    const float inv = 1.0f / ((float)SIM_DOOR_BLOCK * w->cfg.cell_size);
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        if (a->placement != 0) continue;
        int bx0 = first_block((a->pos.x - reach) * inv, w->door_bw);
        int by0 = first_block((a->pos.y - reach) * inv, w->door_bh);
        int bx1 = last_block((a->pos.x + reach) * inv, w->door_bw);
        int by1 = last_block((a->pos.y + reach) * inv, w->door_bh);
        if (!blocks_have_doors(w, bx0, by0, bx1, by1)) continue;
        for (int by = by0; by <= by1; by++)
            for (int bx = bx0; bx <= bx1; bx++) {
                const int b = by * w->door_bw + bx;
                for (int e = w->door_block_start[b]; e < w->door_block_start[b + 1]; e++) {
                    int k = w->door_block[e];
                    if (glms_vec2_distance2(a->pos, w->doors[k].closed) < reach * reach)
                        activate(w, k);
                }
            }
    }
}

void sim_doors_update(sim_world *w) {
    if (w->door_count == 0) return;
    const sim_rules *r = &w->cfg.rules;
    // Only doors near a living agent, or not yet closed, need work. Whichever of doors and
    // agents are fewer look for the others: the same doors either way.
    if (w->door_count < w->alive_count)
        activate_by_door(w, r->door_open_radius);
    else
        activate_by_agent(w, r->door_open_radius);
    // In door order, whatever order the agents listed them in.
    qsort(w->door_active, (size_t)w->door_active_count, sizeof *w->door_active, cmp_int32);
    int kept = 0;
    for (int q = 0; q < w->door_active_count; q++) {
        const int k = w->door_active[q];
        sim_door *d = &w->doors[k];
        const bool someone = someone_near(w, d);
        int8_t moving = 0;
        if (someone && d->open < 1.0f) {
            d->open = fminf(1.0f, d->open + r->door_speed);
            moving = 1;
        } else if (!someone && d->open > 0.0f) {
            float next = fmaxf(0.0f, d->open - r->door_speed);
            if (!door_blocked(w, d, next)) {
                d->open = next;
                moving = -1;
            }
        }
        if (moving != 0 && moving != d->moving)
            sim_event_push(w, SIM_EVENT_DOOR, -1, k, (float)moving, d->closed);
        d->moving = moving;
        if (someone || d->open > 0.0f || moving != 0)
            w->door_active[kept++] = k;
        else
            d->active = false;
    }
    w->door_active_count = kept;
}
