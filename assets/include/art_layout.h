/// The layout of the generated art: which PNG holds what, where, and how big. The generator
/// (make_art.c) draws to it and the renderer reads by it, so both agree by construction.
/// Every sheet is a grid of equal cells, left to right, top to bottom. Sizes are in pixels at
/// zoom 1 (one world unit per pixel). "Foot" is the point of a standing thing that touches the
/// ground: sprites are drawn with their foot at the thing's position and sorted by its y.
#ifndef ART_LAYOUT_H
#define ART_LAYOUT_H

/// assets/sprites/tiles.png: 32x32 tiles, 8 per row, each in a cell of ART_TILE_CELL pixels with
/// its edge pixels repeated ART_TILE_PAD deep round it, so a renderer that filters linearly never
/// blends a tile's edge with its neighbour in the sheet (no seams between tiles at any zoom).
#define ART_TILES_FILE "tiles.png"
#define ART_TILE       32
#define ART_TILE_PAD   2
#define ART_TILE_CELL  (ART_TILE + 2 * ART_TILE_PAD)
/// Frames of the water's animation; each frame is ART_WATER_SIDE x ART_WATER_SIDE tiles, the
/// water repeating every that many cells (art_water_tile).
#define ART_WATER_FRAMES 8
#define ART_WATER_SIDE   4
#define ART_ROCK_SIDE    4
enum art_tile {
    ART_TILE_GRASS0,
    ART_TILE_GRASS1,
    ART_TILE_GRASS2,
    ART_TILE_GRASS3, ///< ground variants
    ART_TILE_DIRT0,
    ART_TILE_DIRT1,         ///< paths, plazas
    ART_TILE_WALL_TOP,      ///< top face of a wall block (lit from the north-west)
    ART_TILE_WALL_TOP_DEEP, ///< top of a wall cell surrounded by walls (roofs, rock)
    ART_TILE_WALL_FRONT,    ///< south-facing front face, drawn below a wall top (32 wide,
                            ///< ART_WALL_HEIGHT used)
    /// Soft shadows that walls cast on the ground south-east of them (light from the
    /// north-west), drawn on a cell by which neighbours are walls so they join into bands: a
    /// wall to the north, to the west, at the north-west only (the band's rounded end), and to
    /// the north and the west (the inside corner).
    ART_TILE_SHADOW_N,
    ART_TILE_SHADOW_W,
    ART_TILE_SHADOW_NW,
    ART_TILE_SHADOW_NW_INNER,
    ART_TILE_SAND0,
    ART_TILE_SAND1, ///< ground next to water
    /// Shore pieces over a water cell, by where land is: a shallow band and foam along a side,
    /// or round a corner when land touches it only diagonally. Under land to the north the foam
    /// starts ART_BANK_HEIGHT down, below the bank's earth face (ART_TILE_BANK, that many rows).
    ART_TILE_BANK,
    ART_TILE_SHORE_N,
    ART_TILE_SHORE_S,
    ART_TILE_SHORE_W,
    ART_TILE_SHORE_E,
    ART_TILE_SHORE_NW,
    ART_TILE_SHORE_NE,
    ART_TILE_SHORE_SW,
    ART_TILE_SHORE_SE,
    ART_TILE_ROCK_FRONT, ///< the cliff face of the rock over the map's north edge
                         ///< (ART_WALL_HEIGHT used)
    /// The rock round the map (off the map, beside land), seen from above: ART_ROCK_SIDE^2
    /// tiles from here, repeating every that many cells (art_rock_tile).
    ART_TILE_ROCK,
    /// The water: ART_WATER_FRAMES x ART_WATER_SIDE^2 tiles from here (art_water_tile).
    ART_TILE_WATER = ART_TILE_ROCK + ART_ROCK_SIDE * ART_ROCK_SIDE,
    ART_TILE_COUNT = ART_TILE_WATER + ART_WATER_SIDE * ART_WATER_SIDE * ART_WATER_FRAMES
};
#define ART_TILES_PER_ROW 8
/// Height in pixels of a wall block's front face (the 2.5D look), and of a bank's earth face
/// (land is higher than the water beside it).
#define ART_WALL_HEIGHT 20
#define ART_BANK_HEIGHT 7
/// Where tile t's 32x32 pixels start in tiles.png.
static inline int art_tile_x(int t) {
    return t % ART_TILES_PER_ROW * ART_TILE_CELL + ART_TILE_PAD;
}
static inline int art_tile_y(int t) {
    return t / ART_TILES_PER_ROW * ART_TILE_CELL + ART_TILE_PAD;
}
/// The rock tile for the cell (x, y) (off the map: x or y may be negative).
static inline int art_rock_tile(int x, int y) {
    const int s = ART_ROCK_SIDE; // a power of two: & keeps negative cells in step
    return ART_TILE_ROCK + s * (y & (s - 1)) + (x & (s - 1));
}
/// The water tile of animation frame `frame` for the map cell (x, y).
static inline int art_water_tile(int frame, int x, int y) {
    const int s = ART_WATER_SIDE; // a power of two: & keeps negative cells (off the map) in step
    return ART_TILE_WATER + s * s * (frame % ART_WATER_FRAMES) + s * (y & (s - 1)) + (x & (s - 1));
}

