/// The results screen's scoreboard as data: one player's match (placement, kills, damage dealt,
/// level and skills, survival time, who eliminated it and with what) and the match's top
/// players. Read from the world at any time, during the match or after it; nothing here changes
/// the world, allocates or draws (game/app/screens/results_view.c draws it).
///
///   sim_scoreboard sb;
///   sim_scoreboard_build(w, 0, &sb); // as the first local player sees it
#ifndef SIM_SCOREBOARD_H
#define SIM_SCOREBOARD_H

#include "sim_names.h"

/// Rows of the top-players table.
#define SIM_SCOREBOARD_TOP 5

/// How a player's match went.
typedef enum sim_fate {
    SIM_FATE_NONE,       ///< no viewer (a match without that agent)
    SIM_FATE_PLAYING,    ///< alive in a match that goes on
    SIM_FATE_WON,        ///< placed first
    SIM_FATE_OUTLASTED,  ///< alive when the time limit ended the match, placed by HP below first
    SIM_FATE_ELIMINATED, ///< killed by an agent (killer, harm)
    SIM_FATE_ZONE,       ///< killed by the zone
} sim_fate;

typedef struct sim_score_row {
    int agent; ///< its id
    char name[SIM_NAME_SIZE];
    int placement; ///< 1 = winner; 0 while it lives in a match that goes on
    int kills;
    int damage; ///< damage dealt to other agents, rounded to whole points
    int level;
    bool bot;
} sim_score_row;

/// A source of the damage the viewer took (its ledger's row, sim_agent_stats.hurt).
typedef struct sim_score_hurt {
    int agent;                ///< who dealt it, -1 for nobody (the zone, a barrel nobody set off)
    char name[SIM_NAME_SIZE]; ///< its name ("" for nobody)
    int harm;                 ///< sim_harm
    int amount;               ///< HP and shield it took off, rounded to whole points
} sim_score_hurt;

typedef struct sim_scoreboard {
    int agents; ///< in the match
    int alive;  ///< still standing (0 once the match is over)
    bool over;
    /// The viewer's match (meaningful when fate != SIM_FATE_NONE).
    sim_fate fate;
    sim_score_row viewer;
    double survived_s;               ///< until its death, or until now
    uint8_t skills[SIM_SKILL_COUNT]; ///< its skill levels
    int killer;                      ///< who eliminated it, -1 for nobody (the zone, or alive)
    char killer_name[SIM_NAME_SIZE]; ///< "" without a killer
    int harm;                        ///< sim_harm of the blow that eliminated it, -1 none
    /// The line a player reads: "Last one standing" (or "Ahead when time ran out"), "Eliminated
    /// by Bot 7 with the Rifle", "Eliminated by the zone", "Still standing when time ran out",
    /// "Still in the match".
    char fate_text[64];
    /// Who damaged the viewer: by dealer, the one that dealt the most first, and each dealer's
    /// sources biggest first (nobody's, the zone's, as a dealer of its own); sources that round
    /// to nothing are left out. hurt_other: what the ledger could not keep apart.
    int hurt_count;
    sim_score_hurt hurt[SIM_HURT_SOURCES];
    int hurt_other;
    /// The best players first: placed agents by placement, led by those still alive (most kills,
    /// then most damage, then the lowest id). Placements are unique, so the order is total.
    int top_count;
    sim_score_row top[SIM_SCOREBOARD_TOP];
    int viewer_top; ///< index of the viewer's row in top, -1 when it is not there
} sim_scoreboard;

/// Fills `out` for the agent `viewer` (a local player's id; -1 or out of range: the top players
/// alone, fate SIM_FATE_NONE). Deterministic: the same world gives the same scoreboard.
void sim_scoreboard_build(const sim_world *w, int viewer, sim_scoreboard *out);

/// The kill leader: the agent with the most kills (ties: the lowest id), -1 while nobody has
/// one. Living or not: a leader stays the leader after it falls.
int sim_kill_leader(const sim_world *w);

/// The viewer's damage as one line: "Bot 26: Grenade 62, Pistol 18; Zone 12" (and "; others
/// N"); "" when nobody damaged it. Writes at most n bytes (cut short when longer).
void sim_scoreboard_hurt_text(const sim_scoreboard *sb, char *out, size_t n);

#endif
