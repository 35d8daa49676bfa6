// Tiled JSON maps (.tmj): the tile layer named "cells", each tile's cell from the string property
// "kind" of its tileset tile (free, wall, breakable, door, water; a tile without it is free).
// Parsed with cJSON (Debian's libcjson); every refusal names the JSON path that is wrong.
#include "map_tiled_internal.h"

#include "arena/ae_file.h"
#include "arena/ae_quote.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum {
    // Tiled maps need about 6 levels; deeper text is refused before cJSON sees it (cJSON's own
    // limit, CJSON_NESTING_LIMIT, is 1000 levels of recursion).
    MAX_DEPTH = 64,
    // cJSON keeps about 80 bytes per value, so a map of this many values takes up to 170 MB
    // while it is read; a layer as large as 1448x1448 fits as an array, larger ones as base64.
    MAX_VALUES = 1 << 21,
    MAX_TILESETS = 4096,
    MAX_TILES = 1 << 20,                  // tiles in one tileset
    MAX_TILESET_BYTES = 16 * 1024 * 1024, // an external tileset file
    GID_LIMIT = 0x0FFFFFFF,               // largest gid without its flags
};
#define GID_FLAGS     0xF0000000u // flipped horizontally, vertically, diagonally; hexagonal rotation
#define MAX_JSON_PATH 160

/// One tileset: the cell of each of its tiles.
typedef struct tileset {
    uint32_t firstgid;
    uint32_t count; ///< tiles (tilecount, or one past the highest tile id when that is more)
    uint8_t *kinds; ///< count cells, from ae_alloc
    char where[MAX_JSON_PATH]; ///< "tilesets[N]" or `tilesets[N] ("x.tsj")`, for messages
} tileset;

typedef struct tiled {
    const char *map_path; ///< NULL: from memory
    ae_map_sources *sources;
    tileset *sets; ///< set_cap entries, the first set_count of them read
    int set_count, set_cap;
    ae_error *err;
} tiled;

static bool fail(tiled *t, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/// Sets err to `PATH: reason` (or `reason` alone for an empty path) and returns false.
static bool fail(tiled *t, const char *path, const char *fmt, ...) {
    char reason[sizeof t->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    if (path[0])
        ae_error_set(t->err, "%s: %s", path, reason);
    else
        ae_error_set(t->err, "%s", reason);
    return false;
}

static const char *type_name(const cJSON *v) {
    if (!v) return "missing";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsNull(v)) return "null";
    if (cJSON_IsArray(v)) return "an array";
    return "an object";
}

/// snprintf into a JSON path buffer (MAX_JSON_PATH bytes); a longer path is cut, which only
/// shortens a message.
static void path_printf(char *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void path_printf(char *out, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, MAX_JSON_PATH, fmt, ap);
    va_end(ap);
}

static void join_path(char *out, const char *base, const char *key) {
    path_printf(out, "%s%s%s", base, base[0] ? "." : "", key);
}

static void index_path(char *out, const char *base, const char *key, int i) {
    path_printf(out, "%s%s%s[%d]", base, base[0] && key[0] ? "." : "", key, i);
}

/// An integer member within [lo, hi]. A missing member is an error unless `fallback` is given.
static bool get_int(tiled *t, const cJSON *obj, const char *base, const char *key, double lo,
                    double hi, const double *fallback, double *out) {
    char path[MAX_JSON_PATH];
    join_path(path, base, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v && fallback) {
        *out = *fallback;
        return true;
    }
    if (!cJSON_IsNumber(v)) return fail(t, path, "is %s, not a number", type_name(v));
    double d = v->valuedouble;
    if (!isfinite(d) || d != floor(d)) return fail(t, path, "%g is not a whole number", d);
    if (d < lo || d > hi) return fail(t, path, "%.0f is not within %.0f to %.0f", d, lo, hi);
    *out = d;
    return true;
}

/// A string member; NULL (with err set) when it is missing or not a string.
static const char *get_string(tiled *t, const cJSON *obj, const char *base, const char *key) {
    char path[MAX_JSON_PATH];
    join_path(path, base, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsString(v) || !v->valuestring) {
        fail(t, path, "is %s, not a string", type_name(v));
        return NULL;
    }
    return v->valuestring;
}

static const cJSON *get_array(tiled *t, const cJSON *obj, const char *base, const char *key) {
    char path[MAX_JSON_PATH];
    join_path(path, base, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsArray(v)) {
        fail(t, path, "is %s, not an array", type_name(v));
        return NULL;
    }
    return v;
}

/// Line and column (from 1) of a byte offset, for JSON syntax errors.
static void line_column(const uint8_t *data, size_t at, int *line, int *column) {
    *line = 1, *column = 1;
    for (size_t i = 0; i < at; i++) {
        if (data[i] == '\n')
            (*line)++, *column = 1;
        else
            (*column)++;
    }
}

/// Checks the text's nesting depth and number of values before cJSON builds its tree.
static bool check_shape(tiled *t, const uint8_t *data, size_t len) {
    int depth = 0;
    size_t values = 1;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        uint8_t c = data[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > MAX_DEPTH) {
                int line, column;
                line_column(data, i, &line, &column);
                return fail(t, "", "JSON nested deeper than %d levels at line %d, column %d",
                            MAX_DEPTH, line, column);
            }
        } else if (c == ']' || c == '}') {
            depth--;
        } else if (c == ',' && ++values > MAX_VALUES) {
            return fail(t, "",
                        "more than %d JSON values (save the cells layer as Base64 for maps this "
                        "large)",
                        MAX_VALUES);
        }
    }
    return true;
}

