#include "pairs_file.h"

#include "arena/ae_file.h"
#include "arena/ae_quote.h"
#include "tool_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Coordinates and radii beyond this are refused: their boxes would overflow float.
#define PAIRS_MAX_ABS 1e30

static bool grow(pairs_input *in, int *cap) {
    int n0 = *cap, n1 = n0 ? n0 * 2 : 64;
    vec2s *c = realloc(in->center, sizeof *c * (size_t)n1);
    if (c) in->center = c;
    float *r = realloc(in->radius, sizeof *r * (size_t)n1);
    if (r) in->radius = r;
    uint32_t *k = realloc(in->category, sizeof *k * (size_t)n1);
    if (k) in->category = k;
    uint32_t *m = realloc(in->mask, sizeof *m * (size_t)n1);
    if (m) in->mask = m;
    if (!c || !r || !k || !m) return false;
    *cap = n1;
    return true;
}

// The one strict number reader of the tools (tool_util.h), with this format's reasons.
static bool parse_real(const char *tok, double *out, const char **why) {
    switch (tool_parse_real(tok, -PAIRS_MAX_ABS, PAIRS_MAX_ABS, out)) {
    case TOOL_NUMBER_OK:
        return true;
    case TOOL_NUMBER_NAN:
        *why = "NaN";
        return false;
    case TOOL_NUMBER_RANGE:
        *why = "number out of range (|v| <= 1e30)";
        return false;
    case TOOL_NUMBER_SYNTAX:
        break;
    }
    *why = "not a number";
    return false;
}

static bool parse_bits(const char *tok, uint32_t *out) {
    uint64_t v;
    if (!tool_parse_u64_hex(tok, 0, UINT32_MAX, &v)) return false;
    *out = (uint32_t)v;
    return true;
}

static bool parse_line(char *line, int lineno, pairs_input *in, ae_error *err) {
    char *tok[6];
    int n = 0;
    for (char *p = line; *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\r') p++;
        if (!*p) break;
        if (n == 6) break;
        tok[n++] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r') p++;
        if (*p) *p++ = '\0';
    }
    if (n != 3 && n != 5) {
        ae_error_set(err, "line %d: expected `x y r [category mask]`, got %d field%s", lineno, n,
                     n == 1 ? "" : "s");
        return false;
    }
    double v[3];
    static const char *const names[3] = {"x", "y", "r"};
    for (int k = 0; k < 3; k++) {
        const char *why;
        if (!parse_real(tok[k], &v[k], &why)) {
            ae_error_set(err, "line %d: %s: %s '%s'", lineno, names[k], why, AE_QUOTED(tok[k]));
            return false;
        }
    }
    if (v[2] < 0.0) {
        ae_error_set(err, "line %d: negative radius %s", lineno, tok[2]);
        return false;
    }
    uint32_t cat = 1u, mask = 0xffffffffu;
    if (n == 5 && (!parse_bits(tok[3], &cat) || !parse_bits(tok[4], &mask))) {
        ae_error_set(err, "line %d: category and mask must be unsigned 32-bit integers", lineno);
        return false;
    }
    int i = in->count++;
    in->center[i] = (vec2s){{(float)v[0], (float)v[1]}};
    in->radius[i] = (float)v[2];
    in->category[i] = cat;
    in->mask[i] = mask;
    return true;
}

bool pairs_parse(const char *text, size_t len, pairs_input *in, ae_error *err) {
    memset(in, 0, sizeof *in);
    int cap = 0, lineno = 0;
    size_t pos = 0;
    char buf[512];
    while (pos < len) {
        size_t end = pos;
        while (end < len && text[end] != '\n') end++;
        lineno++;
        size_t n = end - pos;
        if (memchr(text + pos, '\0', n)) {
            ae_error_set(err, "line %d: NUL byte", lineno);
            pairs_free(in);
            return false;
        }
        if (n >= sizeof buf) {
            ae_error_set(err, "line %d: line too long", lineno);
            pairs_free(in);
            return false;
        }
        memcpy(buf, text + pos, n);
        buf[n] = '\0';
        pos = end + 1;
        const char *s = buf;
        while (*s == ' ' || *s == '\t' || *s == '\r') s++;
        if (!*s || *s == '#') continue;
        if (in->count == cap && !grow(in, &cap)) {
            ae_error_set(err, "out of memory");
            pairs_free(in);
            return false;
        }
        if (!parse_line(buf, lineno, in, err)) {
            pairs_free(in);
            return false;
        }
    }
    return true;
}

