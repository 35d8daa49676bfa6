// Difficulty tables for bots: how fast they think and react, how well they aim, what they notice.
#include "bot_brain.h"

const bot_skill *bot_skill_for(sim_difficulty d) {
    static const bot_skill table[SIM_DIFFICULTY_COUNT] = {
        [SIM_EASY] = {.think_interval = 12,
                      .reaction_ticks = 30,
                      .aim_error = 0.10f,
                      .aim_error_far = 0.12f,
                      .aim_error_moving = 0.35f,
                      .lead = 0.0f,
                      .view_cos = 0.50f,
                      .dodge_chance = 0.05f,
                      .strafe_min = 60,
                      .strafe_max = 150,
                      .plant_chance = 0.45f,
                      .cover_hp = 0.0f},
        [SIM_NORMAL] = {.think_interval = 6,
                        .reaction_ticks = 20,
                        .aim_error = 0.06f,
                        .aim_error_far = 0.08f,
                        .aim_error_moving = 0.25f,
                        .lead = 0.5f,
                        .view_cos = 0.34f,
                        .dodge_chance = 0.25f,
                        .strafe_min = 50,
                        .strafe_max = 120,
                        .plant_chance = 0.25f,
                        .cover_hp = 0.30f},
        [SIM_HARD] = {.think_interval = 3,
                      .reaction_ticks = 12,
                      .aim_error = 0.03f,
                      .aim_error_far = 0.05f,
                      .aim_error_moving = 0.15f,
                      .lead = 0.9f,
                      .view_cos = 0.0f,
                      .dodge_chance = 0.75f,
                      .strafe_min = 40,
                      .strafe_max = 100,
                      .plant_chance = 0.10f,
                      .cover_hp = 0.45f},
    };
    return &table[d < SIM_DIFFICULTY_COUNT ? d : SIM_NORMAL];
}
