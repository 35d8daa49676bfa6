// The client of online play (net_client.h) against a scripted server (client_rig.h) over an
// in-memory link on a virtual clock: the mirror shows the server's world, the own agent's
// prediction lands where the server puts it, and every refusal is one clear line.
#include "test.h"

#include "client_rig.h"
#include "sim_mirror.h"
#include "sim_scoreboard.h"
#include "sim_world.h"

#include <math.h>
#include <string.h>

/// Walking in legs of 200 ticks in turning directions (into walls and along them), aiming round
/// about, a blink tried every 70 ticks.
static sim_input walk(int t) {
    sim_input in = {0};
    const int leg = t / 200;
    sim_input_set_move(&in, (vec2s){{cosf(2.4f * (float)leg), sinf(2.4f * (float)leg)}});
    const float turn = 0.05f * (float)t;
    sim_input_set_aim(&in, (vec2s){{cosf(turn), sinf(turn)}});
    if (t % 70 == 5) in.buttons |= SIM_BUTTON_BLINK;
    return in;
}

/// What the mirror has of the server's world, tallied after each client tick.
typedef struct seen {
    int agents_compared, zones_compared;
    float worst_agent, worst_zone;
    int alive_wrong;
} seen;

/// Agent `id` at view tick vt: at a snapshot's tick where the server had it, between two where
/// the server had it at the two, in proportion.
static void compare_agent(rig *r, seen *s, int id, int vt) {
    const net_client *c = r->c;
    const net_track *t = &c->tracks[id];
    const int from = vt - vt % NET_SNAPSHOT_EVERY;
    const int to = from == vt ? vt : from + NET_SNAPSHOT_EVERY;
    if (id >= RIG_MAX_AGENTS || t->count == 0 || t->s[0].tick > from || to > c->head_tick) return;
    const float along = (float)(vt - from) / NET_SNAPSHOT_EVERY;
    const vec2s want = glms_vec2_lerp(r->s.hist[from].pos[id], r->s.hist[to].pos[id], along);
    const float d = glms_vec2_distance(sim_agents(net_client_world(c))[id].pos, want);
    s->worst_agent = fmaxf(s->worst_agent, d);
    s->agents_compared++;
}

static void compare(rig *r) {
    seen *s = r->user;
    const net_client *c = r->c;
    if (!c->have_frame) return;
    const sim_world *m = net_client_world(c);
    // The zone and the alive count come with the newest snapshot.
    const rig_tick *head = &r->s.hist[c->head_tick];
    const sim_zone *z = sim_zone_state(m);
    const float dz = fmaxf(glms_vec2_distance(z->center, head->zone_center),
                           fabsf(z->radius - head->zone_radius));
    s->worst_zone = fmaxf(s->worst_zone, dz);
    s->zones_compared++;
    s->alive_wrong += sim_alive_count(m) != head->alive;
    // The others at the view tick.
    const int vt = net_client_view_tick(c);
    if (vt < 1) return;
    const net_frame *f = c->frame[c->cur];
    for (int i = 0; i < f->agent_count; i++) compare_agent(r, s, f->agent[i].id, vt);
    if (net_client_get_state(c) == NET_CLIENT_SPECTATING) compare_agent(r, s, f->head.agent, vt);
}

