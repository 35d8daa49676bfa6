// The state as text (sim_dump.h): one line per thing, fields in a fixed order.
#include "sim_dump.h"

#include "sim_bots.h"
#include "sim_world.h"

#include <inttypes.h>
#include <stdarg.h>
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
static const char *const weapons[] = {"pistol", "shotgun", "rifle", "smg", "grenade"};
static const char *const difficulties[] = {"easy", "normal", "hard"};
static const char *const causes[] = {"alive", "bullet", "zone"};
static const char *const prop_kinds[] = {"crate", "barrel", "bush"};
static const char *const pickup_kinds[] = {"weapon", "medkit", "shield"};
_Static_assert(sizeof weapons / sizeof weapons[0] == SIM_WEAPON_COUNT, "a name per weapon");
_Static_assert(sizeof difficulties / sizeof difficulties[0] == SIM_DIFFICULTY_COUNT, "per level");
_Static_assert(sizeof prop_kinds / sizeof prop_kinds[0] == SIM_PROP_KIND_COUNT, "per prop kind");
_Static_assert(sizeof pickup_kinds / sizeof pickup_kinds[0] == SIM_PICKUP_KIND_COUNT, "per kind");

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
    put_hex(l, "hash", w->map_hash);
    end(l);

    begin(l, "rng");
    put_hex(l, "state", w->rng.state);
    put_hex(l, "inc", w->rng.inc);
    end(l);

    const sim_zone *z = &w->zone;
    begin(l, "zone");
    put_int(l, "phase", z->phase);
    put_int(l, "timer", z->timer);
    put_int(l, "shrinking", z->shrinking);
    put_vec(l, "center", z->center);
    put_float(l, "radius", z->radius);
    put_vec(l, "from_center", z->from_center);
    put_float(l, "from_radius", z->from_radius);
    put_vec(l, "next_center", z->next_center);
    put_float(l, "next_radius", z->next_radius);
    put_float(l, "dps", z->dps);
    put_float(l, "time_scale", z->time_scale);
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
    put_int(l, "slot", a->slot); // the input slot driving it (a take-over moves it), -1: its brain
    put_vec(l, "pos", a->pos);
    put_vec(l, "facing", a->facing);
    put_vec(l, "move", a->move);
    put_float(l, "radius", a->radius);
    put_float(l, "hp", a->hp);
    put_float(l, "max_hp", a->max_hp);
    put_float(l, "shield", a->shield);
    put_int(l, "xp", a->xp);
    put_int(l, "level", a->level);
    put_int(l, "pending_picks", a->pending_picks);
    put(l, " skills");
    for (int k = 0; k < SIM_SKILL_COUNT; k++) put(l, "%c%u", k ? ',' : ' ', a->skills[k]);
    put_name(l, "weapon", a->weapon, NAMES(weapons));
    put_int(l, "ammo", a->ammo);
    put_int(l, "fire_cooldown", a->fire_cooldown);
    put_int(l, "blink_cooldown", a->blink_cooldown);
    put_int(l, "kills", a->kills);
    put_int(l, "placement", a->placement);
    put_int(l, "death_tick", a->death_tick);
    put_int(l, "killer", a->killer);
    put_name(l, "cause", (int)a->cause, NAMES(causes));
    put_int(l, "last_hit_by", a->last_hit_by);
    put_int(l, "last_hit_weapon", a->last_hit_weapon);
    put_int(l, "hurt_tick", a->hurt_tick);
    put_int(l, "hit_flash", a->hit_flash);
    put_int(l, "auto_target", a->auto_target);
    put_int(l, "auto_since", a->auto_since);
    put_int(l, "swap_held", a->swap_held);
    end(l);
}

