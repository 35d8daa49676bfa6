/// Map checking: is a map playable for agents of a given radius?
///
/// The analysis works on cells and is deterministic (row-major order everywhere):
/// - Passable cells are those of the nav grid for the radius (free, centre SDF >= radius).
/// - Connectivity follows the Moving AI rule (8 neighbours, no corner cutting). A diagonal step
///   needs both orthogonal neighbours passable, so it never joins cells that the orthogonal
///   steps do not already join: the components are the 4-connected components of passable cells.
///   Components are numbered in row-major order of their first cell; the largest area is the
///   biggest component (the lowest number on a tie); every other component is a pocket.
/// - Narrow passages: free cells an agent cannot stand in (not passable) that block a way through.
///   Such cells are grouped into 4-connected groups; a group is a narrow passage when the
///   passable cells that border it (4 neighbours) include two at least two cells apart
///   (Chebyshev distance), i.e. it separates passable ground instead of just filling a room's
///   concave corner. Typical cases: a door or corridor one cell wide, a gap between two trees.
/// - Spawn spots: cells of the largest area whose centre SDF is >= 2 * radius, taken greedily in
///   row-major order when their centre is at least 4 * radius from every spot taken before.
///   The count is a conservative estimate of how many agents can start with room around them.
#ifndef AE_MAP_CHECK_H
#define AE_MAP_CHECK_H

#include "arena/ae_sdf.h"

/// What a cell of a checked map is (ae_map_check.cells, low bits).
typedef enum ae_map_cell_kind {
    AE_MAP_CELL_WALL = 0,    ///< wall
    AE_MAP_CELL_TIGHT = 1,   ///< free, too tight for the radius, not a passage (room corners)
    AE_MAP_CELL_NARROW = 2,  ///< free, too tight for the radius, part of a narrow passage
    AE_MAP_CELL_LARGEST = 3, ///< passable, in the largest connected area
    AE_MAP_CELL_POCKET = 4,  ///< passable, in a smaller component (unreachable from the largest)
} ae_map_cell_kind;

/// Flag on ae_map_check.cells: a spawn spot was placed at this cell's centre.
#define AE_MAP_CELL_SPAWN 0x80u
/// Flag on ae_map_check.cells: the cell is a breakable wall (grid value 3). The analysis treats
/// it as the wall it is until broken.
#define AE_MAP_CELL_BREAKABLE 0x40u
/// Flag on ae_map_check.cells: a door stands in the cell (grid value 4). The analysis treats it
/// as the free cell it is (doors open for whoever walks up).
#define AE_MAP_CELL_DOOR 0x20u
/// Flag on ae_map_check.cells: the cell is water (grid value 9), a wall to the analysis.
#define AE_MAP_CELL_WATER 0x10u
/// Mask of the kind bits of ae_map_check.cells.
#define AE_MAP_CELL_KIND_MASK 0x0fu

/// Problems that make a map unplayable (bits of ae_map_check.problems).
enum {
    AE_MAP_PROBLEM_SMALL_AREA = 1u << 0, ///< largest area under min_largest_cells
    AE_MAP_PROBLEM_SPLIT = 1u << 1,      ///< largest area under min_largest_share of passable cells
    AE_MAP_PROBLEM_NO_ROOM = 1u << 2,    ///< fewer spawn spots than agents
};

/// Parameters of a check.
typedef struct ae_map_check_def {
    float radius;            ///< agent radius in world units, like the SDF's (default 0)
    int agents;              ///< agents a match spawns (default 0: no spawn requirement)
    float min_largest_share; ///< smallest share of passable cells in the largest area (default 0)
    int min_largest_cells;   ///< smallest largest area in cells (default 0: no requirement)
    int cookie;              ///< set by ae_default_map_check_def, checked by ae_map_check_init
} ae_map_check_def;

/// Defaults: a point agent and no requirements (no agents to spawn, no smallest main area).
/// The caller says its agents' radius and count and what main area a playable map needs.
ae_map_check_def ae_default_map_check_def(void);

/// Result of a check. Counts are cells unless named otherwise.
typedef struct ae_map_check {
    ae_map_check_def def; ///< parameters used
    int width;            ///< map cells across
    int height;           ///< map cells down
    int free_cells;       ///< free cells
    int passable_cells;   ///< cells passable for the radius
    int component_count;  ///< connected components of passable cells
    int largest_cells;    ///< cells of the largest component
    int largest_id;       ///< its component number (-1 when nothing is passable)
    double largest_share; ///< largest_cells / passable_cells (0 when nothing is passable)
    int pocket_count;     ///< components other than the largest
    int pocket_cells;     ///< passable cells outside the largest component
    int narrow_count;     ///< narrow passages (groups)
    int narrow_cells;     ///< cells in narrow passages
    int spawn_capacity;   ///< spawn spots placed
    int breakable_cells;  ///< breakable walls
    int door_cells;       ///< cells with a door
    int water_cells;      ///< water cells
    uint32_t problems;    ///< AE_MAP_PROBLEM_* bits; 0 means playable
    uint8_t *cells; ///< width * height: ae_map_cell_kind | AE_MAP_CELL_SPAWN, _BREAKABLE, _DOOR,
                    ///< _WATER
    int32_t *component; ///< width * height: component number of passable cells, else -1
    float *clearance;   ///< width * height: centre SDF in world units (mean of the 4 corners)
} ae_map_check;

/// Checks a map. `sdf` is the grid's baked field (any cell size). False (with err) when memory
/// runs out or the definition is invalid (radius not finite or < 0, agents < 0, share outside
/// [0, 1], min cells < 0).
bool ae_map_check_init(ae_map_check *out, const ae_grid *grid, const ae_sdf *sdf,
                       const ae_map_check_def *def, ae_error *err);

/// Frees what ae_map_check_init allocated.
void ae_map_check_free(ae_map_check *check);

#endif
