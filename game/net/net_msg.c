// The messages' field tables (net_proto.h): each message is one list of rows, in wire order,
// that net_msg_encode and the decoders both walk.
#include "net_proto.h"

#include "net_fields.h"
#include "net_snapshot.h"
#include "sim_state.h"

#include <stdio.h>
#include <string.h>

typedef enum mkind {
    M_INT,    ///< an integer of `wire` bytes (two's complement when lo < 0), stored as `store`
    M_U64,    ///< 8 bytes
    M_TOKEN,  ///< NET_TOKEN_BYTES bytes
    M_NAME,   ///< a u8 length (lo .. hi) and a player's name (net_name_valid)
    M_FILE,   ///< a u8 length (lo .. hi) and a map's name: [A-Za-z0-9_.-], not starting with '.'
    M_BLOB,   ///< a length of `wire` bytes (lo .. hi) and the bytes (net_bytes)
    M_REST,   ///< the rest of the message, lo .. hi bytes (net_bytes)
    M_INPUTS, ///< a u8 count (lo .. hi) and that many sim_input_pack frames (net_input)
    M_NAMES,  ///< a u8 count (lo .. hi) and that many (agent u16 below SIM_MAX_AGENTS, name)
} mkind;

typedef struct mfield {
    const char *name;
    uint16_t offset; ///< in net_msg
    uint8_t kind;    ///< mkind
    uint8_t store;   ///< M_INT: the member's net_ftype (U8, U16, U32 or I32)
    uint8_t wire;    ///< M_INT, M_BLOB: bytes on the wire
    int64_t lo, hi;  ///< M_INT: the value's range; otherwise a length's or count's
} mfield;

