#include "theatre_view.h"

#include "hud.h"
#include "sim_names.h"
#include "sim_state.h"

#include <stdio.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 80, 255};
static const SDL_Color SOFT = {200, 206, 220, 255};

/// The panel along the bottom: buttons on the left, the bar, the readout above it.
#define PANEL_H  74.0f
#define BUTTON_W 44.0f

static SDL_FRect panel_rect(const camera *c) {
    const float w = fminf(c->screen_w - 24.0f, 1100.0f);
    return (SDL_FRect){0.5f * (c->screen_w - w), c->screen_h - PANEL_H - 10.0f, w, PANEL_H};
}

float theatre_view_height(void) {
    return PANEL_H + 16.0f;
}

SDL_FRect theatre_view_button(const camera *c, theatre_button b) {
    const SDL_FRect p = panel_rect(c);
    return (SDL_FRect){p.x + 10.0f + (float)b * (BUTTON_W + 6.0f), p.y + 30.0f, BUTTON_W, 34.0f};
}

SDL_FRect theatre_view_bar(const camera *c) {
    const SDL_FRect p = panel_rect(c);
    const float x = p.x + 10.0f + THEATRE_BTN_COUNT * (BUTTON_W + 6.0f) + 10.0f;
    return (SDL_FRect){x, p.y + 38.0f, p.x + p.w - 14.0f - x, 18.0f};
}

uint32_t theatre_view_tick_at(const camera *c, const theatre *t, float x) {
    const SDL_FRect bar = theatre_view_bar(c);
    float share = (x - bar.x) / bar.w;
    share = share < 0.0f ? 0.0f : (share > 1.0f ? 1.0f : share);
    return (uint32_t)(share * (float)t->length + 0.5f);
}

static float tick_x(SDL_FRect bar, const theatre *t, uint32_t tick) {
    return bar.x + bar.w * (t->length ? (float)tick / (float)t->length : 0.0f);
}

static void clock_text(uint32_t tick, char *out, size_t size) {
    const uint32_t cs = tick * 100u / SIM_TICK_HZ; // hundredths
    snprintf(out, size, "%u:%02u.%02u", cs / 6000u, cs / 100u % 60u, cs % 100u);
}

static void draw_button(gfx *g, SDL_FRect r, const char *label, bool hot) {
    gfx_fill_rect(g, r, hot ? (SDL_Color){70, 76, 96, 240} : (SDL_Color){40, 44, 58, 230});
    const float scale = gfx_text_width(2.0f, label) <= r.w - 6.0f ? 2.0f : 1.0f; // "Menu"
    gfx_text_centered(g, r.x + 0.5f * r.w, r.y + 0.5f * r.h - 4.0f * scale, scale, WHITE, label);
}

/// Marks on the bar: zone phases and map swaps as full-height lines, kills as red ticks (taller
/// when the followed agent is in them), breaks as small brown ones, the followed agent's
/// level-ups as blue dots.
static void draw_marks(gfx *g, SDL_FRect bar, const theatre *t, int focus) {
    for (int i = 0; i < t->mark_count; i++) {
        const theatre_mark *m = &t->marks[i];
        const float x = tick_x(bar, t, m->tick);
        switch (m->kind) {
        case MARK_ZONE:
            gfx_fill_rect(g, (SDL_FRect){x - 1, bar.y - 6, 2, bar.h + 12},
                          (SDL_Color){255, 214, 80, 230});
            break;
        case MARK_MAP_SWAP:
            gfx_fill_rect(g, (SDL_FRect){x - 1, bar.y - 6, 3, bar.h + 12},
                          (SDL_Color){110, 230, 140, 255});
            break;
        case MARK_KILL: {
            const bool mine = m->a == focus || m->b == focus;
            const float h = mine ? bar.h + 10 : 0.6f * bar.h;
            gfx_fill_rect(g,
                          (SDL_FRect){x - (mine ? 1.5f : 1.0f), bar.y + bar.h - h + (mine ? 5 : 0),
                                      mine ? 3.0f : 2.0f, h},
                          mine ? (SDL_Color){255, 90, 80, 255} : (SDL_Color){230, 90, 80, 170});
            break;
        }
        case MARK_BREAK:
            gfx_fill_rect(g, (SDL_FRect){x - 1, bar.y + bar.h - 4, 2, 4},
                          (SDL_Color){190, 140, 90, 200});
            break;
        case MARK_LEVEL_UP:
            if (m->a == focus) gfx_disc(g, x, bar.y + 4, 3.0f, (SDL_Color){120, 190, 255, 255});
            break;
        }
    }
}

