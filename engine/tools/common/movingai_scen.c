#include "movingai_scen.h"

#include "arena/ae_file.h"
#include "arena/ae_map_file.h"
#include "arena/ae_quote.h"
#include "tool_util.h"

#include <float.h>
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
    char *map_name; ///< the loaded map's name as the scenario gives it (malloc)
    ae_grid grid;
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_nav_search *search;
} scen_state;

static void state_free(scen_state *s) {
    if (!s->map_name) return;
    ae_nav_search_destroy(s->search);
    ae_nav_grid_free(&s->nav);
    ae_sdf_free(&s->sdf);
    ae_grid_free(&s->grid);
    free(s->map_name);
    s->map_name = NULL;
}

// Loads DIR/NAME (just NAME when dir is NULL) unless it is the map already loaded.
static bool load_map(scen_state *s, const char *dir, const char *name, char *why, size_t n) {
    if (s->map_name && !strcmp(s->map_name, name)) return true;
    state_free(s);
    char *path = dir ? tool_join(dir, name) : strdup(name);
    char *copy = strdup(name);
    ae_error err;
    bool ok = path && copy;
    if (!ok)
        snprintf(why, n, "out of memory");
    else if (!(ok = ae_map_load_file(path, &s->grid, &err)))
        snprintf(why, n, "map %s: %s", AE_QUOTED(path), err.msg);
    free(path);
    if (!ok) {
        free(copy);
        return false;
    }
    ae_nav_grid_def def = ae_default_nav_grid_def();
    if (!ae_sdf_init(&s->sdf, &s->grid, 1.0f, &err)) {
        ae_grid_free(&s->grid);
        snprintf(why, n, "%s", err.msg);
        free(copy);
        return false;
    }
    if (!ae_nav_grid_init(&s->nav, &s->grid, &s->sdf, &def, &err) ||
        !(s->search = ae_nav_search_create(&s->nav, &err))) {
        ae_nav_grid_free(&s->nav);
        ae_sdf_free(&s->sdf);
        ae_grid_free(&s->grid);
        snprintf(why, n, "%s", err.msg);
        free(copy);
        return false;
    }
    s->map_name = copy;
    return true;
}

// Splits a line into at most max whitespace-separated fields (in place); returns how many there
// were, counting any beyond max.
static int split_fields(char *line, char **field, int max) {
    int count = 0;
    for (char *p = line; *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\r') p++;
        if (!*p) break;
        if (count < max) field[count] = p;
        count++;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r') p++;
        if (*p) *p++ = '\0';
    }
    return count;
}

// One problem line: `bucket map width height start_x start_y goal_x goal_y optimal_length`.
typedef struct scen_problem {
    const char *map, *expected;
    int w, h, sx, sy, gx, gy;
    double expected_length;
} scen_problem;

static bool parse_problem(char *line, int lineno, scen_problem *p, char *why, size_t n) {
    char *f[9];
    if (split_fields(line, f, 9) != 9) {
        snprintf(why, n, "line %d: malformed problem", lineno);
        return false;
    }
    long v[7];
    const int at[7] = {0, 2, 3, 4, 5, 6, 7};
    for (int k = 0; k < 7; k++)
        if (!tool_parse_int(f[at[k]], -1000000000L, 1000000000L, &v[k])) {
            snprintf(why, n, "line %d: malformed problem", lineno);
            return false;
        }
    double len;
    if (!tool_parse_float(f[8], 0.0, DBL_MAX, &len)) {
        snprintf(why, n, "line %d: bad optimal length '%s'", lineno, AE_QUOTED(f[8]));
        return false;
    }
    *p = (scen_problem){f[1],      f[8],      (int)v[1], (int)v[2], (int)v[3],
                        (int)v[4], (int)v[5], (int)v[6], len};
    return true;
}

bool scen_run(const char *scen_path, const char *maps_dir, int every_k, int phase,
              ae_nav_method method, scen_line_fn *line, void *user, scen_summary *out, char *why,
              size_t why_len) {
    memset(out, 0, sizeof *out);
    uint8_t *data;
    size_t size;
    ae_error err;
    if (!ae_file_read(scen_path, SCEN_MAX_FILE_BYTES, &data, &size, &err)) {
        snprintf(why, why_len, "%s", err.msg);
        return false;
    }
    // A NUL-terminated copy, cut into lines in place.
    char *text = malloc(size + 1);
    if (text && size) memcpy(text, data, size);
    if (data) ae_free(data, size);
    if (!text) {
        snprintf(why, why_len, "out of memory");
        return false;
    }
    text[size] = '\0';
    // Maps are looked up beside the scenario unless a folder is given.
    char *dir = NULL;
    const char *slash = strrchr(scen_path, '/');
    if (!maps_dir && slash)
        dir = strndup(scen_path, slash == scen_path ? 1 : (size_t)(slash - scen_path));
    const char *map_dir = maps_dir ? maps_dir : dir; // NULL: the current folder
    scen_state st;
    memset(&st, 0, sizeof st);
    bool ok = true;
    double total_ns = 0.0;
    int lineno = 0, id = -1;
    if (!maps_dir && slash && !dir) {
        snprintf(why, why_len, "out of memory");
        ok = false;
    } else if (memchr(text, '\0', size)) {
        snprintf(why, why_len, "holds a NUL byte: not a scenario file");
        ok = false;
    } else if (strncmp(text, "version", 7) != 0) {
        snprintf(why, why_len, "line 1: expected a 'version' line");
        ok = false;
    }
    char *next = ok ? strchr(text, '\n') : NULL;
    lineno = 1;
    while (ok && next) {
        char *buf = next + 1;
        next = strchr(buf, '\n');
        if (next) *next = '\0';
        lineno++;
        if (buf[strspn(buf, " \t\r")] == '\0') continue;
        scen_problem p;
        if (!parse_problem(buf, lineno, &p, why, why_len)) {
            ok = false;
            break;
        }
        id++;
        if (id % every_k != phase) continue;
        const char *base = strrchr(p.map, '/');
        base = base ? base + 1 : p.map;
        if (!load_map(&st, map_dir, base, why, why_len)) {
            ok = false;
            break;
        }
        if (p.w != st.grid.width || p.h != st.grid.height) {
            snprintf(why, why_len, "line %d: map %s is %dx%d, scenario says %dx%d", lineno,
                     AE_QUOTED(base), st.grid.width, st.grid.height, p.w, p.h);
            ok = false;
            break;
        }
        ae_nav_query q = {{p.sx, p.sy}, {p.gx, p.gy}, 0, method};
        uint64_t t0 = tool_now_ns();
        ae_nav_status s = ae_nav_find_path(st.search, &st.nav, &q);
        total_ns += (double)(tool_now_ns() - t0);
        if (s != AE_NAV_FOUND) {
            snprintf(why, why_len, "line %d: %s", lineno,
                     s == AE_NAV_BAD_ENDPOINT ? "start or goal blocked or off the map" : "no path");
            ok = false;
            break;
        }
        double len = ae_nav_search_length(st.search), e = scen_error(len, p.expected_length);
        if (e > out->max_error) out->max_error = e;
        out->expanded += ae_nav_search_expanded(st.search);
        out->problems++;
        if (line) line(user, id, len, p.expected);
    }
    free(dir);
    free(text);
    state_free(&st);
    out->mean_us = out->problems ? total_ns * 1e-3 / out->problems : 0.0;
    return ok;
}
