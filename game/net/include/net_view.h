/// The view-culled snapshot: what one client may see of a world, as a net_frame. It reads the
/// world through sim_state.h's read-only accessors only: nothing out of view (but the kill feed,
/// the zone and broken props, which are public), no RNG state, no bot brains.
///
/// A server that snapshots every k ticks keeps one frame per client, started with
/// net_frame_clear, and one net_view_world:
///
///   every tick:  if it sends this tick: net_view_world_take(vw, w) once, then per client
///                                       net_view_cull(vw, w, agent, half, &f); f.head.input_tick
///                                       = ...; send net_frame_encode(&sent, &f), sent = f,
///                                       net_frame_clear_lists(&f)
///                else                   net_view_events(w, agent, half, &f)
///
/// so the events and kills of the ticks between two snapshots travel with the second.
#ifndef NET_VIEW_H
#define NET_VIEW_H

#include "net_snapshot.h"
#include "sim_state.h"

/// Half the widest view a player may have: 1280x720 at zoom 1 zoomed out to the camera's fair
/// minimum, 0.8 (camera.h, CAMERA_ZOOM_FAIR_MIN: 800 units sideways, 450 up and down), and the
/// margin culling adds around it, so what moves into the view is known a little before it shows
/// (a few ticks of a fast bullet or of the viewer's own running).
#define NET_VIEW_HALF_W 800
#define NET_VIEW_HALF_H 450
#define NET_VIEW_MARGIN 96

/// Half the culled rectangle: the fair-zoom view plus the margin on each side.
vec2s net_view_half_default(void);

/// One tick of the world as every client's cull reads it: each agent, live bullet, gem, pickup
/// and damaged prop quantised once, beside where it is. A server culls the same tick for each
/// of its clients: taking the tick once makes a client's cull a walk that copies what is in view.
typedef struct net_view_world net_view_world;
/// Empty; NULL when out of memory.
net_view_world *net_view_world_create(void);
void net_view_world_destroy(net_view_world *vw);
/// Takes w's current tick. Allocates only when w holds more than any tick before (the first
/// tick, a map swap to more props). False when out of memory: frames culled from it then carry
/// tick -1, which net_frame_encode refuses, so nothing wrong is sent.
bool net_view_world_take(net_view_world *vw, const sim_world *w);

/// Fills out's state for `viewer_agent` (0 .. sim_agent_count - 1) from vw, taken from w's
/// current tick: the head (input_tick -1: the server sets it), its own agent, and the sets in
/// the rectangle of half size view_half_size around it, then adds the last tick's kills and
/// events (net_view_events). The lists already in out stay in front of them. Past a cap the
/// lowest ids stay and head.dropped counts the rest.
void net_view_cull(const net_view_world *vw, const sim_world *w, int viewer_agent,
                   vec2s view_half_size, net_frame *out);

/// Adds the last tick's kills (all: the feed is public) and the events within the view that the
/// effects need (a level-up only when it is the viewer's) to out's lists.
void net_view_events(const sim_world *w, int viewer_agent, vec2s view_half_size, net_frame *out);

#endif
