// Fuzz target: map file bytes -> grid -> SDF -> nav grid -> paths -> cover -> map check.
//
// Everything a map editor's save can reach. The bytes are named after their contents (PNG, BMP,
// GIF, JPEG signatures, otherwise a Moving AI .map), so the loader's own format checks run on
// every input. A refused file must leave an empty grid and a one-line reason. An accepted one
// goes through every stage the game runs on a map load, with cross-checks between them: A* and
// jump point search must agree on path lengths, smoothing never lengthens a path, cover points
// sit at the radius from a wall, and the SDF's sign matches the cells. Loading never writes to
// stderr.
#include "arena/ae_cover.h"
#include "arena/ae_map_check.h"
#include "arena/ae_map_file.h"
#include "arena/ae_nav.h"
#include "fuzz_check.h"

#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

// Stages after loading run on maps up to this many cells, so one input stays well under a
// second; larger maps still go through the loader.
#define FUZZ_MAX_CELLS (256 * 256)
#define CELL_SIZE      32.0f
#define AGENT_RADIUS   12.0f

static const char *name_for(const uint8_t *data, size_t len) {
    static const struct {
        const char *magic;
        size_t n;
        const char *name;
    } kinds[] = {
        {"\x89PNG", 4, "fuzz.png"},
        {"BM", 2, "fuzz.bmp"},
        {"GIF8", 4, "fuzz.gif"},
        {"\xff\xd8\xff", 3, "fuzz.jpg"},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (len >= kinds[i].n && !memcmp(data, kinds[i].magic, kinds[i].n)) return kinds[i].name;
    return "fuzz.map";
}

static ae_nav_cell nth_passable(const ae_nav_grid *nav, int layer, size_t n) {
    size_t count = 0;
    for (int y = 0; y < nav->height; y++)
        for (int x = 0; x < nav->width; x++)
            if (ae_nav_passable(nav, layer, x, y) && count++ == n) return (ae_nav_cell){x, y};
    return (ae_nav_cell){-1, -1};
}

static size_t passable_count(const ae_nav_grid *nav, int layer) {
    size_t count = 0;
    for (int y = 0; y < nav->height; y++)
        for (int x = 0; x < nav->width; x++) count += ae_nav_passable(nav, layer, x, y);
    return count;
}

// A* and JPS between two passable cells must both find a path or both not, of equal length;
// the smoothed path is never longer than the grid path.
static void check_paths(const ae_nav_grid *nav, ae_nav_search *search, const ae_sdf *sdf, int layer,
                        ae_nav_cell a, ae_nav_cell b) {
    ae_nav_query q = {a, b, layer, AE_NAV_ASTAR};
    ae_nav_status astar = ae_nav_find_path(search, nav, &q);
    double astar_len = ae_nav_search_length(search);
    q.method = AE_NAV_JPS;
    ae_nav_status jps = ae_nav_find_path(search, nav, &q);
    FUZZ_CHECK(astar == jps);
    if (jps != AE_NAV_FOUND) return;
    FUZZ_CHECK(fabs(ae_nav_search_length(search) - astar_len) < 1e-6 * (1.0 + astar_len));
    FUZZ_CHECK(ae_nav_search_length(search) + 1e-9 >= ae_nav_octile(a, b));

    static ae_nav_cell cells[FUZZ_MAX_CELLS + 2];
    static vec2s pts[FUZZ_MAX_CELLS + 4];
    int n = ae_nav_path_cells(search, cells, FUZZ_MAX_CELLS + 2);
    FUZZ_CHECK(n >= 1 && n <= FUZZ_MAX_CELLS + 2);
    vec2s s = ae_nav_cell_center(nav, a), g = ae_nav_cell_center(nav, b);
    int m = ae_nav_smooth(sdf, nav->radii[layer], s, g, cells, n, pts, FUZZ_MAX_CELLS + 4);
    FUZZ_CHECK(m >= 1 && m <= n + 2);
    float smoothed = ae_nav_polyline_length(pts, m);
    FUZZ_CHECK(smoothed <= (float)ae_nav_search_length(search) * nav->cell_size * 1.0001f + 1e-3f);
}

static void check_sdf(const ae_grid *grid, const ae_sdf *sdf) {
    FUZZ_CHECK(sdf->width == grid->width && sdf->height == grid->height);
    for (int y = 0; y <= grid->height; y++)
        for (int x = 0; x <= grid->width; x++) {
            float d = ae_sdf_corner(sdf, x, y);
            FUZZ_CHECK(isfinite(d) && fabsf(d) <= sdf->max_abs);
        }
    // A cell's centre is inside a wall exactly when the cell is a wall.
    for (int y = 0; y < grid->height; y++)
        for (int x = 0; x < grid->width; x++) {
            vec2s c = {{((float)x + 0.5f) * CELL_SIZE, ((float)y + 0.5f) * CELL_SIZE}};
            float d = ae_sdf_sample(sdf, c);
            FUZZ_CHECK(ae_grid_is_wall(grid, x, y) ? d <= 0.0f : d >= 0.0f);
        }
}

static void check_cover(const ae_grid *grid, const ae_sdf *sdf, const ae_nav_grid *nav, int layer) {
    ae_cover_def def = ae_default_cover_def();
    def.radius = AGENT_RADIUS;
    ae_cover_set cover;
    ae_error err;
    if (!ae_cover_init(&cover, grid, sdf, &def, &err)) {
        FUZZ_CHECK(err.msg[0] != '\0');
        return;
    }
    for (int b = 0; b < cover.buckets_x * cover.buckets_y; b++)
        for (int i = cover.bucket_start[b]; i < cover.bucket_start[b + 1]; i++) {
            const vec2s p = ae_cover_point_pos(&cover, b, cover.points[i]);
            FUZZ_CHECK(fabsf(ae_sdf_sample(sdf, p) - def.radius) <=
                       cover.tolerance * 1.0001f + 1e-3f);
            const vec2s n = ae_cover_normal(sdf, p);
            FUZZ_CHECK(fabsf(n.x * n.x + n.y * n.y - 1.0f) < 1e-3f);
        }
    ae_nav_cell a = nth_passable(nav, layer, 0);
    if (a.x >= 0) {
        static int32_t scratch[4096];
        vec2s agent = ae_nav_cell_center(nav, a);
        vec2s threat = {
            {(float)grid->width * CELL_SIZE * 0.5f, (float)grid->height * CELL_SIZE * 0.5f}};
        ae_cover_flood *flood =
            ae_cover_flood_create(ae_cover_flood_cost(20.0f * CELL_SIZE, CELL_SIZE), 4096, NULL);
        FUZZ_CHECK(flood != NULL);
        ae_cover_choice c = ae_cover_find_best(&cover, sdf, nav, flood, layer, agent, threat,
                                               20.0f * CELL_SIZE, scratch, 4096);
        FUZZ_CHECK(c.index >= -1 && c.index < cover.count);
        ae_cover_flood_destroy(flood);
    }
    ae_cover_free(&cover);
}

static void run_stages(const ae_grid *grid) {
    ae_error err;
    ae_sdf sdf;
    FUZZ_CHECK(ae_sdf_init(&sdf, grid, CELL_SIZE, &err));
    check_sdf(grid, &sdf);

    ae_nav_grid_def nd = ae_default_nav_grid_def();
    nd.radii[1] = AGENT_RADIUS;
    nd.radius_count = 2;
    ae_nav_grid nav;
    FUZZ_CHECK(ae_nav_grid_init(&nav, grid, &sdf, &nd, &err));
    ae_nav_search *search = ae_nav_search_create(&nav, &err);
    FUZZ_CHECK(search);
    for (int layer = 0; layer < 2; layer++) {
        size_t n = passable_count(&nav, layer);
        if (n == 0) continue;
        // First to last, first to middle, and a pair picked by the map size.
        ae_nav_cell first = nth_passable(&nav, layer, 0), last = nth_passable(&nav, layer, n - 1);
        ae_nav_cell mid = nth_passable(&nav, layer, n / 2);
        ae_nav_cell other = nth_passable(&nav, layer, (size_t)(grid->width * 7 + grid->height) % n);
        check_paths(&nav, search, &sdf, layer, first, last);
        check_paths(&nav, search, &sdf, layer, first, mid);
        check_paths(&nav, search, &sdf, layer, other, first);
    }
    check_cover(grid, &sdf, &nav, 1);

    ae_map_check_def cd = ae_default_map_check_def();
    cd.radius = AGENT_RADIUS;
    cd.agents = 100;
    ae_map_check check;
    FUZZ_CHECK(ae_map_check_init(&check, grid, &sdf, &cd, &err));
    FUZZ_CHECK(check.free_cells == (int)ae_grid_free_count(grid));
    FUZZ_CHECK(check.passable_cells <= check.free_cells);
    FUZZ_CHECK(check.largest_cells <= check.passable_cells);
    ae_map_check_free(&check);

    // A run-time edit keeps the field equal to a fresh bake.
    ae_grid edited;
    FUZZ_CHECK(ae_grid_init_copy(&edited, grid, &err));
    int ex = grid->width / 2, ey = grid->height / 2;
    FUZZ_CHECK(ae_sdf_set_cell(&sdf, &edited, ex, ey, !ae_grid_is_wall(grid, ex, ey), &err));
    ae_sdf fresh;
    FUZZ_CHECK(ae_sdf_init(&fresh, &edited, CELL_SIZE, &err));
    size_t corners = (size_t)(grid->width + 1) * (size_t)(grid->height + 1);
    FUZZ_CHECK(!memcmp(fresh.dist, sdf.dist, corners * sizeof *sdf.dist));
    ae_sdf_free(&fresh);
    ae_grid_free(&edited);

    ae_nav_search_destroy(search);
    ae_nav_grid_free(&nav);
    ae_sdf_free(&sdf);
}

/// The loader never writes to stderr (a decoder's warning would break the one-line rule), so
/// fd 2 goes to a file while it runs and anything written there is an invariant failure. The
/// file is removed at a normal exit; after a crash inside the loader it holds the sanitizer's
/// report.
static char quiet_path[64];
static int quiet_fd = -1;

static void remove_quiet_file(void) {
    unlink(quiet_path);
}

static bool load_quietly(const uint8_t *data, size_t size, ae_grid *grid, ae_error *err) {
    if (quiet_fd < 0) {
        snprintf(quiet_path, sizeof quiet_path, "/tmp/fuzz_map-stderr-%ld", (long)getpid());
        quiet_fd = open(quiet_path, O_RDWR | O_CREAT | O_TRUNC, 0600);
        FUZZ_CHECK(quiet_fd >= 0);
        atexit(remove_quiet_file);
    }
    FUZZ_CHECK(ftruncate(quiet_fd, 0) == 0 && lseek(quiet_fd, 0, SEEK_SET) == 0);
    fflush(stderr);
    int saved = dup(2);
    FUZZ_CHECK(saved >= 0 && dup2(quiet_fd, 2) == 2);
    bool ok = ae_map_load_memory(data, size, name_for(data, size), grid, err);
    fflush(stderr);
    FUZZ_CHECK(dup2(saved, 2) == 2);
    close(saved);
    char said[256] = "";
    ssize_t n = pread(quiet_fd, said, sizeof said - 1, 0);
    if (n > 0) fprintf(stderr, "the loader wrote to stderr: %s\n", said);
    FUZZ_CHECK(n == 0);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ae_grid grid;
    ae_error err = {0};
    if (!load_quietly(data, size, &grid, &err)) {
        // Refused: one line, nothing kept.
        FUZZ_CHECK(err.msg[0] != '\0' && !strchr(err.msg, '\n'));
        FUZZ_CHECK(grid.cells == NULL);
        return 0;
    }
    FUZZ_CHECK(grid.width >= AE_MAP_MIN_SIDE && grid.width <= AE_MAP_MAX_SIDE);
    FUZZ_CHECK(grid.height >= AE_MAP_MIN_SIDE && grid.height <= AE_MAP_MAX_SIDE);
    FUZZ_CHECK(ae_grid_free_count(&grid) > 0);
    if ((size_t)grid.width * (size_t)grid.height <= FUZZ_MAX_CELLS) run_stages(&grid);
    ae_grid_free(&grid);
    return 0;
}
