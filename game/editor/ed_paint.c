// Strokes: the brush stamped along lines, rectangles and flood fills, each painting call
// written into the world at once and recorded for the history.
#include "ed_internal.h"

#include <stdlib.h>
#include <string.h>

bool ed_changes_push(ed_changes *c, ed_change item) {
    if (c->count == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 256;
        ed_change *items = ae_alloc(cap * sizeof *items);
        if (!items) return false;
        if (c->count) memcpy(items, c->items, c->count * sizeof *items);
        ae_free(c->items, c->cap * sizeof *c->items);
        c->items = items;
        c->cap = cap;
    }
    c->items[c->count++] = item;
    return true;
}

void ed_changes_free(ed_changes *c) {
    ae_free(c->items, c->cap * sizeof *c->items);
    memset(c, 0, sizeof *c);
}

bool ed_reserve_writes(ed_doc *d, size_t n) {
    if (d->write_cap - d->write_count >= n) return true;
    size_t cap = d->write_cap ? d->write_cap : 256;
    while (cap - d->write_count < n) cap *= 2;
    sim_cell_write *w = ae_alloc(cap * sizeof *w);
    if (!w) return false;
    if (d->write_count) memcpy(w, d->writes, d->write_count * sizeof *w);
    ae_free(d->writes, d->write_cap * sizeof *d->writes);
    d->writes = w;
    d->write_cap = cap;
    return true;
}

void ed_queue_write(ed_doc *d, size_t index, uint8_t value) {
    AE_ASSERT(d->write_count < d->write_cap);
    const size_t width = (size_t)ed_grid(d)->width;
    d->writes[d->write_count++] =
        (sim_cell_write){(int32_t)(index % width), (int32_t)(index / width), value};
}

/// Queues the write of cell index i to v; false when memory runs out.
static bool queue_write(ed_doc *d, size_t i, uint8_t v) {
    if (!ed_reserve_writes(d, 1)) return false;
    ed_queue_write(d, i, v);
    return true;
}

bool ed_apply_writes(ed_doc *d, ae_error *err) {
    if (d->write_count == 0) return true;
    bool ok = sim_edit_cells(d->world, d->writes, (int)d->write_count, err);
    d->write_count = 0;
    d->revision++;
    return ok;
}

void ed_stroke_begin(ed_doc *d, uint8_t value, int brush) {
    if (d->open) ed_stroke_end(d);
    AE_ASSERT(ae_grid_cell_valid(value));
    d->open = true;
    d->value = value;
    d->brush = ae_clampi(brush, 1, ED_BRUSH_MAX);
}

bool ed_stroke_open(const ed_doc *d) {
    return d->open;
}

/// Paints cell index i in the open stroke: queued for the world and recorded with the value it
/// had before the stroke (the stroke meets each cell once: `visited`).
static bool record(ed_doc *d, size_t i) {
    const uint8_t before = ed_grid(d)->cells[i];
    if (before != d->value) {
        if (!ed_changes_push(&d->stroke, (ed_change){(uint32_t)i, before, d->value})) return false;
        if (!queue_write(d, i, d->value)) {
            d->stroke.count--; // recorded but not queued: forget it
            return false;
        }
    }
    ed_bit_set(d->visited, i);
    return true;
}

/// Paints cell (x, y) the first time the stroke meets it; cells off the map are skipped.
static bool paint(ed_doc *d, int x, int y) {
    const ae_grid *g = ed_grid(d);
    if (!ae_grid_in_bounds(g, x, y)) return true;
    const size_t i = (size_t)y * (size_t)g->width + (size_t)x;
    return ed_bit(d->visited, i) || record(d, i);
}

/// The brush stamped with its centre at cell (x, y): the cells whose centres lie within
/// brush / 2 of the disc's centre, which is the cell's centre for an odd brush and its top-left
/// corner for an even one, so a brush of b cells is b cells across (1: the cell alone, 2: a 2x2
/// block, 3: a 3x3 block, 5: 21 cells).
static bool stamp(ed_doc *d, int x, int y) {
    const int b = d->brush, lo = -(b / 2), hi = (b - 1) / 2, odd = b & 1;
    for (int dy = lo; dy <= hi; dy++)
        for (int dx = lo; dx <= hi; dx++) {
            // Doubled offsets of the cell's centre from the disc's centre.
            const int ex = 2 * dx + 1 - odd, ey = 2 * dy + 1 - odd;
            if (ex * ex + ey * ey <= b * b && !paint(d, x + dx, y + dy)) return false;
        }
    return true;
}

/// Ends a painting call: writes its cells into the world. After running out of memory, the
/// stroke keeps only the changes that took, so undo stays exact.
static bool finish(ed_doc *d, bool painted, ae_error *err) {
    bool ok = ed_apply_writes(d, err);
    if (!painted) ae_error_set(err, "out of memory");
    if (ok && painted) return true;
    const ae_grid *g = ed_grid(d);
    size_t kept = 0;
    for (size_t k = 0; k < d->stroke.count; k++) {
        const ed_change c = d->stroke.items[k];
        if (g->cells[c.index] == c.after)
            d->stroke.items[kept++] = c;
        else
            ed_bit_clear(d->visited, c.index);
    }
    d->stroke.count = kept;
    return false;
}

