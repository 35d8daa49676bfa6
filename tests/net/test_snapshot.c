// The view-culled snapshot and its field-table codec (net_snapshot.h, net_view.h):
// - tables_cover_records: each table's rows run in declaration order without overlapping, what
//   lies between them is no wider than alignment padding, each range fits its type, a set's key
//   is its first row (a member without a row fails the build: net_snapshot.c);
// - extremes_round_trip: a record of every field at its low end, then its high end, round-trips;
// - match_round_trip: a 30-bot match on a shipped map, culled for four viewers every second tick
//   (events every tick), each frame encoded against the one before and decoded against the
//   client's previous frame, equal to what was encoded; nothing in a frame lies out of view, the
//   viewer's own record is exact, every kill reaches every viewer. Prints the snapshot sizes;
// - corrupted_frames: every cut and many one-byte changes of real frames are refused with one
//   line or decode to a frame that encodes back to exactly those bytes (every value in range);
// - refused_frames: the encoder never writes what the decoder would refuse: a changed or an
//   entering record with a value out of range, ids out of order, more records than the cap.
#include "test.h"

#include "net_fields.h"
#include "net_proto.h"
#include "net_view.h"
#include "session.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static size_t type_size(const net_field *f) {
    switch ((net_ftype)f->type) {
    case NET_F_U8:
    case NET_F_I8:
        return 1;
    case NET_F_U16:
    case NET_F_I16:
        return 2;
    default:
        return 4;
    }
}

static void type_range(const net_field *f, int64_t *lo, int64_t *hi) {
    switch ((net_ftype)f->type) {
    case NET_F_U8:
        *lo = 0, *hi = UINT8_MAX;
        return;
    case NET_F_I8:
        *lo = INT8_MIN, *hi = INT8_MAX;
        return;
    case NET_F_U16:
        *lo = 0, *hi = UINT16_MAX;
        return;
    case NET_F_I16:
        *lo = INT16_MIN, *hi = INT16_MAX;
        return;
    case NET_F_U32:
        *lo = 0, *hi = UINT32_MAX;
        return;
    case NET_F_I32:
        *lo = INT32_MIN, *hi = INT32_MAX;
        return;
    case NET_F_F32:
        *lo = -16777216, *hi = 16777216;
        return; // exact in a float
    }
}

static void test_tables_cover_records(void) {
    for (int k = 0; k < 10; k++) {
        const net_table *t = net_frame_tables[k];
        REQUIRE(t->count >= 1 && t->count <= 64);
        size_t end = 0;
        for (int i = 0; i < t->count; i++) {
            const net_field *f = &t->field[i];
            const size_t size = type_size(f);
            CHECK(f->offset >= end);       // in order, no overlap
            CHECK(f->offset - end < size); // the gap is padding, not a member
            CHECK(f->offset % size == 0);
            end = f->offset + size;
            int64_t lo = 0, hi = 0;
            type_range(f, &lo, &hi);
            CHECK(f->lo <= f->hi && f->lo >= lo && f->hi <= hi);
            CHECK(f->key == (i == 0 && k >= 2 && k <= 7)); // the sets' tables: agent .. door
            for (int j = 0; j < i; j++) CHECK(strcmp(f->name, t->field[j].name) != 0);
        }
        CHECK(t->record_size - end < 4); // tail padding only
    }
}

// Room for any table's record (the viewer's own is the largest).
#define ANY_RECORD 256
_Static_assert(sizeof(net_self) <= ANY_RECORD && sizeof(net_bullet) <= ANY_RECORD, "ANY_RECORD");