static void test_connect(void) {
    rig r;
    seen s = {0};
    rig_open(&r, "arena", 4, 26, 2, 0, 30000);
    r.script = walk;
    r.check = compare;
    r.user = &s;
    rig_run(&r, 600);
    const net_client *c = r.c;
    CHECK(net_client_get_state(c) == NET_CLIENT_PLAYING);
    CHECK_STR(net_client_failure(c), "");
    CHECK(net_client_slot(c) == 2);
    CHECK(net_client_agent(c) == 2);
    CHECK_STR(net_client_name(c, 2), "tester");
    CHECK_STR(net_client_name(c, 1), "");
    CHECK(net_client_token(c)[0] == 7);
    const sim_world *m = net_client_world(c);
    REQUIRE(m);
    CHECK(sim_agent_count(m) == 30);
    CHECK(sim_slot_agent(m, 2) == 2);
    const float step = c->extent / 65535.0f, agent_step = 1.0f / 8; // NET_Q_POS, NET_Q_X8
    fprintf(stderr, "%d agent and %d zone comparisons, worst %.4f and %.4f (steps %.4f, %.4f)\n",
            s.agents_compared, s.zones_compared, (double)s.worst_agent, (double)s.worst_zone,
            (double)agent_step, (double)step);
    CHECK(s.agents_compared > 300);
    CHECK(s.worst_agent <= agent_step);
    CHECK(s.zones_compared > 500);
    CHECK(s.worst_zone <= step);
    CHECK(s.alive_wrong == 0);
    fprintf(stderr, "%u ticks extrapolated\n", net_client_get_stats(c)->extrapolated_ticks);
    // A steady link: the others never ran past the newest snapshot.
    CHECK(net_client_get_stats(c)->extrapolated_ticks == 0);
    CHECK(net_client_get_stats(c)->snapshots >=
          600 / NET_SNAPSHOT_EVERY - 10); // all but the join's
    rig_close(&r);
}

/// Plays the walk on a link of `latency_us` each way; the own agent's prediction is compared
/// with the server at every snapshot.
static void play_walk(uint64_t latency_us, int ticks, net_client_stats *out, int *dry) {
    rig r;
    rig_open(&r, "arena", 1, 3, 0, 0, latency_us);
    r.script = walk;
    rig_run(&r, ticks);
    CHECK(net_client_get_state(r.c) == NET_CLIENT_PLAYING);
    *out = *net_client_get_stats(r.c);
    *dry = r.s.dry;
    // It walked and blinked: the server moved it, and slid it along walls.
    const sim_agent *a = &sim_agents(r.s.w)[0];
    CHECK(a->stats.blinks >= ticks / 240 - 1); // its cooldown is 240 ticks
    CHECK(r.s.slides > 50);
    // The mirror shows it where the server will have it once it applied every input sent.
    fprintf(stderr,
            "latency %llu us: %u compared, %u corrections (%u over 1 unit, worst %.4f), %d dry, "
            "%u sent, %d applied, %d blinks, %d ticks slowed by walls\n",
            (unsigned long long)latency_us, out->compared, out->corrections,
            out->corrections_over_1, (double)out->max_correction, *dry, r.c->seq, r.s.applied,
            a->stats.blinks, r.s.slides);
    rig_close(&r);
}

static void test_predict_exact(void) {
    net_client_stats st;
    int dry;
    play_walk(0, 900, &st, &dry);
    CHECK(st.compared > 900 / NET_SNAPSHOT_EVERY * 2 / 3); // most snapshots
    CHECK(dry == 0);
    CHECK(st.corrections == 0);
    CHECK(st.max_correction == 0.0f);
}

static void test_predict_latency(void) {
    net_client_stats st;
    int dry;
    play_walk(50000, 900, &st, &dry);
    CHECK(st.compared > 900 / NET_SNAPSHOT_EVERY * 2 / 3);
    CHECK(st.corrections_over_1 == 0);
    CHECK(st.snapped == 0);
}

static void test_spectate(void) {
    rig r;
    seen s = {0};
    rig_open(&r, "arena", 2, 6, NET_MAX_SLOTS - 1, 5, 20000);
    r.check = compare;
    r.user = &s;
    rig_run(&r, 300);
    CHECK(net_client_get_state(r.c) == NET_CLIENT_SPECTATING);
    CHECK(net_client_slot(r.c) == -1);
    CHECK(net_client_agent(r.c) == 5);
    CHECK(r.c->seq == 0); // a spectator sends no inputs
    // The followed agent and the others show where the server had them at the view tick.
    fprintf(stderr, "%d agent comparisons, worst %.4f\n", s.agents_compared, (double)s.worst_agent);
    CHECK(s.agents_compared > 100);
    CHECK(s.worst_agent <= r.c->extent / 65535.0f);
    CHECK(s.alive_wrong == 0);
    rig_close(&r);
}

