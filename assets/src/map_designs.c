// The shipped maps, drawn from primitives with a fixed seed so the PNGs are reproducible.
#include "map_designs.h"

#include "map_shapes.h"

#include <string.h>

/// A building's doorways: each side in `sides` gets a sliding door (upper case) three times in
/// four, else stays open. `doors` is a stream of its own, so the layout drawn from the design's
/// stream is what it was before maps had doors.
static const char *with_doors(ae_rng *doors, const char *sides, char out[5]) {
    size_t n = strlen(sides);
    AE_ASSERT(n < 5);
    for (size_t k = 0; k < n; k++)
        out[k] = ae_rng_below(doors, 4) ? (char)(sides[k] - 'a' + 'A') : sides[k];
    out[n] = '\0';
    return out;
}

/// Open arena: a walled square with a plaza, scattered houses, low cover walls and tree clumps.
static void design_arena(ae_grid *g, ae_rng *rng) {
    const int n = g->width;
    ae_rng door_rng;
    ae_rng_seed(&door_rng, 2026, 14);
    char sides[5];
    shape_walled_field(g, 2);
    // Houses on a loose ring around the plaza, doors on two sides.
    static const int houses[][5] = {{14, 14, 12, 9, 0},   {44, 10, 10, 10, 1}, {78, 12, 14, 9, 2},
                                    {104, 20, 10, 12, 3}, {12, 46, 9, 12, 1},  {106, 56, 10, 10, 0},
                                    {14, 84, 12, 10, 2},  {40, 104, 14, 9, 3}, {76, 106, 10, 10, 0},
                                    {102, 90, 12, 12, 1}, {30, 30, 8, 8, 2},   {90, 36, 8, 8, 3}};
    static const char *const doors[] = {"se", "sw", "nw", "ne"};
    for (size_t i = 0; i < sizeof houses / sizeof houses[0]; i++)
        shape_building(g, houses[i][0], houses[i][1], houses[i][2], houses[i][3],
                       with_doors(&door_rng, doors[houses[i][4]], sides));
    // Low walls for cover between houses.
    for (int i = 0; i < 18; i++) {
        int x = 8 + (int)ae_rng_below(rng, (uint32_t)(n - 20)),
            y = 8 + (int)ae_rng_below(rng, (uint32_t)(n - 20));
        if (ae_rng_below(rng, 2))
            shape_rect(g, x, y, 4 + (int)ae_rng_below(rng, 3), 1, 1);
        else
            shape_rect(g, x, y, 1, 4 + (int)ae_rng_below(rng, 3), 1);
    }
    for (int i = 0; i < 26; i++) {
        // Drawn last to first, the order the committed map was first made in (see design_large).
        int count = 3 + (int)ae_rng_below(rng, 5);
        int y = 6 + (int)ae_rng_below(rng, (uint32_t)(n - 12));
        int x = 6 + (int)ae_rng_below(rng, (uint32_t)(n - 12));
        shape_trees(g, rng, x, y, count, 3);
    }
    // The plaza, drawn last so nothing random lands in it: a fountain ring with four gaps.
    shape_rect(g, 56, 56, 16, 16, 0);
    shape_disc(g, 64, 64, 6, 1);
    shape_disc(g, 64, 64, 4, 0);
    shape_rect(g, 62, 57, 4, 14, 0);
    shape_rect(g, 57, 62, 14, 4, 0);
}

/// Crates, barrels and bushes all over: about a hundred cells.
static void furnish_arena(ae_grid *g, ae_rng *rng) {
    shape_props(g, rng, 50, 0, 0, g->width, g->height);
}

