// A* over the padded passability grid: 8 neighbours, no corner cutting, octile heuristic.
// With no goal (a flood) the heuristic is 0 and this is Dijkstra up to max_cost.
#include "nav_internal.h"

ae_nav_status nav_astar_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded) {
    const uint8_t *pass = s->pass;
    const uint8_t mask = s->mask;
    const int32_t w = s->stride;
    const int32_t goal = s->goal;
    int64_t done = 0;
    ae_nav_status status = AE_NAV_RUNNING;
    while (done < max_nodes) {
        if (s->out_of_memory) { // a page or the heap could not grow: no path, as the API says
            status = AE_NAV_NO_PATH;
            break;
        }
        if (s->heap_size == 0) {
            // A flood ends when everything reachable is settled; a search has no path.
            status = goal < 0 ? AE_NAV_FOUND : AE_NAV_NO_PATH;
            break;
        }
        const nav_open top = nav_pop(s);
        const int32_t n = top.node;
        done++;
        if (n == goal) {
            status = AE_NAV_FOUND;
            break;
        }
        const double g = top.g;
        if (goal < 0 && g > s->max_cost) {
            status = AE_NAV_FOUND;
            break;
        }
        const bool e = pass[n + 1] & mask, wst = pass[n - 1] & mask;
        const bool so = pass[n + w] & mask, no = pass[n - w] & mask;
        if (e) nav_relax(s, n + 1, n, g + 1.0);
        if (wst) nav_relax(s, n - 1, n, g + 1.0);
        if (so) nav_relax(s, n + w, n, g + 1.0);
        if (no) nav_relax(s, n - w, n, g + 1.0);
        const double gd = g + s->diag;
        if (e && so && (pass[n + w + 1] & mask)) nav_relax(s, n + w + 1, n, gd);
        if (wst && so && (pass[n + w - 1] & mask)) nav_relax(s, n + w - 1, n, gd);
        if (e && no && (pass[n - w + 1] & mask)) nav_relax(s, n - w + 1, n, gd);
        if (wst && no && (pass[n - w - 1] & mask)) nav_relax(s, n - w - 1, n, gd);
    }
    *expanded = done;
    return status;
}
