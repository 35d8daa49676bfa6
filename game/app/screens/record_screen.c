// "Your record": the career record kept in record.txt (record_file.h) as matches end, and its
// screen from the title: the figures in all, per difficulty, online and per map, the last
// matches and the saved replays (replay_list.h), newest first, damaged ones marked; a click or
// Enter opens one in the theatre, and a replay is deleted only after the question says yes.
#include "app.h"

#include "app_paths.h"
#include "platform.h"
#include "sim_state.h"
#include "sim_stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 80, 255};
static const SDL_Color SOFT = {175, 185, 205, 255};

/// The menu's ids: its buttons, then a last match's (MATCH + k) and a saved replay's (REPLAY + k).
enum { RECORD_DELETE, RECORD_BACK, RECORD_MATCH = 100, RECORD_REPLAY = 200 };
/// Rows the menu gives each list at most (the menu holds MENU_MAX_ITEMS).
enum { MATCHES_SHOWN = 10, REPLAYS_SHOWN = 24 };
_Static_assert(2 + MATCHES_SHOWN + REPLAYS_SHOWN + 2 <= MENU_MAX_ITEMS, "the menu holds them");
/// From this width the figures stand left of the lists; narrower, a summary above them.
#define WIDE_MIN  1100.0f
#define FIGURES_W 600.0f

void app_record_load(app *a) {
    record_clear(&a->rec);
    if (!app_pref_file("record.txt", a->record_path, sizeof a->record_path)) {
        a->record_path[0] = '\0'; // no per-user folder: nothing is kept
        return;
    }
    char warning[RECORD_WARNING_MAX];
    bool missing;
    if (!record_load(&a->rec, a->record_path, warning, sizeof warning, &missing) && !missing)
        fprintf(stderr, "%s: %s\n", ARENA_PROGRAM, warning);
}

static void save_record(app *a) {
    if (!a->record_path[0]) return;
    char kept[PATH_MAX + 16];
    ae_error e;
    char t[sizeof a->notice];
    if (!record_save(&a->rec, a->record_path, kept, sizeof kept, &e)) {
        snprintf(t, sizeof t, "cannot save your record: %s", e.msg);
        app_notice(a, t);
        return;
    }
    if (kept[0]) {
        snprintf(t, sizeof t, "Your damaged record file was kept as %.*s", (int)sizeof t - 40,
                 kept);
        app_notice(a, t);
    }
    platform_persist();
}

/// A map's name as the record keeps it: no folder, no extension, letters, digits, '-', '_'.
static void map_key(const char *map, char *out, size_t n) {
    const char *name = strrchr(map, '/') ? strrchr(map, '/') + 1 : map;
    const char *dot = strrchr(name, '.');
    size_t len = dot && dot > name ? (size_t)(dot - name) : strlen(name);
    if (len >= n) len = n - 1;
    for (size_t i = 0; i < len; i++) {
        const char c = name[i];
        const bool ok =
            ('a' <= (c | 32) && (c | 32) <= 'z') || ('0' <= c && c <= '9') || c == '-' || c == '_';
        out[i] = ok ? c : '_';
    }
    out[len] = '\0';
    if (!len) snprintf(out, n, "map");
}

void app_record_match(app *a) {
    if (!a->record_pending || view_players(&a->view) == 0) return;
    const bool online = view_online(&a->view);
    const session *s = online && a->view.net_final ? a->view.net_final : a->view.live;
    const sim_world *w =
        online && a->view.net_final ? session_world(a->view.net_final) : view_world(&a->view);
    const int me = online ? net_client_agent(a->view.net) : view_player(&a->view, 0);
    if (me < 0 || me >= sim_agent_count(w)) return;
    sim_human_stats hs;
    sim_stats_human(w, me, &hs);
    int place = hs.placement;
    net_end end;
    if (online && net_client_end(a->view.net, &end) && end.placement > 0)
        place = (int)end.placement; // the server's word
    if (place <= 0) return;         // still standing: not over for the player yet
    a->record_pending = false;
    record_match m;
    record_match_at(&m, time(NULL));
    map_key(s ? session_map_name(s) : "online", m.map, sizeof m.map);
    const int d = sim_config_of(w)->bot_difficulty;
    m.difficulty = d >= 0 && d < SIM_DIFFICULTY_COUNT ? d : RECORD_MIXED;
    m.online = online;
    m.place = place;
    m.agents = hs.agents;
    m.kills = hs.kills;
    m.damage = (int)floor(hs.damage_dealt + 0.5);
    m.survived_s = hs.survived_s;
    record_add(&a->rec, &m);
    a->record_replay = true; // until a new match's recording replaces a->replay
    save_record(a);
}

