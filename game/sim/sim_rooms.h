/// Finding room on a map fast: the nearest cell with room for an agent (repairs, map swaps) and
/// the roomiest spawn spot on a crowded map. Both give exactly what a scan of every cell in row
/// order gives, at a cost that does not grow with the map times the agents.
#ifndef SIM_ROOMS_H
#define SIM_ROOMS_H

#include "arena/ae_sdf.h"

/// Side of an index block, in cells.
#define SIM_ROOM_BLOCK 16

/// The largest corner distance (cells) of every block of SIM_ROOM_BLOCK x SIM_ROOM_BLOCK cells.
/// A cell centre's field value is a mean of its four corners, so a block whose largest corner
/// is below r / cell_size holds no centre with room r and is skipped whole.
typedef struct sim_room_index {
    int bw, bh; ///< blocks across and down
    float *max; ///< bw * bh largest corner distances
} sim_room_index;

/// Builds the index of a field (one pass over its corners). False on out-of-memory.
bool sim_room_index_build(sim_room_index *ri, const ae_sdf *sdf);
void sim_room_index_free(sim_room_index *ri);
/// After ae_sdf_set_cells on the indexed field changed the walls in `changed`: the blocks it can
/// have changed follow.
void sim_room_index_on_cells_edit(sim_room_index *ri, const ae_sdf *sdf, ae_cell_rect changed);

/// The centre of the nearest cell (by squared distance from `from`, a finite point) whose field
/// value is at least `radius`, ties to the first in row order; false when there is none.
/// Searches rings of blocks outwards and stops once no nearer centre can be left.
bool sim_nearest_room(const ae_sdf *sdf, const sim_room_index *ri, vec2s from, float radius,
                      vec2s *out);

/// Spawn spots on a crowded map: the cell centres with field value >= need, in row order, with
/// each one's squared distance to the nearest agent placed so far.
typedef struct sim_spots {
    int count;
    vec2s *pos;
    float *d2;
} sim_spots;

/// Lists the spots of a field (all at 1e30 from anyone). False on out-of-memory.
bool sim_spots_build(sim_spots *s, const ae_sdf *sdf, const sim_room_index *ri, float need);
void sim_spots_free(sim_spots *s);
/// An agent was placed at p: every spot's distance to the nearest agent follows.
void sim_spots_place(sim_spots *s, vec2s p);
/// The spot farthest from every agent placed so far, ties to the first in row order.
vec2s sim_spots_roomiest(const sim_spots *s);

#endif