static cJSON *parse(tiled *t, const uint8_t *data, size_t len) {
    if (!check_shape(t, data, len)) return NULL;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts((const char *)data, len, &end, false);
    if (!root) {
        size_t at = end ? (size_t)(end - (const char *)data) : 0;
        int line, column;
        line_column(data, at, &line, &column);
        if (at + 1 >= len)
            fail(t, "", "JSON ends early (at line %d, column %d)", line, column);
        else
            fail(t, "", "not valid JSON at line %d, column %d", line, column);
        return NULL;
    }
    for (size_t i = (size_t)(end - (const char *)data); i < len; i++) {
        if (data[i] != ' ' && data[i] != '\t' && data[i] != '\n' && data[i] != '\r') {
            int line, column;
            line_column(data, i, &line, &column);
            cJSON_Delete(root);
            fail(t, "", "text after the JSON value at line %d, column %d", line, column);
            return NULL;
        }
    }
    return root;
}

// ---- Tilesets ----

/// The cell of a kind name; false for any other name.
static bool kind_cell(const char *kind, uint8_t *cell) {
    static const struct {
        const char *name;
        uint8_t cell;
    } kinds[] = {
        {"free", AE_CELL_FREE},
        {"wall", AE_CELL_WALL},
        {"breakable", AE_CELL_WALL | AE_CELL_BREAKABLE},
        {"door", AE_CELL_DOOR},
        {"water", AE_CELL_WALL | AE_CELL_WATER},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (!strcmp(kind, kinds[i].name)) {
            *cell = kinds[i].cell;
            return true;
        }
    }
    return false;
}

/// The "kind" property of one tile, if it has one. `base` is the tile's JSON path.
static bool tile_kind(tiled *t, const cJSON *tile, const char *base, uint8_t *cell) {
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(tile, "properties");
    if (!props) return true;
    char path[MAX_JSON_PATH];
    if (!(props = get_array(t, tile, base, "properties"))) return false;
    int i = 0;
    for (const cJSON *p = props->child; p; p = p->next, i++) {
        index_path(path, base, "properties", i);
        if (!cJSON_IsObject(p)) return fail(t, path, "is %s, not an object", type_name(p));
        const char *name = get_string(t, p, path, "name");
        if (!name) return false;
        if (strcmp(name, "kind") != 0) continue;
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(p, "type");
        const cJSON *value = cJSON_GetObjectItemCaseSensitive(p, "value");
        char vpath[MAX_JSON_PATH];
        join_path(vpath, path, "value");
        if (type && !(cJSON_IsString(type) && !strcmp(type->valuestring, "string"))) {
            join_path(vpath, path, "type");
            return fail(t, vpath, "the property kind must be of type string");
        }
        if (!cJSON_IsString(value) || !value->valuestring)
            return fail(t, vpath, "kind is %s, not a string", type_name(value));
        if (!kind_cell(value->valuestring, cell))
            return fail(t, vpath, "kind \"%s\" is not free, wall, breakable, door or water",
                        AE_QUOTED(value->valuestring));
    }
    return true;
}