static void test_extremes_round_trip(void) {
    for (int k = 0; k < 10; k++) {
        const net_table *t = net_frame_tables[k];
        uint8_t zero[ANY_RECORD] = {0}, rec[ANY_RECORD], out[ANY_RECORD], buf[1024];
        for (int end = 0; end < 2; end++) {
            memset(rec, 0, sizeof rec);
            for (int i = 0; i < t->count; i++) {
                const net_field *f = &t->field[i];
                const int64_t v = end ? f->hi : f->lo;
                if (f->type == NET_F_F32) {
                    const float x = (float)v;
                    uint32_t bits;
                    memcpy(&bits, &x, 4);
                    net_field_set(f, rec, bits);
                } else {
                    net_field_set(f, rec, v);
                }
                CHECK(net_field_in_range(f, rec));
            }
            net_field_set(&t->field[0], zero, net_field_get(&t->field[0], rec)); // keys go apart
            net_writer w = {buf, 0, sizeof buf, true};
            net_record_encode(t, zero, rec, &w);
            REQUIRE(w.ok);
            net_reader r = {buf, w.n, 0, true, {0}};
            CHECK(net_record_decode(t, zero, out, &r, NULL));
            CHECK(r.ok && r.pos == w.n && net_record_equal(t, rec, out));
            memset(zero, 0, sizeof zero);
        }
    }
}

// Frames kept for the corruption test: (baseline, frame) pairs from the match.
#define KEPT 24
static net_frame *kept_base, *kept_frame;
static int kept;

static double extent_of(const sim_world *w) {
    const ae_grid *g = sim_grid(w);
    return (double)net_map_extent(g->width, g->height, sim_config_of(w)->cell_size);
}

// Nothing in f lies outside the view around the viewer (one quantisation step of slack).
static void check_in_view(const sim_world *w, const net_frame *f, vec2s half) {
    const double ext = extent_of(w), step = ext / 65535.0;
    const sim_agent *me = &sim_agents(w)[f->head.agent];
    const double cx = me->pos.x, cy = me->pos.y;
    for (int i = 0; i < f->agent_count; i++) {
        const net_agent *a = &f->agent[i];
        const sim_agent *s = &sim_agents(w)[a->id];
        CHECK(a->id != f->head.agent);
        const double x = net_unquantise(NET_Q_X8, a->x, 0);
        const double y = net_unquantise(NET_Q_X8, a->y, 0);
        CHECK(fabs(x - cx) <= half.x + s->radius + step &&
              fabs(y - cy) <= half.y + s->radius + step);
        CHECK(fabs(x - s->pos.x) <= 1.0 / 16 && fabs(y - s->pos.y) <= 1.0 / 16); // eighths
    }
    for (int i = 0; i < f->gem_count; i++) {
        const double x = net_unquantise(NET_Q_POS, f->gem[i].x, (float)ext);
        const double y = net_unquantise(NET_Q_POS, f->gem[i].y, (float)ext);
        CHECK(fabs(x - cx) <= half.x + step && fabs(y - cy) <= half.y + step);
    }
    for (int i = 0; i < f->bullet_count; i++) {
        const sim_bullet *b = &sim_bullets(w)[f->bullet[i].id];
        CHECK(b->alive && fabs(b->pos.x - cx) <= half.x + b->radius &&
              fabs(b->pos.y - cy) <= half.y + b->radius);
        // The client flies it from its origin: within a few steps of where it is.
        const double t = (double)(f->head.tick - f->bullet[i].fired_tick);
        const double x = net_unquantise(NET_Q_POS, f->bullet[i].x, (float)ext) +
                         net_unquantise(NET_Q_VEL, f->bullet[i].vx, 0) * t;
        CHECK(fabs(x - b->pos.x) <= 2 * step + t / 64.0 + 0.01);
    }
}