bool pairs_load(const char *path, pairs_input *in, ae_error *err) {
    memset(in, 0, sizeof *in);
    uint8_t *text;
    size_t len;
    if (!ae_file_read(path, PAIRS_MAX_FILE_BYTES, &text, &len, err)) return false;
    bool ok = pairs_parse((const char *)text, len, in, err);
    if (text) ae_free(text, len);
    return ok;
}

void pairs_free(pairs_input *in) {
    free(in->center);
    free(in->radius);
    free(in->category);
    free(in->mask);
    memset(in, 0, sizeof *in);
}

/// Counting pairs without keeping them: each circle's overlaps, visited, as pairs with the
/// circles after it.
typedef struct pairs_tally {
    const pairs_input *in;
    int i;
    uint64_t pairs, checksum;
} pairs_tally;

static void tally_pair(void *context, ae_proxy_id id, uint64_t user) {
    (void)id;
    pairs_tally *t = context;
    const int i = t->i, j = (int)user;
    if (j <= i || !(t->in->category[i] & t->in->mask[j])) return; // the visit checked the other way
    t->pairs++;
    t->checksum += (uint64_t)i * 1000003u + (uint64_t)j;
}

bool pairs_run(const pairs_input *in, ae_bp_method method, int max_kept, uint64_t *pairs,
               uint64_t *checksum, ae_error *err) {
    ae_broadphase_def def = ae_default_broadphase_def();
    def.method = method;
    def.capacity = in->count;
    def.max_pairs = max_kept;
    // The world is the box of the centres (never empty); proxies beyond it still work.
    def.world = (ae_aabb){{{0.0f, 0.0f}}, {{1.0f, 1.0f}}};
    if (in->count > 0) {
        vec2s lo = in->center[0], hi = in->center[0];
        for (int i = 1; i < in->count; i++) {
            lo = glms_vec2_minv(lo, in->center[i]);
            hi = glms_vec2_maxv(hi, in->center[i]);
        }
        // Pad by 1 plus a relative amount, so even centres near 1e30 give a non-empty world.
        float big = fmaxf(fmaxf(fabsf(lo.x), fabsf(lo.y)), fmaxf(fabsf(hi.x), fabsf(hi.y)));
        float pad = 1.0f + big * 1e-5f;
        def.world.lower = glms_vec2_subs(lo, pad);
        def.world.upper = glms_vec2_adds(hi, pad);
    }
    ae_broadphase *bp = ae_broadphase_create(&def);
    bool ok = bp != NULL;
    for (int i = 0; ok && i < in->count; i++)
        ok = !ae_proxy_is_null(ae_broadphase_add_circle(bp, in->center[i], in->radius[i],
                                                        in->category[i], in->mask[i], (uint64_t)i));
    if (!ok) {
        ae_broadphase_destroy(bp);
        ae_error_set(err, "out of memory for %d circles", in->count);
        return false;
    }
    int n;
    // A count and a sum need no order: the unsorted update.
    const ae_pair *p = ae_broadphase_update_unsorted(bp, &n);
    pairs_tally t = {in, 0, 0, 0};
    if (n >= 0) {
        t.pairs = (uint64_t)n;
        for (int k = 0; k < n; k++)
            t.checksum +=
                (uint64_t)ae_proxy_index(p[k].a) * 1000003u + (uint64_t)ae_proxy_index(p[k].b);
    } else { // more pairs than are kept (or than memory holds): counted as they are found
        for (t.i = 0; t.i < in->count; t.i++)
            ae_broadphase_visit_circle(bp, in->center[t.i], in->radius[t.i], in->mask[t.i],
                                       tally_pair, &t);
    }
    *pairs = t.pairs;
    *checksum = t.checksum;
    ae_broadphase_destroy(bp);
    return true;
}
