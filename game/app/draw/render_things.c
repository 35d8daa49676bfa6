// The world's changing things: breakable props with their damage and shake, sliding doors, and
// loot on the ground.
#include "render_internal.h"

#include <math.h>

/// Ticks a prop shakes after a hit, and how far (world units).
#define SHAKE_TICKS 10
#define SHAKE_SIZE  2.5f

void render_breakable(gfx *g, const camera *c, const sim_world *w, int prop, float alpha) {
    const sim_prop *p = &sim_props(w)[prop];
    const float cs = sim_config_of(w)->cell_size;
    int kind = p->kind < ART_BREAKABLE_COUNT ? p->kind : ART_BREAKABLE_CRATE;
    int stage = art_damage_stage(p->hp, p->max_hp);
    SDL_Rect src = {stage * ART_PROP_W, (1 + kind) * ART_PROP_H, ART_PROP_W, ART_PROP_H};
    vec2s foot = {{((float)p->x + 0.5f) * cs, ((float)p->y + 1.0f) * cs - 6.0f}};
    // A hit jolts it sideways, dying away over SHAKE_TICKS.
    float since = (float)(sim_tick(w) - p->hit_tick) + alpha;
    if (p->hit_tick >= 0 && since < (float)SHAKE_TICKS) {
        float k = 1.0f - since / (float)SHAKE_TICKS;
        foot.x += SHAKE_SIZE * k * sinf(since * 2.6f);
    }
    draw_sprite(g, g->at_props, c, src, foot, ART_PROP_FOOT_X, ART_PROP_FOOT_Y, RENDER_WHITE);
}

void render_door_track(gfx *g, const camera *c, const sim_world *w, int door) {
    const sim_door *d = &sim_doors(w)[door];
    const float cs = sim_config_of(w)->cell_size;
    // The groove the door runs in, across its cell along its axis.
    SDL_FRect r = d->axis.x != 0.0f ? world_rect(c, (float)d->x * cs, d->closed.y - 2.0f, cs, 4.0f)
                                    : world_rect(c, d->closed.x - 2.0f, (float)d->y * cs, 4.0f, cs);
    gfx_solid(g, r, (SDL_Color){40, 36, 30, 150});
}

/// Draws the part of texture cell `src` that maps onto the world box `box` where it overlaps
/// `clip`, raised by `raise` world units (a door's faces).
static void draw_clipped(gfx *g, const camera *c, SDL_Rect src, SDL_FRect box, SDL_FRect clip,
                         float raise) {
    float x0 = fmaxf(box.x, clip.x), y0 = fmaxf(box.y, clip.y);
    float x1 = fminf(box.x + box.w, clip.x + clip.w), y1 = fminf(box.y + box.h, clip.y + clip.h);
    if (x1 <= x0 || y1 <= y0) return;
    SDL_Rect part = {src.x + (int)lroundf((x0 - box.x) / box.w * (float)src.w),
                     src.y + (int)lroundf((y0 - box.y) / box.h * (float)src.h),
                     ae_maxi(1, (int)lroundf((x1 - x0) / box.w * (float)src.w)),
                     ae_maxi(1, (int)lroundf((y1 - y0) / box.h * (float)src.h))};
    // Edges rounded to whole pixels, so the top and the face meet without a seam.
    vec2s a = camera_to_screen(c, (vec2s){{x0, y0 - raise}}),
          b = camera_to_screen(c, (vec2s){{x1, y1 - raise}});
    int ax = (int)lroundf(a.x), ay = (int)lroundf(a.y);
    SDL_FRect dst = {(float)ax, (float)ay, (float)((int)lroundf(b.x) - ax),
                     (float)((int)lroundf(b.y) - ay)};
    gfx_sprite(g, g->at_door, part, dst, RENDER_WHITE);
}

void render_door(gfx *g, const camera *c, const sim_world *w, int door) {
    const sim_door *d = &sim_doors(w)[door];
    const float cs = sim_config_of(w)->cell_size, h = ART_WALL_HEIGHT * cs / ART_TILE;
    ae_shape s = sim_door_shape(w, d);
    // Only the part still in the doorway shows: the rest has slid into the wall's pocket.
    SDL_FRect cell = {(float)d->x * cs, (float)d->y * cs, cs, cs};
    SDL_FRect box = {s.center.x - s.half.x, s.center.y - s.half.y, 2.0f * s.half.x,
                     2.0f * s.half.y};
    int top = d->axis.x != 0.0f ? ART_DOOR_TOP_X : ART_DOOR_TOP_Y;
    draw_clipped(g, c, (SDL_Rect){top * ART_DOOR, 0, ART_DOOR, ART_DOOR}, box, cell, h);
    // The south face hangs from the box's south edge, as a wall's does.
    SDL_FRect face = {box.x, box.y + box.h - h, box.w, h};
    SDL_FRect face_clip = {cell.x, box.y + box.h - h, cell.w, h};
    if (box.y + box.h > cell.y + 0.5f && box.y + box.h <= cell.y + cell.h + 0.01f)
        draw_clipped(g, c, (SDL_Rect){ART_DOOR_FRONT * ART_DOOR, 0, ART_DOOR, ART_WALL_HEIGHT},
                     face, face_clip, 0.0f);
}

