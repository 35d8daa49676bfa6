// The history: strokes as single steps, undone and redone without a limit; dirty against the
// state last saved.
#include "ed_internal.h"

#include <string.h>

uint64_t ed_state_id(const ed_doc *d) {
    return d->done ? d->steps[d->done - 1].id : 0;
}

void ed_stroke_end(ed_doc *d) {
    if (!d->open) return;
    d->open = false;
    // Cleared whole: the stroke marks the cells it met, changed or not (an eighth of a byte a
    // cell: 2 MB for the largest map).
    memset(d->visited, 0, d->visited_size);
    if (d->stroke.count == 0) return;
    // A new step drops the steps undone before it (the redo branch).
    for (size_t i = d->done; i < d->step_count; i++) {
        ed_changes_free(&d->steps[i].changes);
        if (d->saved_id == d->steps[i].id) d->saved_id = UINT64_MAX; // no way back to it
    }
    d->step_count = d->done;
    AE_ASSERT(d->step_count < d->step_cap); // ed_history_reserve, before the stroke painted
    d->steps[d->step_count++] = (ed_step){d->stroke, d->next_id++};
    d->done = d->step_count;
    memset(&d->stroke, 0, sizeof d->stroke);
}

bool ed_history_reserve(ed_doc *d) {
    if (d->done < d->step_cap) return true;
    size_t cap = d->step_cap ? 2 * d->step_cap : 64;
    ed_step *steps = ae_alloc(cap * sizeof *steps);
    if (!steps) return false;
    if (d->step_count) memcpy(steps, d->steps, d->step_count * sizeof *steps);
    ae_free(d->steps, d->step_cap * sizeof *d->steps);
    d->steps = steps;
    d->step_cap = cap;
    return true;
}

/// Writes step s's cells back to their values before it (undo) or after it (redo). When the
/// world runs out of memory halfway, the cells written are written back, so the document stays
/// where it was.
static bool apply_step(ed_doc *d, const ed_step *s, bool undo, ae_error *err) {
    if (!ed_reserve_writes(d, s->changes.count)) {
        ae_error_set(err, "out of memory");
        return false;
    }
    for (size_t k = 0; k < s->changes.count; k++) {
        const ed_change *c = &s->changes.items[k];
        ed_queue_write(d, c->index, undo ? c->before : c->after);
    }
    if (ed_apply_writes(d, err)) return true;
    const ae_grid *g = ed_grid(d);
    for (size_t k = 0; k < s->changes.count; k++) {
        const ed_change *c = &s->changes.items[k];
        const uint8_t back = undo ? c->after : c->before;
        if (g->cells[c->index] != back) ed_queue_write(d, c->index, back);
    }
    ae_error ignored;
    ed_apply_writes(d, &ignored);
    return false;
}

bool ed_undo(ed_doc *d, ae_error *err) {
    ed_stroke_end(d);
    if (d->done == 0) return false;
    if (!apply_step(d, &d->steps[d->done - 1], true, err)) return false;
    d->done--;
    return true;
}

bool ed_redo(ed_doc *d, ae_error *err) {
    ed_stroke_end(d);
    if (d->done == d->step_count) return false;
    if (!apply_step(d, &d->steps[d->done], false, err)) return false;
    d->done++;
    return true;
}

bool ed_can_undo(const ed_doc *d) {
    return d->done > 0 || (d->open && d->stroke.count > 0);
}

bool ed_can_redo(const ed_doc *d) {
    return d->done < d->step_count && !(d->open && d->stroke.count > 0);
}

bool ed_dirty(const ed_doc *d) {
    return (d->open && d->stroke.count > 0) || ed_state_id(d) != d->saved_id;
}
