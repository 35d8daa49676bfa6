// Fuzz target: what a server parses, the bytes of one message from a client.
//
// net_msg_decode_up must refuse the bytes with one line or accept them; an accepted message
// encodes back to exactly the same bytes (the decoder let nothing out of range through, and the
// layout has one encoding), and is one of the client's types.
#include "fuzz_check.h"
#include "net_proto.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    net_msg m;
    char err[200] = "";
    static uint8_t again[NET_MSG_MAX_BYTES];
    if (!net_msg_decode_up(data, size, &m, err, sizeof err)) {
        FUZZ_CHECK(err[0] && !strchr(err, '\n'));
        return 0;
    }
    FUZZ_CHECK(m.type == NET_MSG_HELLO || m.type == NET_MSG_INPUT || m.type == NET_MSG_BYE ||
               m.type == NET_MSG_PING || m.type == NET_MSG_PONG);
    FUZZ_CHECK(net_msg_encode(&m, again, sizeof again) == size && !memcmp(again, data, size));
    return 0;
}
