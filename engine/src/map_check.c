// Map checking: connected area, pockets, narrow passages and spawn room for one agent radius.
#include "arena/ae_map_check.h"

#include "base_internal.h"
#include "nav_grid_internal.h"

#include <math.h>
#include <string.h>

ae_map_check_def ae_default_map_check_def(void) {
    ae_map_check_def d;
    memset(&d, 0, sizeof d);
    d.radius = 0.0f;
    d.agents = 0;
    d.min_largest_share = 0.0f;
    d.min_largest_cells = 0;
    d.cookie = AE_DEF_COOKIE;
    return d;
}

void ae_map_check_free(ae_map_check *c) {
    size_t n = (size_t)c->width * (size_t)c->height;
    if (c->cells) ae_free(c->cells, n);
    if (c->component) ae_free(c->component, n * sizeof *c->component);
    if (c->clearance) ae_free(c->clearance, n * sizeof *c->clearance);
    memset(c, 0, sizeof *c);
}

static const int dx4[4] = {1, -1, 0, 0};
static const int dy4[4] = {0, 0, 1, -1};

/// Numbers the 4-connected components of passable cells (see the header for why 4 neighbours
/// give the Moving AI components) and finds the largest. `queue` holds w * h entries.
static void label_components(ae_map_check *c, const ae_nav_grid *nav, int32_t *queue) {
    const int w = c->width, h = c->height;
    c->largest_id = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i0 = (size_t)y * (size_t)w + (size_t)x;
            if (!nav_grid_passable(nav, 0, x, y) || c->component[i0] >= 0) continue;
            int id = c->component_count++;
            int head = 0, tail = 0;
            c->component[i0] = id;
            queue[tail++] = (int32_t)i0;
            while (head < tail) {
                int32_t i = queue[head++];
                int cx = i % w, cy = i / w;
                for (int k = 0; k < 4; k++) {
                    int nx = cx + dx4[k], ny = cy + dy4[k];
                    if (!nav_grid_passable(nav, 0, nx, ny)) continue;
                    size_t j = (size_t)ny * (size_t)w + (size_t)nx;
                    if (c->component[j] >= 0) continue;
                    c->component[j] = id;
                    queue[tail++] = (int32_t)j;
                }
            }
            if (tail > c->largest_cells) {
                c->largest_cells = tail;
                c->largest_id = id;
            }
        }
}

/// Groups the free cells that are too tight for the radius and marks the groups that separate
/// passable cells (two bordering passable cells at Chebyshev distance >= 2) as narrow passages.
static void find_narrow(ae_map_check *c, int32_t *queue) {
    const int w = c->width, h = c->height;
    for (size_t i0 = 0; i0 < (size_t)w * (size_t)h; i0++) {
        // Tight cells carry component -1 until visited, then -2 (reset to -1 at the end).
        if (c->cells[i0] != AE_MAP_CELL_TIGHT || c->component[i0] != -1) continue;
        int head = 0, tail = 0;
        int minx = w, miny = h, maxx = -1, maxy = -1;
        c->component[i0] = -2;
        queue[tail++] = (int32_t)i0;
        while (head < tail) {
            int32_t i = queue[head++];
            int cx = i % w, cy = i / w;
            for (int k = 0; k < 4; k++) {
                int nx = cx + dx4[k], ny = cy + dy4[k];
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                size_t j = (size_t)ny * (size_t)w + (size_t)nx;
                if (c->component[j] >= 0) {
                    minx = ae_mini(minx, nx);
                    maxx = ae_maxi(maxx, nx);
                    miny = ae_mini(miny, ny);
                    maxy = ae_maxi(maxy, ny);
                } else if (c->cells[j] == AE_MAP_CELL_TIGHT && c->component[j] == -1) {
                    c->component[j] = -2;
                    queue[tail++] = (int32_t)j;
                }
            }
        }
        bool passage = maxx >= 0 && (maxx - minx >= 2 || maxy - miny >= 2);
        if (passage) {
            for (int k = 0; k < tail; k++) c->cells[queue[k]] = AE_MAP_CELL_NARROW;
            c->narrow_count++;
            c->narrow_cells += tail;
        }
    }
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        if (c->component[i] < -1) c->component[i] = -1;
}

/// Greedy spawn spots in row-major order; spots are bucketed by cells of side >= 4R so only the
/// 3 x 3 neighbouring buckets need a distance test. `next` holds w * h entries; `radius` is the
/// agent radius in cells, `cell` the world units of one.
static bool place_spawns(ae_map_check *c, int32_t *next, float radius, float cell) {
    const int w = c->width, h = c->height;
    const double r = (double)radius;
    const double sep = 4.0 * r, sep2 = sep * sep;
    const double side = sep > 1.0 ? sep : 1.0;
    const int bw = (int)ceil((double)w / side), bh = (int)ceil((double)h / side);
    int32_t *head = ae_alloc((size_t)bw * (size_t)bh * sizeof *head);
    if (!head) return false;
    for (size_t b = 0; b < (size_t)bw * (size_t)bh; b++) head[b] = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * (size_t)w + (size_t)x;
            if (c->component[i] != c->largest_id || c->largest_id < 0) continue;
            if ((double)c->clearance[i] < 2.0 * r * (double)cell) continue;
            int bx = ae_mini((int)(((double)x + 0.5) / side), bw - 1);
            int by = ae_mini((int)(((double)y + 0.5) / side), bh - 1);
            bool ok = true;
            for (int yy = ae_maxi(by - 1, 0); ok && yy <= ae_mini(by + 1, bh - 1); yy++)
                for (int xx = ae_maxi(bx - 1, 0); ok && xx <= ae_mini(bx + 1, bw - 1); xx++)
                    for (int32_t s = head[yy * bw + xx]; s >= 0; s = next[s]) {
                        double ddx = (double)(s % w - x), ddy = (double)(s / w - y);
                        if (ddx * ddx + ddy * ddy < sep2) {
                            ok = false;
                            break;
                        }
                    }
            if (!ok) continue;
            next[i] = head[by * bw + bx];
            head[by * bw + bx] = (int32_t)i;
            c->cells[i] |= AE_MAP_CELL_SPAWN;
            c->spawn_capacity++;
        }
    ae_free(head, (size_t)bw * (size_t)bh * sizeof *head);
    return true;
}