/// Every painting call begins here: inside a stroke (painting outside one is the caller's
/// mistake), with room for the step it becomes.
static bool start(ed_doc *d, ae_error *err) {
    AE_ASSERT(d->open);
    if (ed_history_reserve(d)) return true;
    ae_error_set(err, "out of memory");
    return false;
}

bool ed_stroke_line(ed_doc *d, int x0, int y0, int x1, int y1, ae_error *err) {
    if (!start(d, err)) return false;
    // Bresenham from (x0, y0) to (x1, y1), both ends included. Far ends are clamped a brush
    // beyond the map, so a line dragged far off it costs no more than one across it.
    const ae_grid *g = ed_grid(d);
    const int m = d->brush + 1;
    x0 = ae_clampi(x0, -m, g->width + m);
    x1 = ae_clampi(x1, -m, g->width + m);
    y0 = ae_clampi(y0, -m, g->height + m);
    y1 = ae_clampi(y1, -m, g->height + m);
    const int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int e = dx + dy, x = x0, y = y0;
    bool painted = true;
    while (painted) {
        painted = stamp(d, x, y);
        if (x == x1 && y == y1) break;
        const int e2 = 2 * e;
        if (e2 >= dy) {
            e += dy;
            x += sx;
        }
        if (e2 <= dx) {
            e += dx;
            y += sy;
        }
    }
    return finish(d, painted, err);
}

bool ed_stroke_rect(ed_doc *d, int x0, int y0, int x1, int y1, bool outline, ae_error *err) {
    if (!start(d, err)) return false;
    const ae_grid *g = ed_grid(d);
    const int lx = ae_mini(x0, x1), hx = ae_maxi(x0, x1), ly = ae_mini(y0, y1),
              hy = ae_maxi(y0, y1), b = d->brush;
    bool painted = true;
    for (int y = ae_maxi(ly, 0); painted && y <= ae_mini(hy, g->height - 1); y++)
        for (int x = ae_maxi(lx, 0); painted && x <= ae_mini(hx, g->width - 1); x++) {
            const bool border = x < lx + b || x > hx - b || y < ly + b || y > hy - b;
            if (!outline || border) painted = paint(d, x, y);
        }
    return finish(d, painted, err);
}

static bool flood_push(uint32_t **out, size_t *count, size_t *cap, size_t i) {
    if (*count == *cap) {
        size_t n1 = *cap ? 2 * *cap : 1024;
        uint32_t *p = ae_alloc(n1 * sizeof *p);
        if (!p) return false;
        if (*count) memcpy(p, *out, *count * sizeof *p);
        ae_free(*out, *cap * sizeof **out);
        *out = p;
        *cap = n1;
    }
    (*out)[(*count)++] = (uint32_t)i;
    return true;
}

bool ed_flood(const ae_grid *g, int x, int y, uint8_t *visited, uint32_t **out, size_t *count,
              size_t *cap) {
    *count = 0;
    if (!ae_grid_in_bounds(g, x, y)) return true;
    const size_t w = (size_t)g->width, h = (size_t)g->height;
    const size_t start = (size_t)y * w + (size_t)x;
    if (ed_bit(visited, start)) return true;
    const uint8_t v = g->cells[start];
    ed_bit_set(visited, start);
    if (!flood_push(out, count, cap, start)) return false;
    // Breadth first: the list found so far is the queue, `head` the next cell to spread from.
    for (size_t head = 0; head < *count; head++) {
        const size_t i = (*out)[head], cx = i % w, cy = i / w;
        size_t next[4];
        int k = 0;
        if (cx > 0) next[k++] = i - 1;
        if (cx + 1 < w) next[k++] = i + 1;
        if (cy > 0) next[k++] = i - w;
        if (cy + 1 < h) next[k++] = i + w;
        for (int j = 0; j < k; j++) {
            if (ed_bit(visited, next[j]) || g->cells[next[j]] != v) continue;
            ed_bit_set(visited, next[j]);
            if (!flood_push(out, count, cap, next[j])) return false;
        }
    }
    return true;
}

bool ed_stroke_fill(ed_doc *d, int x, int y, ae_error *err) {
    if (!start(d, err)) return false;
    const ae_grid *g = ed_grid(d);
    if (!ae_grid_in_bounds(g, x, y) || ed_cell(d, x, y) == d->value) return true;
    uint32_t *cells = NULL;
    size_t n = 0, cap = 0;
    bool painted = ed_flood(g, x, y, d->visited, &cells, &n, &cap);
    size_t done = 0;
    while (painted && done < n) {
        painted = record(d, cells[done]);
        done += painted;
    }
    for (size_t k = done; k < n; k++) ed_bit_clear(d->visited, cells[k]); // found, not painted
    ae_free(cells, cap * sizeof *cells);
    return finish(d, painted, err);
}
