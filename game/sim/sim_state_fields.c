// The state's field tables (sim_state_fields.h). Each kind's list names every member of its
// struct in declaration order, through these forms:
//   F(member, TYPE, use)            a member, keyed by its name, stored width
//   N(member, TYPE, use, names)     the same, and the dump writes it by name (an enum)
//   A(member, TYPE, use)            an array of TYPE
//   P(key, member, TYPE, bytes, use, names)  a member under another key or width
//   Q(key, member, TYPE, bytes, use) a part of a member (ae_rng's halves): no value of its own in
//                                   the check below, M(value) gives the whole member's
// The list is expanded into the table and into checks (TABLE below), so a member without a row,
// a row out of order or of another type than its member fails the build.
#include "sim_state_fields.h"

#include "arena/rp_hash.h"

#include <stddef.h>
#include <string.h>

#define HD (SIM_FIELD_HASH | SIM_FIELD_DUMP)
#define D  SIM_FIELD_DUMP

#define NAMES(a) (a), (int)(sizeof(a) / sizeof((a)[0]))
#define NO_NAMES NULL, 0

static const char *const weapons[] = {"pistol", "shotgun", "rifle", "smg", "grenade"};
static const char *const causes[] = {"alive", "bullet", "zone"};
static const char *const prop_kinds[] = {"crate", "barrel", "bush"};
static const char *const pickup_kinds[] = {"weapon", "medkit", "shield", "bandage"};
_Static_assert(sizeof weapons / sizeof weapons[0] == SIM_WEAPON_COUNT, "a name per weapon");
_Static_assert(sizeof prop_kinds / sizeof prop_kinds[0] == SIM_PROP_KIND_COUNT, "per prop kind");
_Static_assert(sizeof pickup_kinds / sizeof pickup_kinds[0] == SIM_PICKUP_KIND_COUNT, "per kind");
_Static_assert(sizeof(bool) == 1 && sizeof(int) == 4, "U8 holds a bool, INT an int or enum");

#define AGENT_FIELDS(F, N, A, P, Q, M)                                                             \
    F(pos, VEC2, HD)                                                                               \
    F(prev_pos, VEC2, 0) /* derived: for interpolated drawing */                                   \
    F(facing, VEC2, HD)                                                                            \
    F(move, VEC2, D)    /* this tick's input, which the next tick's input replaces */              \
    F(radius, FLOAT, D) /* from the rules */                                                       \
    F(hp, FLOAT, HD)                                                                               \
    F(max_hp, FLOAT, HD)                                                                           \
    F(xp, INT, HD)                                                                                 \
    F(level, INT, HD)                                                                              \
    F(pending_picks, INT, HD)                                                                      \
    F(fire_cooldown, INT, HD)                                                                      \
    F(kills, INT, HD)                                                                              \
    F(placement, INT, HD)                                                                          \
    F(death_tick, INT, D)                                                                          \
    F(killer, INT, HD)                                                                             \
    N(cause, INT, HD, NAMES(causes))                                                               \
    F(last_hit_by, INT, HD)                                                                        \
    F(hurt_tick, INT, HD)                                                                          \
    F(auto_target, INT, HD)                                                                        \
    F(auto_since, INT, HD)                                                                         \
    F(hit_flash, INT, D)                                                                           \
    A(skills, U8, HD)                                                                              \
    N(weapon, U8, HD, NAMES(weapons))                                                              \
    F(held, U8, HD)                                                                                \
    A(guns, U8, HD)                                                                                \
    A(tiers, U8, HD)                                                                               \
    A(mag, INT, HD)                                                                                \
    A(reserve, INT, HD)                                                                            \
    F(reload_ticks, INT, HD)                                                                       \
    A(items, U8, HD)                                                                               \
    F(using_item, I8, HD)                                                                          \
    F(use_ticks, INT, HD)                                                                          \
    F(shield, FLOAT, HD)                                                                           \
    F(blink_cooldown, INT, HD)                                                                     \
    F(last_hit_weapon, INT, HD)                                                                    \
    F(swap_held, U8, HD)                                                                           \
    F(bot, U8, 0)         /* from the config; the dump writes it (bot or player) by hand */        \
    F(slot, I8, D)        /* the hash takes it by hand, where a take-over moved it */              \
    F(difficulty, INT, 0) /* from the config; the dump writes a bot's by hand */                   \
    F(view, VEC2, HD)                                                                              \
    F(stats, OTHER, 0) /* figures for --stats, not state */