static void test_match_round_trip(void) {
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    def.config = sim_default_config();
    def.config.seed = 29;
    def.config.humans = 0;
    def.config.bots = 30;
    ae_error err;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    const sim_world *w = session_world(s);
    enum { VIEWERS = 4 };
    const int viewer[VIEWERS] = {0, 9, 17, 29};
    const vec2s half = net_view_half_default();
    // Per viewer: the server's frame being built, the last one sent, the client's last decoded.
    net_frame *frames = calloc(3 * VIEWERS, sizeof *frames);
    REQUIRE(frames);
    net_frame *cur = frames, *sent = frames + VIEWERS, *got = frames + 2 * VIEWERS;
    for (int v = 0; v < 3 * VIEWERS; v++) net_frame_clear(&frames[v]);
    static uint8_t buf[NET_FRAME_MAX_BYTES];
    net_frame *next = malloc(sizeof *next);
    net_view_world *view = net_view_world_create();
    REQUIRE(view);
    REQUIRE(next);
    long snapshots = 0, bytes = 0, worst = 0, in_view = 0, kills_seen[VIEWERS] = {0};
    long first_bytes = 0;
    int deaths = 0;
    while (!session_done(s) && sim_tick(w) < 60 * 60 * 8) {
        session_step(s, NULL);
        for (int i = 0, n = sim_event_count(w); i < n; i++)
            deaths += sim_events(w)[i].kind == SIM_EVENT_KILL;
        // As the server: every NET_SNAPSHOT_EVERY ticks, and the final state.
        const bool send = sim_tick(w) % NET_SNAPSHOT_EVERY == 0 || session_done(s);
        for (int v = 0; v < VIEWERS; v++) {
            if (!send) {
                net_view_events(w, viewer[v], half, &cur[v]);
                continue;
            }
            if (v == 0) REQUIRE(net_view_world_take(view, w));
            net_view_cull(view, w, viewer[v], half, &cur[v]);
            cur[v].head.input_tick = sim_tick(w) - 3;
            CHECK(cur[v].head.dropped == 0);
            const size_t size = net_frame_encode(&sent[v], &cur[v], buf, sizeof buf);
            REQUIRE(size > 0);
            char why[200] = "";
            const bool ok = net_frame_decode(&got[v], buf, size, next, why, sizeof why);
            if (!ok) fprintf(stderr, "tick %d viewer %d: %s\n", sim_tick(w), v, why);
            REQUIRE(ok);
            REQUIRE(net_frame_equal(next, &cur[v]));
            // The own record is exact; the rest lies in view.
            const sim_agent *me = &sim_agents(w)[viewer[v]];
            CHECK(next->self.x == me->pos.x && next->self.y == me->pos.y &&
                  next->self.hp == me->hp);
            CHECK(next->head.alive == sim_alive_count(w));
            check_in_view(w, next, half);
            kills_seen[v] += next->kill_count;
            if (kept_base && kept < KEPT && sim_tick(w) % 400 == 0) {
                kept_base[kept] = got[v];
                kept_frame[kept++] = *next;
            }
            if (snapshots < VIEWERS) first_bytes += (long)size;
            snapshots++;
            bytes += (long)size;
            if ((long)size > worst) worst = (long)size;
            in_view += next->agent_count;
            got[v] = *next;
            sent[v] = cur[v];
            net_frame_clear_lists(&cur[v]);
        }
    }
    for (int v = 0; v < VIEWERS; v++) CHECK(kills_seen[v] == deaths);
    CHECK(deaths > 0);
    printf("snapshots: %ld over %d ticks, %d viewers; bytes: mean %.1f, worst %ld, first %.0f; "
           "agents in view: mean %.1f\n",
           snapshots, sim_tick(w), VIEWERS, (double)bytes / (double)snapshots, worst,
           (double)first_bytes / VIEWERS, (double)in_view / (double)snapshots);
    CHECK(snapshots > 100);
    free(next);
    free(frames);
    net_view_world_destroy(view);
    session_destroy(s);
}

static bool one_line(const char *err) {
    return err[0] && !strchr(err, '\n');
}

