/// The maps of props/: breakable walls, doors and water at their limits (issues 14 and 15). Each
/// picture is a pure function of the pixel, shared by the generator (make_prop_maps.c) and the test
/// that loads the files (test_bad_maps.c, case prop_maps), so the expected grids are never copied.
#ifndef PROP_PICTURES_H
#define PROP_PICTURES_H

#include "arena/ae_grid.h"

#include <stdlib.h>

typedef enum prop_map_id {
    PM_NO_PROPS,         ///< a small town in black and white: no breakable wall, no door
    PM_ALL_BREAKABLE,    ///< the same town with every wall breakable, its border too
    PM_ENCLOSED,         ///< 3x3 rooms walled by breakable lines: every spawn spot is shut in
    PM_EVERYWHERE,       ///< a checkerboard of breakable cells: no free cell has room to spawn
    PM_DOOR_NO_WALL,     ///< doors in open ground, and one beside a breakable wall only
    PM_DOOR_EDGE,        ///< doors in the map's border, on every side and in a corner
    PM_WATER_TOWN,       ///< the town by the sea (to the west edge), with a pond and a moat
    PM_WATER_EVERYWHERE, ///< a checkerboard of water: no free cell has room to spawn
    PM_DOOR_IN_WATER,    ///< a doorway in a line of water: no plain wall for its door
    PM_COUNT
} prop_map_id;

static const struct {
    const char *file;
    int width, height;
} prop_maps[PM_COUNT] = {
    {"props/no-props.png", 48, 48},
    {"props/all-breakable.png", 48, 48},
    {"props/props-enclose-spawns.png", 41, 41},
    {"props/props-everywhere.png", 32, 32},
    {"props/door-no-wall.png", 32, 32},
    {"props/door-on-edge.png", 32, 32},
    {"props/water-town.png", 48, 48},
    {"props/water-everywhere.png", 32, 32},
    {"props/door-in-water.png", 32, 32},
};

static inline bool pm_border(int map, int x, int y) {
    return x == 0 || y == 0 || x == prop_maps[map].width - 1 || y == prop_maps[map].height - 1;
}

/// The town of PM_NO_PROPS and PM_ALL_BREAKABLE: a house with a doorway, a wall, a few trees.
static inline bool pm_town_wall(int x, int y) {
    bool house = x >= 8 && x <= 19 && y >= 8 && y <= 17 && (x == 8 || x == 19 || y == 8 || y == 17);
    bool doorway = y == 17 && (x == 13 || x == 14);
    bool wall = y == 30 && x >= 26 && x <= 40;
    bool tree = (x == 34 && y == 10) || (x == 12 && y == 36) || (x == 40 && y == 40);
    return (house && !doorway) || wall || tree;
}

/// The cell value of pixel (x, y) of map `map` (written with ae_grid_cell_color).
static inline uint8_t prop_map_cell(int map, int x, int y) {
    const uint8_t free = AE_CELL_FREE, wall = AE_CELL_WALL;
    const uint8_t breakable = AE_CELL_WALL | AE_CELL_BREAKABLE, door = AE_CELL_DOOR;
    const uint8_t water = AE_CELL_WALL | AE_CELL_WATER;
    bool border = pm_border(map, x, y);
    switch ((prop_map_id)map) {
    case PM_NO_PROPS:
        return border || pm_town_wall(x, y) ? wall : free;
    case PM_ALL_BREAKABLE:
        return border || pm_town_wall(x, y) ? breakable : free;
    case PM_ENCLOSED:
        return border ? wall : x % 4 == 0 || y % 4 == 0 ? breakable : free;
    case PM_EVERYWHERE:
        return border ? wall : (x + y) % 2 == 0 ? breakable : free;
    case PM_DOOR_NO_WALL:
        if (border) return wall;
        if ((y == 10 && (x == 10 || x == 11)) || (x == 20 && y == 20) || (x == 15 && y == 25))
            return door;
        return x == 14 && y == 25 ? breakable : free;
    case PM_DOOR_EDGE:
        if ((x == 0 && (y == 10 || y == 11)) || (y == 0 && (x == 16 || x == 17)) ||
            (x == 31 && y == 20) || (y == 31 && x == 5) || (x == 31 && y == 31))
            return door;
        return border ? wall : free;
    case PM_WATER_TOWN: {
        // The sea: the five westmost columns, over the border. A pond of 5 x 4 cells, and a moat
        // round the tree at (40, 40) with a one-cell gap at its north.
        bool sea = x < 5, pond = x >= 26 && x <= 30 && y >= 14 && y <= 17;
        int ring = abs(x - 40) > abs(y - 40) ? abs(x - 40) : abs(y - 40); // round the tree
        bool moat = ring == 2 && !(x == 40 && y == 38);
        if (sea || pond || moat) return water;
        return border || pm_town_wall(x, y) ? wall : free;
    }
    case PM_WATER_EVERYWHERE:
        return border ? wall : (x + y) % 2 == 0 ? water : free;
    case PM_DOOR_IN_WATER:
        // A line of water across the map at y = 16 with a two-cell doorway of doors at x = 15, 16.
        if (border) return wall;
        if (y == 16) return x == 15 || x == 16 ? door : water;
        return free;
    case PM_COUNT:
        break;
    }
    return wall;
}

/// jpeg-grey-noise.jpg: a black-and-white map (border, a block, a thick wall) whose walls are
/// fringed with grey noise, one pixel deep, as a soft brush or a resampling leaves them.
enum { NOISE_W = 48, NOISE_H = 32 };

static inline bool noise_black(int x, int y) {
    return x <= 0 || y <= 0 || x >= NOISE_W - 1 || y >= NOISE_H - 1 ||
           (x >= 10 && x <= 17 && y >= 8 && y <= 15) || (x >= 28 && x <= 39 && y >= 20 && y <= 21);
}

/// Grey level of pixel (x, y): black walls, a noise fringe round them, white elsewhere. The
/// noise skips the levels within 6 of the loader's band edges (64 and 128), so a decoder that
/// is a level or two off (quality 100) never moves a pixel across one.
static inline uint8_t noise_grey(int x, int y) {
    if (noise_black(x, y)) return 0;
    bool fringe = false;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) fringe |= noise_black(x + dx, y + dy);
    if (!fringe) return 255;
    uint32_t h = (uint32_t)x * 0x9E3779B1u ^ (uint32_t)y * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 13;
    // 256 levels less the guard bands 58..70 and 122..134: 230 levels.
    uint32_t v = h % 230u;
    if (v >= 58u) v += 13u;
    if (v >= 122u) v += 13u;
    return (uint8_t)v;
}

/// The cell the loader makes of a noise_grey level (no alpha in a JPEG).
static inline uint8_t noise_cell(uint8_t grey) {
    return grey >= 128  ? AE_CELL_FREE
           : grey >= 64 ? (AE_CELL_WALL | AE_CELL_BREAKABLE)
                        : AE_CELL_WALL;
}

#endif