#define BULLET_FIELDS(F, N, A, P, Q, M)                                                            \
    F(pos, VEC2, HD)                                                                               \
    F(vel, VEC2, HD)                                                                               \
    F(radius, FLOAT, D) /* from the weapon */                                                      \
    F(damage, FLOAT, HD)                                                                           \
    F(range_left, FLOAT, HD)                                                                       \
    F(owner, INT, HD)                                                                              \
    F(fired_tick, INT, HD)                                                                         \
    F(threat, INT, D) /* for statistics */                                                         \
    N(weapon, U8, HD, NAMES(weapons))                                                              \
    F(blast, FLOAT, HD)                                                                            \
    F(from, VEC2, D)           /* for statistics and the HUD's markers */                          \
    F(flight_end, VEC2, 0)     /* worked out afresh every tick */                                  \
    F(flight_hit, INT, 0)      /* ... */                                                           \
    F(flight_travel, FLOAT, 0) /* ... */                                                           \
    F(alive, U8, 0)            /* only live slots are walked */

#define GEM_FIELDS(F, N, A, P, Q, M)                                                               \
    F(pos, VEC2, HD)                                                                               \
    F(xp, INT, HD)                                                                                 \
    F(alive, U8, 0) /* only live slots are walked */                                               \
    F(dropped, U8, D)

#define PICKUP_FIELDS(F, N, A, P, Q, M)                                                            \
    F(pos, VEC2, HD)                                                                               \
    N(kind, U8, HD, NAMES(pickup_kinds))                                                           \
    N(weapon, U8, HD, NAMES(weapons))                                                              \
    F(tier, U8, HD)                                                                                \
    F(ammo, INT, HD)                                                                               \
    F(drop_tick, INT, HD)                                                                          \
    F(alive, U8, 0) /* only live slots are walked */

// The props' part of the hash is the running hash of every damage (a huge map's props are never
// walked per call), so no prop field is hashed; the dump writes the cell after the index.
#define PROP_FIELDS(F, N, A, P, Q, M)                                                              \
    F(x, INT, 0)                                                                                   \
    F(y, INT, 0)                                                                                   \
    N(kind, U8, D, NAMES(prop_kinds))                                                              \
    F(hp, FLOAT, D)                                                                                \
    F(max_hp, FLOAT, D)                                                                            \
    F(hit_tick, INT, D)                                                                            \
    F(broken_by, INT, D)                                                                           \
    N(broken_weapon, INT, D, NAMES(weapons))                                                       \
    F(next_burst, INT, 0) /* the bursts waiting within a tick */

// A door's cell and geometry come from the map; the dump writes the cell after the index.
#define DOOR_FIELDS(F, N, A, P, Q, M)                                                              \
    F(x, INT, 0)                                                                                   \
    F(y, INT, 0)                                                                                   \
    F(closed, VEC2, 0)                                                                             \
    F(axis, VEC2, 0)                                                                               \
    F(half, VEC2, 0)                                                                               \
    F(open, FLOAT, HD)                                                                             \
    F(moving, I8, HD)                                                                              \
    F(active, U8, D) /* follows from open and moving */

