#include "map_shapes.h"

#include <stdlib.h>
#include <string.h>

static void set(ae_grid *g, int x, int y, uint8_t v) {
    if (ae_grid_in_bounds(g, x, y)) g->cells[(size_t)y * (size_t)g->width + (size_t)x] = v;
}

void shape_rect(ae_grid *g, int x0, int y0, int w, int h, uint8_t v) {
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) set(g, x, y, v);
}

void shape_walled_field(ae_grid *g, int thickness) {
    const int w = g->width, h = g->height;
    shape_rect(g, 0, 0, w, h, 0);
    shape_rect(g, 0, 0, w, thickness, 1);
    shape_rect(g, 0, h - thickness, w, thickness, 1);
    shape_rect(g, 0, 0, thickness, h, 1);
    shape_rect(g, w - thickness, 0, thickness, h, 1);
}

/// What a building's side gets: -1 nothing, else the cell value of its doorway.
static int doorway(const char *doors, char side) {
    if (strchr(doors, side - 'a' + 'A')) return AE_CELL_DOOR;
    return strchr(doors, side) ? AE_CELL_FREE : -1;
}

void shape_building(ae_grid *g, int x0, int y0, int w, int h, const char *doors) {
    shape_rect(g, x0, y0, w, 1, 1);
    shape_rect(g, x0, y0 + h - 1, w, 1, 1);
    shape_rect(g, x0, y0, 1, h, 1);
    shape_rect(g, x0 + w - 1, y0, 1, h, 1);
    shape_rect(g, x0 + 1, y0 + 1, w - 2, h - 2, 0);
    int v;
    if ((v = doorway(doors, 'n')) >= 0) shape_rect(g, x0 + w / 2 - 1, y0, 2, 1, (uint8_t)v);
    if ((v = doorway(doors, 's')) >= 0) shape_rect(g, x0 + w / 2 - 1, y0 + h - 1, 2, 1, (uint8_t)v);
    if ((v = doorway(doors, 'w')) >= 0) shape_rect(g, x0, y0 + h / 2 - 1, 1, 2, (uint8_t)v);
    if ((v = doorway(doors, 'e')) >= 0) shape_rect(g, x0 + w - 1, y0 + h / 2 - 1, 1, 2, (uint8_t)v);
}

void shape_disc(ae_grid *g, float cx, float cy, float r, uint8_t v) {
    for (int y = (int)(cy - r) - 1; y <= (int)(cy + r) + 1; y++)
        for (int x = (int)(cx - r) - 1; x <= (int)(cx + r) + 1; x++) {
            float dx = (float)x + 0.5f - cx, dy = (float)y + 0.5f - cy;
            if (dx * dx + dy * dy <= r * r) set(g, x, y, v);
        }
}

void shape_line(ae_grid *g, float x0, float y0, float x1, float y1, float half_width, uint8_t v) {
    float dx = x1 - x0, dy = y1 - y0;
    float len2 = dx * dx + dy * dy;
    int minx = (int)((x0 < x1 ? x0 : x1) - half_width) - 1,
        maxx = (int)((x0 > x1 ? x0 : x1) + half_width) + 1;
    int miny = (int)((y0 < y1 ? y0 : y1) - half_width) - 1,
        maxy = (int)((y0 > y1 ? y0 : y1) + half_width) + 1;
    for (int y = miny; y <= maxy; y++)
        for (int x = minx; x <= maxx; x++) {
            float px = (float)x + 0.5f - x0, py = (float)y + 0.5f - y0;
            float t = len2 > 0 ? (px * dx + py * dy) / len2 : 0;
            t = t < 0 ? 0 : (t > 1 ? 1 : t);
            float ex = px - t * dx, ey = py - t * dy;
            if (ex * ex + ey * ey <= half_width * half_width) set(g, x, y, v);
        }
}

void shape_trees(ae_grid *g, ae_rng *rng, int cx, int cy, int count, int spread) {
    for (int i = 0; i < count; i++) {
        int x = cx + (int)ae_rng_below(rng, (uint32_t)(2 * spread + 1)) - spread;
        int y = cy + (int)ae_rng_below(rng, (uint32_t)(2 * spread + 1)) - spread;
        set(g, x, y, 1);
    }
}

void shape_fill_pockets(ae_grid *g) {
    size_t n = (size_t)g->width * (size_t)g->height;
    int *label = calloc(n, sizeof *label);
    int *stack = malloc(n * sizeof *stack);
    int best = 0, best_size = 0, next = 0;
    for (size_t s = 0; s < n; s++) {
        if ((g->cells[s] & AE_CELL_WALL) || label[s]) continue;
        int id = ++next, size = 0, top = 0;
        stack[top++] = (int)s;
        label[s] = id;
        while (top) {
            int c = stack[--top], x = c % g->width, y = c / g->width;
            size++;
            const int nx[4] = {x + 1, x - 1, x, x}, ny[4] = {y, y, y + 1, y - 1};
            for (int k = 0; k < 4; k++) {
                if (ae_grid_is_wall(g, nx[k], ny[k])) continue;
                int nc = ny[k] * g->width + nx[k];
                if (label[nc]) continue;
                label[nc] = id;
                stack[top++] = nc;
            }
        }
        if (size > best_size) {
            best_size = size;
            best = id;
        }
    }
    for (size_t s = 0; s < n; s++)
        if (!(g->cells[s] & AE_CELL_WALL) && label[s] != best) g->cells[s] = 1;
    free(label);
    free(stack);
}

/// A cell's value; outside the map reads as 0xff, which matches no value a cell may hold.
static uint8_t at(const ae_grid *g, int x, int y) {
    return ae_grid_in_bounds(g, x, y) ? g->cells[(size_t)y * (size_t)g->width + (size_t)x] : 0xff;
}

