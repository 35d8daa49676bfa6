// The snapshot's field tables and its delta codec (net_snapshot.h, net_fields.h).
#include "net_snapshot.h"

#include "net_fields.h"
#include "sim_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define TICK_MAX  (1 << 30)
#define TIMER_MAX (1 << 30)
#define LEN_MAX   (1 << 24)
#define X16_MAX   (1 << 28)
#define X8_MAX    ((1 << 24) - 1)

// Each record's list names every member in declaration order:
//   K(member, TYPE, hi)                 its key in a set (0 .. hi)
//   F(member, TYPE, QUANT, lo, hi)      a field
//   A(member, TYPE, QUANT, lo, hi)      an array of SKILLS elements, a row each
// The list expands into the table and into checks (TABLE below): a member without a row, a row
// out of order or of another type than its member fails the build.
#define SKILLS 6
_Static_assert(SKILLS == SIM_SKILL_COUNT, "net_self.skills holds every skill");
_Static_assert(SIM_SLOT_COUNT == 3 && SIM_ITEM_COUNT == 3, "net_self has a row per slot, item");

#define HEAD_FIELDS(K, F, A)                                                                       \
    F(tick, I32, NONE, 0, TICK_MAX)                                                                \
    F(input_tick, I32, NONE, -1, TICK_MAX)                                                         \
    F(queue, U8, NONE, 0, 255)                                                                     \
    F(agent, I16, NONE, 0, NET_MAX_AGENT_ID)                                                       \
    F(winner, I16, NONE, -1, NET_MAX_AGENT_ID)                                                     \
    F(alive, U16, NONE, 0, SIM_MAX_AGENTS)                                                         \
    F(agents, U16, NONE, 1, SIM_MAX_AGENTS)                                                        \
    F(zone_phase, U8, NONE, 0, SIM_MAX_ZONE_PHASES)                                                \
    F(zone_shrinking, U8, NONE, 0, 1)                                                              \
    F(zone_timer, I32, NONE, 0, TIMER_MAX)                                                         \
    F(zone_x, U16, POS, 0, 65535)                                                                  \
    F(zone_y, U16, POS, 0, 65535)                                                                  \
    F(zone_r, U32, LEN, 0, LEN_MAX)                                                                \
    F(zone_next_x, U16, POS, 0, 65535)                                                             \
    F(zone_next_y, U16, POS, 0, 65535)                                                             \
    F(zone_next_r, U32, LEN, 0, LEN_MAX)                                                           \
    F(zone_time_scale, F32, NONE, 0, 1000000)                                                      \
    F(supply, U8, NONE, 0, SIM_SUPPLY_LANDED)                                                      \
    F(supply_x, U16, POS, 0, 65535)                                                                \
    F(supply_y, U16, POS, 0, 65535)                                                                \
    F(supply_tick, I32, NONE, 0, TICK_MAX)                                                         \
    F(dropped, U32, NONE, 0, LEN_MAX)                                                              \
    F(leader, I16, NONE, -1, NET_MAX_AGENT_ID)                                                     \
    F(leader_kills, U16, NONE, 0, SIM_MAX_AGENTS)

