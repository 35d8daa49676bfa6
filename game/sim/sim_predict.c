// Client-side prediction (sim_predict.h): the step's own per-agent control and move code run for
// one agent.
#include "sim_predict.h"

#include "sim_internal.h"

void sim_predict_agent(sim_world *w, int agent, const sim_input *in) {
    sim_input frame = {0};
    if (w->agents[agent].placement == 0 && in) {
        frame = *in;
        sim_input_normalize(&frame);
    }
    sim_agent_control(w, agent, &frame);
    sim_agent_move(w, agent);
}