void app_record_replay_saved(app *a, const char *path) {
    if (!a->record_replay || a->rec.last_count == 0) return;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    snprintf(a->rec.last[0].replay, sizeof a->rec.last[0].replay, "%s", name);
    save_record(a);
}

// ---- The screen ----

/// The replays folder with its trailing '/' into out; false without a per-user folder.
static bool replays_folder(char *out, size_t n) {
    return app_pref_file("replays/", out, n);
}

void app_record_open(app *a) {
    char dir[PATH_MAX];
    ae_error e;
    if (!replays_folder(dir, sizeof dir)) {
        memset(&a->replays, 0, sizeof a->replays);
    } else if (!replay_list_read(&a->replays, dir, &e)) {
        app_notice(a, e.msg);
    }
    a->record_deleting = false;
    app_go(a, SCREEN_RECORD);
}

static bool wide(const app *a) {
    return a->view.cam.screen_w >= WIDE_MIN;
}

/// "11-28 15:04 arena #3/30 2K 2:05", online marked, and "[replay]" when one was saved.
static void match_label(const record_match *m, char *t, size_t n) {
    const int s = (int)m->survived_s;
    snprintf(t, n, "%.5s %s %.12s #%d/%d %dK %d:%02d%s%s", m->date + 5, m->time, m->map, m->place,
             m->agents, m->kills, s / 60, s % 60, m->online ? " online" : "",
             m->replay[0] ? " [replay]" : "");
}

void app_record_menu(app *a, menu *m) {
    const float sw = a->view.cam.screen_w, sh = a->view.cam.screen_h;
    menu_begin(m, NULL); // the figures' panel has the title
    char t[96];          // cut to MENU_TEXT by menu_add
    menu_add(m, MENU_HEADING, MENU_NONE, a->rec.last_count ? "LAST MATCHES" : "NO MATCHES YET",
             NULL);
    for (int k = 0; k < a->rec.last_count && k < MATCHES_SHOWN; k++) {
        match_label(&a->rec.last[k], t, sizeof t);
        menu_add(m, MENU_BUTTON, RECORD_MATCH + k, t, NULL);
    }
    snprintf(t, sizeof t, a->replays.count ? "SAVED REPLAYS (%d)" : "NO SAVED REPLAYS",
             a->replays.count + a->replays.more);
    menu_add(m, MENU_HEADING, MENU_NONE, t, NULL);
    for (int k = 0; k < a->replays.count && k < REPLAYS_SHOWN; k++) {
        const replay_entry *e = &a->replays.entry[k];
        snprintf(t, sizeof t, "%s%.*s%s", a->record_deleting ? "x " : "", e->damaged ? 34 : 44,
                 e->name, e->damaged ? " DAMAGED" : "");
        menu_add(m, MENU_BUTTON, RECORD_REPLAY + k, t, NULL);
    }
    if (a->replays.count)
        menu_add(m, MENU_BUTTON, RECORD_DELETE,
                 a->record_deleting ? "Done deleting" : "Delete a replay...", NULL);
    menu_add(m, MENU_BUTTON, RECORD_BACK, "Back", NULL);
    m->note = a->record_deleting ? "Choose the replay to delete - you will be asked first"
                                 : "Choose a match or a replay to watch it - Esc/B: back";
    if (wide(a)) { // right of the figures: the panel centred in the room left of them
        const float room = sw - (24.0f + FIGURES_W + 24.0f), width = fminf(560.0f, room - 24.0f);
        const float cx = 24.0f + FIGURES_W + 24.0f + 0.5f * room;
        menu_layout(m, &a->nav, 2.0f * cx, sh, 40.0f, width);
    } else { // under the summary
        menu_layout(m, &a->nav, sw, sh, 124.0f, fminf(560.0f, sw - 24.0f));
    }
}

