// A match over the in-memory link on its virtual clock (net_rig.h): the server and N piloted
// clients, stepped from event to event.
#include "net_rig.h"

#include "arena/ae_base.h"

#include <stdio.h>
#include <string.h>

/// After the match ends the server has no ticks due: the clock moves on by this.
#define IDLE_STEP_US 5000u
/// The server's update calls' CPU times, in 10 us steps up to 100 ms.
#define CPU_BUCKETS   10000
#define CPU_BUCKET_NS 10000u

typedef struct rig_client {
    net_transport *t;
    net_client *c;
    sim_autopilot *ap;
    const sim_world *piloted; // the mirror the pilot was made for
    uint64_t next_us;         // its next frame
    int ticks;                // client ticks run (the script's tick)
    // Traffic in whole seconds of play.
    uint64_t second_us; // start of the second being counted, 0: not playing
    net_link_traffic at_second;
    net_rig_figures figures;
} rig_client;

struct net_rig {
    net_rig_def def;
    net_link *link;
    net_server *srv;
    uint64_t now;
    uint64_t cpu_ns;
    uint32_t cpu_hist[CPU_BUCKETS]; // update calls that played a tick, by their CPU time
    rig_client clients[NET_RIG_MAX_CLIENTS];
};

static bool connect_client(net_rig *r, int i, const uint8_t *token, ae_error *err) {
    rig_client *k = &r->clients[i];
    char address[32], name[NET_NAME_MAX + 1];
    snprintf(address, sizeof address, "127.0.%d.%d", i / 200, 1 + i % 200);
    snprintf(name, sizeof name, "player%d", i);
    k->t = net_link_connect(r->link, address, err);
    if (!k->t) return false;
    net_client_def cd = {.name = name,
                         .token = token,
                         .load_map = r->def.load_map,
                         .load_map_ctx = r->def.load_map_ctx};
    k->c = net_client_create(k->t, &cd, err);
    if (!k->c) return false;
    k->next_us = r->now + 1000u * (uint64_t)(i % 16); // not all in the same microsecond
    k->piloted = NULL;
    k->second_us = 0;
    return true;
}

static void free_client(rig_client *k) {
    sim_autopilot_destroy(k->ap);
    net_client_destroy(k->c);
    if (k->t) net_transport_destroy(k->t);
    k->ap = NULL;
    k->c = NULL;
    k->t = NULL;
}

net_rig *net_rig_create(const net_rig_def *def, ae_error *err) {
    if (def->clients < 1 || def->clients > NET_RIG_MAX_CLIENTS) {
        ae_error_set(err, "a rig has 1 to %d clients, not %d", NET_RIG_MAX_CLIENTS, def->clients);
        return NULL;
    }
    net_rig *r = ae_calloc(1, sizeof *r);
    if (!r) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    r->def = *def;
    r->link = net_link_create(&def->link, err);
    if (r->link) r->srv = net_server_create(&def->server, net_link_server(r->link), 0, err);
    bool ok = r->srv != NULL;
    for (int i = 0; ok && i < def->clients; i++) ok = connect_client(r, i, NULL, err);
    if (!ok) {
        net_rig_destroy(r);
        return NULL;
    }
    return r;
}

void net_rig_destroy(net_rig *r) {
    if (!r) return;
    for (int i = 0; i < r->def.clients; i++) free_client(&r->clients[i]);
    net_server_destroy(r->srv);
    net_link_destroy(r->link);
    ae_free(r, sizeof *r);
}

// ---- Figures ----

// Whole seconds of play: from the first frame that plays to the end of the match (the link
// counts bytes as they are sent: the replay that follows the end is not play).
static void count_traffic(net_rig *r, rig_client *k) {
    const bool playing =
        net_client_get_state(k->c) == NET_CLIENT_PLAYING && !net_server_ended(r->srv);
    if (!playing) {
        k->second_us = 0;
        return;
    }
    const net_link_traffic now = net_link_client_traffic(k->t);
    if (!k->second_us) {
        k->second_us = r->now;
        k->at_second = now;
        return;
    }
    if (r->now < k->second_us + 1000000u) return;
    const uint64_t down = now.down.bytes - k->at_second.down.bytes;
    const uint64_t up = now.up.bytes - k->at_second.up.bytes;
    net_rig_figures *f = &k->figures;
    f->seconds++;
    f->down += down;
    f->up += up;
    if (down > f->worst_down) {
        f->worst_down = down;
        f->worst_down_at = f->seconds - 1;
    }
    if (up > f->worst_up) f->worst_up = up;
    k->second_us += 1000000u;
    k->at_second = now;
}

// ---- Stepping ----

