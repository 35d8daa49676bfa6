// The state's field tables (sim_state_fields.h) against the structs, the hash and the dump:
// - rows_cover_members: each table's rows run in declaration order without overlapping, and what
//   lies between them is no wider than alignment padding (a member with no row would be);
// - rows_have_their_width: changing any byte of a row changes the record's encoding (a row
//   narrower than its member shows);
// - dump_order_lists_dumped_rows: the agent's dump order names every dumped row once;
// - hash_and_dump_see_rows: in a running match, each hashed row of an agent, the zone and a
//   brain changes its part of the state hash, each dumped row changes the dump, and the others
//   change neither.
// (A member added to a struct without a row fails the build: sim_state_fields.c.)
#include "test.h"

#include "map_designs.h"
#include "sim_dump.h"
#include "sim_state_fields.h"

#include <stdlib.h>

/// Bytes of one element as stored; alignment is the same for these types (a vec2: its floats').
static size_t element_size(const sim_state_field *f) {
    switch ((sim_field_type)f->type) {
    case SIM_FIELD_INT:
    case SIM_FIELD_FLOAT:
        return 4;
    case SIM_FIELD_I8:
    case SIM_FIELD_U8:
        return 1;
    case SIM_FIELD_U64:
        return 8;
    case SIM_FIELD_VEC2:
        return 8;
    case SIM_FIELD_OTHER:
        break;
    }
    return 0;
}

static size_t alignment(const sim_state_field *f) {
    return f->type == SIM_FIELD_VEC2 ? 4 : element_size(f);
}

/// Where row i ends: its elements, or for OTHER (a struct or array nothing walks) the next row.
static size_t row_end(const sim_state_table *t, int i) {
    const sim_state_field *f = &t->field[i];
    if (f->type != SIM_FIELD_OTHER) return f->offset + element_size(f) * f->count;
    return i + 1 < t->count ? t->field[i + 1].offset : t->record_size;
}

static void test_rows_cover_members(void) {
    for (int k = 0; k < 8; k++) {
        const sim_state_table *t = sim_state_tables[k];
        size_t at = 0;
        for (int i = 0; i < t->count; i++) {
            const sim_state_field *f = &t->field[i];
            const size_t align = f->type == SIM_FIELD_OTHER ? 8 : alignment(f);
            // Padding before a member is less than its alignment; a missing member is not.
            if (f->offset < at || f->offset - at >= align)
                fprintf(stderr, "%s.%s: at %u, the previous row ends at %zu\n", t->kind, f->name,
                        f->offset, at);
            CHECK(f->offset >= at && f->offset - at < align);
            CHECK(f->count >= 1);
            at = row_end(t, i);
        }
        if (t->record_size - at >= 8)
            fprintf(stderr, "%s: rows end at %zu of %zu\n", t->kind, at, t->record_size);
        CHECK(at <= t->record_size && t->record_size - at < 8);
    }
}

static size_t encode_all(const sim_state_table *t, const void *record, uint8_t *out) {
    return sim_state_encode(t, record, SIM_FIELD_HASH | SIM_FIELD_DUMP, out);
}

/// Whether the test encodes row i: every row but OTHER and the long arrays (a brain's path, more
/// than an encoding holds; rows_cover_members checks its extent).
static bool encodable(const sim_state_field *f) {
    return f->type != SIM_FIELD_OTHER && element_size(f) * f->count <= 64;
}

/// The table with every encodable row in the encoding, whatever it is used for.
static sim_state_table every_row(const sim_state_table *t, sim_state_field *rows) {
    for (int i = 0; i < t->count; i++) {
        rows[i] = t->field[i];
        rows[i].use = encodable(&rows[i]) ? SIM_FIELD_HASH : 0;
    }
    sim_state_table copy = *t;
    copy.field = rows;
    return copy;
}

static void test_rows_have_their_width(void) {
    for (int k = 0; k < 8; k++) {
        sim_state_field rows[64];
        REQUIRE(sim_state_tables[k]->count <= 64);
        const sim_state_table t = every_row(sim_state_tables[k], rows);
        uint8_t *record = calloc(1, t.record_size);
        REQUIRE(record);
        uint8_t base[SIM_STATE_MAX_BYTES], now[SIM_STATE_MAX_BYTES];
        const size_t n = encode_all(&t, record, base);
        for (int i = 0; i < t.count; i++) {
            if (!t.field[i].use) continue;
            for (size_t b = t.field[i].offset; b < row_end(&t, i); b++) {
                record[b] = 1; // a bool's only other value; a low bit of anything else
                CHECK(encode_all(&t, record, now) == n);
                if (!memcmp(now, base, n))
                    fprintf(stderr, "%s.%s: byte %zu not encoded\n", t.kind, t.field[i].name, b);
                CHECK(memcmp(now, base, n) != 0);
                record[b] = 0;
            }
        }
        free(record);
    }
}

