// Writes the seed corpora of fuzz_net_server and fuzz_net_client from valid messages:
//   net_seeds DIR   -> DIR/net_server/*: one client message each;
//                      DIR/net_client/*: a connection's downstream messages (fuzz_net_client's
//                      format: a 2-byte length before each), snapshots from a real match.
// Run it again after a change to the protocol (tests/fuzz/README.md).
#include "net_proto.h"
#include "net_view.h"
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_file(const char *dir, const char *name, const uint8_t *data, size_t size) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
        fprintf(stderr, "net_seeds: %s: cannot write\n", path);
        exit(2);
    }
}

static uint8_t stream[1 << 16];
static size_t stream_size;

// Appends a message with its length to the client stream.
static void add(const uint8_t *msg, size_t n) {
    if (!n || stream_size + 2 + n > sizeof stream) exit(2);
    stream[stream_size++] = (uint8_t)n;
    stream[stream_size++] = (uint8_t)(n >> 8);
    memcpy(stream + stream_size, msg, n);
    stream_size += n;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: net_seeds DIR\n");
        return 2;
    }
    char server[400], client[400];
    snprintf(server, sizeof server, "%s/net_server", argv[1]);
    snprintf(client, sizeof client, "%s/net_client", argv[1]);
    static uint8_t buf[NET_MSG_MAX_BYTES], frame[NET_FRAME_MAX_BYTES];
    net_msg m = {.type = NET_MSG_HELLO};
    m.u.hello.version = NET_PROTOCOL_VERSION;
    strcpy(m.u.hello.name, "Zo\xc3\xab");
    write_file(server, "hello", buf, net_msg_encode(&m, buf, sizeof buf));
    memset(m.u.hello.token, 0x5a, NET_TOKEN_BYTES);
    write_file(server, "hello_token", buf, net_msg_encode(&m, buf, sizeof buf));
    m = (net_msg){.type = NET_MSG_INPUT};
    m.u.input.tick = 300;
    m.u.input.count = 1;
    sim_input_set_move(&m.u.input.input[0], (vec2s){{1.0f, 0.5f}});
    m.u.input.input[0].buttons = SIM_BUTTON_FIRE;
    write_file(server, "input", buf, net_msg_encode(&m, buf, sizeof buf));
    m.u.input.count = NET_INPUT_REDUNDANCY;
    m.u.input.input[3].skill_pick = 2;
    write_file(server, "input_run", buf, net_msg_encode(&m, buf, sizeof buf));
    m = (net_msg){.type = NET_MSG_PING, .u.ping.time = 123456};
    write_file(server, "ping", buf, net_msg_encode(&m, buf, sizeof buf));
    m.type = NET_MSG_PONG;
    write_file(server, "pong", buf, net_msg_encode(&m, buf, sizeof buf));
    m.type = NET_MSG_BYE;
    write_file(server, "bye", buf, net_msg_encode(&m, buf, sizeof buf));

    // A connection: WELCOME, a name, snapshots of a real match, END and the replay's chunk.
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    def.config = sim_default_config();
    def.config.seed = 5;
    def.config.humans = 0;
    def.config.bots = 30;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        fprintf(stderr, "net_seeds: %s\n", err.msg);
        return 2;
    }
    const sim_world *w = session_world(s);
    static uint8_t config[SIM_CONFIG_MAX_BYTES];
    m = (net_msg){.type = NET_MSG_WELCOME};
    net_welcome *wel = &m.u.welcome;
    wel->version = NET_PROTOCOL_VERSION;
    wel->agent = 3;
    wel->agents = 30;
    wel->tick_rate = NET_TICK_RATE;
    wel->snapshot_every = NET_SNAPSHOT_EVERY;
    wel->config = (net_bytes){config, (uint32_t)sim_config_pack(sim_config_of(w), config)};
    strcpy(wel->map_name, "arena");
    wel->map_hash = sim_map_hash(w);
    add(buf, net_msg_encode(&m, buf, sizeof buf));
    m = (net_msg){.type = NET_MSG_NAME, .u.names = {.count = 1, .name = {{.agent = 3}}}};
    strcpy(m.u.names.name[0].name, "player");
    add(buf, net_msg_encode(&m, buf, sizeof buf));
    net_frame *f = malloc(3 * sizeof *f);
    net_view_world *view = net_view_world_create();
    if (!f || !view) return 2;
    net_frame *cur = &f[0], *sent = &f[1];
    net_frame_clear(cur);
    net_frame_clear(sent);
    int written = 0;
    for (int t = 0; t < 3000 && !session_done(s); t++) {
        session_step(s, NULL);
        if (sim_tick(w) % NET_SNAPSHOT_EVERY) {
            net_view_events(w, 3, net_view_half_default(), cur);
            continue;
        }
        if (!net_view_world_take(view, w)) return 2;
        net_view_cull(view, w, 3, net_view_half_default(), cur);
        const size_t n = net_frame_encode(sent, cur, frame + 1, sizeof frame - 1);
        // The first frames, then one in fifty: a seed of a few kB with every part in it.
        if (n && (sim_tick(w) <= 20 || sim_tick(w) % 100 == 0)) {
            frame[0] = NET_MSG_SNAPSHOT;
            add(frame, n + 1);
            *sent = *cur;
            written++;
        } else if (n && sim_tick(w) > 20) {
            continue; // not sent: the next one goes against the last one that was
        }
        net_frame_clear_lists(cur);
    }
    m = (net_msg){.type = NET_MSG_END};
    m.u.end = (net_end){7, 2, (uint32_t)sim_tick(w), sim_hash(w), 6};
    add(buf, net_msg_encode(&m, buf, sizeof buf));
    static const uint8_t replay[] = {'A', 'R', 'P', 'L', 0, 1};
    m = (net_msg){.type = NET_MSG_REPLAY_CHUNK, .u.chunk = {0, {replay, sizeof replay}}};
    add(buf, net_msg_encode(&m, buf, sizeof buf));
    m = (net_msg){.type = NET_MSG_PING, .u.ping.time = 99};
    add(buf, net_msg_encode(&m, buf, sizeof buf));
    write_file(client, "match", stream, stream_size);
    printf("net_seeds: %d snapshots, %zu bytes\n", written, stream_size);
    free(f);
    net_view_world_destroy(view);
    session_destroy(s);
    return 0;
}