/// 1800 ticks on a link of 150 ms round trips, 10 ms jitter and 5% of messages lost (a
/// retransmit stall each, holding everything behind it); its figures.
static net_client_stats lossy(uint64_t seed) {
    rig r;
    const net_link_def link = {.seed = seed, .latency_us = 75000, .jitter_us = 10000, .loss = 0.05};
    rig_open_link(&r, "arena", 2, 10, 0, 0, &link);
    r.script = walk;
    rig_run(&r, 1800);
    CHECK(net_client_get_state(r.c) == NET_CLIENT_PLAYING);
    const net_client_stats st = *net_client_get_stats(r.c);
    const net_link_traffic tr = net_link_client_traffic(r.client);
    fprintf(stderr,
            "seed %llu: %llu stalls down, %llu up; %u ticks, %u extrapolated; %u compared, %u "
            "corrected (%u over 1 unit, %u snapped, worst %.2f); the server ran dry %d ticks\n",
            (unsigned long long)seed, (unsigned long long)tr.down.stalls,
            (unsigned long long)tr.up.stalls, st.ticks, st.extrapolated_ticks, st.compared,
            st.corrections, st.corrections_over_1, st.snapped, (double)st.max_correction, r.s.dry);
    CHECK(tr.down.stalls >= 5 && tr.up.stalls >= 5);
    // A correction comes where the server ran dry (an INPUT stalled on the way up, holding its
    // NET_INPUT_EVERY inputs): about one for each input held, not one for each snapshot of the
    // dry spell.
    CHECK(st.corrections_over_1 <= 2 * NET_INPUT_EVERY * tr.up.stalls);
    rig_close(&r);
    return st;
}

/// Through the stalls the others are extrapolated, and the own agent corrected where the server
/// ran dry; the same seed gives the same figures.
static void test_lossy_link(void) {
    const net_client_stats a = lossy(8), b = lossy(8), c = lossy(9);
    CHECK(a.extrapolated_ticks > 0 && a.corrections_over_1 > 0);
    CHECK(a.compared > 1800 / NET_SNAPSHOT_EVERY / 2); // half the snapshots, stalls and all
    CHECK(a.ticks == b.ticks && a.extrapolated_ticks == b.extrapolated_ticks &&
          a.compared == b.compared && a.corrections == b.corrections &&
          a.corrections_over_1 == b.corrections_over_1 && a.snapped == b.snapped &&
          a.max_correction == b.max_correction && a.bytes_down == b.bytes_down &&
          a.bytes_up == b.bytes_up && a.ping_ms == b.ping_ms);
    CHECK(a.extrapolated_ticks != c.extrapolated_ticks || a.bytes_down != c.bytes_down);
}

static void test_corrupt_snapshot(void) {
    rig r;
    rig_open(&r, "arena", 1, 3, 0, 0, 10000);
    r.s.corrupt_at = 20;
    rig_run(&r, 100);
    CHECK(net_client_get_state(r.c) == NET_CLIENT_FAILED);
    fprintf(stderr, "%s\n", net_client_failure(r.c));
    CHECK(strstr(net_client_failure(r.c), "snapshot: 1 bytes past the end") != NULL);
    CHECK(net_client_get_stats(r.c)->snapshots == 19);
    rig_idle(&r, 100000);
    CHECK(r.s.closed);
    CHECK(r.s.close_code == NET_CLOSE_POLICY);
    CHECK(strstr(r.s.close_reason, "bytes past the end") != NULL);
    CHECK(!net_client_tick(r.c, NULL));
    rig_close(&r);
}

