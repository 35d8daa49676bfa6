// The settings file (see settings.h): defaults, a forgiving reader that reports what it passed
// over, and a writer that replaces the file whole.
#include "settings.h"

#include "app_maps.h"
#include "app_paths.h"
#include "arena/ae_file.h"
#include "arena/ae_output.h"
#include "arena/ae_quote.h"
#include "camera.h"
#include "kv_file.h"
#include "options.h"
#include "session.h"
#include "sim.h"
#include "tool_util.h"

#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

_Static_assert(SETTINGS_NAME_MAX == SESSION_NAME_MAX, "the name a server takes");

bool settings_address_valid(const char *v) {
    const size_t n = strlen(v);
    // ws://: an arena-server's; http://: an arena-lobby's (it hands out a server's).
    const size_t scheme = !strncmp(v, "ws://", 5) ? 5 : !strncmp(v, "http://", 7) ? 7 : 0;
    if (n >= SETTINGS_ADDRESS_MAX || !scheme) return false;
    const char *p = v + scheme, *host = p;
    if (*p == '[') { // an IPv6 address
        p++;
        while (*p && (strchr("0123456789abcdefABCDEF:.", *p))) p++;
        if (*p++ != ']' || p - host < 4) return false;
    } else {
        while (*p && (('a' <= (*p | 32) && (*p | 32) <= 'z') || ('0' <= *p && *p <= '9') ||
                      strchr(".-_", *p)))
            p++;
        if (p == host) return false;
    }
    if (*p == '\0') return true;
    long port;
    return *p == ':' && tool_parse_int(p + 1, 1, 65535, &port);
}

bool settings_name_valid(const char *v) {
    const size_t n = strlen(v);
    return session_name_valid(v, n) && v[0] != ' ' && v[n - 1] != ' ';
}

