// Room finding with a block index of the field's largest values.
#include "sim_rooms.h"

#include <math.h>
#include <string.h>

/// Recomputes blocks [bx0, bx1] x [by0, by1]. Block (bx, by) covers cells [bx B, bx B + B) and
/// so corners [bx B, bx B + B]: a corner on a block edge counts for the blocks on both sides.
static void fill_blocks(sim_room_index *ri, const ae_sdf *sdf, int bx0, int by0, int bx1, int by1) {
    const int B = SIM_ROOM_BLOCK;
    for (int by = by0; by <= by1; by++)
        for (int bx = bx0; bx <= bx1; bx++) {
            float m = -INFINITY;
            const int cx1 = ae_mini(sdf->width, bx * B + B), cy1 = ae_mini(sdf->height, by * B + B);
            for (int cy = by * B; cy <= cy1; cy++)
                for (int cx = bx * B; cx <= cx1; cx++) m = fmaxf(m, ae_sdf_corner(sdf, cx, cy));
            ri->max[by * ri->bw + bx] = m;
        }
}

bool sim_room_index_build(sim_room_index *ri, const ae_sdf *sdf) {
    memset(ri, 0, sizeof *ri);
    const int B = SIM_ROOM_BLOCK;
    ri->bw = (sdf->width + B - 1) / B;
    ri->bh = (sdf->height + B - 1) / B;
    ri->max = ae_alloc((size_t)ri->bw * (size_t)ri->bh * sizeof *ri->max);
    if (!ri->max) return false;
    fill_blocks(ri, sdf, 0, 0, ri->bw - 1, ri->bh - 1);
    return true;
}

void sim_room_index_on_cells_edit(sim_room_index *ri, const ae_sdf *sdf, ae_cell_rect changed) {
    // ae_sdf_set_cells changes corners within the field's largest distance (+1) of the cells.
    const int B = SIM_ROOM_BLOCK, reach = (int)ceilf(sdf->max_abs) + 2;
    fill_blocks(ri, sdf, ae_maxi(0, (changed.x0 - reach) / B), ae_maxi(0, (changed.y0 - reach) / B),
                ae_mini(ri->bw - 1, (changed.x1 + reach) / B),
                ae_mini(ri->bh - 1, (changed.y1 + reach) / B));
}

void sim_room_index_free(sim_room_index *ri) {
    if (ri->max) ae_free(ri->max, (size_t)ri->bw * (size_t)ri->bh * sizeof *ri->max);
    memset(ri, 0, sizeof *ri);
}

/// True when block (bx, by) may hold a centre with field value >= need (world units). The
/// margin keeps float rounding of the interpolation from ever skipping a block wrongly.
static bool block_may_hold(const sim_room_index *ri, const ae_sdf *sdf, int bx, int by,
                           float need) {
    return ri->max[by * ri->bw + bx] * sdf->cell_size >=
           need - 1e-4f * fabsf(need) - 1e-4f * sdf->cell_size;
}

static vec2s centre(const ae_sdf *sdf, int x, int y) {
    return (vec2s){{((float)x + 0.5f) * sdf->cell_size, ((float)y + 0.5f) * sdf->cell_size}};
}

bool sim_nearest_room(const ae_sdf *sdf, const sim_room_index *ri, vec2s from, float radius,
                      vec2s *out) {
    const int B = SIM_ROOM_BLOCK;
    const float block_units = (float)B * sdf->cell_size;
    // The block of `from`, clamped onto the map: rings of blocks grow from there.
    const int fbx = ae_clampi((int)floorf(from.x / block_units), 0, ri->bw - 1);
    const int fby = ae_clampi((int)floorf(from.y / block_units), 0, ri->bh - 1);
    float best = INFINITY;
    size_t best_index = SIZE_MAX;
    const int rings = ae_maxi(ae_maxi(fbx, ri->bw - 1 - fbx), ae_maxi(fby, ri->bh - 1 - fby));
    for (int k = 0; k <= rings; k++) {
        // Every centre in ring k is at least (k - 1) blocks from `from` along x or y (from lies
        // in its block or beyond the map's edge, which only adds distance).
        if (k >= 2) {
            const float gap = (float)(k - 1) * block_units;
            if (gap * gap > best * 1.0001f) break;
        }
        for (int by = fby - k; by <= fby + k; by++) {
            if (by < 0 || by >= ri->bh) continue;
            const bool edge_row = by == fby - k || by == fby + k;
            for (int bx = fbx - k; bx <= fbx + k; bx += edge_row ? 1 : 2 * k) {
                if (bx >= 0 && bx < ri->bw && block_may_hold(ri, sdf, bx, by, radius)) {
                    for (int y = by * B; y < ae_mini((by + 1) * B, sdf->height); y++)
                        for (int x = bx * B; x < ae_mini((bx + 1) * B, sdf->width); x++) {
                            vec2s c = centre(sdf, x, y);
                            float d2 = glms_vec2_distance2(c, from);
                            size_t index = (size_t)y * (size_t)sdf->width + (size_t)x;
                            // A row-order scan keeps the first of equal distances.
                            if (!(d2 < best || (d2 == best && index < best_index))) continue;
                            if (ae_sdf_sample(sdf, c) < radius) continue;
                            best = d2;
                            best_index = index;
                            *out = c;
                        }
                }
                if (k == 0) break;
            }
        }
    }
    return best < INFINITY;
}

bool sim_spots_build(sim_spots *s, const ae_sdf *sdf, const sim_room_index *ri, float need) {
    memset(s, 0, sizeof *s);
    const int B = SIM_ROOM_BLOCK;
    // Two passes: count, then fill, both in row order.
    for (int pass = 0; pass < 2; pass++) {
        int n = 0;
        for (int y = 0; y < sdf->height; y++)
            for (int x = 0; x < sdf->width; x++) {
                if (!block_may_hold(ri, sdf, x / B, y / B, need)) {
                    x = (x / B + 1) * B - 1; // the rest of this block's row
                    continue;
                }
                vec2s c = centre(sdf, x, y);
                if (!(ae_sdf_sample(sdf, c) >= need)) continue;
                if (pass == 1) {
                    s->pos[n] = c;
                    s->d2[n] = 1e30f;
                }
                n++;
            }
        if (pass == 0) {
            s->count = n;
            if (n == 0) return true;
            s->pos = ae_alloc((size_t)n * sizeof *s->pos);
            s->d2 = ae_alloc((size_t)n * sizeof *s->d2);
            if (!s->pos || !s->d2) {
                sim_spots_free(s);
                return false;
            }
        }
    }
    return true;
}

void sim_spots_free(sim_spots *s) {
    if (s->pos) ae_free(s->pos, (size_t)s->count * sizeof *s->pos);
    if (s->d2) ae_free(s->d2, (size_t)s->count * sizeof *s->d2);
    memset(s, 0, sizeof *s);
}

void sim_spots_place(sim_spots *s, vec2s p) {
    for (int i = 0; i < s->count; i++)
        s->d2[i] = fminf(s->d2[i], glms_vec2_distance2(s->pos[i], p));
}

vec2s sim_spots_roomiest(const sim_spots *s) {
    vec2s best = {{0}};
    float best_d2 = -1.0f;
    for (int i = 0; i < s->count; i++)
        if (s->d2[i] > best_d2) {
            best_d2 = s->d2[i];
            best = s->pos[i];
        }
    return best;
}