/// assets/sprites/agent.png: 40x48 cells; the foot is at (20, 44). Drawn in greys and white so
/// a colour mod tints the body; the outline and eyes stay dark.
#define ART_AGENT_FILE   "agent.png"
#define ART_AGENT_W      40
#define ART_AGENT_H      48
#define ART_AGENT_FOOT_X 20
#define ART_AGENT_FOOT_Y 44
/// Rows: facing direction (0 east, 1 south-east, ... 7 north-east, clockwise in screen space,
/// y down); columns: 0 idle, 1-4 walk cycle, 5 hit flash (all white). The body holds nothing:
/// weapons.png holds the weapon and the hand.
#define ART_AGENT_DIRS   8
#define ART_AGENT_FRAMES 6
/// The body's centre sits this far above the foot; the facing is squashed vertically by
/// ART_AGENT_FORESHORTEN when the gun, the feet and the eyes are placed (the 2.5D look).
#define ART_AGENT_BODY_Y      14.5f
#define ART_AGENT_FORESHORTEN 0.7f

/// Vertical lift of the body in each frame of a row (idle, the walk cycle, the hit flash): the
/// held weapon, drawn apart from the body, bobs with it.
static inline float art_agent_bob(int frame) {
    static const float bob[ART_AGENT_FRAMES] = {0.0f, 0.5f, -1.5f, 0.5f, -1.5f, 0.0f};
    return frame >= 0 && frame < ART_AGENT_FRAMES ? bob[frame] : 0.0f;
}

/// The grip of the weapon of an agent whose body centre is (*cx, *cy), facing (dx, dy) (unit,
/// y down): moves (*cx, *cy) to the grip and returns how much further than usual the barrel
/// reaches. The barrel runs from the grip along (dx, dy * ART_AGENT_FORESHORTEN), 4 pixels lower.
/// Pointing away from the camera the weapon is raised so it shows over the shoulder.
static inline float art_agent_grip(float dx, float dy, float *cx, float *cy) {
    float away = dy < 0.0f ? -dy : 0.0f;
    *cx += -dy * (7.0f + 1.0f * away);
    *cy += dx * ART_AGENT_FORESHORTEN * 5.0f - 3.0f * away;
    return 3.0f * away;
}

/// assets/sprites/weapons.png: the weapon an agent holds, drawn apart from the body so it can
/// change. 64x64 cells; rows: the weapons (art_weapon, in sim_weapon order), then the hand that
/// holds them (grey: tinted with the body); columns: the agent's eight facings (agent.png's rows).
/// A cell's foot is the agent's foot, so the renderer draws it where it draws the agent: behind
/// the body for facings 4-7 (pointing away), in front otherwise.
#define ART_WEAPONS_FILE  "weapons.png"
#define ART_WEAPON_CELL   64
#define ART_WEAPON_FOOT_X 32
#define ART_WEAPON_FOOT_Y 48
enum art_weapon {
    ART_WEAPON_PISTOL,
    ART_WEAPON_SHOTGUN,
    ART_WEAPON_RIFLE,
    ART_WEAPON_SMG,
    ART_WEAPON_GRENADE, ///< the grenade launcher
    ART_WEAPON_COUNT
};
#define ART_WEAPON_HAND ART_WEAPON_COUNT ///< the row of the hand
/// How far the barrel of weapon w reaches from the grip, in pixels along its direction.
static inline float art_weapon_reach(int w) {
    static const float reach[ART_WEAPON_COUNT] = {15.0f, 21.0f, 25.0f, 16.0f, 18.0f};
    return w >= 0 && w < ART_WEAPON_COUNT ? reach[w] : reach[0];
}

