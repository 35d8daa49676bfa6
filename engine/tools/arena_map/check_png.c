// The picture of a map check, written with SDL2_image through ae_output (tool_save_png).
#include "check_png.h"

#include "commands.h"
#include "tool_save_png.h"
#include "tool_util.h"

#include <SDL.h>
#include <stdio.h>
#include <string.h>

int check_png_scale(int width, int height) {
    return ae_maxi(width, height) <= CHECK_PNG_SMALL_SIDE ? 4 : 1;
}

typedef struct rgb {
    uint8_t r, g, b;
} rgb;

static rgb mix(rgb a, rgb b, float t) {
    return (rgb){(uint8_t)((float)a.r + ((float)b.r - (float)a.r) * t + 0.5f),
                 (uint8_t)((float)a.g + ((float)b.g - (float)a.g) * t + 0.5f),
                 (uint8_t)((float)a.b + ((float)b.b - (float)a.b) * t + 0.5f)};
}

/// Colour of one cell (without its spawn dot). Breakable walls, doors and water have their own.
static rgb cell_colour(const ae_map_check *c, size_t i) {
    if (c->cells[i] & AE_MAP_CELL_BREAKABLE) return (rgb){165, 110, 55};
    if (c->cells[i] & AE_MAP_CELL_DOOR) return (rgb){40, 210, 230};
    if (c->cells[i] & AE_MAP_CELL_WATER) return (rgb){30, 70, 150};
    switch (c->cells[i] & AE_MAP_CELL_KIND_MASK) {
    case AE_MAP_CELL_TIGHT:
        return (rgb){110, 110, 104};
    case AE_MAP_CELL_NARROW:
        return (rgb){230, 30, 30};
    case AE_MAP_CELL_POCKET:
        return (rgb){255, 150, 30};
    case AE_MAP_CELL_LARGEST: {
        // Darker green near walls, lighter in the open (clearance of 8 cells or more: the check
        // runs on 1-unit cells).
        float t = ae_clampf(c->clearance[i] / 8.0f, 0.0f, 1.0f);
        return mix((rgb){40, 100, 50}, (rgb){190, 240, 180}, t);
    }
    default:
        return (rgb){30, 30, 38};
    }
}

static void paint(const ae_map_check *c, SDL_Surface *s, int scale) {
    const rgb spawn = {30, 80, 255};
    for (int y = 0; y < c->height; y++)
        for (int x = 0; x < c->width; x++) {
            size_t i = (size_t)y * (size_t)c->width + (size_t)x;
            rgb col = cell_colour(c, i);
            bool dot = (c->cells[i] & AE_MAP_CELL_SPAWN) != 0;
            for (int py = 0; py < scale; py++) {
                uint8_t *row = (uint8_t *)s->pixels + (size_t)(y * scale + py) * (size_t)s->pitch;
                for (int px = 0; px < scale; px++) {
                    // A spawn spot is the whole pixel at scale 1, a 2 x 2 dot in the middle at 4.
                    bool in_dot = dot && (scale == 1 || (px >= scale / 2 - 1 && px <= scale / 2 &&
                                                         py >= scale / 2 - 1 && py <= scale / 2));
                    rgb p = in_dot ? spawn : col;
                    uint8_t *o = row + 3 * (size_t)(x * scale + px);
                    o[0] = p.r;
                    o[1] = p.g;
                    o[2] = p.b;
                }
            }
        }
}

bool check_png_write(const ae_map_check *c, const char *out) {
    const int scale = check_png_scale(c->width, c->height);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, c->width * scale, c->height * scale, 24,
                                                    SDL_PIXELFORMAT_RGB24);
    if (!s) {
        tool_fail(ARENA_MAP, out, "cannot make the picture: %s", SDL_GetError());
        return false;
    }
    paint(c, s, scale);
    ae_error err;
    bool ok = tool_save_png(s, out, &err);
    if (!ok) tool_fail(ARENA_MAP, out, "%s", err.msg);
    SDL_FreeSurface(s);
    return ok;
}