#define AT(member) (uint16_t) offsetof(net_msg, u.member)
#define INT(name, member, store, wire, lo, hi)                                                     \
    { name, AT(member), M_INT, NET_F_##store, wire, lo, hi }
#define OF(kind, name, member, wire, lo, hi)                                                       \
    { name, AT(member), kind, 0, wire, lo, hi }

static const mfield hello_rows[] = {
    INT("version", hello.version, U16, 2, NET_PROTOCOL_VERSION, NET_PROTOCOL_VERSION),
    OF(M_NAME, "name", hello.name, 1, 1, NET_NAME_MAX),
    OF(M_TOKEN, "token", hello.token, 0, 0, 0),
};
static const mfield input_rows[] = {
    INT("tick", input.tick, U32, 4, 0, 1 << 30),
    OF(M_INPUTS, "inputs", input, 1, 1, NET_INPUT_REDUNDANCY),
};
static const mfield ping_rows[] = {
    INT("time", ping.time, U32, 4, 0, UINT32_MAX),
};
static const mfield welcome_rows[] = {
    INT("version", welcome.version, U16, 2, NET_PROTOCOL_VERSION, NET_PROTOCOL_VERSION),
    INT("slot", welcome.slot, U16, 2, 0, NET_MAX_SLOTS - 1),
    INT("agent", welcome.agent, U16, 2, 0, SIM_MAX_AGENTS - 1),
    INT("agents", welcome.agents, U16, 2, 1, SIM_MAX_AGENTS),
    INT("humans", welcome.humans, U16, 2, 0, SIM_MAX_HUMANS),
    INT("tick", welcome.tick, U32, 4, 0, 1 << 30),
    INT("tick_rate", welcome.tick_rate, U8, 1, NET_TICK_RATE, NET_TICK_RATE),
    INT("snapshot_every", welcome.snapshot_every, U8, 1, 1, NET_TICK_RATE),
    OF(M_TOKEN, "token", welcome.token, 0, 0, 0),
    OF(M_BLOB, "config", welcome.config, 2, 1, SIM_CONFIG_MAX_BYTES),
    OF(M_FILE, "map_name", welcome.map_name, 1, 0, NET_MAP_NAME_MAX),
    OF(M_U64, "map_hash", welcome.map_hash, 0, 0, 0),
    OF(M_BLOB, "map", welcome.map, 4, 0, NET_MAP_BYTES_MAX),
};
static const mfield snapshot_rows[] = {
    OF(M_REST, "frame", snapshot, 0, 1, NET_FRAME_MAX_BYTES),
};
static const mfield name_rows[] = {
    OF(M_NAMES, "names", names, 1, 1, NET_NAMES_MAX),
};
static const mfield end_rows[] = {
    INT("winner", end.winner, I32, 2, -1, SIM_MAX_AGENTS - 1),
    INT("placement", end.placement, U16, 2, 0, SIM_MAX_AGENTS),
    INT("tick", end.tick, U32, 4, 0, 1 << 30),
    OF(M_U64, "hash", end.hash, 0, 0, 0),
    INT("replay_size", end.replay_size, U32, 4, 0, NET_REPLAY_MAX),
};
static const mfield chunk_rows[] = {
    INT("offset", chunk.offset, U32, 4, 0, NET_REPLAY_MAX - 1),
    OF(M_REST, "data", chunk.data, 0, 1, NET_REPLAY_CHUNK_MAX),
};

// Checks across fields, after each field is in its range.
static bool check_input(const net_msg *m, char *err, size_t errsz) {
    if (m->u.input.tick + 1 >= m->u.input.count) return true;
    snprintf(err, errsz, "INPUT: %d inputs end at tick %u", m->u.input.count, m->u.input.tick);
    return false;
}
static bool check_welcome(const net_msg *m, char *err, size_t errsz) {
    const net_welcome *w = &m->u.welcome;
    if (w->agent >= w->agents) {
        snprintf(err, errsz, "WELCOME: agent %d of %d", w->agent, w->agents);
        return false;
    }
    if (!w->map_name[0] && !w->map.size) {
        snprintf(err, errsz, "WELCOME: neither a map name nor a map");
        return false;
    }
    sim_config cfg = sim_default_config();
    ae_error e;
    if (!sim_config_unpack(w->config.data, w->config.size, &cfg, &e)) {
        snprintf(err, errsz, "WELCOME: %s", e.msg);
        return false;
    }
    return true;
}
static bool check_chunk(const net_msg *m, char *err, size_t errsz) {
    const net_replay_chunk *c = &m->u.chunk;
    if ((uint64_t)c->offset + c->data.size <= NET_REPLAY_MAX) return true;
    snprintf(err, errsz, "REPLAY_CHUNK: ends past %u bytes", NET_REPLAY_MAX);
    return false;
}

enum { UP = 1, DOWN = 2 };
typedef struct mdef {
    uint8_t type;
    const char *name;
    uint8_t dir; ///< UP | DOWN: who may send it
    const mfield *field;
    int count;
    bool (*check)(const net_msg *m, char *err, size_t errsz);
} mdef;

#define ROWS(a) a, (int)(sizeof(a) / sizeof((a)[0]))
static const mdef defs[] = {
    {NET_MSG_HELLO, "HELLO", UP, ROWS(hello_rows), NULL},
    {NET_MSG_INPUT, "INPUT", UP, ROWS(input_rows), check_input},
    {NET_MSG_BYE, "BYE", UP, NULL, 0, NULL},
    {NET_MSG_PING, "PING", UP | DOWN, ROWS(ping_rows), NULL},
    {NET_MSG_PONG, "PONG", UP | DOWN, ROWS(ping_rows), NULL},
    {NET_MSG_WELCOME, "WELCOME", DOWN, ROWS(welcome_rows), check_welcome},
    {NET_MSG_SNAPSHOT, "SNAPSHOT", DOWN, ROWS(snapshot_rows), NULL},
    {NET_MSG_NAME, "NAME", DOWN, ROWS(name_rows), NULL},
    {NET_MSG_END, "END", DOWN, ROWS(end_rows), NULL},
    {NET_MSG_REPLAY_CHUNK, "REPLAY_CHUNK", DOWN, ROWS(chunk_rows), check_chunk},
};

static const mdef *def_of(int type) {
    for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
        if (defs[i].type == type) return &defs[i];
    return NULL;
}

const char *net_msg_name(int type) {
    const mdef *d = def_of(type);
    return d ? d->name : "?";
}

// One UTF-8 character at s (n bytes left): its length, 0 when malformed (overlong, a surrogate,
// past U+10FFFF, cut short).
static size_t utf8_char(const uint8_t *s, size_t n, uint32_t *cp) {
    const uint8_t c = s[0];
    size_t len;
    uint32_t min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if ((c & 0xe0) == 0xc0) {
        len = 2, min = 0x80, *cp = c & 0x1fu;
    } else if ((c & 0xf0) == 0xe0) {
        len = 3, min = 0x800, *cp = c & 0x0fu;
    } else if ((c & 0xf8) == 0xf0) {
        len = 4, min = 0x10000, *cp = c & 0x07u;
    } else {
        return 0;
    }
    if (n < len) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        *cp = *cp << 6 | (s[i] & 0x3fu);
    }
    if (*cp < min || *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff)) return 0;
    return len;
}

