/// The protocol's field tables and the byte-level codec they drive, in the spirit of Quake III's
/// netField_t (qcommon/msg.c): one table per kind of record lists its fields (name, offset, stored
/// type, quantisation, range), and one encoder and one decoder walk it, so the two can never
/// disagree on a field's order, width or limits.
///
/// A record is sent as a delta against a base record: a varint bit mask of the fields that differ,
/// then each of those in table order, an integer as the zigzag varint of (value - base), a float
/// as its 4 bit-pattern bytes. The decoder checks every value against its row's range, refuses a
/// mask bit past the table and a "changed" field equal to its base (so every frame has exactly
/// one encoding), and never reads past the end.
#ifndef NET_FIELDS_H
#define NET_FIELDS_H

#include "arena/rp_hash.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// How a field is stored in its record.
typedef enum net_ftype {
    NET_F_U8,
    NET_F_I8,
    NET_F_U16,
    NET_F_I16,
    NET_F_U32,
    NET_F_I32,
    NET_F_F32, ///< float, sent by its bit pattern
} net_ftype;

typedef struct net_field {
    const char *name;
    uint16_t offset;
    uint8_t type;   ///< net_ftype
    uint8_t quant;  ///< net_quant: how the sim's value became this one (net_snapshot.h)
    bool key;       ///< the record's id in its set: sent by the set, not as a field
    int64_t lo, hi; ///< the range a decoder accepts (a float's: finite and within it)
} net_field;

typedef struct net_table {
    const char *kind;
    const net_field *field;
    int count; ///< at most 64 (the mask is a 64-bit varint)
    size_t record_size;
    bool packed; ///< the rows' sizes fill the record (no padding): equal records are equal bytes
} net_table;

/// A field's value as an integer (a float's bit pattern for NET_F_F32) and back. Inline: the
/// codec calls them for every field of every record a server sends to each of its clients.
static inline int64_t net_field_get(const net_field *f, const void *record) {
    const uint8_t *p = (const uint8_t *)record + f->offset;
    switch ((net_ftype)f->type) {
    case NET_F_U8:
        return *p;
    case NET_F_I8:
        return (int8_t)*p;
    case NET_F_U16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case NET_F_I16: {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case NET_F_U32:
    case NET_F_F32: { // a float's bit pattern
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case NET_F_I32: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    }
    return 0;
}

static inline void net_field_set(const net_field *f, void *record, int64_t v) {
    uint8_t *p = (uint8_t *)record + f->offset;
    switch ((net_ftype)f->type) {
    case NET_F_U8:
    case NET_F_I8:
        *p = (uint8_t)v;
        return;
    case NET_F_U16:
    case NET_F_I16: {
        uint16_t x = (uint16_t)v;
        memcpy(p, &x, 2);
        return;
    }
    case NET_F_U32:
    case NET_F_I32:
    case NET_F_F32: {
        uint32_t x = (uint32_t)v;
        memcpy(p, &x, 4);
        return;
    }
    }
}

/// The field's value is within its row's range.
static inline bool net_field_in_range(const net_field *f, const void *record) {
    const int64_t v = net_field_get(f, record);
    if (f->type == NET_F_F32) {
        const float x = rp_bits_f32((uint32_t)v);
        return isfinite(x) && x >= (float)f->lo && x <= (float)f->hi;
    }
    return v >= f->lo && v <= f->hi;
}

/// A bounded writer: once a write does not fit, ok turns false and nothing more is written.
typedef struct net_writer {
    uint8_t *p;
    size_t n, cap;
    bool ok;
} net_writer;

/// A bounded reader: the first failure keeps its one-line reason and stops everything after.
typedef struct net_reader {
    const uint8_t *p;
    size_t n, pos;
    bool ok;
    char err[160];
} net_reader;

void net_put_bytes(net_writer *w, const void *data, size_t n);
void net_put_le(net_writer *w, uint64_t v, int bytes);
void net_put_varint(net_writer *w, uint64_t v);

/// Sets the reader's error (the first one wins) and returns false.
bool net_fail(net_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool net_get_bytes(net_reader *r, void *out, size_t n, const char *what);
uint64_t net_get_le(net_reader *r, int bytes, const char *what);
/// A varint of at most 10 bytes, in its shortest form (a longer one is refused).
uint64_t net_get_varint(net_reader *r, const char *what);
/// A varint that must be at most `max`.
uint64_t net_get_count(net_reader *r, uint64_t max, const char *what);

/// Writes the delta of `rec` against `base` (both records of table t). False, and the writer's
/// ok false, when a changed field is out of its range (the decoder would refuse it).
bool net_record_encode(const net_table *t, const void *base, const void *rec, net_writer *w);
/// Reads a delta into `out`, which starts as a copy of `base`. False (the reader's error set) on
/// a bad mask, a value out of range or too few bytes. `changed` (may be NULL) gets the mask.
bool net_record_decode(const net_table *t, const void *base, void *out, net_reader *r,
                       uint64_t *changed);
/// Every field equal (keys included).
bool net_record_equal(const net_table *t, const void *a, const void *b);

/// The snapshot's tables (net_snapshot.c), one per record of net_snapshot.h: the head, self, the
/// sets' records (their first row the key) and the lists' records.
extern const net_table net_head_table, net_self_table, net_agent_table, net_bullet_table,
    net_gem_table, net_pickup_table, net_prop_table, net_door_table, net_kill_table,
    net_event_table;
extern const net_table *const net_frame_tables[10];
#endif
