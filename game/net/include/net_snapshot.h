/// What one client may see at a tick (net_frame), and its wire form: a delta against the last
/// frame sent on the same connection (WebSocket keeps order, so the baseline is simply the previous
/// frame; the first is against an empty one, net_frame_clear). net_view.h builds a frame from
/// the world; the client's mirror reads one back.
///
/// A frame holds values already quantised for the wire (positions as 16-bit fractions of the map,
/// facings as angle bytes, ...; the quantisation of each field is in its table row, and
/// net_unquantise turns a value back), so a decoder given the same baseline reproduces the
/// encoder's frame exactly. Its parts:
/// - the head: tick, the last input tick the server applied for this client, the zone, counts;
/// - `self`: the viewer's own agent in full (everything the HUD reads, floats exact, for the
///   prediction to reconcile against);
/// - sets keyed by id, sent as what entered, changed or left since the baseline: the other agents
///   in view, bullets in view (as spawn records: where and when it was fired and how it flies, so
///   a bullet costs bytes when it enters the view and when it leaves, and the client flies it),
///   gems, pickups, props (damaged ones in view, and every broken prop of the map, so a late joiner
///   learns them once) and doors in view. Leaving a set means "no longer in view": a client keeps
///   a prop's last known hit points;
/// - lists of this frame only: kills (all of them: the kill feed is public) and the events of the
///   ticks since the last frame that the effects need within view.
#ifndef NET_SNAPSHOT_H
#define NET_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cglm/struct.h>

/// Caps of one frame; a view holding more keeps the lowest ids (the cull counts what it left out).
#define NET_MAX_VIEW_AGENTS  256
#define NET_MAX_VIEW_BULLETS 512
#define NET_MAX_VIEW_GEMS    512
#define NET_MAX_VIEW_PICKUPS 256
#define NET_MAX_FRAME_PROPS  1024
#define NET_MAX_VIEW_DOORS   128
#define NET_MAX_FRAME_KILLS  64
#define NET_MAX_FRAME_EVENTS 256

/// Inputs a client aims to keep waiting in its queue at the server (net_head.queue) on a steady
/// link: its target starts here and rises while the queue runs dry (net_client.h).
#define NET_QUEUE_TARGET 2

/// The largest id of an agent (SIM_MAX_AGENTS - 1) and of a pool slot (2^20 - 1) or a prop.
#define NET_MAX_AGENT_ID 999
#define NET_MAX_SLOT_ID  ((1 << 20) - 1)
#define NET_MAX_PROP_ID  ((1 << 24) - 1)

/// How the sim's value became the frame's (each row of the tables names one).
typedef enum net_quant {
    NET_Q_NONE,  ///< the value itself (integers, and floats sent exactly)
    NET_Q_POS,   ///< a coordinate as a 16-bit fraction of the map's extent (0 .. 65535)
    NET_Q_LEN,   ///< a length (radius, range) in units of extent / 65535, as NET_Q_POS
    NET_Q_ANGLE, ///< a direction as 256ths of a turn, 0 along +x
    NET_Q_FRAC,  ///< a fraction of a maximum in 255ths; 0 only for exactly 0
    NET_Q_VEL,   ///< units per tick in 64ths (-32767 .. 32767)
    NET_Q_X4,    ///< a length in quarter units (0 .. 255: a bullet's radius)
    NET_Q_X16,   ///< a number in 16ths (an event's value)
    NET_Q_X8,    ///< a coordinate in eighths of a unit (0 .. 2^24 - 1): the other agents, whose
                 ///< steps must fit a varint byte (2.6 units a tick: 42 eighths a frame)
} net_quant;

/// The view's extent for NET_Q_POS and NET_Q_LEN: the map's larger side in world units.
float net_map_extent(int width_cells, int height_cells, float cell_size);
/// Quantises v by q (max: the maximum for NET_Q_FRAC, the extent for POS and LEN). Clamped into
/// the quantised range (0 .. 65535 for POS, ...); not for NET_Q_ANGLE (net_quantise_angle).
int64_t net_quantise(net_quant q, float v, float max);
int64_t net_quantise_angle(vec2s dir);
/// The value back (a position to the middle of its step, an angle in radians).
float net_unquantise(net_quant q, int64_t v, float max);