#define ZONE_FIELDS(F, N, A, P, Q, M)                                                              \
    F(phase, INT, HD)                                                                              \
    F(timer, INT, HD)                                                                              \
    F(shrinking, U8, HD)                                                                           \
    F(center, VEC2, HD)                                                                            \
    F(radius, FLOAT, HD)                                                                           \
    F(from_center, VEC2, D) /* where the shrink began: explains center */                          \
    F(from_radius, FLOAT, D)                                                                       \
    F(next_center, VEC2, HD)                                                                       \
    F(next_radius, FLOAT, HD)                                                                      \
    F(dps, FLOAT, D) /* from the rules */                                                          \
    F(time_scale, FLOAT, HD)                                                                       \
    F(supply, U8, HD)                                                                              \
    F(supply_pos, VEC2, HD)                                                                        \
    F(supply_tick, INT, HD)

// The brain's hashed fields go in 8 bytes each (as they always have). The rest only explain its
// choices; the path and the request follow from the hashed ones and the map.
#define BRAIN_FIELDS(F, N, A, P, Q, M)                                                             \
    M({0, 0})                                                                                      \
    Q(rng_state, rng.state, U64, 8, HD)                                                            \
    Q(rng_inc, rng.inc, U64, 8, D)                                                                 \
    P(state, state, INT, 8, HD, NAMES(bot_state_names))                                            \
    P(target, target, INT, 8, HD, NO_NAMES)                                                        \
    F(target_seen, INT, D)                                                                         \
    F(goal, VEC2, D)                                                                               \
    F(strafe, VEC2, D)                                                                             \
    F(strafe_side, INT, D)                                                                         \
    F(strafe_until, INT, D)                                                                        \
    F(dodge_ticks, INT, D)                                                                         \
    F(replan_tick, INT, D)                                                                         \
    F(stuck_ticks, INT, D)                                                                         \
    F(cover_tick, INT, D)                                                                          \
    F(cover_search_tick, INT, D)                                                                   \
    F(cover_found, U8, D)                                                                          \
    F(cover_spot, VEC2, D)                                                                         \
    F(scan_tick, INT, D)                                                                           \
    F(chase_ticks, INT, D)                                                                         \
    F(let_go, INT, D)                                                                              \
    F(let_go_until, INT, D)                                                                        \
    F(crate, INT, D)                                                                               \
    F(provoked_by, INT, HD)                                                                        \
    A(path, VEC2, 0)                                                                               \
    P(path_count, path_count, INT, 8, HD, NO_NAMES)                                                \
    F(path_next, INT, D)                                                                           \
    P(path_pending, path_pending, U8, 8, HD, NO_NAMES)                                             \
    F(request, OTHER, 0)

// Bytes of one element as stored (OTHER: never encoded).
#define BYTES_INT   4
#define BYTES_I8    1
#define BYTES_U8    1
#define BYTES_U64   8
#define BYTES_FLOAT 4
#define BYTES_VEC2  4 // each of x and y
#define BYTES_OTHER 0

// clang-format off
// A zero of each type, for the initialiser that checks the list.
#define ZERO_INT   0
#define ZERO_I8    0
#define ZERO_U8    0
#define ZERO_U64   0
#define ZERO_FLOAT 0
#define ZERO_VEC2  {{0, 0}}
#define ZERO_OTHER {0}
// clang-format on

