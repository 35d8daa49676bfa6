// Fuzz target: what a client parses, a connection's downstream messages in order.
//
// The input is a run of messages, each a 2-byte little-endian length and the message's bytes (a
// last one cut short is dropped). Each goes through net_msg_decode_down; a SNAPSHOT's frame is
// decoded against the last frame decoded, as a client does, so the fuzzer reaches the sets'
// leaves and changes as well as their entries. Whatever is refused is refused with one line and
// leaves the baseline as it was; whatever is accepted encodes back to exactly the same bytes (a
// frame against the same baseline), so nothing out of range got through.
#include "fuzz_check.h"
#include "net_proto.h"
#include "net_snapshot.h"

#include <stdlib.h>
#include <string.h>

static bool one_line(const char *err) {
    return err[0] && !strchr(err, '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static uint8_t again[NET_MSG_MAX_BYTES];
    net_frame *frames = malloc(2 * sizeof *frames);
    FUZZ_CHECK(frames != NULL);
    net_frame *base = &frames[0], *next = &frames[1];
    net_frame_clear(base);
    size_t at = 0;
    while (size - at >= 2) {
        const size_t n = (size_t)data[at] | (size_t)data[at + 1] << 8;
        at += 2;
        if (n > size - at) break;
        const uint8_t *msg = data + at;
        at += n;
        net_msg m;
        char err[200] = "";
        if (!net_msg_decode_down(msg, n, &m, err, sizeof err)) {
            FUZZ_CHECK(one_line(err));
            continue;
        }
        FUZZ_CHECK(net_msg_encode(&m, again, sizeof again) == n && !memcmp(again, msg, n));
        if (m.type != NET_MSG_SNAPSHOT) continue;
        err[0] = 0;
        if (!net_frame_decode(base, m.u.snapshot.data, m.u.snapshot.size, next, err, sizeof err)) {
            FUZZ_CHECK(one_line(err));
            continue;
        }
        const size_t fn = net_frame_encode(base, next, again, sizeof again);
        FUZZ_CHECK(fn == m.u.snapshot.size && !memcmp(again, m.u.snapshot.data, fn));
        net_frame *t = base;
        base = next;
        next = t;
    }
    free(frames);
    return 0;
}
