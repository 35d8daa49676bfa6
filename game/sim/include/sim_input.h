/// Input frames: the one door through which humans, bots and replays drive an agent.
#ifndef SIM_INPUT_H
#define SIM_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#include <cglm/struct.h>

enum {
    SIM_BUTTON_FIRE = 1 << 0,  ///< fire along the aim vector (with a zero aim: at the auto target)
    SIM_BUTTON_BLINK = 1 << 1, ///< dash along the stick (or the facing) when the cooldown allows
    SIM_BUTTON_SWAP = 1 << 2,  ///< take the weapon lying here in place of the one held
    SIM_BUTTON_ALL = (1 << 3) - 1,
};

/// One tick of one agent's controls, quantised so that a replay stores it exactly.
typedef struct sim_input {
    int8_t move_x, move_y; ///< stick, each -127..127; the vector's length is capped at 127
    int16_t aim_x, aim_y;  ///< aim direction (any length); zero means "auto-aim"
    uint8_t buttons;       ///< SIM_BUTTON_* bits
    uint8_t skill_pick;    ///< 0, or 1 + the sim_skill to spend a pending level-up on
} sim_input;

/// Bytes of a serialised input frame (replays store exactly these).
#define SIM_INPUT_BYTES 8

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
/// button bits outside SIM_BUTTON_ALL are cleared and a skill pick above SIM_SKILL_COUNT
/// becomes 0. Frames from sim_input_set_* are left unchanged. sim_step reads every human frame
/// through it, and a recording session stores the normalised frame.
void sim_input_normalize(sim_input *in);
/// The move vector as the sim reads it: length at most 1.
vec2s sim_input_move(const sim_input *in);
/// The aim direction as a unit vector, or false when there is none.
bool sim_input_aim(const sim_input *in, vec2s *dir);

void sim_input_pack(const sim_input *in, uint8_t out[SIM_INPUT_BYTES]);
/// Unpacks and validates (move values -128 are refused); false on out-of-range values.
bool sim_input_unpack(const uint8_t in[SIM_INPUT_BYTES], sim_input *out);

#endif
