// The results screen's scoreboard drawn with the software renderer over a finished match: it
// stays inside its panel, leaves room below for the screen's buttons at 1280x720 and 800x600,
// and shows the headline, the fate line and the viewer's highlighted row. Set ARENA_SHOT_DIR to
// keep the pictures (results-WxH-NAME.png) for a look.
#include "test.h"

#include "render_world.h"
#include "results_view.h"
#include "session.h"
#include "sim_world.h"
#include "tool_save_png.h"

#define ASSETS ARENA_SOURCE_DIR "/assets/sprites"

/// Room the results screen keeps below the scoreboard for its buttons.
#define BUTTONS_H 200.0f

/// A novice-pilot match on arena, played until at most `alive` agents stand (0: to the end).
static session *match_until(int seed, int alive) {
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    def.config = sim_default_config();
    def.config.seed = (uint64_t)seed;
    def.pilot = SIM_PILOT_NOVICE;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) return NULL;
    while (!session_done(s) && session_world(s)->alive_count > alive) session_step(s, NULL);
    return s;
}

static const Uint8 *pixel(const SDL_Surface *s, int x, int y) {
    return (const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch + 4 * (size_t)x;
}

static bool inside(SDL_FRect r, int x, int y) {
    return (float)x >= r.x && (float)x < r.x + r.w && (float)y >= r.y && (float)y < r.y + r.h;
}

static bool contains(SDL_FRect outer, SDL_FRect in) {
    return in.x >= outer.x && in.y >= outer.y && in.x + in.w <= outer.x + outer.w &&
           in.y + in.h <= outer.y + outer.h;
}

/// Pixels of rect r within `tol` of colour c in every channel.
static int count_colour(const SDL_Surface *s, SDL_FRect r, SDL_Color c, int tol) {
    int n = 0;
    for (int y = (int)r.y; y < (int)(r.y + r.h); y++)
        for (int x = (int)r.x; x < (int)(r.x + r.w); x++) {
            const Uint8 *p = pixel(s, x, y);
            n += abs(p[0] - c.r) <= tol && abs(p[1] - c.g) <= tol && abs(p[2] - c.b) <= tol;
        }
    return n;
}

/// Mean of red minus blue over rect r: the highlighted row is warmer than the navy panel.
static double warmth(const SDL_Surface *s, SDL_FRect r) {
    double sum = 0;
    int n = 0;
    for (int y = (int)r.y; y < (int)(r.y + r.h); y++)
        for (int x = (int)r.x; x < (int)(r.x + r.w); x++, n++)
            sum += (double)pixel(s, x, y)[0] - (double)pixel(s, x, y)[2];
    return n ? sum / n : 0.0;
}

/// Draws the match under a dim veil, then the scoreboard in the band (x, y, width); checks the
/// picture and returns the height the scoreboard used.
static float check_picture(const sim_world *w, const sim_scoreboard *sb, int sw, int sh, float x,
                           float y, float width, float room_below, const char *name) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, sw, sh, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    gfx g = {0};
    char err[256];
    if (!r || !gfx_load(&g, r, ASSETS, err, sizeof err)) {
        fprintf(stderr, "cannot set up the software renderer: %s\n", r ? err : SDL_GetError());
        CHECK(false);
        return 0;
    }
    world_renderer wr = {0};
    world_renderer_init(&wr, &g);
    camera cam;
    const int focus = sb->fate != SIM_FATE_NONE ? sb->viewer.agent : w->winner;
    camera_init(&cam, w->agents[focus].pos, (float)sw, (float)sh);
    fx_state fx;
    fx_clear(&fx);
    world_renderer_draw(&wr, &cam, w, 1.0f, 0.0f, &fx);
    gfx_fill_rect(&g, (SDL_FRect){0, 0, (float)sw, (float)sh}, (SDL_Color){0, 0, 0, 150});
    SDL_RenderPresent(r);
    SDL_Surface *before = SDL_DuplicateSurface(s);
    if (!before) {
        fprintf(stderr, "out of memory\n");
        CHECK(false);
        return 0;
    }

    const float used = results_view_draw(&g, x, y, width, sb);
    SDL_RenderPresent(r);
    results_layout l;
    results_view_layout(x, y, width, sb, &l);
    CHECK(used == l.panel.h && l.panel.y == y);
    CHECK(l.panel.x >= x && l.panel.x + l.panel.w <= x + width);
    CHECK(y + used + room_below <= (float)sh); // the buttons fit below
    CHECK(contains(l.panel, l.title) && contains(l.panel, l.table));
    if (sb->fate != SIM_FATE_NONE) CHECK(contains(l.panel, l.card) && contains(l.panel, l.fate));
    for (int k = 0; k < l.row_count; k++) CHECK(contains(l.table, l.rows[k]));

    // Nothing drawn outside the panel; most of the panel covered.
    int outside = 0, changed = 0, area = 0;
    for (int py = 0; py < sh; py++)
        for (int px = 0; px < sw; px++) {
            const bool differs = memcmp(pixel(s, px, py), pixel(before, px, py), 4) != 0;
            if (inside(l.panel, px, py)) {
                area++;
                changed += differs;
            } else {
                outside += differs;
            }
        }
    CHECK(outside == 0);
    CHECK(changed > area / 2);

    // The headline in its colour: gold for a win, green while still playing, else white.
    const SDL_Color gold = {255, 214, 80, 255}, white = {255, 255, 255, 255};
    const SDL_Color headline = sb->fate == SIM_FATE_WON       ? gold
                               : sb->fate == SIM_FATE_PLAYING ? (SDL_Color){140, 230, 140, 255}
                                                              : white;
    CHECK(count_colour(s, l.title, headline, 8) > 400);
    // The fate line in its colour: red for an agent's kill, purple for the zone's.
    if (sb->fate == SIM_FATE_ELIMINATED)
        CHECK(count_colour(s, l.fate, (SDL_Color){255, 140, 120, 255}, 8) > 150);
    if (sb->fate == SIM_FATE_ZONE)
        CHECK(count_colour(s, l.fate, (SDL_Color){210, 150, 255, 255}, 8) > 150);
    // Who damaged the viewer, under the fate line, when anybody did.
    if (sb->fate != SIM_FATE_NONE && sb->hurt_count > 0) {
        CHECK(contains(l.panel, l.hurt) && l.hurt.y >= l.fate.y + l.fate.h);
        CHECK(count_colour(s, l.hurt, (SDL_Color){255, 200, 190, 255}, 8) > 100);
    } else {
        CHECK(l.hurt.h == 0.0f);
    }
    // The viewer's row is the warmest of the table.
    const int mine = sb->viewer_top >= 0 ? sb->viewer_top : l.row_count - 1;
    if (sb->fate != SIM_FATE_NONE) {
        for (int k = 0; k < l.row_count; k++)
            if (k != mine) CHECK(warmth(s, l.rows[mine]) > warmth(s, l.rows[k]) + 20.0);
    }
    // Every row shows its figures (white or gold text).
    for (int k = 0; k < l.row_count; k++)
        CHECK(count_colour(s, l.rows[k], k == mine && sb->fate != SIM_FATE_NONE ? gold : white, 8) >
              60);

    const char *dir = getenv("ARENA_SHOT_DIR");
    if (dir) {
        char path[512];
        snprintf(path, sizeof path, "%s/results-%dx%d-%s.png", dir, sw, sh, name);
        ae_error e;
        CHECK(tool_save_png(s, path, &e));
    }
    SDL_FreeSurface(before);
    world_renderer_free(&wr);
    gfx_free(&g);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    return used;
}