/// The head: one per frame.
typedef struct net_head {
    int32_t tick;       ///< the world's tick
    int32_t input_tick; ///< the last input tick applied for this client, -1 none (the server's)
    uint8_t queue;      ///< this client's inputs waiting at the server after this tick: the
                        ///< client nudges its tick rate to keep it near its target
    int16_t agent;      ///< the viewer's agent (`self` is it)
    int16_t winner;     ///< -1 until the match is over
    uint16_t alive;     ///< agents alive
    uint16_t agents;    ///< agents in the match
    uint8_t zone_phase, zone_shrinking;
    int32_t zone_timer;
    uint16_t zone_x, zone_y; ///< NET_Q_POS
    uint32_t zone_r;         ///< NET_Q_LEN
    uint16_t zone_next_x, zone_next_y;
    uint32_t zone_next_r;
    float zone_time_scale;
    uint8_t supply;              ///< sim_supply_state of the supply drop ...
    uint16_t supply_x, supply_y; ///< ... where it lands (NET_Q_POS) ...
    int32_t supply_tick;         ///< ... and when it lands or landed
    uint32_t dropped;            ///< records the cull left out (over a cap); 0 normally
    /// The kill leader (sim_kill_leader), -1 while nobody has a kill, and its kills: no agent
    /// record carries kills, and the leader may be out of view.
    int16_t leader;
    uint16_t leader_kills;
} net_head;

/// The viewer's own agent, in full.
typedef struct net_self {
    float x, y, facing_x, facing_y;
    float hp, max_hp, shield;
    int32_t xp, level, pending_picks;
    uint8_t skills[6];
    uint8_t weapon;
    uint8_t swap_held;
    uint8_t held;             ///< the loadout (sim_agent's guns, tiers, mag, reserve) ...
    uint8_t gun0, gun1, gun2; ///< ... a row per weapon slot
    uint8_t tier0, tier1, tier2;
    int32_t mag0, mag1, mag2;
    int32_t reserve0, reserve1, reserve2;
    int32_t reload_ticks;
    uint8_t item0, item1, item2; ///< carried items, per sim_item
    int8_t using_item;
    int32_t use_ticks;
    int32_t fire_cooldown, blink_cooldown, kills, placement, hit_flash;
    int16_t killer, last_hit_by, auto_target;
    uint8_t cause;
    int8_t slot;
    int32_t death_tick;
    /// Its damage ledger (sim_agent_stats.hurt), a row each (net_hurt_pack), 0 for none, and
    /// what the ledger could not keep apart (whole points).
    uint32_t hurt0, hurt1, hurt2, hurt3, hurt4, hurt5, hurt6, hurt7, hurt_other;
} net_self;

/// A row of the damage ledger in 32 bits: the dealer + 1 (10 bits), its sim_harm + 1 (3 bits)
/// and the amount in whole points (19 bits); 0 is no row.
uint32_t net_hurt_pack(int by, int harm, double amount);
/// The row back; false for 0 or a dealer or harm out of range (agents: the match's).
bool net_hurt_unpack(uint32_t v, int agents, int *by, int *harm, double *amount);

/// Another agent in view.
typedef struct net_agent {
    uint16_t id;
    uint16_t placement; ///< 0 while alive
    uint32_t x, y;      ///< NET_Q_X8
    uint8_t angle;      ///< NET_Q_ANGLE of its facing
    uint8_t hp;         ///< NET_Q_FRAC of max_hp
    uint8_t shield;     ///< NET_Q_FRAC of the rules' max_shield
    uint8_t weapon, level, hit_flash;
    uint8_t bot; ///< it entered the match as a bot
    int8_t slot; ///< the input slot driving it, -1 its bot brain
} net_agent;

