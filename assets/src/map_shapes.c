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

void shape_building(ae_grid *g, int x0, int y0, int w, int h, const char *doors) {
    shape_rect(g, x0, y0, w, 1, 1);
    shape_rect(g, x0, y0 + h - 1, w, 1, 1);
    shape_rect(g, x0, y0, 1, h, 1);
    shape_rect(g, x0 + w - 1, y0, 1, h, 1);
    shape_rect(g, x0 + 1, y0 + 1, w - 2, h - 2, 0);
    if (strchr(doors, 'n')) shape_rect(g, x0 + w / 2 - 1, y0, 2, 1, 0);
    if (strchr(doors, 's')) shape_rect(g, x0 + w / 2 - 1, y0 + h - 1, 2, 1, 0);
    if (strchr(doors, 'w')) shape_rect(g, x0, y0 + h / 2 - 1, 1, 2, 0);
    if (strchr(doors, 'e')) shape_rect(g, x0 + w - 1, y0 + h / 2 - 1, 1, 2, 0);
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
        if (g->cells[s] || label[s]) continue;
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
        if (!g->cells[s] && label[s] != best) g->cells[s] = 1;
    free(label);
    free(stack);
}
