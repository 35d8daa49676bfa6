/// Input frames: the one door through which humans, bots and replays drive an agent.
#ifndef SIM_INPUT_H
#define SIM_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#include <cglm/struct.h>

enum {
    SIM_BUTTON_FIRE = 1 << 0,   ///< fire along the aim vector (with a zero aim: at the auto target)
    SIM_BUTTON_BLINK = 1 << 1,  ///< dash along the stick (or the facing) when the cooldown allows
    SIM_BUTTON_SWAP = 1 << 2,   ///< take the weapon lying here in place of the one held
    SIM_BUTTON_RELOAD = 1 << 3, ///< reload the weapon held
    SIM_BUTTON_ALL = (1 << 4) - 1,
};

/// Weapon slots an agent carries (two found weapons and the pistol), and carried item kinds: an
/// input frame's `slot` and `use` name one of them.
#define SIM_INPUT_SLOTS 3
#define SIM_INPUT_ITEMS 3

/// A person's view, which bots fire from inside only: its half extents travel in the input frame
/// in steps of this many world units. 0 means the reference view, SIM_VIEW_HALF_W x
/// SIM_VIEW_HALF_H: a 1280x720 window at zoom 1, what bots are given.
#define SIM_VIEW_STEP   8
#define SIM_VIEW_HALF_W 640
#define SIM_VIEW_HALF_H 360

/// One tick of one agent's controls, quantised so that a replay stores it exactly.
typedef struct sim_input {
    int8_t move_x, move_y;  ///< stick, each -127..127; the vector's length is capped at 127
    int16_t aim_x, aim_y;   ///< aim direction (any length); zero means "auto-aim"
    uint8_t buttons;        ///< SIM_BUTTON_* bits
    uint8_t skill_pick;     ///< 0, or 1 + the sim_skill to spend a pending level-up on
    uint8_t slot;           ///< 0, or 1 + the weapon slot to hold (< SIM_INPUT_SLOTS)
    uint8_t use;            ///< 0, or 1 + the carried item kind to start using (< SIM_INPUT_ITEMS)
    uint8_t view_w, view_h; ///< the view's half extents in SIM_VIEW_STEP units; 0: the reference
} sim_input;

/// Bytes of a serialised input frame (replays store exactly these).
#define SIM_INPUT_BYTES 12

/// Quantises a float stick vector. A vector longer than 1 is scaled to length 1, keeping its
/// direction however large its finite components are (FLT_MAX included); a NaN or infinite
/// component makes the whole stick 0 (a broken reading is no input); tiny and subnormal values
/// round to 0.
void sim_input_set_move(sim_input *in, vec2s move);
/// Quantises an aim direction (any finite length, FLT_MAX included, keeps its direction). A NaN
/// or infinite component, or a vector shorter than 1e-6 (subnormals included), clears the aim,
/// which means auto-aim.
void sim_input_set_aim(sim_input *in, vec2s aim);
/// Maps a frame filled in field by field to one a replay can hold: move -128 becomes -127,
/// button bits outside SIM_BUTTON_ALL are cleared and a skill pick above SIM_SKILL_COUNT, a slot
/// above SIM_INPUT_SLOTS and a use above SIM_INPUT_ITEMS become 0. Frames from sim_input_set_* are
/// left unchanged. sim_step reads every human frame through it, and a recording session stores the
/// normalised frame.
void sim_input_normalize(sim_input *in);
/// Sets the view's half extents (world units; rounded up to SIM_VIEW_STEP, at most 255 steps).
void sim_input_set_view(sim_input *in, float half_w, float half_h);
/// The view's half extents in world units: the frame's, or the reference view where it has none.
vec2s sim_input_view(const sim_input *in);
/// The move vector as the sim reads it: length at most 1.
vec2s sim_input_move(const sim_input *in);
/// The aim direction as a unit vector, or false when there is none.
bool sim_input_aim(const sim_input *in, vec2s *dir);

void sim_input_pack(const sim_input *in, uint8_t out[SIM_INPUT_BYTES]);
/// Unpacks and validates (move values -128 are refused); false on out-of-range values.
bool sim_input_unpack(const uint8_t in[SIM_INPUT_BYTES], sim_input *out);

#endif