static void test_corrupted_frames(void) {
    kept_base = calloc(2 * KEPT, sizeof *kept_base);
    REQUIRE(kept_base);
    kept_frame = kept_base + KEPT;
    test_match_round_trip(); // fills the kept frames
    REQUIRE(kept > 0);
    static uint8_t buf[NET_FRAME_MAX_BYTES], bad[NET_FRAME_MAX_BYTES], again[NET_FRAME_MAX_BYTES];
    net_frame *out = malloc(sizeof *out);
    REQUIRE(out);
    long refused = 0, accepted = 0;
    for (int k = 0; k < kept; k++) {
        const size_t size = net_frame_encode(&kept_base[k], &kept_frame[k], buf, sizeof buf);
        REQUIRE(size > 0);
        char err[200];
        for (size_t cut = 0; cut < size; cut++) {
            err[0] = 0;
            CHECK(!net_frame_decode(&kept_base[k], buf, cut, out, err, sizeof err));
            CHECK(one_line(err));
        }
        const uint8_t values[] = {0x00, 0x01, 0x7f, 0x80, 0xff};
        for (size_t at = 0; at < size; at++) {
            for (int j = 0; j < 5 + 2; j++) {
                memcpy(bad, buf, size);
                bad[at] = j < 5 ? values[j] : (uint8_t)(buf[at] ^ (j == 5 ? 1 : 0x40));
                if (bad[at] == buf[at]) continue;
                err[0] = 0;
                if (net_frame_decode(&kept_base[k], bad, size, out, err, sizeof err)) {
                    accepted++;
                    const size_t n = net_frame_encode(&kept_base[k], out, again, sizeof again);
                    CHECK(n == size && !memcmp(again, bad, size));
                } else {
                    refused++;
                    CHECK(one_line(err));
                }
            }
        }
    }
    printf("frame corruptions: %ld refused, %ld decoded to an in-range frame (%d frames)\n",
           refused, accepted, kept);
    CHECK(refused > 0);
    free(out);
    free(kept_base);
}

static void test_refused_frames(void) {
    net_frame *base = malloc(sizeof *base), *f = malloc(sizeof *f), *out = malloc(sizeof *out);
    REQUIRE(base && f && out);
    static uint8_t buf[NET_FRAME_MAX_BYTES];
    net_frame_clear(base);
    base->agent_count = 3;
    for (int i = 0; i < 3; i++) base->agent[i] = (net_agent){.id = (uint16_t)(2 * i), .x = 100};
    char err[200];
    // A good change encodes and decodes to itself.
    *f = *base;
    f->agent[1].weapon = SIM_WEAPON_COUNT - 1;
    size_t n = net_frame_encode(base, f, buf, sizeof buf);
    CHECK(n > 0 && net_frame_decode(base, buf, n, out, err, sizeof err) && net_frame_equal(out, f));
    // A changed field out of range.
    f->agent[1].weapon = SIM_WEAPON_COUNT;
    CHECK(net_frame_encode(base, f, buf, sizeof buf) == 0);
    // The same record entering (its id not in the baseline).
    f->agent[1].id = 3;
    CHECK(net_frame_encode(base, f, buf, sizeof buf) == 0);
    // Ids out of order, and more agents than the cap.
    *f = *base;
    f->agent[2].id = 1;
    CHECK(net_frame_encode(base, f, buf, sizeof buf) == 0);
    *f = *base;
    f->agent_count = NET_MAX_VIEW_AGENTS + 1;
    CHECK(net_frame_encode(base, f, buf, sizeof buf) == 0);
    // A list record out of range (a kill's harm past its row).
    *f = *base;
    f->kill_count = 1;
    f->kill[0] = (net_kill){.tick = f->head.tick, .killer = -1, .victim = 1, .harm = INT8_MIN};
    CHECK(net_frame_encode(base, f, buf, sizeof buf) == 0);
    free(base);
    free(f);
    free(out);
}

TEST_MAIN(TEST_CASE(tables_cover_records), TEST_CASE(extremes_round_trip),
          TEST_CASE(match_round_trip), TEST_CASE(corrupted_frames), TEST_CASE(refused_frames))