/// A bullet in view, as it was fired: it is at origin + vel * (tick - fired_tick) while it flies
/// (a ricochet changes vel and the origin with it: that is sent as a change).
typedef struct net_bullet {
    uint32_t id;    ///< its pool slot
    uint16_t x, y;  ///< origin, NET_Q_POS
    int16_t vx, vy; ///< NET_Q_VEL
    int32_t fired_tick;
    uint16_t owner;
    uint8_t weapon;
    uint8_t radius; ///< NET_Q_X4
    uint32_t range; ///< units it flies from the origin, NET_Q_LEN
    uint32_t blast; ///< grenade burst radius, NET_Q_LEN
} net_bullet;

typedef struct net_gem {
    uint32_t id;
    uint16_t x, y;
    uint16_t xp;
    uint8_t dropped;
} net_gem;

typedef struct net_pickup {
    uint32_t id;
    uint16_t x, y;
    uint8_t kind, weapon, tier;
    uint16_t ammo;
} net_pickup;

typedef struct net_prop {
    uint32_t id; ///< index in the map's props (sim_props)
    uint8_t hp;  ///< NET_Q_FRAC of its max_hp: 0 broken
} net_prop;

typedef struct net_door {
    uint32_t id;   ///< index in the map's doors (sim_doors)
    uint8_t open;  ///< NET_Q_FRAC of fully open
    int8_t moving; ///< +1 opening, -1 closing, 0 still
} net_door;

typedef struct net_kill {
    int32_t tick;   ///< the world's tick after it
    int16_t killer; ///< -1 the zone
    uint16_t victim;
    int8_t harm; ///< what eliminated it (sim_harm)
} net_kill;

/// A sim_event the effects need (SHOT and KILL are not sent: bullets and kills carry them).
typedef struct net_sim_event {
    int32_t tick; ///< the world's tick after it
    uint8_t kind; ///< sim_event_kind
    int16_t a;
    int32_t b;
    int32_t value; ///< NET_Q_X16
    uint16_t x, y;
    uint16_t fx, fy; ///< sim_event.from: a HIT's source (the HUD's damage markers)
} net_sim_event;

typedef struct net_frame {
    net_head head;
    net_self self;
    int agent_count, bullet_count, gem_count, pickup_count, prop_count, door_count;
    int kill_count, event_count;
    // Sets, by ascending id.
    net_agent agent[NET_MAX_VIEW_AGENTS];
    net_bullet bullet[NET_MAX_VIEW_BULLETS];
    net_gem gem[NET_MAX_VIEW_GEMS];
    net_pickup pickup[NET_MAX_VIEW_PICKUPS];
    net_prop prop[NET_MAX_FRAME_PROPS];
    net_door door[NET_MAX_VIEW_DOORS];
    // This frame's lists, in the order they happened.
    net_kill kill[NET_MAX_FRAME_KILLS];
    net_sim_event event[NET_MAX_FRAME_EVENTS];
} net_frame;

/// The empty frame: the baseline of a connection's first snapshot.
void net_frame_clear(net_frame *f);
/// Empties the lists of this frame only (kills, events): after a frame is sent.
void net_frame_clear_lists(net_frame *f);

/// The largest encoded frame (every set entering at its cap, every list full).
#define NET_FRAME_MAX_BYTES 60000

/// Encodes f as a delta against base; returns its size, or 0 when it does not fit in cap.
size_t net_frame_encode(const net_frame *base, const net_frame *f, uint8_t *out, size_t cap);
/// Decodes a delta against base into out (base and out may not be the same frame). False with a
/// one-line reason when any count passes its cap, any value its range, an id is out of order or
/// names nothing in the baseline, or the bytes end early or go on past the frame.
bool net_frame_decode(const net_frame *base, const uint8_t *in, size_t n, net_frame *out, char *err,
                      size_t errsz);
/// Every field of every record equal, and the same counts.
bool net_frame_equal(const net_frame *a, const net_frame *b);

#endif