bool ae_map_check_init(ae_map_check *c, const ae_grid *grid, const ae_sdf *sdf,
                       const ae_map_check_def *def, ae_error *err) {
    memset(c, 0, sizeof *c);
    AE_ASSERT(def->cookie == AE_DEF_COOKIE);
    AE_ASSERT(grid->width == sdf->width && grid->height == sdf->height);
    if (!isfinite(def->radius) || def->radius < 0.0f || def->agents < 0 ||
        !(def->min_largest_share >= 0.0f && def->min_largest_share <= 1.0f) ||
        def->min_largest_cells < 0) {
        ae_error_set(err, "map check: invalid definition");
        return false;
    }
    const int w = grid->width, h = grid->height;
    const size_t n = (size_t)w * (size_t)h;
    c->def = *def;
    c->width = w;
    c->height = h;
    c->largest_id = -1;
    ae_nav_grid_def nd = ae_default_nav_grid_def();
    nd.radii[0] = def->radius;
    ae_nav_grid nav;
    int32_t *scratch = ae_alloc(n * sizeof *scratch);
    c->cells = ae_calloc(n, 1);
    c->component = ae_alloc(n * sizeof *c->component);
    c->clearance = ae_alloc(n * sizeof *c->clearance);
    if (!scratch || !c->cells || !c->component || !c->clearance) {
        if (scratch) ae_free(scratch, n * sizeof *scratch);
        ae_map_check_free(c);
        ae_error_set(err, "map check: out of memory");
        return false;
    }
    if (!ae_nav_grid_init(&nav, grid, sdf, &nd, err)) {
        ae_free(scratch, n * sizeof *scratch);
        ae_map_check_free(c);
        return false;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * (size_t)w + (size_t)x;
            c->clearance[i] = 0.25f *
                              (ae_sdf_corner(sdf, x, y) + ae_sdf_corner(sdf, x + 1, y) +
                               ae_sdf_corner(sdf, x, y + 1) + ae_sdf_corner(sdf, x + 1, y + 1)) *
                              sdf->cell_size;
            c->component[i] = -1;
            if (!ae_grid_is_wall(grid, x, y)) {
                c->free_cells++;
                c->cells[i] = AE_MAP_CELL_TIGHT;
            }
            if (nav_grid_passable(&nav, 0, x, y)) c->passable_cells++;
        }
    label_components(c, &nav, scratch);
    ae_nav_grid_free(&nav);
    for (size_t i = 0; i < n; i++)
        if (c->component[i] >= 0)
            c->cells[i] =
                c->component[i] == c->largest_id ? AE_MAP_CELL_LARGEST : AE_MAP_CELL_POCKET;
    c->pocket_count = c->component_count > 0 ? c->component_count - 1 : 0;
    c->pocket_cells = c->passable_cells - c->largest_cells;
    c->largest_share =
        c->passable_cells > 0 ? (double)c->largest_cells / (double)c->passable_cells : 0.0;
    find_narrow(c, scratch);
    bool ok = place_spawns(c, scratch, def->radius / sdf->cell_size, sdf->cell_size);
    ae_free(scratch, n * sizeof *scratch);
    if (!ok) {
        ae_map_check_free(c);
        ae_error_set(err, "map check: out of memory");
        return false;
    }
    // The tags last: the analysis above compares and assigns whole kinds.
    for (size_t i = 0; i < n; i++) {
        if (grid->cells[i] == (AE_CELL_WALL | AE_CELL_BREAKABLE)) {
            c->cells[i] |= AE_MAP_CELL_BREAKABLE;
            c->breakable_cells++;
        } else if (grid->cells[i] == AE_CELL_DOOR) {
            c->cells[i] |= AE_MAP_CELL_DOOR;
            c->door_cells++;
        } else if (grid->cells[i] == (AE_CELL_WALL | AE_CELL_WATER)) {
            c->cells[i] |= AE_MAP_CELL_WATER;
            c->water_cells++;
        }
    }
    if (c->largest_cells < def->min_largest_cells) c->problems |= AE_MAP_PROBLEM_SMALL_AREA;
    if (c->largest_share < (double)def->min_largest_share) c->problems |= AE_MAP_PROBLEM_SPLIT;
    if (c->spawn_capacity < def->agents) c->problems |= AE_MAP_PROBLEM_NO_ROOM;
    return true;
}