/// Ruins: a grid of city blocks with narrow streets; blocks are broken open in places.
static void design_ruins(ae_grid *g, ae_rng *rng) {
    const int n = g->width;
    ae_rng door_rng;
    ae_rng_seed(&door_rng, 2026, 14);
    char sides[5];
    shape_rect(g, 0, 0, n, n, 1);
    shape_rect(g, 2, 2, n - 4, n - 4, 0);
    for (int by = 4; by + 10 < n - 2; by += 13)
        for (int bx = 4; bx + 10 < n - 2; bx += 13) {
            int w = 8 + (int)ae_rng_below(rng, 3), h = 8 + (int)ae_rng_below(rng, 3);
            const char *open = ae_rng_below(rng, 2) ? "ns" : "we";
            shape_building(g, bx, by, w, h, with_doors(&door_rng, open, sides));
            // Rubble: knock holes into the walls and drop debris in the streets.
            for (int k = 0; k < 3; k++) {
                int side = (int)ae_rng_below(rng, 4), t = 2 + (int)ae_rng_below(rng, 5);
                int x = side < 2 ? bx + t : (side == 2 ? bx : bx + w - 1);
                int y = side >= 2 ? by + t : (side == 0 ? by : by + h - 1);
                shape_rect(g, x, y, 1, 1, 0);
            }
            if (ae_rng_below(rng, 3) == 0)
                shape_rect(g, bx + w + 1, by + (int)ae_rng_below(rng, 8), 1, 1, 1);
        }
    // A ruined square in the middle.
    shape_rect(g, n / 2 - 8, n / 2 - 8, 16, 16, 0);
    shape_trees(g, rng, n / 2, n / 2, 6, 5);
}

/// Most props in the streets and ruined houses of the city blocks, a few on the open ground
/// round them; about ninety cells.
static void furnish_ruins(ae_grid *g, ae_rng *rng) {
    const int city = 4 + 9 * 13 - 3; // the blocks end here (design_ruins)
    shape_props(g, rng, 36, 2, 2, city, city);
    shape_props(g, rng, 9, 0, 0, g->width, g->height);
}

/// Islands in water joined by bridges; trees on the islands.
static void design_islands(ae_grid *g, ae_rng *rng) {
    const int n = g->width;
    const uint8_t water = AE_CELL_WALL | AE_CELL_WATER;
    ae_rng door_rng;
    ae_rng_seed(&door_rng, 2026, 14);
    char sides[5];
    shape_rect(g, 0, 0, n, n, water);
    static const float isl[][3] = {{34, 34, 20},   {122, 30, 18}, {80, 80, 24}, {30, 124, 19},
                                   {126, 124, 20}, {80, 140, 13}, {140, 78, 13}};
    const int count = (int)(sizeof isl / sizeof isl[0]);
    for (int i = 0; i < count; i++) {
        shape_disc(g, isl[i][0], isl[i][1], isl[i][2], 0);
        // Ragged shores.
        for (int k = 0; k < 10; k++) {
            float a = ae_rng_range(rng, -1.0f, 1.0f), b = ae_rng_range(rng, -1.0f, 1.0f);
            shape_disc(g, isl[i][0] + a * isl[i][2], isl[i][1] + b * isl[i][2],
                       ae_rng_range(rng, 3, 7), 0);
        }
    }
    static const int bridges[][2] = {{0, 2}, {1, 2}, {3, 2}, {4, 2}, {0, 1},
                                     {3, 5}, {5, 4}, {1, 6}, {6, 4}};
    for (size_t i = 0; i < sizeof bridges / sizeof bridges[0]; i++) {
        const float *a = isl[bridges[i][0]], *b = isl[bridges[i][1]];
        shape_line(g, a[0], a[1], b[0], b[1], 1.6f, 0);
    }
    for (int i = 0; i < count; i++) {
        shape_trees(g, rng, (int)isl[i][0], (int)isl[i][1], 10, (int)(isl[i][2] * 0.6f));
        shape_building(g, (int)isl[i][0] - 4, (int)isl[i][1] - 3, 7, 6,
                       with_doors(&door_rng, i % 2 ? "we" : "ns", sides));
    }
    // The first and last rows are sea again where a shore reached them.
    shape_rect(g, 0, 0, n, 1, water);
    shape_rect(g, 0, n - 1, n, 1, water);
}