/// Where the muzzle of weapon w of an idle agent facing (dx, dy) is, relative to its foot, in
/// pixels (the renderer puts the muzzle flash there).
static inline void art_weapon_muzzle(int w, float dx, float dy, float *x, float *y) {
    float cx = (float)ART_AGENT_FOOT_X, cy = (float)ART_AGENT_FOOT_Y - ART_AGENT_BODY_Y;
    float len = art_weapon_reach(w) + art_agent_grip(dx, dy, &cx, &cy);
    *x = cx + dx * len - (float)ART_AGENT_FOOT_X;
    *y = cy + 4.0f + dy * ART_AGENT_FORESHORTEN * len - (float)ART_AGENT_FOOT_Y;
}

/// assets/sprites/props.png: 48x64 cells, 4 per row; foot at (24, 58). Row 0: the plain props
/// an isolated wall cell shows (art_prop); rows 1-3: the breakable props (art_breakable, in
/// sim_prop_kind order), one column per damage stage: 0 whole, 1-3 ever more cracked.
#define ART_PROPS_FILE    "props.png"
#define ART_PROP_W        48
#define ART_PROP_H        64
#define ART_PROP_FOOT_X   24
#define ART_PROP_FOOT_Y   58
#define ART_PROPS_PER_ROW 4
enum art_prop { ART_PROP_TREE0, ART_PROP_TREE1, ART_PROP_PINE, ART_PROP_ROCK, ART_PROP_COUNT };
enum art_breakable {
    ART_BREAKABLE_CRATE,  ///< wooden crate (drops loot)
    ART_BREAKABLE_BARREL, ///< red explosive barrel
    ART_BREAKABLE_BUSH,   ///< leafy bush
    ART_BREAKABLE_COUNT
};
#define ART_DAMAGE_STAGES 4
#define ART_PROP_CELLS    (ART_PROPS_PER_ROW * (1 + ART_BREAKABLE_COUNT))
/// The damage stage (0 whole .. ART_DAMAGE_STAGES - 1) of a prop with `hp` of `max_hp` left.
static inline int art_damage_stage(float hp, float max_hp) {
    if (!(max_hp > 0.0f) || hp >= max_hp) return 0;
    float lost = 1.0f - (hp > 0.0f ? hp : 0.0f) / max_hp;
    int stage = 1 + (int)(lost * (float)(ART_DAMAGE_STAGES - 1));
    return stage < ART_DAMAGE_STAGES ? stage : ART_DAMAGE_STAGES - 1;
}

/// assets/sprites/fx.png: 32x32 cells, one row per effect, 8 frames each.
#define ART_FX_FILE   "fx.png"
#define ART_FX        32
#define ART_FX_FRAMES 8
enum art_fx {
    ART_FX_GEM,        ///< purple gem, sparkle cycle (foot at (16, 28))
    ART_FX_BULLET,     ///< glowing round bullet, pulse cycle (centre at (16, 16)), white: tinted
    ART_FX_HIT,        ///< hit burst, frames 0-7 play once
    ART_FX_DEATH,      ///< death burst, frames 0-7 play once
    ART_FX_DUST,       ///< footstep dust puff
    ART_FX_CHIP_WOOD,  ///< debris: a splinter of a crate, spinning (loops)
    ART_FX_CHIP_METAL, ///< debris: a shard of a barrel, spinning (loops)
    ART_FX_CHIP_LEAF,  ///< debris: a leaf of a bush, fluttering (loops)
    ART_FX_BLINK,      ///< the blink's flash where it starts and ends, frames 0-7 play once
    ART_FX_SPARKLE,    ///< loot taken: a ring of sparkles, frames 0-7 play once
    ART_FX_SPLASH,     ///< a bullet into water: a ring on the water and droplets, played once
    ART_FX_COUNT
};

/// assets/sprites/blast.png: a grenade's or a barrel's burst, 8 frames of 64x64 played once,
/// centred; the fireball fills ART_BLAST_RADIUS pixels at its widest, so the renderer scales
/// it to the blast's radius.
#define ART_BLAST_FILE   "blast.png"
#define ART_BLAST        64
#define ART_BLAST_RADIUS 28.0f

/// assets/sprites/door.png: a sliding door's panel, 32x32 cells: its top seen from above,
/// with the planks along x (a door sliding sideways) or along y (sliding up or down), and its
/// south face (ART_WALL_HEIGHT of the cell used). The renderer stretches them over the door's
/// box, raised like a wall.
#define ART_DOOR_FILE "door.png"
#define ART_DOOR      32
enum art_door { ART_DOOR_TOP_X, ART_DOOR_TOP_Y, ART_DOOR_FRONT, ART_DOOR_COUNT };

