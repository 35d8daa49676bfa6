#include "net_fields.h"

#include "arena/rp_hash.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void net_put_bytes(net_writer *w, const void *data, size_t n) {
    if (!w->ok || w->cap - w->n < n) {
        w->ok = false;
        return;
    }
    if (n) memcpy(w->p + w->n, data, n);
    w->n += n;
}

void net_put_le(net_writer *w, uint64_t v, int bytes) {
    uint8_t b[8];
    rp_put_le(b, v, bytes);
    net_put_bytes(w, b, (size_t)bytes);
}

void net_put_varint(net_writer *w, uint64_t v) {
    uint8_t b[10];
    size_t n = 0;
    do {
        b[n] = (uint8_t)(v & 0x7f);
        v >>= 7;
        if (v) b[n] |= 0x80;
        n++;
    } while (v);
    net_put_bytes(w, b, n);
}

bool net_fail(net_reader *r, const char *fmt, ...) {
    if (r->ok) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err, sizeof r->err, fmt, ap);
        va_end(ap);
        r->ok = false;
    }
    return false;
}

bool net_get_bytes(net_reader *r, void *out, size_t n, const char *what) {
    if (!r->ok) return false;
    if (r->n - r->pos < n) return net_fail(r, "%s: message ends early", what);
    if (n) memcpy(out, r->p + r->pos, n);
    r->pos += n;
    return true;
}

uint64_t net_get_le(net_reader *r, int bytes, const char *what) {
    uint8_t b[8];
    if (!net_get_bytes(r, b, (size_t)bytes, what)) return 0;
    return rp_get_le(b, bytes);
}

uint64_t net_get_varint(net_reader *r, const char *what) {
    uint64_t v = 0;
    for (int i = 0; i < 10; i++) {
        uint8_t b = 0;
        if (!net_get_bytes(r, &b, 1, what)) return 0;
        if (i == 9 && b > 1) break; // past 64 bits
        v |= (uint64_t)(b & 0x7f) << (7 * i);
        if (!(b & 0x80)) {
            if (i > 0 && b == 0) break; // a longer form than needed
            return v;
        }
    }
    net_fail(r, "%s: bad varint", what);
    return 0;
}

uint64_t net_get_count(net_reader *r, uint64_t max, const char *what) {
    const uint64_t v = net_get_varint(r, what);
    if (r->ok && v > max) {
        net_fail(r, "%s: %llu, at most %llu", what, (unsigned long long)v, (unsigned long long)max);
        return 0;
    }
    return v;
}

// Signed differences as unsigned varints: 0, -1, 1, -2, ... -> 0, 1, 2, 3, ...
static uint64_t zigzag(int64_t v) {
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}
static int64_t unzigzag(uint64_t v) {
    return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

bool net_record_encode(const net_table *t, const void *base, const void *rec, net_writer *w) {
    uint64_t mask = 0;
    for (int i = 0; i < t->count; i++) {
        const net_field *f = &t->field[i];
        if (f->key || net_field_get(f, rec) == net_field_get(f, base)) continue;
        // What the decoder checks of a change, checked before it is written.
        if (!net_field_in_range(f, rec)) {
            w->ok = false;
            return false;
        }
        mask |= 1ull << i;
    }
    net_put_varint(w, mask);
    for (int i = 0; i < t->count; i++) {
        if (!(mask >> i & 1)) continue;
        const net_field *f = &t->field[i];
        const int64_t v = net_field_get(f, rec);
        if (f->type == NET_F_F32)
            net_put_le(w, (uint64_t)v, 4);
        else
            net_put_varint(w, zigzag(v - net_field_get(f, base)));
    }
    return w->ok;
}

bool net_record_decode(const net_table *t, const void *base, void *out, net_reader *r,
                       uint64_t *changed) {
    memmove(out, base, t->record_size);
    const uint64_t mask = net_get_varint(r, t->kind);
    if (!r->ok) return false;
    const uint64_t all = t->count == 64 ? ~0ull : (1ull << t->count) - 1;
    if (mask & ~all)
        return net_fail(r, "%s: field mask %#llx names no field", t->kind,
                        (unsigned long long)mask);
    for (int i = 0; i < t->count; i++) {
        if (!(mask >> i & 1)) continue;
        const net_field *f = &t->field[i];
        if (f->key) return net_fail(r, "%s: the key %s is not a field", t->kind, f->name);
        const int64_t old = net_field_get(f, base);
        int64_t v;
        if (f->type == NET_F_F32) {
            v = (int64_t)net_get_le(r, 4, t->kind);
        } else {
            const int64_t d = unzigzag(net_get_varint(r, t->kind));
            // Ranges are within 32 bits: a larger step is out of range whatever the base.
            if (d < -(1ll << 40) || d > (1ll << 40))
                v = INT64_MAX;
            else
                v = old + d;
        }
        if (!r->ok) return false;
        if (v == old) return net_fail(r, "%s: %s sent unchanged", t->kind, f->name);
        if (f->type != NET_F_F32 && (v < f->lo || v > f->hi))
            return net_fail(r, "%s: %s is %lld, not %lld to %lld", t->kind, f->name, (long long)v,
                            (long long)f->lo, (long long)f->hi);
        net_field_set(f, out, v);
        if (!net_field_in_range(f, out))
            return net_fail(r, "%s: %s is %g, not %lld to %lld", t->kind, f->name,
                            (double)rp_bits_f32((uint32_t)v), (long long)f->lo, (long long)f->hi);
    }
    if (changed) *changed = mask;
    return true;
}

bool net_record_equal(const net_table *t, const void *a, const void *b) {
    if (t->packed) return memcmp(a, b, t->record_size) == 0; // every byte is a field's
    for (int i = 0; i < t->count; i++)
        if (net_field_get(&t->field[i], a) != net_field_get(&t->field[i], b)) return false;
    return true;
}
