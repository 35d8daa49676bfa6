// Difficulty tables for bots.
#include "bot_brain.h"

const bot_skill *bot_skill_for(sim_difficulty d) {
    static const bot_skill table[SIM_DIFFICULTY_COUNT] = {
        // think, react, aim error, lead, dodge lookahead, dodge chance, cover below HP share
        {12, 40, 0.30f, 0.0f, 0.0f, 0.0f, 0.0f},   // easy: slow, inaccurate, never dodges or hides
        {6, 20, 0.12f, 0.6f, 20.0f, 0.45f, 0.30f}, // normal
        {3, 8, 0.05f, 1.0f, 28.0f, 0.75f, 0.45f},  // hard
    };
    return &table[d < SIM_DIFFICULTY_COUNT ? d : SIM_NORMAL];
}
