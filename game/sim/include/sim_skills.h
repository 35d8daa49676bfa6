/// Skills: each level-up lets an agent raise one skill by a level.
#ifndef SIM_SKILLS_H
#define SIM_SKILLS_H

typedef enum sim_skill {
    SIM_SKILL_REGEN,        ///< heal over time
    SIM_SKILL_ATTACK,       ///< bullet damage
    SIM_SKILL_FIRE_RATE,    ///< shorter cooldown
    SIM_SKILL_RANGE,        ///< bullets fly farther
    SIM_SKILL_MOVE_SPEED,   ///< run faster
    SIM_SKILL_BULLET_SPEED, ///< faster bullets
    SIM_SKILL_COUNT
} sim_skill;

/// Highest level of any skill.
#define SIM_SKILL_MAX_LEVEL 5

/// Short display names ("Regen", "Attack", ...).
const char *sim_skill_name(sim_skill s);

#endif