void theatre_view_draw(gfx *g, const camera *c, const theatre *t, const sim_world *w, int focus,
                       const char *who, float mouse_x, float mouse_y, const char *name,
                       bool touch) {
    const uint32_t now = (uint32_t)sim_tick(w);
    // Top: what this is, and whom the camera follows, between the HUD's top panels. A long
    // name gives way from its start (its end is the dated part) once the text is at its smallest.
    char top[160];
    const char *skip = touch ? "tap to skip" : "any key skips";
    const SDL_FRect band = hud_top_band(c, 40);
    float scale = 1.5f;
    for (size_t cut = 0;; cut++) {
        const char *shown = name + cut;
        if (t->killcam && sim_agents(w)[focus].slot == 0) // the zone or a barrel: your own view
            snprintf(top, sizeof top, "HOW YOU DIED - %s", skip);
        else if (t->killcam)
            snprintf(top, sizeof top, "HOW YOU DIED - %s's view - %s", who, skip);
        else if (t->follow >= 0)
            snprintf(top, sizeof top, "REPLAY %s%s - following %s", cut ? "..." : "", shown, who);
        else
            snprintf(top, sizeof top, "REPLAY %s%s - free camera", cut ? "..." : "", shown);
        while (scale > 1.0f && gfx_text_width(scale, top) + 32 > band.w) scale -= 0.25f;
        if (gfx_text_width(scale, top) + 32 <= band.w || !shown[0] || !shown[1]) break;
    }
    float tw = fminf(gfx_text_width(scale, top) + 32, band.w);
    const float cx = band.x + 0.5f * band.w;
    gfx_backing(g, (SDL_FRect){cx - 0.5f * tw, band.y, tw, band.h});
    gfx_text_centered(g, cx, band.y + 0.5f * (band.h - ART_FONT_H * scale) + 4, scale, GOLD, top);

    const SDL_FRect p = panel_rect(c);
    gfx_backing(g, p);
    const SDL_FRect bar = theatre_view_bar(c);
    // The readout: time and tick, speed, state.
    char at[24], end[24], line[160];
    clock_text(now, at, sizeof at);
    clock_text(t->length, end, sizeof end);
    const float speed = theatre_speeds[t->speed];
    char sp[16];
    if (speed < 1.0f)
        snprintf(sp, sizeof sp, "1/%dx", (int)(1.0f / speed + 0.5f));
    else
        snprintf(sp, sizeof sp, "%dx", (int)speed);
    snprintf(line, sizeof line, "%s / %s   tick %u of %u   %s%s", at, end, now, t->length, sp,
             t->reading  ? "   READING"
             : t->paused ? "   PAUSED"
                         : "");
    gfx_text(g, bar.x, p.y + 10, 1.5f, WHITE, line);
    // The help opens with F1 only: on a touch screen, the one control no button shows.
    const char *hint = touch ? "Tap an agent to follow it" : "F1: controls";
    gfx_text(g, p.x + p.w - 14 - gfx_text_width(1.0f, hint), p.y + 14, 1.0f, SOFT, hint);

    const bool hover_bar = mouse_x >= bar.x && mouse_x <= bar.x + bar.w && mouse_y >= bar.y - 8 &&
                           mouse_y <= bar.y + bar.h + 8;
    static const char *const labels[THEATRE_BTN_COUNT] = {NULL, "-", "+", "<<", ">>", "Menu"};
    for (int b = 0; b < THEATRE_BTN_COUNT; b++) {
        SDL_FRect br = theatre_view_button(c, (theatre_button)b);
        bool hot =
            mouse_x >= br.x && mouse_x <= br.x + br.w && mouse_y >= br.y && mouse_y <= br.y + br.h;
        draw_button(g, br, b == THEATRE_BTN_PLAY ? (t->paused ? ">" : "||") : labels[b], hot);
    }

    // The bar: read so far, played so far, past the stop (a divergence), the marks, the head.
    gfx_fill_rect(g, bar, (SDL_Color){30, 33, 44, 235});
    const float read_x = tick_x(bar, t, t->reading ? t->read : t->length);
    gfx_fill_rect(g, (SDL_FRect){bar.x, bar.y, read_x - bar.x, bar.h},
                  (SDL_Color){58, 64, 84, 255});
    const float head = tick_x(bar, t, now);
    gfx_fill_rect(g, (SDL_FRect){bar.x, bar.y + bar.h - 5, head - bar.x, 5},
                  (SDL_Color){255, 214, 80, 255});
    if (t->stop < t->length && !t->reading) {
        const float sx = tick_x(bar, t, t->stop);
        gfx_fill_rect(g, (SDL_FRect){sx, bar.y, bar.x + bar.w - sx, bar.h},
                      (SDL_Color){150, 40, 40, 200});
    }
    draw_marks(g, bar, t, focus);
    gfx_fill_rect(g, (SDL_FRect){head - 2, bar.y - 6, 4, bar.h + 12}, WHITE);
    if (hover_bar && !t->reading) {
        char hv[24];
        clock_text(theatre_view_tick_at(c, t, mouse_x), hv, sizeof hv);
        const float hw = gfx_text_width(1.0f, hv) + 12;
        // Under the bar, where nothing else is written.
        gfx_fill_rect(g, (SDL_FRect){mouse_x - 0.5f * hw, bar.y + bar.h + 1, hw, 16},
                      (SDL_Color){0, 0, 0, 220});
        gfx_text_centered(g, mouse_x, bar.y + bar.h + 3, 1.0f, WHITE, hv);
    }
    if (t->reading) {
        char msg[64];
        snprintf(msg, sizeof msg, "Reading the replay... %d%%",
                 t->length ? (int)(100.0 * t->read / t->length) : 100);
        float mw = gfx_text_width(2.0f, msg) + 40;
        gfx_backing(g, (SDL_FRect){0.5f * (c->screen_w - mw), 0.45f * c->screen_h, mw, 48});
        gfx_text_centered(g, 0.5f * c->screen_w, 0.45f * c->screen_h + 14, 2.0f, WHITE, msg);
    }
    if (t->problem[0]) {
        char msg[256];
        snprintf(msg, sizeof msg, "%s - stopped at tick %u, the last checkpoint that agreed",
                 t->problem, t->stop);
        float mw = fminf(gfx_text_width(1.5f, msg) + 32, c->screen_w - 24);
        SDL_FRect mr = {0.5f * (c->screen_w - mw), p.y - 52, mw, 40};
        gfx_fill_rect(g, mr, (SDL_Color){120, 30, 30, 235});
        gfx_text_centered(g, 0.5f * c->screen_w, mr.y + 12, 1.5f, WHITE, msg);
    }
}
