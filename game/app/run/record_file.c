// The career record file (record_file.h): adding a match, a forgiving reader that reports what
// it passed over as the settings' does, and a writer that replaces the file whole after keeping
// a damaged one aside.
#include "record_file.h"

#include "kv_file.h"

#include "arena/ae_file.h"
#include "arena/ae_output.h"
#include "arena/ae_quote.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const record_group_names[RECORD_GROUPS] = {"easy", "normal", "hard", "mixed", "online"};

void record_clear(record_book *r) {
    memset(r, 0, sizeof *r);
}

static void add_to(record_totals *t, const record_match *m) {
    t->matches++;
    t->wins += m->place == 1;
    t->top5 += m->place >= 1 && m->place <= 5;
    t->kills += m->kills;
    t->damage += m->damage;
    if (m->survived_s > t->longest_s) t->longest_s = m->survived_s;
}

/// The row of map `name`, made when there is room; NULL when there is none.
static record_totals *map_row(record_book *r, const char *name) {
    for (int k = 0; k < r->map_count; k++)
        if (!strcmp(r->map_name[k], name)) return &r->map[k];
    if (r->map_count == RECORD_MAPS) return NULL;
    snprintf(r->map_name[r->map_count], RECORD_NAME_SIZE, "%s", name);
    r->map[r->map_count] = (record_totals){0};
    return &r->map[r->map_count++];
}

void record_add(record_book *r, const record_match *m) {
    add_to(&r->all, m);
    add_to(&r->group[m->online ? RECORD_ONLINE : m->difficulty], m);
    record_totals *t = map_row(r, m->map);
    if (t) add_to(t, m);
    const int keep = r->last_count < RECORD_LAST ? r->last_count : RECORD_LAST - 1;
    memmove(&r->last[1], &r->last[0], (size_t)keep * sizeof r->last[0]);
    r->last[0] = *m;
    r->last_count = keep + 1;
}

void record_match_at(record_match *m, time_t when) {
    memset(m, 0, sizeof *m);
    struct tm t;
    snprintf(m->date, sizeof m->date, "0000-00-00");
    snprintf(m->time, sizeof m->time, "00:00");
    if (localtime_r(&when, &t)) {
        strftime(m->date, sizeof m->date, "%Y-%m-%d", &t);
        strftime(m->time, sizeof m->time, "%H:%M", &t);
    }
}

// ---- Reading ----

/// The next space-separated word of *p (NUL-terminated in place), or NULL at the end.
static char *word(char **p) {
    char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) return NULL;
    char *e = s;
    while (*e && *e != ' ' && *e != '\t') e++;
    if (*e) *e++ = '\0';
    *p = e;
    return s;
}

static bool read_int(const char *w, int *out) {
    if (!w) return false;
    char *end;
    errno = 0;
    const long v = strtol(w, &end, 10);
    if (end == w || *end || errno || v < 0 || v > 1000000000L) return false;
    *out = (int)v;
    return true;
}

static bool read_seconds(const char *w, double *out) {
    if (!w) return false;
    char *end;
    const double v = strtod(w, &end);
    if (end == w || *end || !(v >= 0.0 && v <= 1e9)) return false;
    *out = v;
    return true;
}

/// "matches wins top5 kills damage longest_s", each within the others (wins <= top5 <= matches).
static bool read_totals(char *v, record_totals *out) {
    record_totals t;
    if (!read_int(word(&v), &t.matches) || !read_int(word(&v), &t.wins) ||
        !read_int(word(&v), &t.top5) || !read_int(word(&v), &t.kills) ||
        !read_int(word(&v), &t.damage) || !read_seconds(word(&v), &t.longest_s) || word(&v))
        return false;
    if (t.wins > t.top5 || t.top5 > t.matches) return false;
    *out = t;
    return true;
}

/// A name of letters, digits, '-', '_' and '.' (a map's, a replay file's), shorter than n.
static bool read_name(const char *w, char *out, size_t n) {
    if (!w || !*w || strlen(w) >= n) return false;
    for (const char *p = w; *p; p++)
        if (!(('a' <= (*p | 32) && (*p | 32) <= 'z') || ('0' <= *p && *p <= '9') ||
              strchr("-_.", *p)))
            return false;
    snprintf(out, n, "%s", w);
    return true;
}

static bool digits_at(const char *w, const char *pattern) {
    if (!w || strlen(w) != strlen(pattern)) return false;
    for (size_t i = 0; pattern[i]; i++)
        if (pattern[i] == '9' ? !('0' <= w[i] && w[i] <= '9') : w[i] != pattern[i]) return false;
    return true;
}