/// The path of replay file `name` in the replays folder into out; false when there is none.
static bool replay_path(const char *name, char *out, size_t n) {
    char dir[PATH_MAX];
    if (!replays_folder(dir, sizeof dir)) return false;
    const int len = snprintf(out, n, "%s%s", dir, name);
    return len > 0 && (size_t)len < n;
}

static void watch(app *a, const char *name) {
    char path[PATH_MAX];
    if (!replay_path(name, path, sizeof path)) {
        app_notice(a, "No per-user folder: no saved replays");
        return;
    }
    if (access(path, F_OK) != 0) {
        char t[sizeof a->notice];
        snprintf(t, sizeof t, "%s is no longer in the replays folder", name);
        app_notice(a, t);
        return;
    }
    app_watch_file(a, path); // the theatre, or a notice saying why not
}

void app_record_update(app *a, menu_result r, bool back) {
    if (back || (r.activate && r.id == RECORD_BACK)) {
        app_go(a, SCREEN_TITLE);
        return;
    }
    if (!r.activate) return;
    if (r.id == RECORD_DELETE) {
        a->record_deleting = !a->record_deleting;
        return;
    }
    if (r.id >= RECORD_REPLAY && r.id < RECORD_REPLAY + a->replays.count) {
        const replay_entry *e = &a->replays.entry[r.id - RECORD_REPLAY];
        if (a->record_deleting) {
            snprintf(a->confirm_file, sizeof a->confirm_file, "%s", e->name);
            app_ask(a, CONFIRM_DELETE_REPLAY);
        } else if (e->damaged) {
            char t[sizeof a->notice];
            snprintf(t, sizeof t, "%s is damaged: %s", e->name, e->reason);
            app_notice(a, t);
        } else {
            watch(a, e->name);
        }
        return;
    }
    if (r.id >= RECORD_MATCH && r.id < RECORD_MATCH + a->rec.last_count) {
        const record_match *m = &a->rec.last[r.id - RECORD_MATCH];
        if (m->replay[0])
            watch(a, m->replay);
        else
            app_notice(a, "No replay was saved for this match");
    }
}

void app_record_delete(app *a) {
    char path[PATH_MAX];
    if (replay_path(a->confirm_file, path, sizeof path) && remove(path) != 0) {
        char t[sizeof a->notice];
        snprintf(t, sizeof t, "cannot delete %s: %s", a->confirm_file, strerror(errno));
        app_notice(a, t);
    }
    platform_persist();
    app_record_open(a);        // the list read afresh
    a->record_deleting = true; // more may go
}

// ---- The figures ----

static void text_right(gfx *g, float x, float y, float scale, SDL_Color c, const char *t) {
    gfx_text(g, x - gfx_text_width(scale, t), y, scale, c, t);
}

static void time_text(double seconds, char *t, size_t n) {
    const int s = (int)seconds;
    snprintf(t, n, "%d:%02d", s / 60, s % 60);
}

/// The figures' columns: where each ends, from the panel's left (the head and every row).
static const float COLUMN_RIGHT[] = {236, 296, 370, 430, 508, 590};

/// One row of the table: its name and figures, right-aligned in their columns.
static void draw_row(gfx *g, float x, float y, const char *name, const record_totals *t,
                     SDL_Color c) {
    char v[6][24];
    snprintf(v[0], sizeof v[0], "%d", t->matches);
    snprintf(v[1], sizeof v[1], "%d", t->wins);
    snprintf(v[2], sizeof v[2], "%d%%",
             t->matches ? (int)floor(100.0 * t->top5 / t->matches + 0.5) : 0);
    snprintf(v[3], sizeof v[3], "%d", t->kills);
    snprintf(v[4], sizeof v[4], "%d", t->damage);
    time_text(t->longest_s, v[5], sizeof v[5]);
    gfx_text(g, x + 12, y, 1.0f, c, name);
    for (int k = 0; k < 6; k++) text_right(g, x + COLUMN_RIGHT[k], y, 1.0f, c, v[k]);
}