/// The client's failure once WELCOME came from a server set up by `spoil`.
static void welcome_fails(void (*spoil)(rig_server *s), const char *want) {
    rig r;
    rig_open(&r, "arena", 1, 3, 0, 0, 10000);
    spoil(&r.s);
    rig_run(&r, 30);
    CHECK(net_client_get_state(r.c) == NET_CLIENT_FAILED);
    CHECK(net_client_world(r.c) == NULL);
    fprintf(stderr, "%s\n", net_client_failure(r.c));
    CHECK(strstr(net_client_failure(r.c), want) != NULL);
    rig_idle(&r, 100000);
    CHECK(r.s.closed && r.s.close_code == NET_CLOSE_POLICY);
    CHECK_STR(r.s.close_reason, net_client_failure(r.c));
    rig_close(&r);
}
static void unknown_map(rig_server *s) {
    strcpy(s->map, "nosuchmap");
}
static void wrong_hash(rig_server *s) {
    s->hash ^= 1;
}
static void other_version(rig_server *s) {
    s->version = NET_PROTOCOL_VERSION + 1;
}

static void test_unknown_map(void) {
    welcome_fails(unknown_map, "unknown map 'nosuchmap': ");
}
static void test_wrong_hash(void) {
    welcome_fails(wrong_hash, "map 'arena' differs from the server's");
}
static void test_version_mismatch(void) {
    char want[80];
    snprintf(want, sizeof want, "version mismatch: the server speaks protocol %d, this client %d",
             NET_PROTOCOL_VERSION + 1, NET_PROTOCOL_VERSION);
    welcome_fails(other_version, want);
}

/// The server's close before WELCOME: one line with its reason and code.
static void test_refused(void) {
    rig r;
    rig_open(&r, "arena", 1, 3, 0, 0, 10000);
    rig_idle(&r, 20000); // the connection is open at both ends, the client said HELLO
    REQUIRE(r.s.conn);
    net_close(r.s.t, r.s.conn, NET_CLOSE_OVERLOADED, "match full");
    rig_idle(&r, 50000);
    CHECK(net_client_get_state(r.c) == NET_CLIENT_FAILED);
    CHECK_STR(net_client_failure(r.c), "server full: match full (1013)");
    rig_close(&r);
}

static void test_connection_lost(void) {
    rig r;
    rig_open(&r, "arena", 1, 3, 0, 0, 10000);
    rig_run(&r, 60);
    net_link_sever(r.link, r.client);
    rig_idle(&r, 50000);
    CHECK_STR(net_client_failure(r.c), "connection lost (1006)");
    rig_close(&r);
}

static void send_end(rig *r, uint32_t size) {
    net_msg m = {.type = NET_MSG_END};
    m.u.end = (net_end){3, 2, (uint32_t)sim_tick(r->s.w), 0x1234abcdull, size};
    rig_send(r, &m);
}
static void send_chunk(rig *r, const uint8_t *bytes, uint32_t offset, uint32_t n) {
    net_msg m = {.type = NET_MSG_REPLAY_CHUNK};
    m.u.chunk = (net_replay_chunk){offset, {bytes + offset, n}};
    rig_send(r, &m);
}

