/// Arena engine: basic types, allocation hooks, errors and asserts.
///
/// The engine core (this folder) is pure C11 with libm and cglm: no SDL, no files, no clock.
/// Reading and writing files and decoding map pictures live beside it in the map I/O library
/// (engine/io: arena_io, pure C on POSIX files, and arena_mapio, which decodes with SDL2_image).
///
/// API convention, followed by every public header of the engine:
/// 1. Names: `ae_` + kind + verb (ae_nav_grid_init, ae_broadphase_update); macros `AE_`.
/// 2. A kind that is configured has `ae_X_def` and `ae_X_def ae_default_X_def(void)`. The default
///    function sets `int cookie`, which the function taking the def checks with AE_ASSERT (a def
///    that skipped it is programmer misuse). Zero never means "default": every field holds the
///    value used.
/// 3. Lifecycle verbs by ownership, the same two pairs everywhere:
///    - the engine allocates the object and returns a pointer: `ae_X_create(...)` returns it
///      (NULL on failure), `ae_X_destroy(X *)` frees it (opaque types: ae_broadphase,
///      ae_nav_search, ae_nav_queue, and the map I/O's ae_output);
///    - the caller owns the struct and the engine allocates its buffers: `ae_X_init(X *, ...)`
///      (false with an ae_error on failure, leaving nothing to free) and `ae_X_free(X *)`
///      (ae_grid, ae_sdf, ae_nav_grid, ae_cover_set, ae_map_check). Other ways to fill the
///      same struct are `ae_X_init_FROM` (ae_grid_init_copy) and pair with ae_X_free.
///    Other verbs (set_cell, set_cells, update_rect, on_cell_edit, on_cells_edit, update) act on a
///    live object.
/// 4. Handles are `{ uint32_t index1; uint32_t generation; }`: index1 is the slot + 1, 0 is
///    the null handle, and the generation tells a stale handle from a live one.
/// 5. Lengths and positions are in world units (a map cell is `cell_size` units). Only what is
///    about the grid itself counts in cells, and says so: ae_nav_cell, grid path lengths and
///    flood costs, SDF corner distances, cell counts, per-cell sampling.
/// 6. Defaults are neutral (a point agent, no agents): the game states its own values.
/// 7. Public headers hold no private layouts: a type whose fields callers must not touch is
///    opaque, with accessors. A caller-owned struct shows only fields callers may read (its
///    results, its sizes) and keeps the rest behind a pointer to a private struct
///    (ae_nav_grid.store, ae_cover_set.index, ae_sdf.scratch); its _free accepts a zeroed or
///    failed struct.
#ifndef AE_BASE_H
#define AE_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cglm/struct.h>

/// Programmer misuse stops the program with a message; bad user data never reaches an assert,
/// it is reported through an ae_error instead.
#define AE_ASSERT(cond)                                                                            \
    do {                                                                                           \
        if (!(cond)) ae_assert_fail(#cond, __FILE__, __LINE__);                                    \
    } while (0)

/// Prints the failed condition and aborts. Marked as not returning so that a check costs only its
/// test: the compiler need not keep values alive across the failure call.
_Noreturn void ae_assert_fail(const char *expr, const char *file, int line);

/// A one-line, human-readable reason why something the user gave us was refused.
typedef struct ae_error {
    char msg[256];
} ae_error;

/// printf-style; a NULL err is allowed and ignored.
void ae_error_set(ae_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/// Allocation hook. The engine counts live bytes so tests can check that everything a map, a
/// broadphase or a match took is given back. Frees are sized, as in Box2D.
typedef void *ae_alloc_fn(size_t size, void *user);
typedef void ae_free_fn(void *ptr, size_t size, void *user);

/// Installs custom allocation functions (NULL restores malloc/free).
void ae_set_allocator(ae_alloc_fn *alloc, ae_free_fn *free_fn, void *user);
/// A thread's own allocator, for memory that must stay together: a game puts a whole match in
/// one region this way, so saving and restoring the region saves and restores the match.
/// `free_fn` returns false for a pointer it did not hand out (which then goes to the installed
/// allocator). What it hands out is not counted by ae_live_bytes: it keeps its own books.
typedef bool ae_thread_free_fn(void *ptr, size_t size, void *user);
typedef struct ae_thread_allocator {
    ae_alloc_fn *alloc;
    ae_thread_free_fn *free_fn;
    void *user;
} ae_thread_allocator;
/// Sends this thread's ae_alloc/ae_free to `a` (NULL: back to the installed allocator) and
/// returns the one it replaces, so scopes nest. Other threads are not affected.
const ae_thread_allocator *ae_use_thread_allocator(const ae_thread_allocator *a);
/// Returns NULL on failure (size 0 returns NULL too). Memory is not zeroed.
void *ae_alloc(size_t size);
/// Zeroed allocation of count * size bytes, NULL on overflow or failure.
void *ae_calloc(size_t count, size_t size);
/// Frees what ae_alloc/ae_calloc returned; size must be the size that was asked for.
void ae_free(void *ptr, size_t size);
/// Bytes currently allocated through the engine.
size_t ae_live_bytes(void);
/// The most bytes allocated through the engine at any one time since the program started or
/// since ae_reset_peak_live_bytes (the memory budget tests read it).
size_t ae_peak_live_bytes(void);
/// Starts a new peak measurement from the bytes live now.
void ae_reset_peak_live_bytes(void);

static inline float ae_clampf(float v, float lo, float hi) {
    return v < lo ? lo : (v > hi ? hi : v);
}
static inline int ae_clampi(int v, int lo, int hi) {
    return v < lo ? lo : (v > hi ? hi : v);
}
static inline int ae_mini(int a, int b) {
    return a < b ? a : b;
}
static inline int ae_maxi(int a, int b) {
    return a > b ? a : b;
}

#endif