/// The agent with placement p.
static int placed(const sim_world *w, int p) {
    for (int i = 0; i < w->agent_count; i++)
        if (w->agents[i].placement == p) return i;
    return -1;
}

static void test_pictures(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    session *s = match_until(2, 0);
    REQUIRE(s);
    const sim_world *w = session_world(s);
    REQUIRE(w->over && w->agent_count == 30);
    sim_scoreboard sb;
    // The human's own results, as the results screen shows them.
    sim_scoreboard_build(w, 0, &sb);
    check_picture(w, &sb, 1280, 720, 0, 40, 1280, BUTTONS_H, "human");
    check_picture(w, &sb, 800, 600, 0, 24, 800, BUTTONS_H, "human");
    // The winner's, and one far down the table (its row follows the top five).
    sim_scoreboard_build(w, w->winner, &sb);
    REQUIRE(sb.fate == SIM_FATE_WON);
    check_picture(w, &sb, 1280, 720, 0, 40, 1280, BUTTONS_H, "winner");
    const int low = placed(w, 20);
    REQUIRE(low >= 0);
    sim_scoreboard_build(w, low, &sb);
    REQUIRE(sb.viewer_top == -1);
    const float h_low = check_picture(w, &sb, 800, 600, 0, 24, 800, BUTTONS_H, "placed20");
    // In a band narrower than the two columns, the card and the table stack (taller).
    const float h_narrow = check_picture(w, &sb, 1280, 720, 40, 10, 600, 0.0f, "narrow");
    CHECK(h_narrow > h_low);
    // No viewer: the table alone, shorter.
    sim_scoreboard_build(w, -1, &sb);
    const float h_none = check_picture(w, &sb, 800, 600, 0, 24, 800, BUTTONS_H, "noviewer");
    CHECK(h_none < h_low);
    session_destroy(s);
}

// Mid-match (the viewer alive, the living lead the table with a dot for a rank), and the fate
// line's picture for each kind of end: a weapon, a barrel, the zone.
static void test_fates(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    session *s = match_until(2, 12);
    REQUIRE(s);
    const sim_world *w = session_world(s);
    REQUIRE(!w->over && w->alive_count == 12);
    sim_scoreboard sb;
    int alive = -1;
    for (int i = 0; i < w->agent_count && alive < 0; i++)
        if (w->agents[i].placement == 0) alive = i;
    sim_scoreboard_build(w, alive, &sb);
    REQUIRE(sb.fate == SIM_FATE_PLAYING);
    check_picture(w, &sb, 1280, 720, 0, 40, 1280, BUTTONS_H, "playing");
    // One eliminated by an agent, drawn with the weapon, then as if by a barrel and the zone.
    int victim = -1;
    for (int i = 0; i < w->agent_count && victim < 0; i++)
        if (w->agents[i].placement != 0 && w->agents[i].killer >= 0) victim = i;
    REQUIRE(victim >= 0);
    sim_scoreboard_build(w, victim, &sb);
    REQUIRE(sb.fate == SIM_FATE_ELIMINATED);
    check_picture(w, &sb, 800, 600, 0, 24, 800, BUTTONS_H, "weapon");
    sb.harm = SIM_HARM_BARREL;
    snprintf(sb.fate_text, sizeof sb.fate_text, "Eliminated by %s with %s", sb.killer_name,
             sim_harm_phrase(SIM_HARM_BARREL));
    check_picture(w, &sb, 800, 600, 0, 24, 800, BUTTONS_H, "barrel");
    sb.fate = SIM_FATE_ZONE;
    sb.harm = SIM_HARM_ZONE;
    sb.killer = -1;
    snprintf(sb.fate_text, sizeof sb.fate_text, "Eliminated by the zone");
    check_picture(w, &sb, 800, 600, 0, 24, 800, BUTTONS_H, "zone");
    session_destroy(s);
}

TEST_MAIN(TEST_CASE(pictures), TEST_CASE(fates))