static void test_end_replay(void) {
    rig r;
    rig_open(&r, "arena", 1, 3, 0, 0, 30000);
    r.script = walk;
    rig_run(&r, 120);
    enum { SIZE = 2 * NET_REPLAY_CHUNK_MAX + 1000 };
    static uint8_t replay[SIZE];
    for (uint32_t i = 0; i < SIZE; i++) replay[i] = (uint8_t)(i * 2654435761u >> 13);
    send_end(&r, SIZE);
    for (uint32_t at = 0; at < SIZE; at += NET_REPLAY_CHUNK_MAX)
        send_chunk(&r, replay, at,
                   SIZE - at < NET_REPLAY_CHUNK_MAX ? SIZE - at : NET_REPLAY_CHUNK_MAX);
    net_close(r.s.t, r.s.conn, NET_CLOSE_NORMAL, "match over");
    rig_idle(&r, 100000);
    CHECK(net_client_get_state(r.c) == NET_CLIENT_ENDED);
    CHECK_STR(net_client_failure(r.c), "");
    net_end e;
    CHECK(net_client_end(r.c, &e));
    CHECK(e.winner == 3 && e.placement == 2 && e.hash == 0x1234abcdull);
    CHECK(sim_over(net_client_world(r.c)) && sim_winner(net_client_world(r.c)) == 3);
    size_t n = 0;
    const uint8_t *got = net_client_replay(r.c, &n);
    REQUIRE(got);
    CHECK(n == SIZE);
    CHECK(memcmp(got, replay, SIZE) == 0);
    CHECK(!net_client_tick(r.c, NULL));
    rig_close(&r);
}

static void test_end_chunk_out_of_order(void) {
    rig r;
    rig_open(&r, "arena", 1, 3, 0, 0, 30000);
    rig_run(&r, 60);
    static uint8_t replay[3000];
    send_end(&r, sizeof replay);
    send_chunk(&r, replay, 1000, 1000);
    rig_idle(&r, 100000);
    CHECK(net_client_get_state(r.c) == NET_CLIENT_FAILED);
    CHECK(strstr(net_client_failure(r.c), "REPLAY_CHUNK: 1000 bytes at 1000") != NULL);
    CHECK(net_client_replay(r.c, NULL) == NULL);
    rig_close(&r);
}

static void test_ping(void) {
    rig r;
    rig_open(&r, "arena", 1, 3, 0, 0, 40000);
    rig_run(&r, 200);
    const net_client_stats *st = net_client_get_stats(r.c);
    fprintf(stderr, "ping %.1f ms, jitter %.1f, %d snapshots/s, %d B/s down, %d B/s up\n",
            st->ping_ms, st->jitter_ms, st->snapshots_per_s, st->bytes_down_per_s,
            st->bytes_up_per_s);
    // The round trip is twice the latency, plus the waits for the server's next poll (once a
    // server tick) and the client's (once a client tick).
    CHECK(st->ping_ms >= 80 && st->ping_ms <= 80 + 2 * 17);
    const int rate = NET_TICK_RATE / NET_SNAPSHOT_EVERY;
    CHECK(st->snapshots_per_s >= rate - 1 && st->snapshots_per_s <= rate + 1);
    CHECK(st->bytes_down_per_s > 0 && st->bytes_up_per_s > 0);
    rig_idle(&r, 100000); // what is on its way arrives
    // The link counts each message's WebSocket frame header too: 2 bytes (4 from 126 bytes),
    // and 4 of mask from the client.
    const net_link_traffic tr = net_link_client_traffic(r.client);
    CHECK(tr.down.bytes >= st->bytes_down + 2 * tr.down.messages);
    CHECK(tr.down.bytes <= st->bytes_down + 4 * tr.down.messages);
    CHECK(tr.up.bytes >= st->bytes_up + 6 * tr.up.messages);
    CHECK(tr.up.bytes <= st->bytes_up + 8 * tr.up.messages);
    rig_close(&r);
}