/// Wide: the headline totals and a row per difficulty, online and map, left of the lists.
static void draw_figures(app *a) {
    gfx *g = &a->g;
    const record_book *r = &a->rec;
    const float x = 24.0f, sh = a->view.cam.screen_h;
    int rows = 1;
    for (int k = 0; k < RECORD_GROUPS; k++) rows += r->group[k].matches > 0;
    rows += r->map_count;
    const float h = fminf(sh - 80.0f, 190.0f + 22.0f * (float)rows);
    gfx_backing(g, (SDL_FRect){x, 40.0f, FIGURES_W, h});
    gfx_text(g, x + 16, 54, 3.0f, GOLD, "YOUR RECORD");
    char t[96], longest[16];
    time_text(r->all.longest_s, longest, sizeof longest);
    snprintf(t, sizeof t, "%d matches  %d wins  top five %d%%", r->all.matches, r->all.wins,
             r->all.matches ? (int)floor(100.0 * r->all.top5 / r->all.matches + 0.5) : 0);
    gfx_text(g, x + 16, 112, 1.5f, WHITE, t);
    snprintf(t, sizeof t, "%d kills  %d damage dealt  longest survival %s", r->all.kills,
             r->all.damage, longest);
    gfx_text(g, x + 16, 140, 1.5f, WHITE, t);
    float y = 184.0f;
    static const char *const cols[] = {"MATCHES", "WINS", "TOP 5", "KILLS", "DAMAGE", "LONGEST"};
    for (int k = 0; k < 6; k++) text_right(g, x + COLUMN_RIGHT[k], y, 1.0f, SOFT, cols[k]);
    y += 24.0f;
    draw_row(g, x, y, "All", &r->all, GOLD);
    static const char *const names[RECORD_GROUPS] = {"Easy bots", "Normal bots", "Hard bots",
                                                     "Mixed bots", "Online"};
    for (int k = 0; k < RECORD_GROUPS && y + 44.0f < 40.0f + h; k++) {
        if (!r->group[k].matches) continue;
        y += 22.0f;
        draw_row(g, x, y, names[k], &r->group[k], WHITE);
    }
    for (int k = 0; k < r->map_count && y + 44.0f < 40.0f + h; k++) {
        y += 22.0f;
        snprintf(t, sizeof t, "Map %.20s", r->map_name[k]);
        draw_row(g, x, y, t, &r->map[k], SOFT);
    }
}

/// Narrow: the title and the totals in two lines above the lists.
static void draw_summary(app *a) {
    const record_book *r = &a->rec;
    const float cx = 0.5f * a->view.cam.screen_w;
    char t[96], longest[16];
    time_text(r->all.longest_s, longest, sizeof longest);
    snprintf(t, sizeof t, "%d matches - %d wins - top five %d%%", r->all.matches, r->all.wins,
             r->all.matches ? (int)floor(100.0 * r->all.top5 / r->all.matches + 0.5) : 0);
    const float w = fminf(a->view.cam.screen_w - 24.0f, 560.0f);
    gfx_backing(&a->g, (SDL_FRect){cx - 0.5f * w, 12, w, 100});
    gfx_text_centered(&a->g, cx, 20, 2.5f, GOLD, "YOUR RECORD");
    gfx_text_centered(&a->g, cx, 64, 1.0f, WHITE, t);
    snprintf(t, sizeof t, "%d kills - %d damage - longest %s", r->all.kills, r->all.damage,
             longest);
    gfx_text_centered(&a->g, cx, 86, 1.0f, WHITE, t);
}

void app_record_draw(app *a) {
    if (wide(a))
        draw_figures(a);
    else
        draw_summary(a);
}