/// "date time map difficulty online|offline place agents kills damage survived_s replay|-".
static bool read_match(char *v, record_match *out) {
    record_match m = {0};
    const char *date = word(&v), *time = word(&v);
    if (!digits_at(date, "9999-99-99") || !digits_at(time, "99:99")) return false;
    snprintf(m.date, sizeof m.date, "%s", date);
    snprintf(m.time, sizeof m.time, "%s", time);
    if (!read_name(word(&v), m.map, sizeof m.map)) return false;
    const char *d = word(&v), *where = word(&v);
    m.difficulty = -1;
    for (int k = 0; d && k <= RECORD_MIXED; k++)
        if (!strcmp(d, record_group_names[k])) m.difficulty = k;
    if (m.difficulty < 0 || !where || (strcmp(where, "online") && strcmp(where, "offline")))
        return false;
    m.online = !strcmp(where, "online");
    if (!read_int(word(&v), &m.place) || !read_int(word(&v), &m.agents) ||
        !read_int(word(&v), &m.kills) || !read_int(word(&v), &m.damage) ||
        !read_seconds(word(&v), &m.survived_s))
        return false;
    if (m.place < 1 || m.place > m.agents) return false;
    const char *replay = word(&v);
    if (!replay || word(&v)) return false;
    if (strcmp(replay, "-") && !read_name(replay, m.replay, sizeof m.replay)) return false;
    *out = m;
    return true;
}

/// What the reader collects: the keys seen (a key twice costs the second line) and the match
/// lines by number.
typedef struct seen {
    int totals[1 + RECORD_GROUPS];
    char map_name[RECORD_MAPS][RECORD_NAME_SIZE];
    int map_line[RECORD_MAPS];
    int maps;
    int match_line[RECORD_LAST];
    record_match match[RECORD_LAST];
} seen;

/// Key `key` took its value on `line`: false (and a problem) when it had one already.
static bool first_time(int *at, int line, const char *key, kv_problems *rd) {
    if (*at) {
        kv_problem(rd, line, "%s is given twice; line %d counts", key, *at < 0 ? -*at : *at);
        return false;
    }
    *at = line;
    return true;
}

static void read_key(record_book *r, seen *s, const char *key, char *value, kv_problems *rd,
                     int line) {
    char copy[RECORD_MAX_LINE + 1];
    snprintf(copy, sizeof copy, "%s", value); // the words are cut into the value
    const char *shown = AE_QUOTED(copy);
    for (int g = -1; g < RECORD_GROUPS; g++) {
        if (strcmp(key, g < 0 ? "all" : record_group_names[g])) continue;
        if (!first_time(&s->totals[g + 1], line, key, rd)) return;
        if (!read_totals(value, g < 0 ? &r->all : &r->group[g]))
            kv_problem(rd, line,
                       "%s must be six figures (matches wins top5 kills damage longest_s), "
                       "not %s",
                       key, shown);
        return;
    }
    if (!strncmp(key, "map.", 4)) {
        char name[RECORD_NAME_SIZE];
        if (!read_name(key + 4, name, sizeof name)) {
            kv_problem(rd, line, "unknown key %s", AE_QUOTED(key));
            return;
        }
        for (int k = 0; k < s->maps; k++)
            if (!strcmp(s->map_name[k], name)) {
                first_time(&s->map_line[k], line, key, rd);
                return;
            }
        if (s->maps == RECORD_MAPS) {
            kv_problem(rd, line, "more than %d maps", RECORD_MAPS);
            return;
        }
        record_totals t;
        if (!read_totals(value, &t)) {
            kv_problem(rd, line,
                       "%s must be six figures (matches wins top5 kills damage longest_s), "
                       "not %s",
                       key, shown);
            return;
        }
        snprintf(s->map_name[s->maps], RECORD_NAME_SIZE, "%s", name);
        s->map_line[s->maps++] = line;
        snprintf(r->map_name[r->map_count], RECORD_NAME_SIZE, "%s", name);
        r->map[r->map_count++] = t;
        return;
    }
    int n;
    if (!strncmp(key, "match.", 6) && read_int(key + 6, &n) && n >= 1 && n <= RECORD_LAST) {
        if (!first_time(&s->match_line[n - 1], line, key, rd)) return;
        if (!read_match(value, &s->match[n - 1])) {
            s->match_line[n - 1] = -line; // seen, but passed over
            kv_problem(rd, line,
                       "%s must be: date time map difficulty online|offline place agents "
                       "kills damage seconds replay|-, not %s",
                       key, shown);
        }
        return;
    }
    kv_problem(rd, line, "unknown key %s", AE_QUOTED(key));
}

/// What the record's reading keeps beside it.
typedef struct record_reading {
    record_book *r;
    seen s;
} record_reading;

