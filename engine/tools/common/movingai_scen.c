#include "movingai_scen.h"

#include "arena/ae_map_file.h"
#include "tool_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double scen_error(double length, double expected) {
    // The files print lengths with %g, 6 significant digits: an exact length may differ from
    // the printed one by half a unit of the last digit. Only the excess over that counts.
    double half = expected > 0.0 ? 0.5 * pow(10.0, floor(log10(expected)) - 5.0) : 0.0;
    double e = fabs(length - expected) - half;
    return e > 0.0 ? e : 0.0;
}

/// The maps and searches of one run; the map is reloaded only when the name changes.
typedef struct scen_state {
    char map_name[512];
    bool loaded;
    ae_grid grid;
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_nav_search search;
} scen_state;

static void state_free(scen_state *s) {
    if (!s->loaded) return;
    ae_nav_search_free(&s->search);
    ae_nav_grid_free(&s->nav);
    ae_sdf_free(&s->sdf);
    ae_grid_free(&s->grid);
    s->loaded = false;
}

static bool load_map(scen_state *s, const char *dir, const char *name, char *why, size_t n) {
    if (s->loaded && !strcmp(s->map_name, name)) return true;
    state_free(s);
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    ae_error err;
    if (!ae_map_load_file(path, &s->grid, &err)) {
        snprintf(why, n, "map %s: %s", path, err.msg);
        return false;
    }
    ae_nav_def def = ae_nav_default_def();
    if (!ae_sdf_bake(&s->sdf, &s->grid, 1.0f, &err)) {
        ae_grid_free(&s->grid);
        snprintf(why, n, "%s", err.msg);
        return false;
    }
    if (!ae_nav_grid_build(&s->nav, &s->grid, &s->sdf, &def, &err) ||
        !ae_nav_search_init(&s->search, &s->nav, &err)) {
        ae_sdf_free(&s->sdf);
        ae_grid_free(&s->grid);
        snprintf(why, n, "%s", err.msg);
        return false;
    }
    snprintf(s->map_name, sizeof s->map_name, "%s", name);
    s->loaded = true;
    return true;
}

bool scen_run(const char *scen_path, const char *maps_dir, int every_k, int phase,
              ae_nav_method method, scen_line_fn *line, void *user, scen_summary *out, char *why,
              size_t why_len) {
    memset(out, 0, sizeof *out);
    FILE *f = fopen(scen_path, "r");
    if (!f) {
        snprintf(why, why_len, "cannot open");
        return false;
    }
    char dir[1024];
    if (maps_dir) {
        snprintf(dir, sizeof dir, "%s", maps_dir);
    } else {
        snprintf(dir, sizeof dir, "%s", scen_path);
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(dir, sizeof dir, ".");
    }
    scen_state st;
    memset(&st, 0, sizeof st);
    char buf[2048];
    bool ok = true;
    double total_ns = 0.0;
    int lineno = 0, id = -1;
    if (!fgets(buf, sizeof buf, f) || strncmp(buf, "version", 7) != 0) {
        snprintf(why, why_len, "line 1: expected a 'version' line");
        ok = false;
    }
    lineno = 1;
    while (ok && fgets(buf, sizeof buf, f)) {
        lineno++;
        if (buf[0] == '\n' || buf[0] == '\r' || buf[0] == '\0') continue;
        int bucket, w, h, sx, sy, gx, gy;
        char map[512], expected[64];
        if (sscanf(buf, "%d %511s %d %d %d %d %d %d %63s", &bucket, map, &w, &h, &sx, &sy, &gx, &gy,
                   expected) != 9) {
            snprintf(why, why_len, "line %d: malformed problem", lineno);
            ok = false;
            break;
        }
        char *end;
        double exp_len = strtod(expected, &end);
        if (*end != '\0' || !isfinite(exp_len) || exp_len < 0.0) {
            snprintf(why, why_len, "line %d: bad optimal length '%s'", lineno, expected);
            ok = false;
            break;
        }
        id++;
        if (id % every_k != phase) continue;
        const char *base = strrchr(map, '/');
        base = base ? base + 1 : map;
        if (!load_map(&st, dir, base, why, why_len)) {
            ok = false;
            break;
        }
        if (w != st.grid.width || h != st.grid.height) {
            snprintf(why, why_len, "line %d: map %s is %dx%d, scenario says %dx%d", lineno, base,
                     st.grid.width, st.grid.height, w, h);
            ok = false;
            break;
        }
        ae_nav_query q = {{sx, sy}, {gx, gy}, 0, method};
        uint64_t t0 = tool_now_ns();
        ae_nav_status s = ae_nav_find_path(&st.search, &st.nav, &q);
        total_ns += (double)(tool_now_ns() - t0);
        if (s != AE_NAV_FOUND) {
            snprintf(why, why_len, "line %d: %s", lineno,
                     s == AE_NAV_BAD_ENDPOINT ? "start or goal blocked or off the map" : "no path");
            ok = false;
            break;
        }
        double len = st.search.length, e = scen_error(len, exp_len);
        if (e > out->max_error) out->max_error = e;
        out->expanded += st.search.expanded;
        out->problems++;
        if (line) line(user, id, len, expected);
    }
    if (ok && ferror(f)) {
        snprintf(why, why_len, "read error");
        ok = false;
    }
    fclose(f);
    state_free(&st);
    out->mean_us = out->problems ? total_ns * 1e-3 / out->problems : 0.0;
    return ok;
}