/// Reads a tileset's tiles (embedded in the map, or the root of a .tsj) into set->kinds.
static bool read_tiles(tiled *t, const cJSON *ts, const char *base, tileset *set) {
    double count;
    if (!get_int(t, ts, base, "tilecount", 0, MAX_TILES, NULL, &count)) return false;
    const cJSON *tiles = cJSON_GetObjectItemCaseSensitive(ts, "tiles");
    if (tiles && !(tiles = get_array(t, ts, base, "tiles"))) return false;
    // A collection of images may hold ids beyond tilecount (tiles removed from it).
    uint32_t n = (uint32_t)count;
    char path[MAX_JSON_PATH];
    int i = 0;
    for (const cJSON *tile = tiles ? tiles->child : NULL; tile; tile = tile->next, i++) {
        index_path(path, base, "tiles", i);
        if (!cJSON_IsObject(tile)) return fail(t, path, "is %s, not an object", type_name(tile));
        double id;
        if (!get_int(t, tile, path, "id", 0, MAX_TILES - 1, NULL, &id)) return false;
        if ((uint32_t)id >= n) n = (uint32_t)id + 1;
    }
    set->count = n;
    set->kinds = n ? ae_calloc(n, 1) : NULL;
    if (n && !set->kinds) return fail(t, base, "out of memory for %u tiles", n);
    i = 0;
    for (const cJSON *tile = tiles ? tiles->child : NULL; tile; tile = tile->next, i++) {
        index_path(path, base, "tiles", i);
        uint8_t cell = AE_CELL_FREE;
        if (!tile_kind(t, tile, path, &cell)) return false;
        set->kinds[(int)cJSON_GetObjectItemCaseSensitive(tile, "id")->valuedouble] = cell;
    }
    return true;
}

static bool ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), m = strlen(tail);
    if (n < m) return false;
    for (size_t i = 0; i < m; i++) {
        char c = s[n - m + i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != tail[i]) return false;
    }
    return true;
}

/// Keeps a copy of an external tileset's path for the caller (the hot reload watches them).
static void note_source(tiled *t, const char *path) {
    ae_map_sources *s = t->sources;
    if (!s || s->count >= AE_MAP_MAX_SOURCES) return;
    size_t n = strlen(path) + 1;
    char *copy = ae_alloc(n);
    if (!copy) return;
    memcpy(copy, path, n);
    s->paths[s->count++] = copy;
}

/// An external tileset: `source` resolved against the map's folder, read and parsed.
static bool read_external(tiled *t, const char *source, const char *base, tileset *set) {
    char path[MAX_JSON_PATH];
    join_path(path, base, "source");
    if (ends_with(source, ".tsx"))
        return fail(t, path,
                    "\"%s\" is a TSX (XML) tileset: export it from Tiled as a JSON tileset (.tsj)",
                    AE_QUOTED(source));
    if (!t->map_path)
        return fail(t, path,
                    "the external tileset \"%s\" cannot be read beside a map sent as bytes "
                    "(embed the tileset in the map)",
                    AE_QUOTED(source));
    char file[4096];
    const char *slash = strrchr(t->map_path, '/');
    int n = source[0] == '/' || !slash ? snprintf(file, sizeof file, "%s", source)
                                       : snprintf(file, sizeof file, "%.*s/%s",
                                                  (int)(slash - t->map_path), t->map_path, source);
    if (n < 0 || (size_t)n >= sizeof file) return fail(t, path, "the tileset's path is too long");
    uint8_t *data = NULL;
    size_t size = 0;
    ae_error ferr;
    if (!ae_file_read(file, MAX_TILESET_BYTES, &data, &size, &ferr))
        return fail(t, path, "\"%s\": %s", AE_QUOTED(source), ferr.msg);
    note_source(t, file);
    path_printf(set->where, "%s (\"%s\")", base, AE_QUOTED(source));
    bool ok = false;
    cJSON *root = NULL;
    if (size == 0) {
        fail(t, set->where, "empty file");
    } else if ((root = parse(t, data, size)) != NULL) {
        char why[sizeof ferr.msg];
        if (!cJSON_IsObject(root)) {
            fail(t, set->where, "is %s, not a JSON object", type_name(root));
        } else {
            const cJSON *type = cJSON_GetObjectItemCaseSensitive(root, "type");
            if (type && !(cJSON_IsString(type) && !strcmp(type->valuestring, "tileset")))
                fail(t, set->where, "type: not a tileset");
            else
                ok = read_tiles(t, root, "", set);
        }
        if (!ok && strncmp(t->err->msg, set->where, strlen(set->where)) != 0) {
            // Errors inside the tileset name it: `tilesets[0] ("x.tsj"): tiles[3]...`.
            snprintf(why, sizeof why, "%s", t->err->msg);
            fail(t, set->where, "%s", why);
        }
    } else {
        char why[sizeof ferr.msg];
        snprintf(why, sizeof why, "%s", t->err->msg);
        fail(t, set->where, "%s", why);
    }
    cJSON_Delete(root);
    ae_free(data, size);
    return ok;
}