/// One "key = value" line (kv_pair_fn).
static void read_pair(void *ctx, char *key, char *value, int line, kv_problems *rd) {
    record_reading *reading = ctx;
    if (*value == '\0') {
        kv_problem(rd, line, "%s has no value", key);
        return;
    }
    read_key(reading->r, &reading->s, key, value, rd, line);
}

bool record_load(record_book *r, const char *path, char *warning, size_t n, bool *missing) {
    record_clear(r);
    if (n > 0) warning[0] = '\0';
    struct stat st;
    const bool regular = stat(path, &st) == 0 && S_ISREG(st.st_mode);
    record_reading reading = {.r = r};
    kv_problems rd = {0};
    if (kv_read_file(path, RECORD_MAX_FILE, RECORD_MAX_LINE, read_pair, &reading, &rd, missing))
        for (int k = 0; k < RECORD_LAST; k++) // by number, the gaps closed
            if (reading.s.match_line[k] > 0) r->last[r->last_count++] = reading.s.match[k];
    if (kv_warning(&rd, path, warning, n)) return true;
    // A regular file that had problems is the player's record all the same: kept on saving.
    r->keep_damaged = regular;
    return false;
}

// ---- Writing ----

static int put(char *text, size_t n, int len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int put(char *text, size_t n, int len, const char *fmt, ...) {
    if (len < 0 || (size_t)len >= n) return len;
    va_list ap;
    va_start(ap, fmt);
    const int k = vsnprintf(text + len, n - (size_t)len, fmt, ap);
    va_end(ap);
    return k < 0 ? -1 : len + k;
}

static int put_totals(char *text, size_t n, int len, const char *key, const record_totals *t) {
    return put(text, n, len, "%s = %d %d %d %d %d %.1f\n", key, t->matches, t->wins, t->top5,
               t->kills, t->damage, t->longest_s);
}

size_t record_format(const record_book *r, char *text, size_t n) {
    int len = put(text, n, 0,
                  "# Arena: your record, written by the game after each match (see README, "
                  "Your record).\n# matches wins top5 kills damage longest_s\n");
    len = put_totals(text, n, len, "all", &r->all);
    for (int g = 0; g < RECORD_GROUPS; g++)
        len = put_totals(text, n, len, record_group_names[g], &r->group[g]);
    for (int k = 0; k < r->map_count; k++) {
        char key[8 + RECORD_NAME_SIZE];
        snprintf(key, sizeof key, "map.%s", r->map_name[k]);
        len = put_totals(text, n, len, key, &r->map[k]);
    }
    len = put(text, n, len,
              "# date time map difficulty online|offline place agents kills damage "
              "survived_s replay|-\n");
    for (int k = 0; k < r->last_count; k++) {
        const record_match *m = &r->last[k];
        len = put(text, n, len, "match.%d = %s %s %s %s %s %d %d %d %d %.1f %s\n", k + 1, m->date,
                  m->time, m->map, record_group_names[m->difficulty],
                  m->online ? "online" : "offline", m->place, m->agents, m->kills, m->damage,
                  m->survived_s, m->replay[0] ? m->replay : "-");
    }
    return len > 0 ? (size_t)len : 0;
}

/// Renames a damaged file aside to the first free PATH.damaged[-K]; its name into kept.
static bool keep_aside(const char *path, char *kept, size_t kept_n, ae_error *err) {
    for (int k = 1; k <= 100; k++) {
        char to[4096 + 32];
        if (k == 1)
            snprintf(to, sizeof to, "%s.damaged", path);
        else
            snprintf(to, sizeof to, "%s.damaged-%d", path, k);
        struct stat st;
        if (lstat(to, &st) == 0) continue; // taken: never replaced
        if (rename(path, to) != 0) {
            if (errno == ENOENT) return true; // gone since: nothing to keep
            ae_error_set(err, "cannot keep the damaged file: %s", strerror(errno));
            return false;
        }
        snprintf(kept, kept_n, "%s", to);
        return true;
    }
    ae_error_set(err, "cannot keep the damaged file: %s.damaged-100 taken", path);
    return false;
}

bool record_save(record_book *r, const char *path, char *kept, size_t kept_n, ae_error *err) {
    if (kept_n > 0) kept[0] = '\0';
    char *text = ae_alloc(RECORD_TEXT_MAX);
    if (!text) {
        ae_error_set(err, "out of memory");
        return false;
    }
    const size_t len = record_format(r, text, RECORD_TEXT_MAX);
    AE_ASSERT(len > 0 && len < RECORD_TEXT_MAX); // bounded lines, bounded counts: it always fits
    bool ok = !r->keep_damaged || keep_aside(path, kept, kept_n, err);
    if (ok) r->keep_damaged = false;
    ok = ok && ae_output_save(path, text, len, err);
    ae_free(text, RECORD_TEXT_MAX);
    return ok;
}