// RECORD: the struct of the table being expanded.
#define ROW(key, m, T, n, bytes, use, ...) /* ...: the names */                                    \
    {key, (uint16_t)offsetof(RECORD, m), SIM_FIELD_##T, n, bytes, use, __VA_ARGS__},
#define ROW_F(m, T, use)                    ROW(#m, m, T, 1, BYTES_##T, use, NO_NAMES)
#define ROW_N(m, T, use, names)             ROW(#m, m, T, 1, BYTES_##T, use, names)
#define ROW_A(m, T, use)                    ROW(#m, m, T, LENGTH(m), BYTES_##T, use, NO_NAMES)
#define ROW_P(key, m, T, bytes, use, names) ROW(#key, m, T, 1, bytes, use, names)
#define ROW_Q(key, m, T, bytes, use)        ROW(#key, m, T, 1, bytes, use, NO_NAMES)
#define ROW_M(...)
#define LENGTH(m) (uint8_t)(sizeof(((RECORD *)0)->m) / sizeof(((RECORD *)0)->m[0]))

#define ZERO_F(m, T, use)                    ZERO_##T,
#define ZERO_N(m, T, use, names)             ZERO_##T,
#define ZERO_A(m, T, use)                    {ZERO_##T},
#define ZERO_P(key, m, T, bytes, use, names) ZERO_##T,
#define ZERO_Q(key, m, T, bytes, use)
#define ZERO_M(...) __VA_ARGS__,

// Each row's type is its member's (never evaluated). An enum is an int or an unsigned.
// clang-format off
#define IS_INT(x)   _Generic((x), int: 1, unsigned: 1, default: 0)
#define IS_I8(x)    _Generic((x), int8_t: 1, default: 0)
#define IS_U8(x)    _Generic((x), uint8_t: 1, bool: 1, default: 0)
#define IS_U64(x)   _Generic((x), uint64_t: 1, default: 0)
#define IS_FLOAT(x) _Generic((x), float: 1, default: 0)
#define IS_VEC2(x)  _Generic((x), vec2s: 1, default: 0)
#define IS_OTHER(x) 1
// clang-format on
#define TYPE_OK(m, T)                        _Static_assert(IS_##T(((RECORD *)0)->m), #m " is " #T);
#define TYPE_F(m, T, use)                    TYPE_OK(m, T)
#define TYPE_N(m, T, use, names)             TYPE_OK(m, T)
#define TYPE_A(m, T, use)                    TYPE_OK(m[0], T)
#define TYPE_P(key, m, T, bytes, use, names) TYPE_OK(m, T)
#define TYPE_Q(key, m, T, bytes, use)        TYPE_OK(m, T)
#define TYPE_M(...)

#define NAME_OF(S) #S
#define NAME(S)    NAME_OF(S)

// The table, and the checks: each row's type is its member's, and a record initialised from the
// list, one value per member in order (never evaluated), has them all
// (-Wmissing-field-initializers names a member that has no row).
#define TABLE(LIST, table, dump_order)                                                             \
    static const sim_state_field table##_rows[] = {                                                \
        LIST(ROW_F, ROW_N, ROW_A, ROW_P, ROW_Q, ROW_M)};                                           \
    const sim_state_table table = {NAME(RECORD), table##_rows,                                     \
                                   (int)(sizeof table##_rows / sizeof table##_rows[0]),            \
                                   sizeof(RECORD), dump_order};                                    \
    LIST(TYPE_F, TYPE_N, TYPE_A, TYPE_P, TYPE_Q, TYPE_M)                                           \
    _Static_assert(sizeof((RECORD){LIST(ZERO_F, ZERO_N, ZERO_A, ZERO_P, ZERO_Q, ZERO_M)}) ==       \
                       sizeof(RECORD),                                                             \
                   "a row per member")

#define ID_F(m, T, use)                    AGENT_##m,
#define ID_N(m, T, use, names)             AGENT_##m,
#define ID_A(m, T, use)                    AGENT_##m,
#define ID_P(key, m, T, bytes, use, names) AGENT_##key,
#define ID_Q(key, m, T, bytes, use)        AGENT_##key,
#define ID_M(...)
enum { AGENT_FIELDS(ID_F, ID_N, ID_A, ID_P, ID_Q, ID_M) AGENT_ROWS };

/// The agent line's order, from before the table (the golden dumps fix it).
static const uint8_t agent_dump_order[] = {AGENT_slot,
                                           AGENT_pos,
                                           AGENT_facing,
                                           AGENT_move,
                                           AGENT_radius,
                                           AGENT_hp,
                                           AGENT_max_hp,
                                           AGENT_shield,
                                           AGENT_xp,
                                           AGENT_level,
                                           AGENT_pending_picks,
                                           AGENT_skills,
                                           AGENT_weapon,
                                           AGENT_held,
                                           AGENT_guns,
                                           AGENT_tiers,
                                           AGENT_mag,
                                           AGENT_reserve,
                                           AGENT_reload_ticks,
                                           AGENT_items,
                                           AGENT_using_item,
                                           AGENT_use_ticks,
                                           AGENT_fire_cooldown,
                                           AGENT_blink_cooldown,
                                           AGENT_kills,
                                           AGENT_placement,
                                           AGENT_death_tick,
                                           AGENT_killer,
                                           AGENT_cause,
                                           AGENT_last_hit_by,
                                           AGENT_last_hit_weapon,
                                           AGENT_hurt_tick,
                                           AGENT_hit_flash,
                                           AGENT_auto_target,
                                           AGENT_auto_since,
                                           AGENT_swap_held,
                                           AGENT_view,
                                           AGENT_ROWS}; // ends the list

#define RECORD sim_agent
TABLE(AGENT_FIELDS, sim_agent_table, agent_dump_order);
#undef RECORD
#define RECORD sim_bullet
TABLE(BULLET_FIELDS, sim_bullet_table, NULL);
#undef RECORD
#define RECORD sim_gem
TABLE(GEM_FIELDS, sim_gem_table, NULL);
#undef RECORD
#define RECORD sim_pickup
TABLE(PICKUP_FIELDS, sim_pickup_table, NULL);
#undef RECORD
#define RECORD sim_prop
TABLE(PROP_FIELDS, sim_prop_table, NULL);
#undef RECORD
#define RECORD sim_door
TABLE(DOOR_FIELDS, sim_door_table, NULL);
#undef RECORD
#define RECORD sim_zone
TABLE(ZONE_FIELDS, sim_zone_table, NULL);
#undef RECORD
#define RECORD bot_brain
TABLE(BRAIN_FIELDS, sim_brain_table, NULL);
#undef RECORD

const sim_state_table *const sim_state_tables[8] = {
    &sim_agent_table, &sim_bullet_table, &sim_gem_table,  &sim_pickup_table,
    &sim_prop_table,  &sim_door_table,   &sim_zone_table, &sim_brain_table};

// The k-th number of a field stored at p, as the unsigned integer of its stored width. Inline in
// the encoder: the state hash runs it for every field of every record.
static inline uint64_t load(const uint8_t *p, sim_field_type type, int k) {
    switch (type) {
    case SIM_FIELD_INT:    // int, enum: two's complement, read as its bits
    case SIM_FIELD_FLOAT:  // a float's bit pattern
    case SIM_FIELD_VEC2: { // a vec2s is x then y
        uint32_t v;
        memcpy(&v, p + (size_t)k * 4, 4);
        return v;
    }
    case SIM_FIELD_I8:
    case SIM_FIELD_U8:
        return p[k];
    case SIM_FIELD_U64: {
        uint64_t v;
        memcpy(&v, p + (size_t)k * 8, 8);
        return v;
    }
    case SIM_FIELD_OTHER:
        break;
    }
    AE_ASSERT(type != SIM_FIELD_OTHER); // it has no value
    return 0;
}

uint64_t sim_state_value(const sim_state_field *f, const void *record, int k) {
    return load((const uint8_t *)record + f->offset, (sim_field_type)f->type, k);
}

size_t sim_state_encode(const sim_state_table *t, const void *record, unsigned use, uint8_t *out) {
    uint8_t *p = out;
    for (int i = 0; i < t->count; i++) {
        const sim_state_field *f = &t->field[i];
        if (!(f->use & use)) continue;
        const uint8_t *src = (const uint8_t *)record + f->offset;
        const int n = f->count * (f->type == SIM_FIELD_VEC2 ? 2 : 1);
        AE_ASSERT(p - out + n * f->bytes <= SIM_STATE_MAX_BYTES);
        for (int k = 0; k < n; k++) {
            const uint64_t v = load(src, (sim_field_type)f->type, k);
            // The usual widths spelt out, so that each write is unrolled.
            if (f->bytes == 4)
                p = rp_put_le(p, v, 4);
            else if (f->bytes == 1)
                p = rp_put_le(p, v, 1);
            else
                p = rp_put_le(p, v, f->bytes);
        }
    }
    return (size_t)(p - out);
}
