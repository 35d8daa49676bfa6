// Difficulty tables for bots.
#include "bot_brain.h"

const bot_skill *bot_skill_for(sim_difficulty d) {
    static const bot_skill table[SIM_DIFFICULTY_COUNT] = {
        // think  react  aim    lead   dodge  cover
        {12, 40, 0.30f, 0.0f, 0.0f, 0.0f},  // easy: slow, inaccurate, never dodges or hides
        {6, 20, 0.12f, 0.6f, 30.0f, 0.30f}, // normal
        {3, 8, 0.04f, 1.0f, 50.0f, 0.45f},  // hard
    };
    return &table[d < SIM_DIFFICULTY_COUNT ? d : SIM_NORMAL];
}
