// The list of generated sheets and the shared render-to-RGBA8 step.
#include "art_draw.h"
#include "art_layout.h"

#include <stdio.h>
#include <stdlib.h>

#define ROWS(count, per_row) (((count) + (per_row)-1) / (per_row))

const art_sheet art_sheets[] = {
    {ART_TILES_FILE, ART_TILE_CELL *ART_TILES_PER_ROW,
     ART_TILE_CELL *ROWS(ART_TILE_COUNT, ART_TILES_PER_ROW), ART_TILE_CELL, ART_TILE_CELL,
     ART_TILE_COUNT, art_draw_tiles},
    {ART_AGENT_FILE, ART_AGENT_W *ART_AGENT_FRAMES, ART_AGENT_H *ART_AGENT_DIRS, ART_AGENT_W,
     ART_AGENT_H, ART_AGENT_FRAMES *ART_AGENT_DIRS, art_draw_agent},
    {ART_PROPS_FILE, ART_PROP_W *ART_PROPS_PER_ROW,
     ART_PROP_H *(ART_PROP_CELLS / ART_PROPS_PER_ROW), ART_PROP_W, ART_PROP_H, ART_PROP_CELLS,
     art_draw_props},
    {ART_FX_FILE, ART_FX *ART_FX_FRAMES, ART_FX *ART_FX_COUNT, ART_FX, ART_FX,
     ART_FX_FRAMES *ART_FX_COUNT, art_draw_fx},
    {ART_MUZZLE_FILE, ART_MUZZLE *ART_FX_FRAMES, ART_MUZZLE *ART_AGENT_DIRS, ART_MUZZLE, ART_MUZZLE,
     ART_FX_FRAMES *ART_AGENT_DIRS, art_draw_muzzle},
    {ART_ICONS_FILE, ART_ICON *ART_ICONS_PER_ROW, ART_ICON *ROWS(ART_ICON_COUNT, ART_ICONS_PER_ROW),
     ART_ICON, ART_ICON, ART_ICON_COUNT, art_draw_icons},
    {ART_UI_FILE, ART_UI_W, ART_UI_STICK_BASE, ART_UI_W, ART_UI_STICK_BASE, 1, art_draw_ui},
    {ART_FONT_FILE, ART_FONT_W *ART_FONT_PER_ROW,
     ART_FONT_H *ROWS(ART_FONT_LAST - ART_FONT_FIRST + 1, ART_FONT_PER_ROW), ART_FONT_W, ART_FONT_H,
     ART_FONT_LAST - ART_FONT_FIRST + 1, art_draw_font},
    {ART_NEAR_FILE, ART_PARALLAX, ART_PARALLAX, ART_PARALLAX, ART_PARALLAX, 1, art_draw_near},
    {ART_VIGNETTE_FILE, ART_VIGNETTE_W, ART_VIGNETTE_H, ART_VIGNETTE_W, ART_VIGNETTE_H, 1,
     art_draw_vignette},
    {ART_WEAPONS_FILE, ART_WEAPON_CELL *ART_AGENT_DIRS, ART_WEAPON_CELL *(ART_WEAPON_HAND + 1),
     ART_WEAPON_CELL, ART_WEAPON_CELL, ART_AGENT_DIRS *(ART_WEAPON_HAND + 1), art_draw_weapons},
    {ART_BLAST_FILE, ART_BLAST *ART_FX_FRAMES, ART_BLAST, ART_BLAST, ART_BLAST, ART_FX_FRAMES,
     art_draw_blast},
    {ART_DOOR_FILE, ART_DOOR *ART_DOOR_COUNT, ART_DOOR, ART_DOOR, ART_DOOR, ART_DOOR_COUNT,
     art_draw_door},
    {ART_PICKUPS_FILE, ART_PICKUP *ART_PICKUPS_PER_ROW,
     ART_PICKUP *ROWS(ART_PICKUP_COUNT, ART_PICKUPS_PER_ROW), ART_PICKUP, ART_PICKUP,
     ART_PICKUP_COUNT, art_draw_pickups},
};

const int art_sheet_count = (int)(sizeof art_sheets / sizeof art_sheets[0]);

uint8_t *art_render(const art_sheet *s) {
    rs_canvas c = rs_canvas_make(s->w, s->h);
    s->draw(&c);
    uint8_t *out = malloc((size_t)s->w * (size_t)s->h * 4u);
    if (!out) {
        fprintf(stderr, "arena-make-art: out of memory\n");
        exit(2);
    }
    rs_to_rgba8(&c, out);
    rs_canvas_free(&c);
    return out;
}