#define SELF_FIELDS(K, F, A)                                                                       \
    F(x, F32, NONE, -10000000, 10000000)                                                           \
    F(y, F32, NONE, -10000000, 10000000)                                                           \
    F(facing_x, F32, NONE, -2, 2)                                                                  \
    F(facing_y, F32, NONE, -2, 2)                                                                  \
    F(hp, F32, NONE, -1000000, 1000000) /* below 0 once dead */                                    \
    F(max_hp, F32, NONE, 0, 1000000)                                                               \
    F(shield, F32, NONE, 0, 1000000)                                                               \
    F(xp, I32, NONE, 0, TIMER_MAX)                                                                 \
    F(level, I32, NONE, 0, TIMER_MAX)                                                              \
    F(pending_picks, I32, NONE, 0, TIMER_MAX)                                                      \
    A(skills, U8, NONE, 0, SIM_SKILL_MAX_LEVEL)                                                    \
    F(weapon, U8, NONE, 0, SIM_WEAPON_COUNT - 1)                                                   \
    F(swap_held, U8, NONE, 0, 1)                                                                   \
    F(held, U8, NONE, 0, SIM_SLOT_COUNT - 1)                                                       \
    F(gun0, U8, NONE, 0, SIM_WEAPON_COUNT)                                                         \
    F(gun1, U8, NONE, 0, SIM_WEAPON_COUNT)                                                         \
    F(gun2, U8, NONE, 0, SIM_WEAPON_COUNT)                                                         \
    F(tier0, U8, NONE, 0, SIM_TIER_COUNT - 1)                                                      \
    F(tier1, U8, NONE, 0, SIM_TIER_COUNT - 1)                                                      \
    F(tier2, U8, NONE, 0, SIM_TIER_COUNT - 1)                                                      \
    F(mag0, I32, NONE, 0, TIMER_MAX)                                                               \
    F(mag1, I32, NONE, 0, TIMER_MAX)                                                               \
    F(mag2, I32, NONE, 0, TIMER_MAX)                                                               \
    F(reserve0, I32, NONE, 0, TIMER_MAX)                                                           \
    F(reserve1, I32, NONE, 0, TIMER_MAX)                                                           \
    F(reserve2, I32, NONE, 0, TIMER_MAX)                                                           \
    F(reload_ticks, I32, NONE, 0, TIMER_MAX)                                                       \
    F(item0, U8, NONE, 0, 255)                                                                     \
    F(item1, U8, NONE, 0, 255)                                                                     \
    F(item2, U8, NONE, 0, 255)                                                                     \
    F(using_item, I8, NONE, -1, SIM_ITEM_COUNT - 1)                                                \
    F(use_ticks, I32, NONE, -TIMER_MAX, TIMER_MAX)                                                 \
    F(fire_cooldown, I32, NONE, -TIMER_MAX, TIMER_MAX)                                             \
    F(blink_cooldown, I32, NONE, -TIMER_MAX, TIMER_MAX)                                            \
    F(kills, I32, NONE, 0, SIM_MAX_AGENTS)                                                         \
    F(placement, I32, NONE, 0, SIM_MAX_AGENTS)                                                     \
    F(hit_flash, I32, NONE, -TIMER_MAX, TIMER_MAX)                                                 \
    F(killer, I16, NONE, -1, NET_MAX_AGENT_ID)                                                     \
    F(last_hit_by, I16, NONE, -1, NET_MAX_AGENT_ID)                                                \
    F(auto_target, I16, NONE, -1, NET_MAX_AGENT_ID)                                                \
    F(cause, U8, NONE, 0, SIM_DIED_ZONE)                                                           \
    F(slot, I8, NONE, -1, 127)                                                                     \
    F(death_tick, I32, NONE, -1, TICK_MAX)                                                         \
    F(hurt0, U32, NONE, 0, UINT32_MAX)                                                             \
    F(hurt1, U32, NONE, 0, UINT32_MAX)                                                             \
    F(hurt2, U32, NONE, 0, UINT32_MAX)                                                             \
    F(hurt3, U32, NONE, 0, UINT32_MAX)                                                             \
    F(hurt4, U32, NONE, 0, UINT32_MAX)                                                             \
    F(hurt5, U32, NONE, 0, UINT32_MAX)                                                             \
    F(hurt6, U32, NONE, 0, UINT32_MAX)                                                             \
    F(hurt7, U32, NONE, 0, UINT32_MAX)                                                             \
    F(hurt_other, U32, NONE, 0, UINT32_MAX)

#define AGENT_FIELDS(K, F, A)                                                                      \
    K(id, U16, NET_MAX_AGENT_ID)                                                                   \
    F(placement, U16, NONE, 0, SIM_MAX_AGENTS)                                                     \
    F(x, U32, X8, 0, X8_MAX)                                                                       \
    F(y, U32, X8, 0, X8_MAX)                                                                       \
    F(angle, U8, ANGLE, 0, 255)                                                                    \
    F(hp, U8, FRAC, 0, 255)                                                                        \
    F(shield, U8, FRAC, 0, 255)                                                                    \
    F(weapon, U8, NONE, 0, SIM_WEAPON_COUNT - 1)                                                   \
    F(level, U8, NONE, 0, 255)                                                                     \
    F(hit_flash, U8, NONE, 0, 255)                                                                 \
    F(bot, U8, NONE, 0, 1)                                                                         \
    F(slot, I8, NONE, -1, 127)

