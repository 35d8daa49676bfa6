/// The state's fields as tables, one per kind of record (agent, bullet, gem, pickup, prop, door,
/// the zone, a bot's brain), in the spirit of Quake III's netField_t: a field's name, where it is
/// in the record, how it is stored and how it is written out. The state hash (sim_hash.c) and the
/// state dump (sim_dump.c) walk them, and so can anything else that serialises the state (a
/// network snapshot): none of them lists a record's fields by hand.
///
/// Every member of the record is in its table, in declaration order, even those that are neither
/// hashed nor dumped (with the reason beside it): sim_state_fields.c initialises one record of
/// each kind from its table, one value per member in order, so a member added to a struct without
/// a row fails the build (-Wmissing-field-initializers), and tests/sim/test_state_fields.c checks
/// that the rows cover the members' bytes and that each row reaches the hash and the dump.
#ifndef SIM_STATE_FIELDS_H
#define SIM_STATE_FIELDS_H

#include "sim_bots.h"

/// How a field is stored in the record.
typedef enum sim_field_type {
    SIM_FIELD_INT,   ///< int or an enum
    SIM_FIELD_I8,    ///< int8_t
    SIM_FIELD_U8,    ///< uint8_t or bool
    SIM_FIELD_U64,   ///< uint64_t
    SIM_FIELD_FLOAT, ///< float
    SIM_FIELD_VEC2,  ///< vec2s: two floats, x then y
    SIM_FIELD_OTHER, ///< a member nothing walks (a path, a request id, statistics)
} sim_field_type;

/// What walks a field.
enum {
    SIM_FIELD_HASH = 1, ///< the state hash: it shapes the future
    SIM_FIELD_DUMP = 2, ///< the state dump, keyed by its name
};

typedef struct sim_state_field {
    const char *name; ///< the dump's key
    uint16_t offset;  ///< in the record
    uint8_t type;     ///< sim_field_type
    uint8_t count;    ///< elements: > 1 for an array (an agent's skills, a brain's path)
    /// Bytes an element takes in the canonical encoding (sim_state_encode): its value, as the
    /// unsigned integer of the stored width (a float's bit pattern), little-endian and cut or
    /// zero-extended to this many. Mostly the stored size; a bot's brain hashes each as 8.
    uint8_t bytes;
    uint8_t use;              ///< SIM_FIELD_HASH | SIM_FIELD_DUMP; 0: see its row's comment
    const char *const *names; ///< the dump writes names[v] for a value below name_count ...
    int name_count;           ///< ... (an enum), else the number
} sim_state_field;

typedef struct sim_state_table {
    const char *kind; ///< the record's name (sim_agent, ...)
    const sim_state_field *field;
    int count;
    size_t record_size; ///< sizeof the record
    /// The dump's order: row indices up to one equal to `count`; NULL: the rows' order.
    const uint8_t *dump_order;
} sim_state_table;

extern const sim_state_table sim_agent_table, sim_bullet_table, sim_gem_table, sim_pickup_table,
    sim_prop_table, sim_door_table, sim_zone_table, sim_brain_table;

/// Every table, for tests and tools that check them all.
extern const sim_state_table *const sim_state_tables[8];

/// The most bytes sim_state_encode writes for one record.
#define SIM_STATE_MAX_BYTES 256

/// Writes the canonical encoding of the record's fields that have any bit of `use`, in table
/// order, to out (at least SIM_STATE_MAX_BYTES); returns the bytes written. Floats go by their
/// bit patterns, never through struct memory, so padding never reaches the result.
size_t sim_state_encode(const sim_state_table *t, const void *record, unsigned use, uint8_t *out);

/// A field's value as the unsigned integer of its stored width (a float's bit pattern): its k-th
/// number, counting elements of an array and the x then y of a vec2 (count * 2 of them).
uint64_t sim_state_value(const sim_state_field *f, const void *record, int k);

#endif