static bool read_tilesets(tiled *t, const cJSON *map) {
    const cJSON *list = get_array(t, map, "", "tilesets");
    if (!list) return false;
    int n = cJSON_GetArraySize(list);
    if (n > MAX_TILESETS) return fail(t, "tilesets", "%d tilesets (at most %d)", n, MAX_TILESETS);
    t->sets = n ? ae_calloc((size_t)n, sizeof *t->sets) : NULL;
    if (n && !t->sets) return fail(t, "tilesets", "out of memory");
    t->set_cap = n;
    int i = 0;
    for (const cJSON *ts = list->child; ts; ts = ts->next, i++) {
        tileset *set = &t->sets[i];
        t->set_count = i + 1;
        char base[MAX_JSON_PATH];
        index_path(base, "", "tilesets", i);
        path_printf(set->where, "%s", base);
        if (!cJSON_IsObject(ts)) return fail(t, base, "is %s, not an object", type_name(ts));
        double first;
        if (!get_int(t, ts, base, "firstgid", 1, GID_LIMIT, NULL, &first)) return false;
        set->firstgid = (uint32_t)first;
        const cJSON *source = cJSON_GetObjectItemCaseSensitive(ts, "source");
        if (source) {
            const char *s = get_string(t, ts, base, "source");
            if (!s || !read_external(t, s, base, set)) return false;
        } else if (!read_tiles(t, ts, base, set)) {
            return false;
        }
        if (i > 0) {
            const tileset *prev = &t->sets[i - 1];
            if (set->firstgid < prev->firstgid + prev->count) {
                char path[MAX_JSON_PATH];
                join_path(path, base, "firstgid");
                return fail(t, path, "%u is not after the gids of tilesets[%d] (%u to %u)",
                            set->firstgid, i - 1, prev->firstgid, prev->firstgid + prev->count - 1);
            }
        }
    }
    return true;
}

/// The cell of a gid (flip flags already masked off); false when no tileset holds it.
static bool gid_cell(const tiled *t, uint32_t gid, uint8_t *cell) {
    if (gid == 0) {
        *cell = AE_CELL_FREE;
        return true;
    }
    int lo = 0, hi = t->set_count - 1, found = -1;
    while (lo <= hi) { // the last tileset whose firstgid is at most gid
        int mid = (lo + hi) / 2;
        if (t->sets[mid].firstgid <= gid)
            found = mid, lo = mid + 1;
        else
            hi = mid - 1;
    }
    if (found < 0 || gid - t->sets[found].firstgid >= t->sets[found].count) return false;
    *cell = t->sets[found].kinds[gid - t->sets[found].firstgid];
    return true;
}

// ---- The cells layer ----

