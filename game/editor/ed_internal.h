/// The editor document's layout and what its files share; not for the screen.
#ifndef ED_INTERNAL_H
#define ED_INTERNAL_H

#include "editor.h"
#include "sim_state.h"

#include <stddef.h>

/// A cell a stroke changed: its index in the grid (row-major), its value before the stroke and
/// the value the stroke gave it.
typedef struct ed_change {
    uint32_t index;
    uint8_t before, after;
} ed_change;

/// A growing list of changes.
typedef struct ed_changes {
    ed_change *items;
    size_t count, cap;
} ed_changes;

/// A step of the history: a whole stroke, and the id of the state it leads to.
typedef struct ed_step {
    ed_changes changes;
    uint64_t id;
} ed_step;

struct ed_doc {
    sim_world *world; ///< the map: a world of no agents (sim_create), edited by sim_edit_cells
    int agents;       ///< what the check asks room for
    char *path;       ///< the file Save writes, NULL for none
    // History: steps[0 .. done) are applied, steps[done .. count) can be redone.
    ed_step *steps;
    size_t step_count, step_cap, done;
    uint64_t next_id;  ///< ids of the states steps lead to (0: the state as opened)
    uint64_t saved_id; ///< the state on disk (UINT64_MAX once no step can lead back to it)
    uint64_t revision; ///< ed_revision
    // The open stroke.
    bool open;
    uint8_t value;
    int brush;
    ed_changes stroke;   ///< its changes so far
    uint8_t *visited;    ///< bit per cell: painted (or found holding the value) in this stroke
    size_t visited_size; ///< bytes of `visited`
    // Scratch of one painting call: the cells it writes.
    sim_cell_write *writes;
    size_t write_count, write_cap;
    // The check of revision check_revision for check_agents agents, and its markers.
    ae_map_check check;
    bool checked;
    uint64_t check_revision;
    int check_agents;
    ed_marker markers[ED_MARKERS_MAX];
    int marker_count;
};

/// Appends to a change list; false when memory runs out.
bool ed_changes_push(ed_changes *c, ed_change item);
void ed_changes_free(ed_changes *c);

/// Makes room in d->writes for n more; false when memory runs out.
bool ed_reserve_writes(ed_doc *d, size_t n);
/// Queues the write of grid cell `index` to `value` (room made by ed_reserve_writes).
void ed_queue_write(ed_doc *d, size_t index, uint8_t value);
/// Makes room for the step an open stroke becomes, so ending it cannot fail; false when memory
/// runs out (the painting call then paints nothing).
bool ed_history_reserve(ed_doc *d);

/// Writes d->writes into the world (sim_edit_cells) and counts a revision. False
/// (with err) when memory ran out: the writes that took are in the grid.
bool ed_apply_writes(ed_doc *d, ae_error *err);

/// The id of the state the document shows: its last applied step's, 0 with none.
uint64_t ed_state_id(const ed_doc *d);

/// The cells 4-connected to (x, y) that hold its value (on the map), as grid indices in
/// `*out` (*count of them, the first (x, y); an array of *cap entries, the caller's to ae_free),
/// each marked in `visited` (a bit per cell; marked cells are taken as outside the region). The
/// list is its own work queue: no recursion and no stack beyond it, so the whole of a 4096x4096
/// map is fine. False when memory runs out (*out still the caller's).
bool ed_flood(const ae_grid *g, int x, int y, uint8_t *visited, uint32_t **out, size_t *count,
              size_t *cap);

/// Bit i of a bit set.
static inline bool ed_bit(const uint8_t *bits, size_t i) {
    return (bits[i >> 3] >> (i & 7)) & 1u;
}
static inline void ed_bit_set(uint8_t *bits, size_t i) {
    bits[i >> 3] |= (uint8_t)(1u << (i & 7));
}
static inline void ed_bit_clear(uint8_t *bits, size_t i) {
    bits[i >> 3] &= (uint8_t) ~(1u << (i & 7));
}

#endif