bool net_name_valid(const char *s, size_t n) {
    if (n < 1 || n > NET_NAME_MAX) return false;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        const size_t len = utf8_char((const uint8_t *)s + i, n - i, &cp);
        // C0, DEL and C1 controls (a newline would break a log line or the kill feed).
        if (!len || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return false;
        i += len;
    }
    return true;
}

static bool file_name_valid(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const char c = s[i];
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '-' || (c == '.' && i > 0);
        if (!ok) return false;
    }
    return true;
}

static int64_t load_int(const mfield *f, const net_msg *m) {
    const net_field nf = {f->name, f->offset, f->store, 0, false, f->lo, f->hi};
    return net_field_get(&nf, m);
}
static void store_int(const mfield *f, net_msg *m, int64_t v) {
    const net_field nf = {f->name, f->offset, f->store, 0, false, f->lo, f->hi};
    net_field_set(&nf, m, v);
}

// A u8 length and a player's name; false when it is not one.
static bool put_name(const char *name, net_writer *w) {
    const size_t n = strnlen(name, NET_NAME_MAX + 1);
    if (!net_name_valid(name, n)) return false;
    net_put_le(w, n, 1);
    net_put_bytes(w, name, n);
    return true;
}

// Writes one field; false when its value is out of range.
static bool put_field(const mfield *f, const net_msg *m, net_writer *w) {
    const uint8_t *at = (const uint8_t *)m + f->offset;
    switch ((mkind)f->kind) {
    case M_INT: {
        const int64_t v = load_int(f, m);
        if (v < f->lo || v > f->hi) return false;
        net_put_le(w, (uint64_t)v, f->wire);
        return true;
    }
    case M_U64: {
        uint64_t v;
        memcpy(&v, at, 8);
        net_put_le(w, v, 8);
        return true;
    }
    case M_TOKEN:
        net_put_bytes(w, at, NET_TOKEN_BYTES);
        return true;
    case M_NAME:
    case M_FILE: {
        const size_t n = strnlen((const char *)at, (size_t)f->hi + 1);
        if ((int64_t)n < f->lo || (int64_t)n > f->hi) return false;
        if (f->kind == M_NAME ? !net_name_valid((const char *)at, n)
                              : !file_name_valid((const char *)at, n))
            return false;
        net_put_le(w, n, 1);
        net_put_bytes(w, at, n);
        return true;
    }
    case M_BLOB:
    case M_REST: {
        net_bytes b;
        memcpy(&b, at, sizeof b);
        if ((int64_t)b.size < f->lo || (int64_t)b.size > f->hi) return false;
        if (f->kind == M_BLOB) net_put_le(w, b.size, f->wire);
        net_put_bytes(w, b.data, b.size);
        return true;
    }
    case M_INPUTS: {
        const net_input *in = (const net_input *)at;
        if (in->count < f->lo || in->count > f->hi) return false;
        net_put_le(w, in->count, 1);
        for (int k = 0; k < in->count; k++) {
            uint8_t b[SIM_INPUT_BYTES];
            sim_input_pack(&in->input[k], b);
            sim_input check;
            if (!sim_input_unpack(b, &check)) return false;
            net_put_bytes(w, b, sizeof b);
        }
        return true;
    }
    case M_NAMES: {
        const net_names *ns = (const net_names *)at;
        if (ns->count < f->lo || ns->count > f->hi) return false;
        net_put_le(w, ns->count, 1);
        for (int k = 0; k < ns->count; k++) {
            if (ns->name[k].agent >= SIM_MAX_AGENTS) return false;
            net_put_le(w, ns->name[k].agent, 2);
            if (!put_name(ns->name[k].name, w)) return false;
        }
        return true;
    }
    }
    return false;
}