static int base64_value(uint8_t c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

/// Decodes base64 text (padding optional, no other bytes) into out, which has room for
/// len * 3 / 4 bytes. Returns the decoded length, or -1 at a bad byte (its index in *bad).
static long decode_base64(const char *text, size_t len, uint8_t *out, size_t *bad) {
    size_t n = 0;
    uint32_t acc = 0;
    int bits = 0;
    while (len > 0 && text[len - 1] == '=') len--;
    for (size_t i = 0; i < len; i++) {
        int v = base64_value((uint8_t)text[i]);
        if (v < 0) {
            *bad = i;
            return -1;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (uint8_t)(acc >> bits);
        }
    }
    return (long)n;
}

static bool set_cell(tiled *t, ae_grid *grid, size_t i, double gid, const char *where) {
    uint8_t cell;
    const uint32_t g = (uint32_t)gid & ~GID_FLAGS;
    if (!gid_cell(t, g, &cell)) return fail(t, where, "tile %u is in no tileset", g);
    grid->cells[i] = cell;
    return true;
}

static bool read_array_data(tiled *t, const cJSON *data, const char *base, ae_grid *grid) {
    const size_t cells = (size_t)grid->width * (size_t)grid->height;
    const int n = cJSON_GetArraySize(data);
    if ((size_t)n != cells)
        return fail(t, base, "%d tiles, the layer needs %dx%d = %zu", n, grid->width, grid->height,
                    cells);
    char path[MAX_JSON_PATH];
    size_t i = 0;
    for (const cJSON *v = data->child; v; v = v->next, i++) {
        const double d = cJSON_IsNumber(v) ? v->valuedouble : -1;
        if (!cJSON_IsNumber(v) || !isfinite(d) || d != floor(d) || d < 0 || d > 4294967295.0) {
            path_printf(path, "%s[%zu]", base, i);
            if (!cJSON_IsNumber(v)) return fail(t, path, "is %s, not a tile id", type_name(v));
            return fail(t, path, "%.0f is not a tile id (0 to 4294967295)", d);
        }
        path_printf(path, "%s[%zu]", base, i);
        if (!set_cell(t, grid, i, d, path)) return false;
    }
    return true;
}

static bool read_base64_data(tiled *t, const cJSON *data, const char *base, ae_grid *grid) {
    const size_t cells = (size_t)grid->width * (size_t)grid->height;
    const char *text = data->valuestring;
    const size_t len = strlen(text);
    const size_t room = len / 4 * 3 + 3;
    uint8_t *bytes = ae_alloc(room);
    if (!bytes) return fail(t, base, "out of memory");
    size_t bad = 0;
    const long got = decode_base64(text, len, bytes, &bad);
    bool ok = false;
    if (got < 0)
        fail(t, base, "byte %zu is not base64", bad);
    else if ((size_t)got != cells * 4)
        fail(t, base, "base64 of %ld bytes, the layer needs %zu (4 per tile for %dx%d)", got,
             cells * 4, grid->width, grid->height);
    else
        ok = true;
    char path[MAX_JSON_PATH];
    for (size_t i = 0; ok && i < cells; i++) {
        const uint8_t *b = bytes + 4 * i;
        const uint32_t gid =
            (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        path_printf(path, "%s[%zu]", base, i); // the tile's index in the layer
        ok = set_cell(t, grid, i, gid, path);
    }
    ae_free(bytes, room);
    return ok;
}

/// The layer's data into the grid (already of the map's size).
static bool read_layer(tiled *t, const cJSON *layer, const char *base, ae_grid *grid) {
    char path[MAX_JSON_PATH];
    if (cJSON_GetObjectItemCaseSensitive(layer, "chunks")) {
        join_path(path, base, "chunks");
        return fail(t, path,
                    "a layer of an infinite map cannot be loaded (uncheck Infinite "
                    "in the map's properties)");
    }
    double w, h, zero = 0, x, y;
    if (!get_int(t, layer, base, "width", 0, 1e9, NULL, &w) ||
        !get_int(t, layer, base, "height", 0, 1e9, NULL, &h) ||
        !get_int(t, layer, base, "x", -1e9, 1e9, &zero, &x) ||
        !get_int(t, layer, base, "y", -1e9, 1e9, &zero, &y))
        return false;
    if ((int)w != grid->width || (int)h != grid->height)
        return fail(t, base, "the layer is %.0fx%.0f, the map %dx%d", w, h, grid->width,
                    grid->height);
    if (x != 0 || y != 0) return fail(t, base, "the layer is offset (x and y must be 0)");
    const cJSON *enc = cJSON_GetObjectItemCaseSensitive(layer, "encoding");
    const char *encoding = "csv";
    if (enc && !(encoding = get_string(t, layer, base, "encoding"))) return false;
    const cJSON *comp = cJSON_GetObjectItemCaseSensitive(layer, "compression");
    const char *compression = "";
    if (comp && !(compression = get_string(t, layer, base, "compression"))) return false;
    if (compression[0]) {
        join_path(path, base, "compression");
        return fail(t, path,
                    "\"%s\" is not read: save the layer as CSV or as Base64 (uncompressed)",
                    AE_QUOTED(compression));
    }
    join_path(path, base, "data");
    const cJSON *data = cJSON_GetObjectItemCaseSensitive(layer, "data");
    if (!strcmp(encoding, "csv")) {
        if (!cJSON_IsArray(data)) return fail(t, path, "is %s, not an array", type_name(data));
        return read_array_data(t, data, path, grid);
    }
    if (!strcmp(encoding, "base64")) {
        if (!cJSON_IsString(data) || !data->valuestring)
            return fail(t, path, "is %s, not a base64 string", type_name(data));
        return read_base64_data(t, data, path, grid);
    }
    join_path(path, base, "encoding");
    return fail(t, path, "\"%s\" is not csv or base64", AE_QUOTED(encoding));
}

/// Finds the tile layer named "cells" among the layers (and inside group layers), refusing a
/// second one. *found is NULL when there is none.
static bool find_cells(tiled *t, const cJSON *layers, const char *base, const cJSON **found,
                       char *found_path) {
    char path[MAX_JSON_PATH];
    int i = 0;
    for (const cJSON *l = layers->child; l; l = l->next, i++) {
        index_path(path, base, "", i);
        if (!cJSON_IsObject(l)) return fail(t, path, "is %s, not an object", type_name(l));
        const char *type = get_string(t, l, path, "type");
        if (!type) return false;
        if (!strcmp(type, "group")) {
            const cJSON *inner = get_array(t, l, path, "layers");
            char inner_base[MAX_JSON_PATH];
            join_path(inner_base, path, "layers");
            if (!inner || !find_cells(t, inner, inner_base, found, found_path)) return false;
            continue;
        }
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(l, "name");
        if (!cJSON_IsString(name) || strcmp(name->valuestring, "cells") != 0) continue;
        if (strcmp(type, "tilelayer") != 0)
            return fail(t, path, "the layer named \"cells\" is of type %s, not a tile layer",
                        AE_QUOTED(type));
        if (*found)
            return fail(t, path, "a second tile layer named \"cells\" (%s is one)", found_path);
        *found = l;
        path_printf(found_path, "%s", path);
    }
    return true;
}

static bool read_map(tiled *t, const cJSON *map, ae_grid *grid) {
    if (!cJSON_IsObject(map)) return fail(t, "", "the JSON is %s, not an object", type_name(map));
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(map, "type");
    if (!type) return fail(t, "", "not a Tiled map (no \"type\": \"map\")");
    if (!cJSON_IsString(type) || strcmp(type->valuestring, "map") != 0)
        return fail(t, "type", "not a Tiled map (the type must be \"map\")");
    const char *orientation = get_string(t, map, "", "orientation");
    if (!orientation) return false;
    if (strcmp(orientation, "orthogonal") != 0)
        return fail(t, "orientation", "\"%s\" maps are not read, only orthogonal ones",
                    AE_QUOTED(orientation));
    const cJSON *infinite = cJSON_GetObjectItemCaseSensitive(map, "infinite");
    if (infinite && !cJSON_IsBool(infinite))
        return fail(t, "infinite", "is %s, not a boolean", type_name(infinite));
    if (cJSON_IsTrue(infinite))
        return fail(t, "infinite",
                    "an infinite map cannot be loaded (uncheck Infinite in the map's properties)");
    double w, h;
    if (!get_int(t, map, "", "width", 0, 1e9, NULL, &w) ||
        !get_int(t, map, "", "height", 0, 1e9, NULL, &h))
        return false;
    ae_error size_err;
    if (!ae_grid_check_size((int)w, (int)h, &size_err))
        return fail(t, w < AE_MAP_MIN_SIDE || w > AE_MAP_MAX_SIDE ? "width" : "height", "%s",
                    size_err.msg);
    const cJSON *layers = get_array(t, map, "", "layers");
    if (!layers) return false;
    const cJSON *cells = NULL;
    char cells_path[MAX_JSON_PATH];
    if (!find_cells(t, layers, "layers", &cells, cells_path)) return false;
    if (!cells) return fail(t, "", "no tile layer named \"cells\"");
    if (!read_tilesets(t, map)) return false;
    if (!ae_grid_init(grid, (int)w, (int)h, t->err)) return false;
    if (!read_layer(t, cells, cells_path, grid)) return false;
    if (ae_grid_free_count(grid) == 0) return fail(t, "", "map has no free cell");
    return true;
}

bool map_tiled_load(const uint8_t *data, size_t len, const char *map_path, ae_grid *grid,
                    ae_map_sources *sources, ae_error *err) {
    memset(grid, 0, sizeof *grid);
    tiled t = {map_path, sources, NULL, 0, 0, err};
    cJSON *root = parse(&t, data, len);
    bool ok = root && read_map(&t, root, grid);
    cJSON_Delete(root);
    for (int i = 0; i < t.set_count; i++) ae_free(t.sets[i].kinds, t.sets[i].count);
    ae_free(t.sets, (size_t)t.set_cap * sizeof *t.sets);
    if (!ok) ae_grid_free(grid);
    return ok;
}