#define BULLET_FIELDS(K, F, A)                                                                     \
    K(id, U32, NET_MAX_SLOT_ID)                                                                    \
    F(x, U16, POS, 0, 65535)                                                                       \
    F(y, U16, POS, 0, 65535)                                                                       \
    F(vx, I16, VEL, -32767, 32767)                                                                 \
    F(vy, I16, VEL, -32767, 32767)                                                                 \
    F(fired_tick, I32, NONE, -1, TICK_MAX)                                                         \
    F(owner, U16, NONE, 0, NET_MAX_AGENT_ID)                                                       \
    F(weapon, U8, NONE, 0, SIM_WEAPON_COUNT - 1)                                                   \
    F(radius, U8, X4, 0, 255)                                                                      \
    F(range, U32, LEN, 0, LEN_MAX)                                                                 \
    F(blast, U32, LEN, 0, LEN_MAX)

#define GEM_FIELDS(K, F, A)                                                                        \
    K(id, U32, NET_MAX_SLOT_ID)                                                                    \
    F(x, U16, POS, 0, 65535)                                                                       \
    F(y, U16, POS, 0, 65535)                                                                       \
    F(xp, U16, NONE, 0, 65535)                                                                     \
    F(dropped, U8, NONE, 0, 1)

#define PICKUP_FIELDS(K, F, A)                                                                     \
    K(id, U32, NET_MAX_SLOT_ID)                                                                    \
    F(x, U16, POS, 0, 65535)                                                                       \
    F(y, U16, POS, 0, 65535)                                                                       \
    F(kind, U8, NONE, 0, SIM_PICKUP_KIND_COUNT - 1)                                                \
    F(weapon, U8, NONE, 0, SIM_WEAPON_COUNT - 1)                                                   \
    F(tier, U8, NONE, 0, SIM_TIER_COUNT - 1)                                                       \
    F(ammo, U16, NONE, 0, 65535)

#define PROP_FIELDS(K, F, A)                                                                       \
    K(id, U32, NET_MAX_PROP_ID)                                                                    \
    F(hp, U8, FRAC, 0, 255)

#define DOOR_FIELDS(K, F, A)                                                                       \
    K(id, U32, NET_MAX_PROP_ID)                                                                    \
    F(open, U8, FRAC, 0, 255)                                                                      \
    F(moving, I8, NONE, -1, 1)

#define KILL_FIELDS(K, F, A)                                                                       \
    F(tick, I32, NONE, 0, TICK_MAX)                                                                \
    F(killer, I16, NONE, -1, NET_MAX_AGENT_ID)                                                     \
    F(victim, U16, NONE, 0, NET_MAX_AGENT_ID)                                                      \
    F(harm, I8, NONE, SIM_HARM_NONE, SIM_HARM_ZONE)

#define EVENT_FIELDS(K, F, A)                                                                      \
    F(tick, I32, NONE, 0, TICK_MAX)                                                                \
    F(kind, U8, NONE, 0, SIM_EVENT_DOOR)                                                           \
    F(a, I16, NONE, -1, NET_MAX_AGENT_ID)                                                          \
    F(b, I32, NONE, -1, NET_MAX_PROP_ID)                                                           \
    F(value, I32, X16, -X16_MAX, X16_MAX)                                                          \
    F(x, U16, POS, 0, 65535)                                                                       \
    F(y, U16, POS, 0, 65535)                                                                       \
    F(fx, U16, POS, 0, 65535)                                                                      \
    F(fy, U16, POS, 0, 65535)