/// A novice pilot flies the own agent from the mirror: slot 3 drives agent 7, a bot's agent (past
/// the match's 4 slots), as a joiner whose slot's own agent died does.
static void test_pilot(void) {
    rig r;
    rig_open(&r, "arena", 4, 6, 3, 7, 30000);
    rig_run(&r, 10);
    REQUIRE(net_client_get_state(r.c) == NET_CLIENT_PLAYING);
    sim_autopilot *ap = sim_autopilot_create(net_client_world(r.c), 5, SIM_PILOT_NOVICE);
    REQUIRE(ap);
    REQUIRE(net_client_agent(r.c) == 7);
    CHECK(sim_config_of(net_client_world(r.c))->humans == 4); // WELCOME's slots, not the agents
    const vec2s start = sim_agents(r.s.w)[7].pos;
    r.pilot = ap;
    rig_run(&r, 600);
    const int moving = r.moving;
    const float went = glms_vec2_distance(start, sim_agents(r.s.w)[7].pos);
    fprintf(stderr, "moving %d of 600 ticks, %.0f units from the start\n", moving, (double)went);
    CHECK(moving > 200);
    CHECK(went > 100.0f);
    CHECK(net_client_get_stats(r.c)->corrections_over_1 == 0);
    sim_autopilot_destroy(ap);
    rig_close(&r);
}

/// The living agent furthest from the client's (agent 0), out of its view (over 1200 units
/// away), or -1.
static int farthest_alive(const sim_world *w) {
    int far = -1;
    float best = 0;
    for (int i = 1; i < sim_agent_count(w); i++) {
        const float d = glms_vec2_distance(w->agents[i].pos, w->agents[0].pos);
        if (w->agents[i].placement == 0 && d > best) best = d, far = i;
    }
    return best > 1200.0f ? far : -1;
}

/// An agent out of the client's view falls: the kill feed brings it down in the mirror too, with
/// the server's placement, and the mirror's alive count stays the server's.
static void test_kill_feed(void) {
    rig r;
    rig_open(&r, "arena", 2, 20, 0, 0, 30000);
    r.script = walk;
    rig_run(&r, 100);
    sim_world *w = r.s.w;
    const int far = farthest_alive(w);
    REQUIRE(far > 0);
    w->agents[far].hp = -1.0f;
    rig_run(&r, 30);
    const sim_agent *shown = &sim_agents(net_client_world(r.c))[far];
    CHECK(w->agents[far].placement != 0);
    CHECK(shown->placement == w->agents[far].placement);
    CHECK(shown->death_tick == w->agents[far].death_tick);
    CHECK(sim_alive_count(net_client_world(r.c)) == sim_alive_count(w));
    rig_close(&r);
}

// What no agent record carries reaches the client all the same: its own damage ledger (the
// death screen's "Hurt by", in whole points) in its `self`, and the kill leader far out of view
// in the head, so the mirror names the leader the server does.
static void test_ledger_and_leader(void) {
    rig r;
    rig_open(&r, "arena", 2, 20, 0, 0, 30000);
    r.script = walk;
    rig_run(&r, 60);
    sim_world *w = r.s.w;
    const int far = farthest_alive(w);
    REQUIRE(far > 0);
    const sim_world *m = net_client_world(r.c);
    CHECK(sim_kill_leader(m) == -1);
    w->agents[far].kills = 3;
    w->agents[1].kills = 1;
    sim_agent_stats *st = &w->agents[0].stats;
    st->hurt_count = 2;
    st->hurt[0] = (sim_hurt){far, SIM_WEAPON_GRENADE, 41.6};
    st->hurt[1] = (sim_hurt){-1, SIM_HARM_ZONE, 7.2};
    st->hurt_other = 3.4;
    rig_run(&r, 30);
    CHECK(sim_kill_leader(w) == far && sim_kill_leader(m) == far);
    CHECK(sim_agents(m)[far].kills == 3);
    const sim_agent_stats *got = &sim_agents(m)[0].stats;
    REQUIRE(got->hurt_count == 2);
    CHECK(got->hurt[0].by == far && got->hurt[0].harm == SIM_WEAPON_GRENADE);
    CHECK_NEAR(got->hurt[0].amount, 42.0, 1e-9);
    CHECK(got->hurt[1].by == -1 && got->hurt[1].harm == SIM_HARM_ZONE);
    CHECK_NEAR(got->hurt[1].amount, 7.0, 1e-9);
    CHECK_NEAR(got->hurt_other, 3.0, 1e-9);
    sim_scoreboard sb;
    sim_scoreboard_build(m, 0, &sb);
    CHECK(sb.hurt_count == 2 && sb.hurt[0].agent == far && sb.hurt[0].amount == 42);
    // A tie goes to the lower id, there as here.
    w->agents[2].kills = 3;
    rig_run(&r, 30);
    CHECK(sim_kill_leader(w) == (far < 2 ? far : 2));
    CHECK(sim_kill_leader(m) == sim_kill_leader(w));
    rig_close(&r);
}