void render_pickup(gfx *g, const camera *c, const sim_pickup *p, int slot, float time) {
    // Items glow in their kind's colour (a bandage is a pale medkit), weapons in their tier's.
    static const SDL_Color glow[SIM_PICKUP_KIND_COUNT] = {
        {255, 214, 90, 255}, {255, 110, 110, 255}, {110, 190, 255, 255}, {255, 225, 190, 255}};
    int cell = p->kind == SIM_PICKUP_WEAPON   ? (p->weapon < ART_WEAPON_COUNT ? p->weapon : 0)
               : p->kind == SIM_PICKUP_SHIELD ? ART_PICKUP_SHIELD
                                              : ART_PICKUP_MEDKIT;
    const float half = ART_PICKUP * 0.5f;
    float phase = time * 3.0f + (float)slot * 1.7f, bob = 3.0f + 3.0f * sinf(phase);
    SDL_Rect shadow = {ART_PICKUP_SHADOW % ART_PICKUPS_PER_ROW * ART_PICKUP,
                       ART_PICKUP_SHADOW / ART_PICKUPS_PER_ROW * ART_PICKUP, ART_PICKUP,
                       ART_PICKUP};
    draw_sprite(g, g->at_pickups, c, shadow, p->pos, half, half,
                (SDL_Color){255, 255, 255, (Uint8)(200.0f - 8.0f * bob)});
    // A pulsing glow in the colour of its kind or tier, so loot reads at a glance; a better tier
    // glows wider.
    SDL_Color k = p->kind == SIM_PICKUP_WEAPON
                      ? gfx_tier_color(p->tier)
                      : glow[p->kind < SIM_PICKUP_KIND_COUNT ? p->kind : 0];
    SDL_Rect glow_src = {ART_PICKUP_GLOW % ART_PICKUPS_PER_ROW * ART_PICKUP,
                         ART_PICKUP_GLOW / ART_PICKUPS_PER_ROW * ART_PICKUP, ART_PICKUP,
                         ART_PICKUP};
    vec2s up = {{p->pos.x, p->pos.y - 12.0f - bob}};
    k.a = (Uint8)(150.0f + 60.0f * sinf(phase * 0.7f));
    const float size = p->kind == SIM_PICKUP_WEAPON ? 44.0f + 12.0f * (float)p->tier : 44.0f;
    SDL_FRect gd = world_rect(c, up.x - 0.5f * size, up.y - 0.5f * size, size, size);
    gfx_sprite(g, g->at_pickups, glow_src, gd, k);
    SDL_Rect item = {cell % ART_PICKUPS_PER_ROW * ART_PICKUP,
                     cell / ART_PICKUPS_PER_ROW * ART_PICKUP, ART_PICKUP, ART_PICKUP};
    draw_sprite(g, g->at_pickups, c, item, up, half, half,
                p->kind == SIM_PICKUP_BANDAGE ? glow[SIM_PICKUP_BANDAGE] : RENDER_WHITE);
}

void render_supply(gfx *g, const camera *c, const sim_zone *z, int tick, float time) {
    // Announced: a beam of light where it will land, brightening as it nears; landed: the beam
    // fades over a few seconds above its loot.
    float strength;
    if (z->supply == SIM_SUPPLY_COMING)
        strength = 0.5f + 0.5f * fmaxf(0.0f, 1.0f - (float)(z->supply_tick - tick) / 600.0f);
    else if (z->supply == SIM_SUPPLY_LANDED && tick - z->supply_tick < 8 * SIM_TICK_HZ)
        strength = 1.0f - (float)(tick - z->supply_tick) / (8.0f * SIM_TICK_HZ);
    else
        return;
    const float pulse = 0.85f + 0.15f * sinf(time * 4.0f);
    const Uint8 a = (Uint8)(140.0f * strength * pulse);
    SDL_FRect beam =
        world_rect(c, z->supply_pos.x - 10.0f, z->supply_pos.y - 600.0f, 20.0f, 600.0f);
    gfx_fill_rect(g, beam, (SDL_Color){255, 230, 120, a});
    SDL_FRect core = world_rect(c, z->supply_pos.x - 4.0f, z->supply_pos.y - 600.0f, 8.0f, 600.0f);
    gfx_fill_rect(g, core, (SDL_Color){255, 255, 230, (Uint8)(200.0f * strength)});
    vec2s s = camera_to_screen(c, z->supply_pos);
    gfx_ring(g, s.x, s.y, (28.0f + 6.0f * sinf(time * 4.0f)) * c->zoom, 3.0f,
             (SDL_Color){255, 220, 90, (Uint8)(230.0f * strength)}, z->supply == SIM_SUPPLY_COMING);
}