// RECORD: the struct of the table being expanded.
#define ROW(key, name, m, T, Q, lo, hi)                                                            \
    {name, (uint16_t)offsetof(RECORD, m), NET_F_##T, NET_Q_##Q, key, lo, hi},
#define ROW_K(m, T, hi)            ROW(true, #m, m, T, NONE, 0, hi)
#define ROW_F(m, T, Q, lo, hi)     ROW(false, #m, m, T, Q, lo, hi)
#define ROW_A1(m, i, T, Q, lo, hi) ROW(false, #m "[" #i "]", m[i], T, Q, lo, hi)
#define ROW_A(m, T, Q, lo, hi)                                                                     \
    ROW_A1(m, 0, T, Q, lo, hi)                                                                     \
    ROW_A1(m, 1, T, Q, lo, hi)                                                                     \
    ROW_A1(m, 2, T, Q, lo, hi)                                                                     \
    ROW_A1(m, 3, T, Q, lo, hi) ROW_A1(m, 4, T, Q, lo, hi) ROW_A1(m, 5, T, Q, lo, hi)

#define ZERO_K(m, T, hi)        0,
#define ZERO_F(m, T, Q, lo, hi) 0,
#define ZERO_A(m, T, Q, lo, hi) {0},

// clang-format off
#define IS_U8(x)  _Generic((x), uint8_t: 1, default: 0)
#define IS_I8(x)  _Generic((x), int8_t: 1, default: 0)
#define IS_U16(x) _Generic((x), uint16_t: 1, default: 0)
#define IS_I16(x) _Generic((x), int16_t: 1, default: 0)
#define IS_U32(x) _Generic((x), uint32_t: 1, default: 0)
#define IS_I32(x) _Generic((x), int32_t: 1, default: 0)
#define IS_F32(x) _Generic((x), float: 1, default: 0)
// clang-format on
#define TYPE_OK(m, T)           _Static_assert(IS_##T(((RECORD *)0)->m), #m " is " #T);
#define TYPE_K(m, T, hi)        TYPE_OK(m, T)
#define TYPE_F(m, T, Q, lo, hi) TYPE_OK(m, T)
#define TYPE_A(m, T, Q, lo, hi)                                                                    \
    TYPE_OK(m[0], T)                                                                               \
    _Static_assert(sizeof(((RECORD *)0)->m) == SKILLS * sizeof(((RECORD *)0)->m[0]), #m);

#define SIZE_K(m, T, hi)        +sizeof(((RECORD *)0)->m)
#define SIZE_F(m, T, Q, lo, hi) +sizeof(((RECORD *)0)->m)
#define SIZE_A(m, T, Q, lo, hi) +sizeof(((RECORD *)0)->m)

#define NAME_OF(S) #S
#define NAME(S)    NAME_OF(S)

// The table, and the checks: each row's type is its member's, and a record initialised from the
// list, one value per member in order (never evaluated), has them all
// (-Wmissing-field-initializers names a member that has no row).
#define TABLE(LIST, table)                                                                         \
    static const net_field table##_rows[] = {LIST(ROW_K, ROW_F, ROW_A)};                           \
    const net_table table = {NAME(RECORD), table##_rows,                                           \
                             (int)(sizeof table##_rows / sizeof table##_rows[0]), sizeof(RECORD),  \
                             (0 LIST(SIZE_K, SIZE_F, SIZE_A)) == sizeof(RECORD)};                  \
    LIST(TYPE_K, TYPE_F, TYPE_A)                                                                   \
    _Static_assert(sizeof((RECORD){LIST(ZERO_K, ZERO_F, ZERO_A)}) == sizeof(RECORD),               \
                   "a row per member");                                                            \
    _Static_assert(sizeof table##_rows / sizeof table##_rows[0] <= 64, "a 64-bit field mask")

#define RECORD net_head
TABLE(HEAD_FIELDS, net_head_table);
#undef RECORD
#define RECORD net_self
TABLE(SELF_FIELDS, net_self_table);
#undef RECORD
#define RECORD net_agent
TABLE(AGENT_FIELDS, net_agent_table);
#undef RECORD
#define RECORD net_bullet
TABLE(BULLET_FIELDS, net_bullet_table);
#undef RECORD
#define RECORD net_gem
TABLE(GEM_FIELDS, net_gem_table);
#undef RECORD
#define RECORD net_pickup
TABLE(PICKUP_FIELDS, net_pickup_table);
#undef RECORD
#define RECORD net_prop
TABLE(PROP_FIELDS, net_prop_table);
#undef RECORD
#define RECORD net_door
TABLE(DOOR_FIELDS, net_door_table);
#undef RECORD
#define RECORD net_kill
TABLE(KILL_FIELDS, net_kill_table);
#undef RECORD
#define RECORD net_sim_event
TABLE(EVENT_FIELDS, net_event_table);
#undef RECORD

const net_table *const net_frame_tables[10] = {
    &net_head_table,   &net_self_table, &net_agent_table, &net_bullet_table, &net_gem_table,
    &net_pickup_table, &net_prop_table, &net_door_table,  &net_kill_table,   &net_event_table};

// ---- The damage ledger's rows ----

#define HURT_BY_BITS    10
#define HURT_HARM_BITS  3
#define HURT_AMOUNT_MAX ((1u << (32 - HURT_BY_BITS - HURT_HARM_BITS)) - 1u)
_Static_assert(SIM_MAX_AGENTS < (1 << HURT_BY_BITS), "a dealer + 1 fits its bits");
_Static_assert(SIM_HARM_ZONE + 1 < (1 << HURT_HARM_BITS), "a harm + 1 fits its bits");

uint32_t net_hurt_pack(int by, int harm, double amount) {
    const double a = floor(amount + 0.5);
    const uint32_t points = a <= 0.0 ? 0u : a >= HURT_AMOUNT_MAX ? HURT_AMOUNT_MAX : (uint32_t)a;
    return (uint32_t)(by + 1) | (uint32_t)(harm + 1) << HURT_BY_BITS |
           points << (HURT_BY_BITS + HURT_HARM_BITS);
}

bool net_hurt_unpack(uint32_t v, int agents, int *by, int *harm, double *amount) {
    if (v == 0) return false;
    *by = (int)(v & ((1u << HURT_BY_BITS) - 1u)) - 1;
    *harm = (int)(v >> HURT_BY_BITS & ((1u << HURT_HARM_BITS) - 1u)) - 1;
    *amount = (double)(v >> (HURT_BY_BITS + HURT_HARM_BITS));
    return *by < agents && *harm >= 0 && *harm <= SIM_HARM_ZONE;
}

// ---- Quantisation ----

float net_map_extent(int width_cells, int height_cells, float cell_size) {
    const int side = width_cells > height_cells ? width_cells : height_cells;
    return (float)(side > 0 ? side : 1) * cell_size;
}

static int64_t clamp64(double v, int64_t lo, int64_t hi) {
    if (!(v >= (double)lo)) return lo; // NaN too
    if (v > (double)hi) return hi;
    return (int64_t)llround(v);
}

int64_t net_quantise(net_quant q, float v, float max) {
    switch (q) {
    case NET_Q_NONE:
        return clamp64((double)v, INT32_MIN, INT32_MAX);
    case NET_Q_POS:
        return clamp64((double)v / (double)max * 65535.0, 0, 65535);
    case NET_Q_LEN:
        return clamp64((double)v / (double)max * 65535.0, 0, LEN_MAX);
    case NET_Q_FRAC: {
        if (!(v > 0.0f) || !(max > 0.0f)) return 0;
        const int64_t f = clamp64((double)v / (double)max * 255.0, 0, 255);
        return f > 0 ? f : 1; // 0 means exactly none
    }
    case NET_Q_VEL:
        return clamp64((double)v * 64.0, -32767, 32767);
    case NET_Q_X4:
        return clamp64((double)v * 4.0, 0, 255);
    case NET_Q_X16:
        return clamp64((double)v * 16.0, -X16_MAX, X16_MAX);
    case NET_Q_X8:
        return clamp64((double)v * 8.0, 0, X8_MAX);
    case NET_Q_ANGLE:
        break;
    }
    return 0;
}

int64_t net_quantise_angle(vec2s dir) {
    const double turn = atan2((double)dir.y, (double)dir.x) / (2.0 * GLM_PI);
    return (int64_t)llround(turn * 256.0) & 255;
}

float net_unquantise(net_quant q, int64_t v, float max) {
    switch (q) {
    case NET_Q_NONE:
        return (float)v;
    case NET_Q_POS:
    case NET_Q_LEN:
        return (float)((double)v * (double)max / 65535.0);
    case NET_Q_FRAC:
        return (float)((double)v * (double)max / 255.0);
    case NET_Q_VEL:
        return (float)v / 64.0f;
    case NET_Q_X4:
        return (float)v / 4.0f;
    case NET_Q_X16:
        return (float)v / 16.0f;
    case NET_Q_X8:
        return (float)v / 8.0f;
    case NET_Q_ANGLE:
        return (float)((double)v * (2.0 * GLM_PI) / 256.0);
    }
    return 0.0f;
}

// ---- Frames ----

void net_frame_clear(net_frame *f) {
    memset(f, 0, sizeof *f);
    f->head.input_tick = -1;
    f->head.winner = -1;
    f->head.agents = 1;
    f->self.killer = f->self.last_hit_by = f->self.auto_target = -1;
    f->self.slot = -1;
    f->self.death_tick = -1;
}

void net_frame_clear_lists(net_frame *f) {
    f->kill_count = 0;
    f->event_count = 0;
}

// One part of a frame: its table, its array and count, and its cap.
typedef struct part {
    const net_table *t;
    size_t array, count; // offsets in net_frame
    int cap;
    bool set; // keyed and sent as changes; otherwise a list of this frame only
} part;

#define PART(table, arr, cnt, cap, set)                                                            \
    { &table, offsetof(net_frame, arr), offsetof(net_frame, cnt), cap, set }
static const part parts[] = {
    PART(net_agent_table, agent, agent_count, NET_MAX_VIEW_AGENTS, true),
    PART(net_bullet_table, bullet, bullet_count, NET_MAX_VIEW_BULLETS, true),
    PART(net_gem_table, gem, gem_count, NET_MAX_VIEW_GEMS, true),
    PART(net_pickup_table, pickup, pickup_count, NET_MAX_VIEW_PICKUPS, true),
    PART(net_prop_table, prop, prop_count, NET_MAX_FRAME_PROPS, true),
    PART(net_door_table, door, door_count, NET_MAX_VIEW_DOORS, true),
    PART(net_kill_table, kill, kill_count, NET_MAX_FRAME_KILLS, false),
    PART(net_event_table, event, event_count, NET_MAX_FRAME_EVENTS, false),
};
#define PART_COUNT (int)(sizeof parts / sizeof parts[0])

// The largest record of any table (a zero record of any kind fits in it).
#define RECORD_MAX 192
_Static_assert(sizeof(net_self) <= RECORD_MAX && sizeof(net_bullet) <= RECORD_MAX, "RECORD_MAX");

static const uint8_t *records(const net_frame *f, const part *p) {
    return (const uint8_t *)f + p->array;
}
static uint8_t *records_mut(net_frame *f, const part *p) {
    return (uint8_t *)f + p->array;
}
static int count_of(const net_frame *f, const part *p) {
    int n;
    memcpy(&n, (const uint8_t *)f + p->count, sizeof n);
    return n;
}
static void set_count(net_frame *f, const part *p, int n) {
    memcpy((uint8_t *)f + p->count, &n, sizeof n);
}
static int64_t key_of(const net_table *t, const uint8_t *rec) {
    return net_field_get(&t->field[0], rec);
}

// A list's records are sent against a template: zero, with the frame's tick (they mostly
// happened at it, so the tick costs nothing).
static void list_template(const net_table *t, int32_t tick, uint8_t *rec) {
    memset(rec, 0, t->record_size);
    for (int i = 0; i < t->count; i++)
        if (!strcmp(t->field[i].name, "tick")) net_field_set(&t->field[i], rec, tick);
}

static bool record_valid(const net_table *t, const void *rec) {
    for (int k = 0; k < t->count; k++)
        if (!net_field_in_range(&t->field[k], rec)) return false;
    return true;
}

// A record that enters is decoded against zero and then checked whole.
static void encode_entered(const net_table *t, const uint8_t *rec, net_writer *w) {
    uint8_t zero[RECORD_MAX] = {0};
    if (!record_valid(t, rec)) w->ok = false;
    net_record_encode(t, zero, rec, w);
}

// Ids ascending: the first as it is, each next as the step from the one before less one.
static void put_key(net_writer *w, int64_t key, int64_t *prev) {
    net_put_varint(w, (uint64_t)(key - *prev - 1));
    *prev = key;
}
static int64_t get_key(net_reader *r, const net_table *t, int64_t *prev) {
    const uint64_t d = net_get_varint(r, t->kind);
    if (!r->ok) return -1;
    const int64_t hi = t->field[0].hi;
    if (d > (uint64_t)hi || *prev + 1 + (int64_t)d > hi) {
        net_fail(r, "%s: id past %lld", t->kind, (long long)hi);
        return -1;
    }
    *prev += 1 + (int64_t)d;
    return *prev;
}

// A set: the ids that left, then the records that entered or changed (against zero or their
// baseline record). One merge of the two id-ascending sets finds them; what the decoder would
// refuse (ids out of order, too many records, a value out of range) fails the writer instead.
static void set_encode(const part *p, const net_frame *base, const net_frame *f, net_writer *w) {
    const net_table *t = p->t;
    const size_t size = t->record_size;
    const uint8_t *b = records(base, p), *c = records(f, p);
    const int nb = count_of(base, p), nc = count_of(f, p);
    if (nc < 0 || nc > p->cap) {
        w->ok = false;
        return;
    }
    int16_t left[NET_MAX_FRAME_PROPS];     // baseline indices of the ids that left
    int16_t sent[NET_MAX_FRAME_PROPS];     // current indices of the records that entered or changed
    int16_t sent_was[NET_MAX_FRAME_PROPS]; // their baseline index, -1 when entering
    int nl = 0, ns = 0;
    int64_t last = -1;
    for (int i = 0, j = 0; i < nb || j < nc;) {
        const int64_t kb = i < nb ? key_of(t, b + (size_t)i * size) : INT64_MAX;
        const int64_t kc = j < nc ? key_of(t, c + (size_t)j * size) : INT64_MAX;
        if (kc <= last) {
            w->ok = false;
            return;
        }
        if (kb < kc) {
            left[nl++] = (int16_t)i++;
            continue;
        }
        last = kc;
        if (kc < kb) {
            sent_was[ns] = -1;
            sent[ns++] = (int16_t)j++;
            continue;
        }
        if (!net_record_equal(t, b + (size_t)i * size, c + (size_t)j * size)) {
            sent_was[ns] = (int16_t)i;
            sent[ns++] = (int16_t)j;
        }
        i++, j++;
    }
    int64_t prev = -1;
    net_put_varint(w, (uint64_t)nl);
    for (int k = 0; k < nl; k++) put_key(w, key_of(t, b + (size_t)left[k] * size), &prev);
    prev = -1;
    net_put_varint(w, (uint64_t)ns);
    for (int k = 0; k < ns; k++) {
        const uint8_t *rc = c + (size_t)sent[k] * size;
        put_key(w, key_of(t, rc), &prev);
        if (sent_was[k] < 0)
            encode_entered(t, rc, w);
        else
            net_record_encode(t, b + (size_t)sent_was[k] * size, rc, w);
    }
}

static bool set_decode(const part *p, const net_frame *base, net_frame *out, net_reader *r) {
    const net_table *t = p->t;
    const size_t size = t->record_size;
    const uint8_t *b = records(base, p);
    uint8_t *o = records_mut(out, p);
    const int nb = count_of(base, p);
    int leaves[NET_MAX_FRAME_PROPS]; // indices in base, ascending
    _Static_assert(NET_MAX_FRAME_PROPS >= NET_MAX_VIEW_BULLETS &&
                       NET_MAX_FRAME_PROPS >= NET_MAX_VIEW_GEMS &&
                       NET_MAX_FRAME_PROPS >= NET_MAX_VIEW_AGENTS,
                   "leaves holds any set");
    const int nl = (int)net_get_count(r, (uint64_t)nb, t->kind);
    int64_t prev = -1;
    for (int k = 0, i = 0; r->ok && k < nl; k++) {
        const int64_t key = get_key(r, t, &prev);
        while (i < nb && key_of(t, b + (size_t)i * size) < key) i++;
        if (r->ok && (i == nb || key_of(t, b + (size_t)i * size) != key))
            return net_fail(r, "%s: id %lld left but was not there", t->kind, (long long)key);
        leaves[k] = i++;
    }
    const int nu = (int)net_get_count(r, (uint64_t)p->cap, t->kind);
    if (!r->ok) return false;
    int i = 0, li = 0, n = 0;
    prev = -1;
    uint8_t zero[RECORD_MAX];
    // Copies the baseline's records below `key` that stay; false past the cap.
    for (int u = 0; u <= nu; u++) {
        int64_t key = INT64_MAX;
        if (u < nu) {
            key = get_key(r, t, &prev);
            if (!r->ok) return false;
        }
        for (; i < nb && key_of(t, b + (size_t)i * size) < key; i++) {
            if (li < nl && leaves[li] == i) {
                li++;
                continue;
            }
            if (n == p->cap) return net_fail(r, "%s: more than %d", t->kind, p->cap);
            memcpy(o + (size_t)n++ * size, b + (size_t)i * size, size);
        }
        if (u == nu) break;
        if (n == p->cap) return net_fail(r, "%s: more than %d", t->kind, p->cap);
        uint8_t *rec = o + (size_t)n++ * size;
        const bool known = i < nb && key_of(t, b + (size_t)i * size) == key;
        if (known && li < nl && leaves[li] == i)
            return net_fail(r, "%s: id %lld left and changed", t->kind, (long long)key);
        uint64_t mask;
        if (known) {
            if (!net_record_decode(t, b + (size_t)i++ * size, rec, r, &mask)) return false;
            if (!mask) return net_fail(r, "%s: id %lld sent unchanged", t->kind, (long long)key);
        } else {
            memset(zero, 0, size);
            net_field_set(&t->field[0], zero, key);
            if (!net_record_decode(t, zero, rec, r, &mask)) return false;
            if (!record_valid(t, rec))
                return net_fail(r, "%s: id %lld entered with a field out of range", t->kind,
                                (long long)key);
        }
    }
    set_count(out, p, n);
    return true;
}

static void list_encode(const part *p, const net_frame *f, net_writer *w) {
    uint8_t tmpl[RECORD_MAX];
    list_template(p->t, f->head.tick, tmpl);
    const int n = count_of(f, p);
    if (n < 0 || n > p->cap) {
        w->ok = false;
        return;
    }
    net_put_varint(w, (uint64_t)n);
    for (int i = 0; i < n; i++) {
        const uint8_t *rec = records(f, p) + (size_t)i * p->t->record_size;
        if (!record_valid(p->t, rec)) w->ok = false; // decoded and then checked whole
        net_record_encode(p->t, tmpl, rec, w);
    }
}

static bool list_decode(const part *p, net_frame *out, net_reader *r) {
    uint8_t tmpl[RECORD_MAX];
    list_template(p->t, out->head.tick, tmpl);
    const int n = (int)net_get_count(r, (uint64_t)p->cap, p->t->kind);
    for (int i = 0; r->ok && i < n; i++) {
        uint8_t *rec = records_mut(out, p) + (size_t)i * p->t->record_size;
        if (!net_record_decode(p->t, tmpl, rec, r, NULL)) return false;
        if (!record_valid(p->t, rec))
            return net_fail(r, "%s: a record with a field out of range", p->t->kind);
    }
    set_count(out, p, n);
    return r->ok;
}

// A frame the decoder would refuse is never sent: each part checks what it writes (a record
// equal to its baseline was checked when the baseline was sent).
size_t net_frame_encode(const net_frame *base, const net_frame *f, uint8_t *out, size_t cap) {
    net_writer w = {out, 0, cap, true};
    net_record_encode(&net_head_table, &base->head, &f->head, &w);
    net_record_encode(&net_self_table, &base->self, &f->self, &w);
    for (int k = 0; k < PART_COUNT && w.ok; k++) {
        if (parts[k].set)
            set_encode(&parts[k], base, f, &w);
        else
            list_encode(&parts[k], f, &w);
    }
    return w.ok ? w.n : 0;
}

bool net_frame_decode(const net_frame *base, const uint8_t *in, size_t n, net_frame *out, char *err,
                      size_t errsz) {
    net_reader r = {in, n, 0, true, {0}};
    net_record_decode(&net_head_table, &base->head, &out->head, &r, NULL);
    net_record_decode(&net_self_table, &base->self, &out->self, &r, NULL);
    for (int k = 0; r.ok && k < PART_COUNT; k++) {
        if (parts[k].set)
            set_decode(&parts[k], base, out, &r);
        else
            list_decode(&parts[k], out, &r);
    }
    if (r.ok && r.pos != n) net_fail(&r, "%zu bytes past the end", n - r.pos);
    if (!r.ok && err && errsz) snprintf(err, errsz, "snapshot: %s", r.err);
    return r.ok;
}

bool net_frame_equal(const net_frame *a, const net_frame *b) {
    if (!net_record_equal(&net_head_table, &a->head, &b->head) ||
        !net_record_equal(&net_self_table, &a->self, &b->self))
        return false;
    for (int k = 0; k < PART_COUNT; k++) {
        const part *p = &parts[k];
        const int n = count_of(a, p);
        if (n != count_of(b, p)) return false;
        for (int i = 0; i < n; i++) {
            const size_t at = (size_t)i * p->t->record_size;
            if (!net_record_equal(p->t, records(a, p) + at, records(b, p) + at)) return false;
        }
    }
    return true;
}
