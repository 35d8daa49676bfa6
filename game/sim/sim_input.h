/// Input frames: the one door through which humans, bots and replays drive an agent.
#ifndef SIM_INPUT_H
#define SIM_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#include <cglm/struct.h>

enum {
    SIM_BUTTON_FIRE = 1 << 0, ///< fire along the aim vector (with a zero aim: at the auto target)
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

/// Quantises a float stick vector (length <= 1 after clamping; NaN or infinity count as 0).
void sim_input_set_move(sim_input *in, vec2s move);
/// Quantises an aim direction; a zero or non-finite vector clears the aim.
void sim_input_set_aim(sim_input *in, vec2s aim);
/// The move vector as the sim reads it: length at most 1.
vec2s sim_input_move(const sim_input *in);
/// The aim direction as a unit vector, or false when there is none.
bool sim_input_aim(const sim_input *in, vec2s *dir);

void sim_input_pack(const sim_input *in, uint8_t out[SIM_INPUT_BYTES]);
/// Unpacks and validates (move values -128 are refused); false on out-of-range values.
bool sim_input_unpack(const uint8_t in[SIM_INPUT_BYTES], sim_input *out);

#endif