static void dump_brain(const sim_world *w, int i, line *l) {
    const bot_brain *b = sim_bots_brain(w, i);
    begin(l, "brain");
    put(l, " %d", i);
    put_hex(l, "rng_state", b->rng.state);
    put_hex(l, "rng_inc", b->rng.inc);
    put_name(l, "state", (int)b->state, NAMES(bot_state_names));
    put_int(l, "target", b->target);
    put_int(l, "target_seen", b->target_seen);
    put_vec(l, "goal", b->goal);
    put_vec(l, "strafe", b->strafe);
    put_int(l, "strafe_side", b->strafe_side);
    put_int(l, "strafe_until", b->strafe_until);
    put_int(l, "dodge_ticks", b->dodge_ticks);
    put_int(l, "replan_tick", b->replan_tick);
    put_int(l, "stuck_ticks", b->stuck_ticks);
    put_int(l, "cover_tick", b->cover_tick);
    put_int(l, "cover_search_tick", b->cover_search_tick);
    put_int(l, "cover_found", b->cover_found);
    put_vec(l, "cover_spot", b->cover_spot);
    put_int(l, "scan_tick", b->scan_tick);
    put_int(l, "chase_ticks", b->chase_ticks);
    put_int(l, "let_go", b->let_go);
    put_int(l, "let_go_until", b->let_go_until);
    put_int(l, "crate", b->crate);
    put_int(l, "path_count", b->path_count);
    put_int(l, "path_next", b->path_next);
    put_int(l, "path_pending", b->path_pending);
    end(l);
}

static void dump_things(const sim_world *w, line *l) {
    for (int i = 0; i < w->bullet_top; i++) {
        const sim_bullet *b = &w->bullets[i];
        if (!b->alive) continue;
        begin(l, "bullet");
        put(l, " %d", i);
        put_vec(l, "pos", b->pos);
        put_vec(l, "vel", b->vel);
        put_float(l, "radius", b->radius);
        put_float(l, "damage", b->damage);
        put_float(l, "range_left", b->range_left);
        put_int(l, "owner", b->owner);
        put_int(l, "fired_tick", b->fired_tick);
        put_int(l, "threat", b->threat);
        put_name(l, "weapon", b->weapon, NAMES(weapons));
        put_float(l, "blast", b->blast);
        end(l);
    }
    for (int i = 0; i < w->gem_top; i++) {
        const sim_gem *g = &w->gems[i];
        if (!g->alive) continue;
        begin(l, "gem");
        put(l, " %d", i);
        put_vec(l, "pos", g->pos);
        put_int(l, "xp", g->xp);
        put_int(l, "dropped", g->dropped);
        end(l);
    }
    for (int i = 0; i < w->pickup_top; i++) {
        const sim_pickup *p = &w->pickups[i];
        if (!p->alive) continue;
        begin(l, "pickup");
        put(l, " %d", i);
        put_vec(l, "pos", p->pos);
        put_name(l, "kind", p->kind, NAMES(pickup_kinds));
        put_name(l, "weapon", p->weapon, NAMES(weapons));
        put_int(l, "ammo", p->ammo);
        put_int(l, "drop_tick", p->drop_tick);
        end(l);
    }
    // Props and doors as the map made them (whole, closed) are left out: a big map has
    // thousands, and they say nothing until something touches them.
    for (int i = 0; i < w->prop_count; i++) {
        const sim_prop *p = &w->props[i];
        if (p->hp == p->max_hp && p->hit_tick < 0) continue;
        begin(l, "prop");
        put(l, " %d cell %d %d", i, p->x, p->y);
        put_name(l, "kind", p->kind, NAMES(prop_kinds));
        put_float(l, "hp", p->hp);
        put_float(l, "max_hp", p->max_hp);
        put_int(l, "hit_tick", p->hit_tick);
        put_int(l, "broken_by", p->broken_by);
        put_name(l, "broken_weapon", p->broken_weapon, NAMES(weapons));
        end(l);
    }
    for (int i = 0; i < w->door_count; i++) {
        const sim_door *d = &w->doors[i];
        if (d->open == 0.0f && d->moving == 0) continue;
        begin(l, "door");
        put(l, " %d cell %d %d", i, d->x, d->y);
        put_float(l, "open", d->open);
        put_int(l, "moving", d->moving);
        put_int(l, "active", d->active);
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
