// The document: its world, opening, copying and closing, and what the screen reads of it.
#include "ed_internal.h"

#include "arena/ae_map_file.h"

#include <string.h>
#include <strings.h>

const uint8_t ed_kinds[ED_KIND_COUNT] = {AE_CELL_FREE, AE_CELL_WALL,
                                         AE_CELL_WALL | AE_CELL_BREAKABLE, AE_CELL_DOOR,
                                         AE_CELL_WALL | AE_CELL_WATER};

const char *ed_kind_name(uint8_t cell) {
    static const char *const names[ED_KIND_COUNT] = {"free", "wall", "breakable", "door", "water"};
    for (int k = 0; k < ED_KIND_COUNT; k++)
        if (ed_kinds[k] == cell) return names[k];
    return "?";
}

/// A document over a copy of `grid`.
static ed_doc *doc_create(const ae_grid *grid, int agents, ae_error *err) {
    ed_doc *d = ae_calloc(1, sizeof *d);
    if (!d) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    sim_config cfg = sim_default_config();
    cfg.humans = cfg.bots = 0; // a map on its own: drawn and edited, never stepped
    d->world = sim_create(&cfg, grid, err);
    d->agents = agents;
    d->visited_size = ((size_t)grid->width * (size_t)grid->height + 7) / 8;
    d->visited = d->world ? ae_calloc(d->visited_size, 1) : NULL;
    if (!d->visited) {
        if (d->world) ae_error_set(err, "out of memory");
        ed_close(d);
        return NULL;
    }
    d->next_id = 1;
    return d;
}

ed_doc *ed_new(int width, int height, int agents, ae_error *err) {
    ae_grid g;
    if (!ae_grid_init(&g, width, height, err)) return NULL;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            if (x == 0 || y == 0 || x == width - 1 || y == height - 1)
                g.cells[(size_t)y * (size_t)width + (size_t)x] = AE_CELL_WALL;
    ed_doc *d = doc_create(&g, agents, err);
    ae_grid_free(&g);
    return d;
}

/// True for a path Save may write back to: a PNG, by its name.
static bool png_name(const char *path) {
    size_t n = strlen(path);
    return n > 4 && strcasecmp(path + n - 4, ".png") == 0;
}

ed_doc *ed_open(const char *path, int agents, ae_error *err) {
    ae_grid g;
    if (!ae_map_load_file(path, &g, err)) return NULL;
    ed_doc *d = doc_create(&g, agents, err);
    ae_grid_free(&g);
    if (d && png_name(path)) {
        d->path = ae_alloc(strlen(path) + 1);
        if (!d->path) {
            ae_error_set(err, "out of memory");
            ed_close(d);
            return NULL;
        }
        memcpy(d->path, path, strlen(path) + 1);
    }
    return d;
}

ed_doc *ed_from_grid(const ae_grid *grid, int agents, ae_error *err) {
    if (!ae_grid_check_size(grid->width, grid->height, err)) return NULL;
    for (size_t i = 0; i < (size_t)grid->width * (size_t)grid->height; i++)
        if (!ae_grid_cell_valid(grid->cells[i])) {
            ae_error_set(err, "cell %zu holds %u, not a map cell", i, (unsigned)grid->cells[i]);
            return NULL;
        }
    return doc_create(grid, agents, err);
}

void ed_close(ed_doc *d) {
    if (!d) return;
    for (size_t i = 0; i < d->step_count; i++) ed_changes_free(&d->steps[i].changes);
    ae_free(d->steps, d->step_cap * sizeof *d->steps);
    ed_changes_free(&d->stroke);
    ae_free(d->writes, d->write_cap * sizeof *d->writes);
    ae_free(d->visited, d->visited_size);
    if (d->path) ae_free(d->path, strlen(d->path) + 1);
    if (d->checked) ae_map_check_free(&d->check);
    sim_destroy(d->world);
    ae_free(d, sizeof *d);
}

const sim_world *ed_world(const ed_doc *d) {
    return d->world;
}

const ae_grid *ed_grid(const ed_doc *d) {
    return sim_grid(d->world);
}

uint8_t ed_cell(const ed_doc *d, int x, int y) {
    const ae_grid *g = sim_grid(d->world);
    return ae_grid_in_bounds(g, x, y) ? g->cells[(size_t)y * (size_t)g->width + (size_t)x]
                                      : AE_CELL_WALL;
}

const char *ed_path(const ed_doc *d) {
    return d->path ? d->path : "";
}

void ed_set_agents(ed_doc *d, int agents) {
    d->agents = agents;
}

uint64_t ed_revision(const ed_doc *d) {
    return d->revision;
}
