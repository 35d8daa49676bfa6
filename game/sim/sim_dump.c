// The state as text (sim_dump.h): one line per thing, a record's fields as its table lists them
// (sim_state_fields.h).
#include "sim_dump.h"

#include "sim_state_fields.h"

#include "arena/rp_hash.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

// A line being built. Lines are short (the longest, an agent's, is under 600 bytes); one that
// would not fit is cut, never overrun, and then ends in "...".
typedef struct line {
    char text[1024];
    size_t len;
    sim_dump_fn *fn;
    void *ctx;
} line;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(line *l, const char *fmt, ...) {
    if (l->len >= sizeof l->text) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(l->text + l->len, sizeof l->text - l->len, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    l->len += (size_t)n;
    if (l->len >= sizeof l->text) memcpy(l->text + sizeof l->text - 4, "...", 4);
}

static void begin(line *l, const char *kind) {
    l->len = 0;
    put(l, "%s", kind);
}

static void end(line *l) {
    l->fn(l->ctx, l->text);
}

static void put_int(line *l, const char *key, int v) {
    put(l, " %s %d", key, v);
}
static void put_float(line *l, const char *key, float v) {
    put(l, " %s %.9g", key, (double)v);
}
static void put_vec(line *l, const char *key, vec2s v) {
    put(l, " %s %.9g %.9g", key, (double)v.x, (double)v.y);
}
static void put_hex(line *l, const char *key, uint64_t v) {
    put(l, " %s %016" PRIx64, key, v);
}
/// names[v] when v is one of the n names, else the number.
static void put_name(line *l, const char *key, int v, const char *const *names, int n) {
    if (v >= 0 && v < n)
        put(l, " %s %s", key, names[v]);
    else
        put(l, " %s %d", key, v);
}

#define NAMES(a) (a), (int)(sizeof(a) / sizeof((a)[0]))
static const char *const difficulties[] = {"easy", "normal", "hard"};
_Static_assert(sizeof difficulties / sizeof difficulties[0] == SIM_DIFFICULTY_COUNT, "per level");

/// The field as its key and value(s): an enum by name, an array as a list with commas.
static void put_field(line *l, const sim_state_field *f, const void *record) {
    const uint64_t v = sim_state_value(f, record, 0);
    switch ((sim_field_type)f->type) {
    case SIM_FIELD_INT:
    case SIM_FIELD_I8:
    case SIM_FIELD_U8:
        if (f->count > 1) {
            put(l, " %s", f->name);
            for (int k = 0; k < f->count; k++)
                put(l, "%c%u", k ? ',' : ' ', (unsigned)sim_state_value(f, record, k));
        } else {
            // Back to the signed value of its stored width.
            const int n = f->type == SIM_FIELD_INT  ? (int)(int32_t)(uint32_t)v
                          : f->type == SIM_FIELD_I8 ? (int)(int8_t)(uint8_t)v
                                                    : (int)v;
            put_name(l, f->name, n, f->names, f->names ? f->name_count : 0);
        }
        break;
    case SIM_FIELD_U64:
        put_hex(l, f->name, v);
        break;
    case SIM_FIELD_FLOAT:
        put_float(l, f->name, rp_bits_f32((uint32_t)v));
        break;
    case SIM_FIELD_VEC2:
        put_vec(l, f->name,
                (vec2s){{rp_bits_f32((uint32_t)v),
                         rp_bits_f32((uint32_t)sim_state_value(f, record, 1))}});
        break;
    case SIM_FIELD_OTHER:
        break;
    }
}

/// The record's dumped fields, in the table's dump order.
static void put_record(line *l, const sim_state_table *t, const void *record) {
    for (int i = 0; i < t->count; i++) {
        const int row = t->dump_order ? t->dump_order[i] : i;
        if (row == t->count) break; // the dump order's end
        if (t->field[row].use & SIM_FIELD_DUMP) put_field(l, &t->field[row], record);
    }
}

static void dump_header(const sim_world *w, line *l) {
    begin(l, "tick");
    put(l, " %d", w->tick);
    put_int(l, "over", w->over);
    put_int(l, "winner", w->winner);
    end(l);

    begin(l, "match");
    put(l, " seed %" PRIu64, w->cfg.seed);
    put_int(l, "humans", w->cfg.humans);
    put_int(l, "bots", w->cfg.bots);
    put_int(l, "agents", w->agent_count);
    put_int(l, "alive", w->alive_count);
    if (w->cfg.bot_difficulty < 0)
        put(l, " difficulty mixed");
    else
        put_name(l, "difficulty", w->cfg.bot_difficulty, NAMES(difficulties));
    put_int(l, "alive_at_last_shrink", w->alive_at_last_shrink);
    end(l);

    begin(l, "map");
    put_int(l, "width", w->grid.width);
    put_int(l, "height", w->grid.height);
    put_float(l, "cell_size", w->cfg.cell_size);
    put_hex(l, "hash", sim_map_hash(w));
    end(l);

    begin(l, "rng");
    put_hex(l, "state", w->rng.state);
    put_hex(l, "inc", w->rng.inc);
    end(l);

    begin(l, "zone");
    put_record(l, &sim_zone_table, &w->zone);
    end(l);

    begin(l, "counts");
    put_int(l, "bullets", w->bullet_count);
    put_int(l, "gems", w->gem_count);
    put_int(l, "spawned_gems", w->spawned_gems);
    put_int(l, "pickups", w->pickup_count);
    put_int(l, "props", w->prop_count);
    put_int(l, "props_broken", w->props_broken);
    put_hex(l, "props_damage_hash", w->props_hash);
    put_int(l, "doors", w->door_count);
    put_int(l, "doors_active", w->door_active_count);
    end(l);
}

static void dump_agent(const sim_world *w, int i, line *l) {
    const sim_agent *a = &w->agents[i];
    begin(l, "agent");
    put(l, " %d", i);
    if (a->bot) {
        put_int(l, "bot", i - w->cfg.humans + 1); // as sim_agent_name numbers them
        put_name(l, "difficulty", (int)a->difficulty, NAMES(difficulties));
    } else {
        put_int(l, "player", i + 1);
    }
    put_record(l, &sim_agent_table, a);
    end(l);
}

static void dump_brain(const sim_world *w, int i, line *l) {
    begin(l, "brain");
    put(l, " %d", i);
    put_record(l, &sim_brain_table, sim_bots_brain(w, i));
    end(l);
}

/// A line for each live slot below `top`: its kind, its index and its dumped fields. `alive`: the
/// offset of the slot's bool that says it is live.
static void dump_slots(line *l, const sim_state_table *t, const char *kind, const void *slots,
                       int top, size_t alive) {
    for (int i = 0; i < top; i++) {
        const uint8_t *record = (const uint8_t *)slots + (size_t)i * t->record_size;
        if (!record[alive]) continue;
        begin(l, kind);
        put(l, " %d", i);
        put_record(l, t, record);
        end(l);
    }
}

static void dump_things(const sim_world *w, line *l) {
    dump_slots(l, &sim_bullet_table, "bullet", w->bullets, w->bullet_top,
               offsetof(sim_bullet, alive));
    dump_slots(l, &sim_gem_table, "gem", w->gems, w->gem_top, offsetof(sim_gem, alive));
    dump_slots(l, &sim_pickup_table, "pickup", w->pickups, w->pickup_top,
               offsetof(sim_pickup, alive));
    // Props and doors as the map made them (whole, closed) are left out: a big map has
    // thousands, and they say nothing until something touches them.
    for (int i = 0; i < w->prop_count; i++) {
        const sim_prop *p = &w->props[i];
        if (p->hp == p->max_hp && p->hit_tick < 0) continue;
        begin(l, "prop");
        put(l, " %d cell %d %d", i, p->x, p->y);
        put_record(l, &sim_prop_table, p);
        end(l);
    }
    for (int i = 0; i < w->door_count; i++) {
        const sim_door *d = &w->doors[i];
        if (d->open == 0.0f && d->moving == 0) continue;
        begin(l, "door");
        put(l, " %d cell %d %d", i, d->x, d->y);
        put_record(l, &sim_door_table, d);
        end(l);
    }
}

void sim_dump_lines(const sim_world *w, sim_dump_fn *fn, void *ctx) {
    line l = {.fn = fn, .ctx = ctx};
    dump_header(w, &l);
    for (int i = 0; i < w->agent_count; i++) dump_agent(w, i, &l);
    // Every agent has a brain (the players' stay idle) and the hash covers them all.
    for (int i = 0; i < w->agent_count; i++) dump_brain(w, i, &l);
    dump_things(w, &l);
}

static void write_line(void *ctx, const char *text) {
    fprintf(ctx, "%s\n", text);
}

void sim_dump(const sim_world *w, FILE *out) {
    sim_dump_lines(w, write_line, out);
}