/// On the islands (water is wall and the bridges are too narrow for a prop): about eighty cells.
static void furnish_islands(ae_grid *g, ae_rng *rng) {
    shape_props(g, rng, 40, 0, 0, g->width, g->height);
}

/// A large map: fields, forests, three towns and a river with bridges.
static void design_large(ae_grid *g, ae_rng *rng) {
    const int n = g->width;
    ae_rng door_rng;
    ae_rng_seed(&door_rng, 2026, 14);
    char sides[5];
    shape_walled_field(g, 2);
    // The river winds from north to south.
    float x = (float)n * 0.45f;
    for (int y = 0; y < n; y += 4) {
        float nx = x + ae_rng_range(rng, -6.0f, 6.0f);
        shape_line(g, x, (float)y, nx, (float)y + 4.0f, 4.0f, AE_CELL_WALL | AE_CELL_WATER);
        x = nx < 60.0f ? 60.0f : (nx > (float)(n - 60) ? (float)(n - 60) : nx);
    }
    for (int y = 40; y < n - 20; y += 90) shape_rect(g, 0, y, n, 3, 0); // east-west roads cross it
    static const int towns[][2] = {{100, 110}, {380, 150}, {260, 400}};
    for (int t = 0; t < 3; t++)
        for (int k = 0; k < 9; k++) {
            int bx = towns[t][0] + (k % 3) * 22 + (int)ae_rng_below(rng, 5);
            int by = towns[t][1] + (k / 3) * 20 + (int)ae_rng_below(rng, 5);
            // The height is drawn first: the maps were first made by a build that evaluated the
            // arguments of one call right to left, and C leaves that order open; here and in the
            // tree clumps the draws are spelled out in that order so every compiler agrees.
            int h = 8 + (int)ae_rng_below(rng, 6), w = 10 + (int)ae_rng_below(rng, 6);
            shape_building(g, bx, by, w, h, with_doors(&door_rng, k % 2 ? "ns" : "we", sides));
        }
    for (int f = 0; f < 40; f++) {
        int cx = 10 + (int)ae_rng_below(rng, (uint32_t)n - 20),
            cy = 10 + (int)ae_rng_below(rng, (uint32_t)n - 20);
        for (int c = 0; c < 6; c++) {
            int ty = cy + (int)ae_rng_below(rng, 21) - 10;
            int tx = cx + (int)ae_rng_below(rng, 21) - 10;
            shape_trees(g, rng, tx, ty, 5, 3);
        }
    }
    for (int i = 0; i < 120; i++) {
        int wx = 4 + (int)ae_rng_below(rng, (uint32_t)n - 12),
            wy = 4 + (int)ae_rng_below(rng, (uint32_t)n - 12);
        if (ae_rng_below(rng, 2))
            shape_rect(g, wx, wy, 5, 1, 1);
        else
            shape_rect(g, wx, wy, 1, 5, 1);
    }
}

/// Sixteen times the arena's area, sixteen times its props: about fifteen hundred cells.
static void furnish_large(ae_grid *g, ae_rng *rng) {
    shape_props(g, rng, 800, 0, 0, g->width, g->height);
}

const map_design map_designs[] = {
    {"arena", 128, design_arena, furnish_arena},
    {"ruins", 128, design_ruins, furnish_ruins},
    {"islands", 160, design_islands, furnish_islands},
    {"large", 512, design_large, furnish_large},
};
const int map_design_count = (int)(sizeof map_designs / sizeof map_designs[0]);

bool map_design_build(const map_design *d, ae_grid *g) {
    if (!ae_grid_init(g, d->size, d->size, NULL)) return false;
    ae_rng rng;
    ae_rng_seed(&rng, 2026, (uint64_t)d->size);
    d->draw(g, &rng);
    shape_fill_pockets(g);
    shape_settle_doors(g);
    d->furnish(g, &rng);
    return true;
}