static bool client_live(const rig_client *k) {
    if (!k->c) return false;
    const net_client_state st = net_client_get_state(k->c);
    return st != NET_CLIENT_ENDED && st != NET_CLIENT_FAILED;
}

// One frame of client i, as connect_headless.c's loop: messages, then its tick.
static void client_frame(net_rig *r, int i) {
    rig_client *k = &r->clients[i];
    net_client_update(k->c, r->now);
    k->next_us += net_client_tick_period_us(k->c);
    const net_client_state st = net_client_get_state(k->c);
    if (st != NET_CLIENT_PLAYING && st != NET_CLIENT_SPECTATING) return;
    sim_world *w = net_client_world(k->c);
    if (r->def.pilot != SIM_PILOT_NONE && w != k->piloted) {
        sim_autopilot_destroy(k->ap);
        k->ap = sim_autopilot_create(w, r->def.pilot_seed + (uint64_t)i, r->def.pilot);
        k->piloted = w;
    }
    sim_input in = {0};
    if (k->ap)
        net_client_pilot_input(k->c, k->ap, &in);
    else if (r->def.script)
        in = r->def.script(r->def.user, i, k->ticks);
    net_client_tick(k->c, &in);
    k->ticks++;
    count_traffic(r, k);
    if (r->def.on_client_tick) r->def.on_client_tick(r->def.user, r, i);
}

static int server_tick(const net_rig *r) {
    return sim_tick(session_world(net_server_session(r->srv)));
}

static void server_update(net_rig *r) {
    const int ticks = server_tick(r);
    const uint64_t t0 = r->def.cpu_ns ? r->def.cpu_ns() : 0;
    net_server_update(r->srv, r->now);
    if (r->def.cpu_ns) {
        const uint64_t ns = r->def.cpu_ns() - t0;
        r->cpu_ns += ns;
        if (server_tick(r) != ticks)
            r->cpu_hist[ns / CPU_BUCKET_NS < CPU_BUCKETS ? ns / CPU_BUCKET_NS : CPU_BUCKETS - 1]++;
    }
    if (r->def.on_server_tick && server_tick(r) != ticks) r->def.on_server_tick(r->def.user, r);
}

void net_rig_step(net_rig *r) {
    const bool ended = net_server_ended(r->srv);
    uint64_t next = ended ? r->now + IDLE_STEP_US : net_server_next_due(r->srv);
    if (next <= r->now) next = r->now + 1; // lockstep waiting for inputs
    for (int i = 0; i < r->def.clients; i++)
        if (client_live(&r->clients[i]) && r->clients[i].next_us < next)
            next = r->clients[i].next_us;
    r->now = next;
    net_link_set_time(r->link, r->now);
    server_update(r);
    for (int i = 0; i < r->def.clients; i++) {
        rig_client *k = &r->clients[i];
        if (client_live(k) && k->next_us <= r->now) client_frame(r, i);
    }
}

bool net_rig_finished(const net_rig *r) {
    if (!net_server_done(r->srv)) return false;
    for (int i = 0; i < r->def.clients; i++)
        if (client_live(&r->clients[i])) return false;
    return true;
}

uint64_t net_rig_now(const net_rig *r) {
    return r->now;
}
net_server *net_rig_server(const net_rig *r) {
    return r->srv;
}
net_link *net_rig_link(const net_rig *r) {
    return r->link;
}
net_client *net_rig_client(const net_rig *r, int i) {
    return r->clients[i].c;
}
net_transport *net_rig_transport(const net_rig *r, int i) {
    return r->clients[i].t;
}
net_rig_figures net_rig_client_figures(const net_rig *r, int i) {
    return r->clients[i].figures;
}
uint64_t net_rig_server_cpu_ns(const net_rig *r, uint64_t *p99_ns) {
    uint64_t total = 0, seen = 0;
    for (int i = 0; i < CPU_BUCKETS; i++) total += r->cpu_hist[i];
    *p99_ns = 0;
    for (int i = 0; i < CPU_BUCKETS && total; i++) {
        seen += r->cpu_hist[i];
        if (seen * 100 >= total * 99) {
            *p99_ns = (uint64_t)(i + 1) * CPU_BUCKET_NS;
            break;
        }
    }
    return r->cpu_ns;
}

void net_rig_sever(net_rig *r, int i) {
    net_link_sever(r->link, r->clients[i].t);
}

bool net_rig_reconnect(net_rig *r, int i, ae_error *err) {
    rig_client *k = &r->clients[i];
    uint8_t token[NET_TOKEN_BYTES];
    memcpy(token, net_client_token(k->c), sizeof token);
    const net_rig_figures kept = k->figures;
    free_client(k);
    const bool ok = connect_client(r, i, token, err);
    k->figures = kept;
    return ok;
}
