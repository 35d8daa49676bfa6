/// Broadphase: finds every overlapping pair among many circles and boxes each tick.
///
/// One interface, five implementations chosen at creation:
/// - AE_BP_BRUTE: every pair tested (the reference the others are checked against);
/// - AE_BP_GRID: a uniform grid rebuilt each update;
/// - AE_BP_QUADTREE: a loose quadtree (node bounds doubled, one node per proxy) rebuilt each
/// update;
/// - AE_BP_SAP: sweep-and-prune on the axis of largest spread, kept sorted between updates with
///   insertion sort;
/// - AE_BP_MBP: Multi Box Pruning, a grid of regions each running its own sweep-and-prune. This is
///   the one the game uses.
///
/// All five report the same pairs in the same order (ae_broadphase_update_unsorted: the same pairs
/// in any order): a pair is reported when both filters accept it (`(cat_a & mask_b) && (cat_b &
/// mask_a)`) and the exact shapes overlap strictly (touching is not overlapping), once per update,
/// sorted by (lower index, higher index).
///
/// Proxies are generational handles. Once the capacities are reached (proxies, pairs, query
/// results), moving proxies, updating and querying allocate nothing.
///
///   ae_broadphase_def def = ae_default_broadphase_def();
///   def.world = (ae_aabb){{{0, 0}}, {{4096, 4096}}};
///   ae_broadphase *bp = ae_broadphase_create(&def);
///   ae_proxy_id p = ae_broadphase_add_circle(bp, center, radius, 1u, ~0u, agent_index);
///   ...
///   ae_broadphase_move_circle(bp, p, new_center, radius);
///   int n;
///   const ae_pair *pairs = ae_broadphase_update(bp, &n);
#ifndef AE_BROADPHASE_H
#define AE_BROADPHASE_H

#include "arena/ae_collide.h"

/// The implementation behind the interface.
typedef enum ae_bp_method {
    AE_BP_BRUTE,    ///< all pairs, O(n^2): the reference
    AE_BP_GRID,     ///< uniform grid
    AE_BP_QUADTREE, ///< loose quadtree
    AE_BP_SAP,      ///< sweep-and-prune with insertion sort
    AE_BP_MBP,      ///< Multi Box Pruning (regions of sweep-and-prune)
    AE_BP_METHOD_COUNT
} ae_bp_method;

/// Lower-case name of a method ("brute", "grid", "quadtree", "sap", "mbp").
const char *ae_bp_method_name(ae_bp_method method);
/// Parses a method name; returns false for an unknown name.
bool ae_bp_method_parse(const char *name, ae_bp_method *out);

/// A proxy handle: slot index + 1 and the slot's generation. The zero value is the null handle.
typedef struct ae_proxy_id {
    uint32_t index1;     ///< slot index + 1; 0 means null
    uint32_t generation; ///< bumped each time the slot is freed, so stale handles are detected
} ae_proxy_id;

/// The null handle.
static inline ae_proxy_id ae_proxy_null(void) {
    ae_proxy_id id = {0, 0};
    return id;
}
/// True for the null handle. A non-null handle may still be stale (see ae_broadphase_is_valid).
static inline bool ae_proxy_is_null(ae_proxy_id id) {
    return id.index1 == 0;
}
/// The slot index of a non-null handle: small, dense and reused after removal.
static inline int ae_proxy_index(ae_proxy_id id) {
    return (int)id.index1 - 1;
}

/// One overlapping pair; ae_proxy_index(a) < ae_proxy_index(b).
typedef struct ae_pair {
    ae_proxy_id a; ///< the proxy with the lower index
    ae_proxy_id b; ///< the proxy with the higher index
} ae_pair;

/// Creation parameters. Start from ae_default_broadphase_def().
typedef struct ae_broadphase_def {
    ae_bp_method method; ///< default AE_BP_MBP
    /// Where proxies usually are; the caller must say (the default is the empty box, which
    /// ae_broadphase_create refuses). Proxies outside still work (they go to the border cells or
    /// regions); the bounds only size the spatial structures.
    ae_aabb world;
    /// Proxies to allocate room for up front; more may be added (the arrays grow). Default 0:
    /// nothing reserved beyond a small first block.
    int capacity;
    /// MBP: target proxies per region when sizing the region grid (> 0). Default 48.
    int mbp_proxies_per_region;
    /// The most pairs an update keeps (>= 0). Past it the update fails instead of growing its
    /// pair buffers further: a caller that only counts can bound its memory this way (the pairs
    /// themselves are then found with ae_broadphase_visit_circle, which allocates nothing).
    /// Default INT_MAX.
    int max_pairs;
    int cookie; ///< set by ae_default_broadphase_def; checked to catch a def that skipped it
} ae_broadphase_def;

/// The defaults described on each field; the caller sets `world`.
ae_broadphase_def ae_default_broadphase_def(void);

typedef struct ae_broadphase ae_broadphase;

/// Creates a broadphase; returns NULL only when memory runs out. Running out of memory later is
/// an answer too, never an assert: an add returns the null handle, an update NULL.
ae_broadphase *ae_broadphase_create(const ae_broadphase_def *def);
/// Frees everything the broadphase took.
void ae_broadphase_destroy(ae_broadphase *bp);
/// The method chosen at creation.
ae_bp_method ae_broadphase_method(const ae_broadphase *bp);

