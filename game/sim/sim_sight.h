/// Fair sight (game/sim, private): bots fire at a person only from inside that person's view,
/// and no bot's shot fired at someone else may reach a person who cannot see that bot. A person
/// is an agent an input slot drives; its view is the half extents its last frame carried
/// (sim_agent.view), centred on the agent: a camera that lags behind or stops at the map's edge
/// shows at least that much less the margin (rules.view_margin), which also keeps a bot visibly
/// on screen rather than on its edge.
#ifndef SIM_SIGHT_H
#define SIM_SIGHT_H

#include "sim_world.h"

/// Agent `a` is driven by a person (an input slot), so bots must be in its view to fire.
bool sim_sight_person(const sim_agent *a);
/// Person `p`'s view holds point `q` with `margin` to spare on every side.
bool sim_sight_holds(const sim_agent *p, vec2s q, float margin);
/// Fire discipline: bot `id` may fire its weapon along `dir` (unit) this tick. False when a
/// living person whose view (less the margin) does not hold the bot could be reached by the
/// shot: within the straight flight's reach of its pellets over the weapon's range, the person
/// moving at its full speed all the while and blinking if its blink may come back in time; a
/// grenade (it bounces) within its range, its burst and that movement over twice its straight
/// flight, of the bot, in any direction.
bool sim_sight_may_fire(const sim_world *w, int id, vec2s dir);
/// Counts a blow that removed `removed` from agent `to`, a person, in its unseen statistics
/// when its source at `from`, fired at tick `fired` by agent `owner`, was beyond the view: the
/// view as it stands now, grown on every side by the distance the person can have moved since
/// (its speed times the ticks since `fired`, plus the blink distance when it blinked in that
/// time), does not hold `from`. A blow from a source the person saw when it came is never
/// counted, whatever the person did since; the zone's and a person's own are never counted.
void sim_sight_count(sim_world *w, int to, int owner, vec2s from, int fired, double removed);

#endif
