/// A heap that holds one whole match, so that copying its bytes saves the match and copying them
/// back restores it: the replay theatre's keyframes (keyframes.h) are such copies.
///
/// The heap is one region at a fixed address with its books (free lists, the top) at its start.
/// While it is entered on a thread, every engine allocation of that thread (ae_alloc, ae_free)
/// is served from it, so a world created and stepped inside it keeps all of its memory there,
/// including the parts nobody thought of when writing a save function: pointers stay valid
/// because the bytes come back at the same addresses. A match in a heap is never destroyed
/// piece by piece: the heap goes as a whole.
///
///     state_heap *h = state_heap_create(0, &err);
///     state_heap_enter(h);  w = sim_create(&cfg, &grid, &err);  state_heap_leave(h);
///     ... copy state_heap_used(h) bytes from state_heap_base(h) to save, back to restore ...
///     state_heap_destroy(h);  // and the world with it
#ifndef STATE_HEAP_H
#define STATE_HEAP_H

#include "arena/ae_base.h"

typedef struct state_heap state_heap;

/// Reserves a region of `capacity` bytes (0: the default, large enough for the largest match;
/// address space is reserved, memory is used only as the match touches it). NULL with err when
/// the region cannot be had.
state_heap *state_heap_create(size_t capacity, ae_error *err);
void state_heap_destroy(state_heap *h);

/// Routes this thread's engine allocations to the heap until state_heap_leave. Scopes nest
/// (leave restores what enter replaced); enter and leave pair up on one thread.
void state_heap_enter(state_heap *h);
void state_heap_leave(state_heap *h);

/// The region: everything the heap holds, its books included, lies in
/// [base, base + state_heap_used). Writing back bytes saved from it restores the heap exactly.
uint8_t *state_heap_base(const state_heap *h);
size_t state_heap_used(const state_heap *h);

#endif