static void test_dump_order_lists_dumped_rows(void) {
    const sim_state_table *t = &sim_agent_table;
    REQUIRE(t->dump_order);
    int seen[64] = {0}, n = 0;
    for (; t->dump_order[n] != t->count; n++) {
        REQUIRE(t->dump_order[n] < t->count);
        seen[t->dump_order[n]]++;
    }
    for (int i = 0; i < t->count; i++)
        CHECK(seen[i] == ((t->field[i].use & SIM_FIELD_DUMP) ? 1 : 0));
    for (int k = 0; k < 8; k++) CHECK(k == 0 || sim_state_tables[k]->dump_order == NULL);
}

typedef struct text {
    char s[1 << 20];
    size_t len;
} text;

static void add_line(void *ctx, const char *line) {
    text *t = ctx;
    size_t n = strlen(line);
    if (t->len + n + 1 < sizeof t->s) {
        memcpy(t->s + t->len, line, n);
        t->s[t->len + n] = '\n';
        t->len += n + 1;
        t->s[t->len] = 0;
    }
}

static text dump_a, dump_b;

/// Perturbs each row of `record` in turn (the lowest byte of its first element; a bool flips)
/// and checks which of the state hash's part `part` and the dump change.
static void check_rows(sim_world *w, const sim_state_table *t, void *record, int part) {
    uint64_t before[SIM_HASH_FIELD_COUNT], after[SIM_HASH_FIELD_COUNT];
    sim_hash_fields(w, before);
    dump_a.len = 0;
    sim_dump_lines(w, add_line, &dump_a);
    for (int i = 0; i < t->count; i++) {
        const sim_state_field *f = &t->field[i];
        if (f->type == SIM_FIELD_OTHER) continue;
        uint8_t *b = (uint8_t *)record + f->offset;
        const uint8_t saved = *b;
        *b = (uint8_t)(f->type == SIM_FIELD_U8 ? !saved : saved ^ 1);
        sim_hash_fields(w, after);
        dump_b.len = 0;
        sim_dump_lines(w, add_line, &dump_b);
        *b = saved;
        const bool hashed = after[part] != before[part];
        const bool dumped = strcmp(dump_a.s, dump_b.s) != 0;
        if (hashed != !!(f->use & SIM_FIELD_HASH) || dumped != !!(f->use & SIM_FIELD_DUMP))
            fprintf(stderr, "%s.%s: hash %s, dump %s\n", t->kind, f->name,
                    hashed ? "changed" : "same", dumped ? "changed" : "same");
        // An agent's slot and bot flag reach the hash by hand (a take-over), not through its row.
        if (t == &sim_agent_table && (!strcmp(f->name, "slot") || !strcmp(f->name, "bot")))
            continue;
        CHECK(hashed == !!(f->use & SIM_FIELD_HASH));
        if (t == &sim_agent_table && !strcmp(f->name, "difficulty")) continue; // written by hand
        CHECK(dumped == !!(f->use & SIM_FIELD_DUMP));
    }
}

static void test_hash_and_dump_see_rows(void) {
    ae_grid g;
    REQUIRE(map_design_build(&map_designs[0], &g));
    sim_config cfg = sim_default_config();
    cfg.humans = 1;
    cfg.bots = 3;
    sim_world *w = sim_create(&cfg, &g, NULL);
    REQUIRE(w);
    for (int t = 0; t < 200; t++) sim_step(w, NULL);
    check_rows(w, &sim_agent_table, &w->agents[1], SIM_HASH_AGENTS);
    check_rows(w, &sim_zone_table, &w->zone, SIM_HASH_ZONE);
    check_rows(w, &sim_brain_table, (void *)sim_bots_brain(w, 1), SIM_HASH_BOTS);
    sim_destroy(w);
    ae_grid_free(&g);
}

TEST_MAIN(TEST_CASE(rows_cover_members), TEST_CASE(rows_have_their_width),
          TEST_CASE(dump_order_lists_dumped_rows), TEST_CASE(hash_and_dump_see_rows))