/// Adds a circle proxy (the null handle when the pool cannot grow). category is the proxy's bit(s),
/// mask the categories it may pair with; user is stored and returned by ae_broadphase_user. Centre
/// and radius must be finite, r >= 0, and |centre| + r below 2^120 on each axis (so that the
/// circle's box is finite).
ae_proxy_id ae_broadphase_add_circle(ae_broadphase *bp, vec2s center, float radius,
                                     uint32_t category, uint32_t mask, uint64_t user);
/// Adds a box proxy (lower <= upper, finite); the null handle when the pool cannot grow.
ae_proxy_id ae_broadphase_add_box(ae_broadphase *bp, ae_aabb box, uint32_t category, uint32_t mask,
                                  uint64_t user);
/// Removes a proxy; its handle becomes stale and its slot may be reused by a later add.
void ae_broadphase_remove(ae_broadphase *bp, ae_proxy_id id);
/// Moves (and resizes) a proxy, turning it into a circle.
void ae_broadphase_move_circle(ae_broadphase *bp, ae_proxy_id id, vec2s center, float radius);
/// Moves (and resizes) a proxy, turning it into a box.
void ae_broadphase_move_box(ae_broadphase *bp, ae_proxy_id id, ae_aabb box);
/// Changes a proxy's category and mask.
void ae_broadphase_set_filter(ae_broadphase *bp, ae_proxy_id id, uint32_t category, uint32_t mask);

/// True when the handle names a live proxy of this broadphase.
bool ae_broadphase_is_valid(const ae_broadphase *bp, ae_proxy_id id);
/// The user value given at add.
uint64_t ae_broadphase_user(const ae_broadphase *bp, ae_proxy_id id);
/// The proxy's bounding box (exact, as given).
ae_aabb ae_broadphase_aabb(const ae_broadphase *bp, ae_proxy_id id);
/// Live proxies.
int ae_broadphase_count(const ae_broadphase *bp);

/// One cell of the spatial structure, for debug overlays.
typedef struct ae_bp_region {
    ae_aabb box; ///< the cell's bounds (border cells also hold proxies beyond the world)
    int proxies; ///< proxies filed in it (a proxy spanning cells counts in each)
} ae_bp_region;

/// Debug view: the MBP regions with their proxy counts as of the last update. Writes at most cap
/// and returns the total; 0 for methods without regions.
int ae_broadphase_regions(const ae_broadphase *bp, ae_bp_region *out, int cap);

/// Brings the structures up to date and finds all overlapping pairs. Returns the pair buffer,
/// sorted by (a's index, b's index) and owned by the broadphase; valid until the next call that
/// changes the broadphase or updates it. *count receives the number of pairs. When the pairs do
/// not fit (memory ran out, or there are more than def.max_pairs) it returns NULL with *count
/// -1; the broadphase stays whole, and a later update may succeed.
const ae_pair *ae_broadphase_update(ae_broadphase *bp, int *count);

/// As ae_broadphase_update, with the same pairs (a's index below b's) in no particular order:
/// whatever order the structure finds them in, which may change with any move or update. For
/// callers whose answer does not depend on the order (a count, a set, work per pair that does not
/// interact): it skips the sort, a tenth of an update with tens of thousands of proxies.
const ae_pair *ae_broadphase_update_unsorted(ae_broadphase *bp, int *count);

/// Live proxies whose shape overlaps the box strictly and whose category has a bit of mask, in
/// index order. The result buffer is owned by the broadphase and valid until the next query,
/// update or change. NULL with *count -1 when memory for the results ran out.
const ae_proxy_id *ae_broadphase_query_aabb(ae_broadphase *bp, ae_aabb box, uint32_t mask,
                                            int *count);
/// As ae_broadphase_query_aabb, for a circle.
const ae_proxy_id *ae_broadphase_query_circle(ae_broadphase *bp, vec2s center, float radius,
                                              uint32_t mask, int *count);

/// Called by a visiting query once for each proxy it finds, with the proxy's handle and user
/// value. It must not change the broadphase (add, remove, move, update or query it).
typedef void ae_bp_visit_fn(void *context, ae_proxy_id id, uint64_t user);

/// The proxies ae_broadphase_query_aabb would return, each handed to fn once, in no particular
/// order: whatever order the structure holds them in, which may change with any move or update.
/// For callers that pick their answer order-independently (a minimum with ties broken by id, a
/// count, a set): it skips the sort, the handle remap and the result buffer, and allocates nothing.
void ae_broadphase_visit_aabb(ae_broadphase *bp, ae_aabb box, uint32_t mask, ae_bp_visit_fn *fn,
                              void *context);
/// As ae_broadphase_visit_aabb, for a circle: the proxies ae_broadphase_query_circle would return.
void ae_broadphase_visit_circle(ae_broadphase *bp, vec2s center, float radius, uint32_t mask,
                                ae_bp_visit_fn *fn, void *context);

#endif