static bool door_in_doorway(const ae_grid *g, int x, int y) {
    // On the map's edge the sim would slide the door out of the map (outside counts as wall).
    if (x == 0 || y == 0 || x == g->width - 1 || y == g->height - 1) return false;
    const uint8_t left = at(g, x - 1, y), right = at(g, x + 1, y);
    const uint8_t up = at(g, x, y - 1), down = at(g, x, y + 1);
    // The sim slides a door towards its first plain wall neighbour: left, right, up, down.
    if (left == AE_CELL_WALL || right == AE_CELL_WALL) {
        uint8_t other = left == AE_CELL_WALL ? right : left;
        return other != AE_CELL_FREE && up == AE_CELL_FREE && down == AE_CELL_FREE;
    }
    if (up == AE_CELL_WALL || down == AE_CELL_WALL) {
        uint8_t other = up == AE_CELL_WALL ? down : up;
        return other != AE_CELL_FREE && left == AE_CELL_FREE && right == AE_CELL_FREE;
    }
    return false;
}

int shape_settle_doors(ae_grid *g) {
    // Opening one door can leave its partner in a two-cell doorway without a closed side: repeat
    // until nothing changes.
    int doors;
    bool changed = true;
    while (changed) {
        changed = false;
        doors = 0;
        for (int y = 0; y < g->height; y++)
            for (int x = 0; x < g->width; x++) {
                if (at(g, x, y) != AE_CELL_DOOR) continue;
                if (door_in_doorway(g, x, y)) {
                    doors++;
                } else {
                    set(g, x, y, AE_CELL_FREE);
                    changed = true;
                }
            }
    }
    return doors;
}

/// A prop cluster: its cells (repeated for shapes of fewer than three) and its bounding box size.
typedef struct prop_shape {
    int cells[3][2];
    int w, h;
} prop_shape;

/// Single cells, pairs and lines of three (which may also stand against a wall), then the four
/// L shapes (open ground only).
static const prop_shape prop_shapes[] = {
    {{{0, 0}, {0, 0}, {0, 0}}, 1, 1}, {{{0, 0}, {1, 0}, {1, 0}}, 2, 1},
    {{{0, 0}, {0, 1}, {0, 1}}, 1, 2}, {{{0, 0}, {1, 0}, {2, 0}}, 3, 1},
    {{{0, 0}, {0, 1}, {0, 2}}, 1, 3}, {{{0, 0}, {1, 0}, {0, 1}}, 2, 2},
    {{{0, 0}, {1, 0}, {1, 1}}, 2, 2}, {{{0, 0}, {0, 1}, {1, 1}}, 2, 2},
    {{{1, 0}, {0, 1}, {1, 1}}, 2, 2},
};
enum { PROP_STRAIGHT = 5, PROP_MARGIN = 2 };

/// A wall a prop may stand against: a plain wall, or water (a crate on a bank).
static bool backing_wall(uint8_t v) {
    return v == AE_CELL_WALL || v == (AE_CELL_WALL | AE_CELL_WATER);
}

/// Whether cluster `s` fits at (x, y): every cell within PROP_MARGIN of its box is open ground,
/// except when it stands against a wall on side (sx, sy) (a unit step, or 0, 0 for none): then
/// the line of cells just past the box on that side is plain wall or water all along the
/// margin, and what lies beyond that wall does not matter.
static bool room_for_prop(const ae_grid *g, const prop_shape *s, int x, int y, int sx, int sy) {
    const int m = PROP_MARGIN;
    for (int dy = -m; dy < s->h + m; dy++)
        for (int dx = -m; dx < s->w + m; dx++) {
            // How far past the box this cell lies on the wall's side (1: the wall line).
            int past = sx > 0 ? dx - s->w + 1 : sx < 0 ? -dx : sy > 0 ? dy - s->h + 1 : -dy;
            if ((sx || sy) && past >= 1) {
                if (past == 1 && !backing_wall(at(g, x + dx, y + dy))) return false;
                continue;
            }
            if (at(g, x + dx, y + dy) != AE_CELL_FREE) return false;
        }
    return true;
}

int shape_props(ae_grid *g, ae_rng *rng, int clusters, int x0, int y0, int x1, int y1) {
    const uint8_t prop = AE_CELL_WALL | AE_CELL_BREAKABLE;
    static const int sides[5][2] = {{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int cells = 0;
    for (int c = 0; c < clusters; c++) {
        // Three in ten single cells, four in ten pairs, three in ten lines of three or L shapes.
        uint32_t roll = ae_rng_below(rng, 10);
        int kind = roll < 3   ? 0
                   : roll < 7 ? 1 + (int)ae_rng_below(rng, 2)
                              : 3 + (int)ae_rng_below(rng, 6);
        const prop_shape *s = &prop_shapes[kind];
        for (int tries = 0; tries < 400; tries++) {
            int x = x0 + (int)ae_rng_below(rng, (uint32_t)(x1 - x0));
            int y = y0 + (int)ae_rng_below(rng, (uint32_t)(y1 - y0));
            int side = (int)ae_rng_below(rng, kind < PROP_STRAIGHT ? 5u : 1u);
            if (!room_for_prop(g, s, x, y, sides[side][0], sides[side][1])) continue;
            for (int k = 0; k < 3; k++) {
                int px = x + s->cells[k][0], py = y + s->cells[k][1];
                cells += at(g, px, py) != prop; // shapes of fewer cells repeat one
                set(g, px, py, prop);
            }
            break;
        }
    }
    return cells;
}
