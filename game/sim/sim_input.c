#include "sim_input.h"

#include "sim_skills.h"

#include "arena/rp_hash.h"

#include <math.h>
#include <string.h>

/// roundf (halves away from zero) for finite |x| < 2^31, inline: the library call was 2% of a
/// 1,000-agent tick. Truncation to an integer is exact there, and so is x minus it.
static inline float round_half_away(float x) {
    const float t = (float)(int32_t)x, f = x - t;
    return f >= 0.5f ? t + 1.0f : (f <= -0.5f ? t - 1.0f : t);
}

static int8_t quantise_unit(float v) {
    float q = round_half_away(v * 127.0f); // |v| <= 1 (tamed and normalised)
    return (int8_t)(q > 127.0f ? 127 : (q < -127.0f ? -127 : q));
}

/// A finite vector whose squared length overflows (components beyond about 1.8e19) scaled so its
/// larger component is +-1: the same direction, a length the float formulas can take. Ordinary
/// vectors are returned as they are, so the frames bots produce stay bit-identical.
static vec2s tame(vec2s v) {
    if (isfinite(v.x * v.x + v.y * v.y)) return v;
    float big = fmaxf(fabsf(v.x), fabsf(v.y));
    return (vec2s){{v.x / big, v.y / big}};
}

void sim_input_set_move(sim_input *in, vec2s move) {
    if (!isfinite(move.x) || !isfinite(move.y)) move = glms_vec2_zero();
    move = tame(move);
    float len = sqrtf(move.x * move.x + move.y * move.y);
    if (len > 1.0f) move = glms_vec2_scale(move, 1.0f / len);
    in->move_x = quantise_unit(move.x);
    in->move_y = quantise_unit(move.y);
}

void sim_input_set_aim(sim_input *in, vec2s aim) {
    in->aim_x = in->aim_y = 0;
    if (!isfinite(aim.x) || !isfinite(aim.y)) return;
    aim = tame(aim);
    float len = sqrtf(aim.x * aim.x + aim.y * aim.y);
    if (len < 1e-6f) return;
    in->aim_x = (int16_t)round_half_away(aim.x / len * 32000.0f);
    in->aim_y = (int16_t)round_half_away(aim.y / len * 32000.0f);
}

void sim_input_normalize(sim_input *in) {
    if (in->move_x == INT8_MIN) in->move_x = -127;
    if (in->move_y == INT8_MIN) in->move_y = -127;
    in->buttons &= SIM_BUTTON_ALL;
    if (in->skill_pick > SIM_SKILL_COUNT) in->skill_pick = 0;
    if (in->slot > SIM_INPUT_SLOTS) in->slot = 0;
    if (in->use > SIM_INPUT_ITEMS) in->use = 0;
}

static uint8_t view_steps(float half) {
    if (!(half > 0.0f)) return 0; // NaN too
    float steps = ceilf(half / SIM_VIEW_STEP);
    return (uint8_t)(steps > 255.0f ? 255 : steps);
}

void sim_input_set_view(sim_input *in, float half_w, float half_h) {
    in->view_w = view_steps(half_w);
    in->view_h = view_steps(half_h);
}

vec2s sim_input_view(const sim_input *in) {
    if (in->view_w == 0 || in->view_h == 0) return (vec2s){{SIM_VIEW_HALF_W, SIM_VIEW_HALF_H}};
    return (vec2s){{(float)(in->view_w * SIM_VIEW_STEP), (float)(in->view_h * SIM_VIEW_STEP)}};
}

vec2s sim_input_move(const sim_input *in) {
    vec2s m = {{(float)in->move_x / 127.0f, (float)in->move_y / 127.0f}};
    float len2 = m.x * m.x + m.y * m.y;
    if (len2 > 1.0f) m = glms_vec2_scale(m, 1.0f / sqrtf(len2));
    return m;
}

bool sim_input_aim(const sim_input *in, vec2s *dir) {
    if (in->aim_x == 0 && in->aim_y == 0) return false;
    float x = (float)in->aim_x, y = (float)in->aim_y;
    float len = sqrtf(x * x + y * y);
    *dir = (vec2s){{x / len, y / len}};
    return true;
}

void sim_input_pack(const sim_input *in, uint8_t out[SIM_INPUT_BYTES]) {
    out[0] = (uint8_t)in->move_x;
    out[1] = (uint8_t)in->move_y;
    rp_put_le(rp_put_le(out + 2, (uint16_t)in->aim_x, 2), (uint16_t)in->aim_y, 2);
    out[6] = in->buttons;
    out[7] = in->skill_pick;
    out[8] = in->slot;
    out[9] = in->use;
    out[10] = in->view_w;
    out[11] = in->view_h;
}

bool sim_input_unpack(const uint8_t in[SIM_INPUT_BYTES], sim_input *out) {
    memset(out, 0, sizeof *out);
    out->move_x = (int8_t)in[0];
    out->move_y = (int8_t)in[1];
    out->aim_x = (int16_t)(uint16_t)(in[2] | in[3] << 8);
    out->aim_y = (int16_t)(uint16_t)(in[4] | in[5] << 8);
    out->buttons = in[6];
    out->skill_pick = in[7];
    out->slot = in[8];
    out->use = in[9];
    out->view_w = in[10];
    out->view_h = in[11];
    return out->move_x != -128 && out->move_y != -128 && (out->buttons & ~SIM_BUTTON_ALL) == 0 &&
           out->skill_pick <= SIM_SKILL_COUNT && out->slot <= SIM_INPUT_SLOTS &&
           out->use <= SIM_INPUT_ITEMS;
}