const settings_row settings_rows[SETTING_COUNT] = {
#define SETTINGS_ROW(id, field, type, lo, hi, def, section, label, place)                          \
    [id] = {#field, type, offsetof(settings, field), lo, hi, def, section, label, place},
    SETTINGS_TABLE(SETTINGS_ROW)
#undef SETTINGS_ROW
};

// A row's field in s, by its type.
#define FIELD(s, row, type)  ((type *)((char *)(s) + (row)->offset))
#define CFIELD(s, row, type) ((const type *)((const char *)(s) + (row)->offset))

void settings_defaults(settings *s) {
    memset(s, 0, sizeof *s);
    for (int k = 0; k < SETTING_COUNT; k++) {
        const settings_row *row = &settings_rows[k];
        switch (row->type) {
        case SETTINGS_T_BOOL:
            *FIELD(s, row, bool) = row->def != 0;
            break;
        case SETTINGS_T_INT:
        case SETTINGS_T_PERCENT:
        case SETTINGS_T_DIFFICULTY:
            *FIELD(s, row, int) = (int)row->def;
            break;
        case SETTINGS_T_FLOAT:
            *FIELD(s, row, float) = (float)row->def;
            break;
        case SETTINGS_T_MAP:
            snprintf(FIELD(s, row, char), sizeof s->map, "%s", app_maps[(int)row->def]);
            break;
        case SETTINGS_T_ADDRESS:
            snprintf(FIELD(s, row, char), sizeof s->online_address, "%s", SETTINGS_ADDRESS_DEFAULT);
            break;
        case SETTINGS_T_NAME:
            snprintf(FIELD(s, row, char), sizeof s->online_name, "%s", SETTINGS_NAME_DEFAULT);
            break;
        }
    }
    input_bindings_default(&s->bindings);
}

// ---- The keys of the file ----

// The plain settings first (SETTINGS_TABLE), then key.BIND.SLOT for every bind and key slot,
// then pad.BIND.SLOT.
enum {
    K_KEYS = SETTING_COUNT,
    K_PADS = K_KEYS + BIND_COUNT * INPUT_BIND_KEYS,
    K_COUNT = K_PADS + BIND_COUNT * INPUT_BIND_PADS
};

static const char *const difficulty_names[] = {
    [SIM_EASY] = "easy", [SIM_NORMAL] = "normal", [SIM_HARD] = "hard"};

/// The file's name of key k, written into buf (at most 32 bytes).
static const char *key_name(int k, char *buf, size_t n) {
    if (k < SETTING_COUNT) return settings_rows[k].key;
    bool pad = k >= K_PADS;
    int i = pad ? k - K_PADS : k - K_KEYS, slots = pad ? INPUT_BIND_PADS : INPUT_BIND_KEYS;
    snprintf(buf, n, "%s.%s.%d", pad ? "pad" : "key", input_bind_id((input_bind)(i / slots)),
             i % slots + 1);
    return buf;
}

/// The key named `name`, or -1.
static int key_of(const char *name) {
    char buf[32];
    for (int k = 0; k < K_COUNT; k++)
        if (!strcmp(name, key_name(k, buf, sizeof buf))) return k;
    return -1;
}

// ---- Reading ----

static bool read_bool(const char *v, bool *out) {
    static const char *const yes[] = {"yes", "true", "on", "1"}, *const no[] = {"no", "false",
                                                                                "off", "0"};
    for (size_t i = 0; i < 4; i++) {
        if (!strcmp(v, yes[i])) return *out = true, true;
        if (!strcmp(v, no[i])) return *out = false, true;
    }
    return false;
}

/// Stores value v of plain setting `row` into s; false with the reason in r when v is not one
/// of its values.
static bool read_plain(settings *s, const settings_row *row, const char *v, kv_problems *r,
                       int line) {
    const char *key = row->key, *shown = AE_QUOTED(v);
    long n;
    double f;
    switch (row->type) {
    case SETTINGS_T_INT:
    case SETTINGS_T_PERCENT:
        if (tool_parse_int(v, (long)row->lo, (long)row->hi, &n))
            return *FIELD(s, row, int) = (int)n, true;
        kv_problem(r, line, "%s must be a number from %d to %d, not %s", key, (int)row->lo,
                   (int)row->hi, shown);
        return false;
    case SETTINGS_T_BOOL:
        if (read_bool(v, FIELD(s, row, bool))) return true;
        kv_problem(r, line, "%s must be yes or no, not %s", key, shown);
        return false;
    case SETTINGS_T_DIFFICULTY:
        for (int d = 0; d < SIM_DIFFICULTY_COUNT; d++)
            if (!strcmp(v, difficulty_names[d])) return *FIELD(s, row, int) = d, true;
        if (!strcmp(v, "mixed")) return *FIELD(s, row, int) = -1, true;
        kv_problem(r, line, "%s must be easy, normal, hard or mixed, not %s", key, shown);
        return false;
    case SETTINGS_T_MAP: {
        char names[256] = "";
        for (int m = 0; m < APP_MAP_COUNT; m++) {
            if (!strcmp(v, app_maps[m])) {
                snprintf(FIELD(s, row, char), sizeof s->map, "%s", app_maps[m]);
                return true;
            }
            size_t at = strlen(names);
            snprintf(names + at, sizeof names - at, "%s%s",
                     m == 0                  ? ""
                     : m + 1 < APP_MAP_COUNT ? ", "
                                             : " or ",
                     app_maps[m]);
        }
        kv_problem(r, line, "%s must be %s, not %s", key, names, shown);
        return false;
    }
    case SETTINGS_T_ADDRESS:
        if (settings_address_valid(v))
            return snprintf(FIELD(s, row, char), sizeof s->online_address, "%s", v), true;
        kv_problem(r, line, "%s must be ws://HOST or ws://HOST:PORT, not %s", key, shown);
        return false;
    case SETTINGS_T_NAME:
        if (settings_name_valid(v))
            return snprintf(FIELD(s, row, char), sizeof s->online_name, "%s", v), true;
        kv_problem(r, line, "%s must be 1 to %d bytes of UTF-8 without control characters, not %s",
                   key, SETTINGS_NAME_MAX, shown);
        return false;
    case SETTINGS_T_FLOAT:
        if (tool_parse_float(v, row->lo, row->hi, &f))
            return *FIELD(s, row, float) = (float)f, true;
        kv_problem(r, line, "%s must be a number from %g to %g, not %s", key, row->lo, row->hi,
                   shown);
        return false;
    }
    return false;
}

/// Stores value v of key k into s; false with the reason in r when v is not one of its values.
static bool read_value(settings *s, int k, const char *v, kv_problems *r, int line) {
    if (k < SETTING_COUNT) return read_plain(s, &settings_rows[k], v, r, line);
    char name[32];
    const char *key = key_name(k, name, sizeof name), *shown = AE_QUOTED(v);
    if (k < K_PADS) {
        int i = k - K_KEYS;
        if (input_key_from_name(v, &s->bindings.keys[i / INPUT_BIND_KEYS][i % INPUT_BIND_KEYS]))
            return true;
        kv_problem(r, line, "%s must be a key name or none, not %s", key, shown);
    } else {
        int i = k - K_PADS;
        if (input_pad_from_name(v, &s->bindings.pad[i / INPUT_BIND_PADS][i % INPUT_BIND_PADS]))
            return true;
        kv_problem(r, line, "%s must be a pad button name or none, not %s", key, shown);
    }
    return false;
}

/// What the settings' reading keeps beside them: the line each key took its value on.
typedef struct settings_reading {
    settings *s;
    int seen_line[K_COUNT];
} settings_reading;

/// One "key = value" line (kv_pair_fn).
static void read_pair(void *ctx, char *key, char *value, int line, kv_problems *r) {
    settings_reading *rd = ctx;
    int k = key_of(key);
    if (k < 0) {
        kv_problem(r, line, "unknown key %s", AE_QUOTED(key));
        return;
    }
    if (rd->seen_line[k]) {
        kv_problem(r, line, "%s is given twice; line %d counts", key, rd->seen_line[k]);
        return;
    }
    rd->seen_line[k] = line;
    if (*value == '\0') {
        kv_problem(r, line, "%s has no value", key);
        return;
    }
    read_value(rd->s, k, value, r, line);
}

/// After the lines: what the file as a whole says (binds it does not name, the zoom range).
static void read_whole(settings_reading *rd, const settings *defaults, kv_problems *r) {
    settings *s = rd->s;
    const int *seen_line = rd->seen_line;
    // A bind the file does not name (new since it was written) keeps a default key or button
    // only where no bind it names has it: an older file's skills on 1-6 stay there, and the
    // weapon slots go without those keys until they are bound again.
    for (int k = K_KEYS; k < K_COUNT; k++) {
        if (seen_line[k]) continue;
        const bool pad = k >= K_PADS;
        const int i = pad ? k - K_PADS : k - K_KEYS,
                  slots = pad ? INPUT_BIND_PADS : INPUT_BIND_KEYS;
        const input_bind bind = (input_bind)(i / slots);
        if (!pad && input_bind_conflict_key(&s->bindings, bind, i % slots) >= 0)
            s->bindings.keys[bind][i % slots] = SDL_SCANCODE_UNKNOWN;
        if (pad && input_bind_conflict_pad(&s->bindings, bind, i % slots) >= 0)
            s->bindings.pad[bind][i % slots] = SDL_CONTROLLER_BUTTON_INVALID;
    }
    if (s->zoom_min > s->zoom_max) { // the range as a whole goes back to the default
        int line = seen_line[SETTING_ZOOM_MIN] > seen_line[SETTING_ZOOM_MAX]
                       ? seen_line[SETTING_ZOOM_MIN]
                       : seen_line[SETTING_ZOOM_MAX];
        kv_problem(r, line, "zoom_min %g is above zoom_max %g", (double)s->zoom_min,
                   (double)s->zoom_max);
        s->zoom_min = defaults->zoom_min;
        s->zoom_max = defaults->zoom_max;
    }
}

bool settings_load(settings *s, const char *path, char *warning, size_t n, bool *missing) {
    settings_defaults(s);
    if (n > 0) warning[0] = '\0';
    settings_reading rd = {.s = s};
    const settings defaults = *s;
    kv_problems r = {0};
    if (kv_read_file(path, SETTINGS_MAX_FILE, SETTINGS_MAX_LINE, read_pair, &rd, &r, missing))
        read_whole(&rd, &defaults, &r);
    return kv_warning(&r, path, warning, n);
}

// ---- Writing ----

/// The shortest %g form that reads back as the same float.
static void put_float(char *buf, size_t n, float v) {
    for (int digits = 6; digits <= 9; digits++) {
        snprintf(buf, n, "%.*g", digits, (double)v);
        if ((float)strtod(buf, NULL) == v) return;
    }
}

const char *settings_value_text(const settings *s, int k, char *buf, size_t n) {
    const settings_row *row = &settings_rows[k];
    switch (row->type) {
    case SETTINGS_T_BOOL:
        return *CFIELD(s, row, bool) ? "yes" : "no";
    case SETTINGS_T_INT:
    case SETTINGS_T_PERCENT:
        snprintf(buf, n, "%d", *CFIELD(s, row, int));
        return buf;
    case SETTINGS_T_FLOAT:
        put_float(buf, n, *CFIELD(s, row, float));
        return buf;
    case SETTINGS_T_DIFFICULTY: {
        int d = *CFIELD(s, row, int);
        return d >= 0 && d < SIM_DIFFICULTY_COUNT ? difficulty_names[d] : "mixed";
    }
    case SETTINGS_T_MAP:
    case SETTINGS_T_ADDRESS:
    case SETTINGS_T_NAME:
        return CFIELD(s, row, char);
    }
    return "";
}

size_t settings_format(const settings *s, char *text, size_t n) {
    int len = snprintf(
        text, n,
        "# Arena settings, written by the game when a setting changes (see README, Settings).\n"
        "# `key = value` lines; a key left out takes its default.\n");
    for (int k = 0; k < K_COUNT && len > 0 && (size_t)len < n; k++) {
        char name[32], buf[32];
        const char *value;
        if (k < SETTING_COUNT) {
            value = settings_value_text(s, k, buf, sizeof buf);
        } else {
            int i = k < K_PADS ? k - K_KEYS : k - K_PADS;
            value = k < K_PADS
                        ? input_key_name(s->bindings.keys[i / INPUT_BIND_KEYS][i % INPUT_BIND_KEYS])
                        : input_pad_name(s->bindings.pad[i / INPUT_BIND_PADS][i % INPUT_BIND_PADS]);
        }
        if (k == K_KEYS)
            len += snprintf(text + len, n - (size_t)len,
                            "# Keys (SDL's key names) and pad buttons (SDL's button names), two of "
                            "each per action; none is unbound.\n");
        if (len > 0 && (size_t)len < n)
            len += snprintf(text + len, n - (size_t)len, "%s = %s\n",
                            key_name(k, name, sizeof name), value);
    }
    return len > 0 ? (size_t)len : 0;
}

bool settings_save(const settings *s, const char *path, ae_error *err) {
    char text[SETTINGS_TEXT_MAX];
    size_t len = settings_format(s, text, sizeof text);
    AE_ASSERT(len > 0 && len < sizeof text); // the text has a known size: it always fits
    return ae_output_save(path, text, len, err);
}

bool settings_default_path(char *buf, size_t n) {
    return app_pref_file("settings.txt", buf, n);
}

const char *settings_load_startup(settings *s, const char *config, char *buf, size_t n) {
    settings_defaults(s);
    const char *path = config;
    if (!path && !settings_default_path(buf, n)) return NULL; // play with the defaults
    if (!path) path = buf;
    char warning[SETTINGS_WARNING_MAX];
    bool missing;
    if (!settings_load(s, path, warning, sizeof warning, &missing) && !(missing && !config))
        fprintf(stderr, "%s: %s\n", ARENA_PROGRAM, warning);
    return path;
}