/// assets/sprites/pickups.png: loot on the ground, 32x32 cells, 8 per row, each item centred in
/// its cell: the five weapons (art_weapon order; the HUD shows them too), the medkit and the
/// shield, then a soft glow (white: tinted per kind) and the contact shadow drawn under them.
#define ART_PICKUPS_FILE    "pickups.png"
#define ART_PICKUP          32
#define ART_PICKUPS_PER_ROW 8
enum art_pickup {
    ART_PICKUP_MEDKIT = ART_WEAPON_COUNT,
    ART_PICKUP_SHIELD,
    ART_PICKUP_GLOW,
    ART_PICKUP_SHADOW,
    ART_PICKUP_COUNT
};

/// assets/sprites/muzzle.png: the muzzle flash, 48x48 cells; one row per agent facing (the rows
/// of agent.png), frames 0-7 play once. It bursts from the cell's centre, which the renderer
/// puts on the muzzle (art_agent_muzzle), along the gun as that facing's sprite draws it
/// (foreshortened), so no rotation is needed at run time.
#define ART_MUZZLE_FILE "muzzle.png"
#define ART_MUZZLE      48

/// assets/sprites/icons.png: 32x32 cells, 8 per row.
#define ART_ICONS_FILE "icons.png"
#define ART_ICON       32
enum art_icon {
    ART_ICON_REGEN,
    ART_ICON_ATTACK,
    ART_ICON_FIRE_RATE,
    ART_ICON_RANGE,
    ART_ICON_SPEED,
    ART_ICON_BULLET_SPEED, ///< the six skills, in sim_skill order
    ART_ICON_HEART,
    ART_ICON_SKULL,
    ART_ICON_PEOPLE,
    ART_ICON_ZONE,
    ART_ICON_GEM,
    ART_ICON_CLOCK,
    ART_ICON_PAD,
    ART_ICON_KEYBOARD,
    ART_ICON_MUTE,
    ART_ICON_SOUND,
    ART_ICON_BLINK,  ///< the dash ability
    ART_ICON_SHIELD, ///< shield points
    ART_ICON_COUNT
};
#define ART_ICONS_PER_ROW 8

/// assets/sprites/ui.png: the virtual joystick (base 128x128 at (0,0), knob 64x64 at (128,0)),
/// a 9-slice panel (48x48 at (192,0), 16-pixel borders), the crosshair (48x48 at (240,0)) and
/// the hit marker (48x48 at (288,0)), white: tinted by a colour mod.
/// The crosshair is four arms around a centre dot. Each arm lies in its own strip
/// ART_UI_CROSS_ARM_W wide and ART_UI_CROSS_ARM long from the cell's edge towards the centre,
/// and the dot in the ART_UI_CROSS_ARM_W square at the centre, so the renderer can draw the
/// arms apart (the crosshair spreads when you fire).
#define ART_UI_FILE         "ui.png"
#define ART_UI_STICK_BASE_X 0
#define ART_UI_STICK_BASE   128
#define ART_UI_STICK_KNOB_X 128
#define ART_UI_STICK_KNOB   64
#define ART_UI_PANEL_X      192
#define ART_UI_PANEL        48
#define ART_UI_PANEL_BORDER 16
#define ART_UI_CROSS_X      240
#define ART_UI_CROSS        48
#define ART_UI_CROSS_ARM    19
#define ART_UI_CROSS_ARM_W  10
#define ART_UI_HITMARK_X    288
#define ART_UI_HITMARK      48
#define ART_UI_W            (ART_UI_HITMARK_X + ART_UI_HITMARK)

/// assets/sprites/vignette.png: transparent in the middle, opaque towards the edges and corners
/// (an ellipse), and white premultiplied by that alpha (grey as dark as it is clear), the form
/// SDL's MUL blend expects: stretched over the screen and tinted, it is the red edge when you
/// are hit or low on health.
#define ART_VIGNETTE_FILE "vignette.png"
#define ART_VIGNETTE_W    256
#define ART_VIGNETTE_H    144

/// assets/sprites/font.png: a bitmap font, ASCII 32..126 in rows of 16 cells of 8x16, white
/// on transparent (tinted with a colour mod).
#define ART_FONT_FILE    "font.png"
#define ART_FONT_W       8
#define ART_FONT_H       16
#define ART_FONT_FIRST   32
#define ART_FONT_LAST    126
#define ART_FONT_PER_ROW 16

/// The parallax layer, seamless horizontally and vertically, 512x512: near.png (scroll factor
/// ~1.8 x / 1.05 y: mostly transparent leaves and branches over the screen). The world round the
/// map is drawn from tiles.png (rock and sea).
#define ART_NEAR_FILE "near.png"
#define ART_PARALLAX  512

#endif