size_t net_msg_encode(const net_msg *m, uint8_t *out, size_t cap) {
    const mdef *d = def_of((int)m->type);
    if (!d) return 0;
    char err[8];
    if (d->check && !d->check(m, err, sizeof err)) return 0;
    net_writer w = {out, 0, cap, true};
    net_put_le(&w, d->type, 1);
    for (int i = 0; i < d->count; i++)
        if (!put_field(&d->field[i], m, &w)) return 0;
    return w.ok ? w.n : 0;
}

// A u8 length (1 .. NET_NAME_MAX) and a player's name into out (NET_NAME_MAX + 1 bytes).
static bool get_name(net_reader *r, const char *what, char *out) {
    const uint64_t n = net_get_le(r, 1, what);
    if (r->ok && (n < 1 || n > NET_NAME_MAX))
        return net_fail(r, "%s: %llu bytes, not 1 to %d", what, (unsigned long long)n,
                        NET_NAME_MAX);
    if (!net_get_bytes(r, out, (size_t)n, what)) return false;
    out[n] = 0;
    if (!net_name_valid(out, (size_t)n)) return net_fail(r, "%s: not a valid name", what);
    return true;
}

static bool get_field(const mdef *d, const mfield *f, net_msg *m, net_reader *r) {
    uint8_t *at = (uint8_t *)m + f->offset;
    switch ((mkind)f->kind) {
    case M_INT: {
        uint64_t u = net_get_le(r, f->wire, f->name);
        int64_t v = (int64_t)u;
        const int bits = 8 * f->wire;
        if (f->lo < 0 && bits < 64 && (u >> (bits - 1) & 1)) v = (int64_t)u - ((int64_t)1 << bits);
        if (!r->ok) return false;
        if (v < f->lo || v > f->hi) {
            if (f->lo == f->hi)
                return net_fail(r, "%s is %lld, expected %lld", f->name, (long long)v,
                                (long long)f->lo);
            return net_fail(r, "%s is %lld, not %lld to %lld", f->name, (long long)v,
                            (long long)f->lo, (long long)f->hi);
        }
        store_int(f, m, v);
        return true;
    }
    case M_U64: {
        const uint64_t v = net_get_le(r, 8, f->name);
        memcpy(at, &v, 8);
        return r->ok;
    }
    case M_TOKEN:
        return net_get_bytes(r, at, NET_TOKEN_BYTES, f->name);
    case M_NAME:
    case M_FILE: {
        const int64_t n = (int64_t)net_get_le(r, 1, f->name);
        if (r->ok && (n < f->lo || n > f->hi))
            return net_fail(r, "%s: %lld bytes, not %lld to %lld", f->name, (long long)n,
                            (long long)f->lo, (long long)f->hi);
        if (!net_get_bytes(r, at, (size_t)n, f->name)) return false;
        at[n] = 0;
        if (f->kind == M_NAME ? !net_name_valid((const char *)at, (size_t)n)
                              : !file_name_valid((const char *)at, (size_t)n))
            return net_fail(r, "%s: not a valid name", f->name);
        return true;
    }
    case M_BLOB:
    case M_REST: {
        const int64_t n =
            f->kind == M_BLOB ? (int64_t)net_get_le(r, f->wire, f->name) : (int64_t)(r->n - r->pos);
        if (!r->ok) return false;
        if (n < f->lo || n > f->hi || (size_t)n > r->n - r->pos)
            return net_fail(
                r, "%s: %lld bytes, not %lld to %lld", f->name, (long long)n, (long long)f->lo,
                (long long)(f->hi < (int64_t)(r->n - r->pos) ? f->hi : (int64_t)(r->n - r->pos)));
        const net_bytes b = {r->p + r->pos, (uint32_t)n};
        memcpy(at, &b, sizeof b);
        r->pos += (size_t)n;
        return true;
    }
    case M_INPUTS: {
        net_input *in = (net_input *)at;
        const int64_t n = (int64_t)net_get_le(r, 1, f->name);
        if (r->ok && (n < f->lo || n > f->hi))
            return net_fail(r, "%s: %lld, not %lld to %lld", f->name, (long long)n,
                            (long long)f->lo, (long long)f->hi);
        in->count = (uint8_t)n;
        for (int k = 0; r->ok && k < n; k++) {
            uint8_t b[SIM_INPUT_BYTES];
            if (net_get_bytes(r, b, sizeof b, f->name) && !sim_input_unpack(b, &in->input[k]))
                return net_fail(r, "%s: input %d holds values out of range", f->name, k);
        }
        return r->ok;
    }
    case M_NAMES: {
        net_names *ns = (net_names *)at;
        const int64_t n = (int64_t)net_get_le(r, 1, f->name);
        if (r->ok && (n < f->lo || n > f->hi))
            return net_fail(r, "%s: %lld, not %lld to %lld", f->name, (long long)n,
                            (long long)f->lo, (long long)f->hi);
        ns->count = (uint8_t)n;
        for (int k = 0; r->ok && k < n; k++) {
            const uint64_t agent = net_get_le(r, 2, f->name);
            if (r->ok && agent >= SIM_MAX_AGENTS)
                return net_fail(r, "%s: agent %llu, not 0 to %d", f->name,
                                (unsigned long long)agent, SIM_MAX_AGENTS - 1);
            ns->name[k].agent = (uint16_t)agent;
            get_name(r, f->name, ns->name[k].name);
        }
        return r->ok;
    }
    }
    (void)d;
    return false;
}