/// Walking without blinks: the shown agent moves at most a step (and a little) per tick.
static sim_input stroll(int t) {
    sim_input in = walk(t);
    in.buttons = 0;
    return in;
}

typedef struct jumps {
    vec2s last;
    float worst;
    int ticks;
} jumps;
static void watch_jumps(rig *r) {
    jumps *j = r->user;
    const vec2s at = sim_agents(net_client_world(r->c))[0].pos;
    if (j->ticks++ > 0) j->worst = fmaxf(j->worst, glms_vec2_distance(at, j->last));
    j->last = at;
}

/// The server moves the client's agent by `by` (as a push the client could not know of): the
/// next snapshot corrects the prediction, smoothly when small, at once when large.
static void correct(vec2s by, net_client_stats *st, float *worst_jump, vec2s *gap) {
    rig r;
    jumps j = {0};
    rig_open(&r, "arena", 1, 3, 0, 0, 50000);
    r.script = stroll;
    rig_run(&r, 200);
    r.check = watch_jumps;
    r.user = &j;
    sim_agent *a = &r.s.w->agents[0];
    a->pos = a->prev_pos = glms_vec2_add(a->pos, by);
    rig_run(&r, 60);
    *st = *net_client_get_stats(r.c);
    *worst_jump = j.worst;
    // The prediction agrees with the server again, and the offset is gone.
    *gap = r.c->offset;
    rig_close(&r);
}

static void test_correction_smoothed(void) {
    net_client_stats st;
    float jump;
    vec2s gap;
    correct((vec2s){{6.0f, 0.0f}}, &st, &jump, &gap);
    fprintf(stderr, "%u corrections, worst %.3f, worst step shown %.3f\n", st.corrections,
            (double)st.max_correction, (double)jump);
    CHECK(st.corrections == 1 && st.corrections_over_1 == 1);
    CHECK_NEAR(st.max_correction, 6.0, 1e-3);
    CHECK(st.snapped == 0);
    // A walking step is 2.6 units; the 6 are spread over the next ticks.
    CHECK(jump < 2.6f + 2.0f);
    CHECK(jump > 2.6f);
    CHECK(gap.x == 0.0f && gap.y == 0.0f);
}

static void test_correction_snaps(void) {
    net_client_stats st;
    float jump;
    vec2s gap;
    correct((vec2s){{0.0f, 80.0f}}, &st, &jump, &gap);
    CHECK(st.corrections == 1 && st.snapped == 1);
    CHECK(jump > 70.0f);
    CHECK(gap.x == 0.0f && gap.y == 0.0f);
}

TEST_MAIN(TEST_CASE(connect), TEST_CASE(predict_exact), TEST_CASE(predict_latency),
          TEST_CASE(spectate), TEST_CASE(lossy_link), TEST_CASE(corrupt_snapshot),
          TEST_CASE(unknown_map), TEST_CASE(wrong_hash), TEST_CASE(version_mismatch),
          TEST_CASE(refused), TEST_CASE(connection_lost), TEST_CASE(end_replay),
          TEST_CASE(end_chunk_out_of_order), TEST_CASE(ping), TEST_CASE(pilot),
          TEST_CASE(kill_feed), TEST_CASE(ledger_and_leader), TEST_CASE(correction_smoothed),
          TEST_CASE(correction_snaps))