static bool decode(int dir, const uint8_t *in, size_t n, net_msg *out, char *err, size_t errsz) {
    memset(out, 0, sizeof *out);
    if (n < 1) {
        snprintf(err, errsz, "empty message");
        return false;
    }
    const mdef *d = def_of(in[0]);
    if (!d || !(d->dir & dir)) {
        snprintf(err, errsz, "message type %u %s", in[0],
                 d ? (dir == UP ? "is the server's" : "is the client's") : "unknown");
        return false;
    }
    out->type = (net_msg_type)d->type;
    net_reader r = {in, n, 1, true, {0}};
    for (int i = 0; r.ok && i < d->count; i++) get_field(d, &d->field[i], out, &r);
    if (r.ok && r.pos != n) net_fail(&r, "%zu bytes past its end", n - r.pos);
    if (!r.ok) {
        snprintf(err, errsz, "%s: %s", d->name, r.err);
        return false;
    }
    return !d->check || d->check(out, err, errsz);
}

bool net_msg_decode_up(const uint8_t *in, size_t n, net_msg *out, char *err, size_t errsz) {
    return decode(UP, in, n, out, err, errsz);
}

bool net_msg_decode_down(const uint8_t *in, size_t n, net_msg *out, char *err, size_t errsz) {
    return decode(DOWN, in, n, out, err, errsz);
}
