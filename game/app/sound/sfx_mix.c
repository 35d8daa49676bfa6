// Sound-effect mixer (see sfx_mix.h). Runs inside SDL's audio callback: no allocation, no locks.
#include "sfx_mix.h"

#include <math.h>
#include <string.h>

void sfx_mixer_init(sfx_mixer *m) {
    memset(m, 0, sizeof *m);
    m->master = 1.0f;
    for (int g = 0; g < SFX_GROUP_COUNT; g++) m->group_gain[g] = 1.0f;
}

int sfx_mixer_start(sfx_mixer *m, const float *samples, int length, sfx_group group, float gain,
                    float pan) {
    int slot = -1, oldest = 0, oldest_pos = -1;
    for (int i = 0; i < SFX_MAX_VOICES; i++) {
        if (!m->voices[i].samples) {
            slot = i;
            break;
        }
        if (m->voices[i].pos > oldest_pos) {
            oldest_pos = m->voices[i].pos;
            oldest = i;
        }
    }
    if (slot < 0) slot = oldest;
    gain = gain < 0.0f ? 0.0f : gain > 2.0f ? 2.0f : gain;
    pan = pan < -1.0f ? -1.0f : pan > 1.0f ? 1.0f : pan;
    // Equal-power pan: centre gives 0.707 on both sides, hard left 1 and 0.
    float angle = (pan + 1.0f) * 0.78539816f;
    sfx_voice *v = &m->voices[slot];
    v->samples = samples;
    v->length = length;
    v->pos = 0;
    v->gain_l = gain * cosf(angle);
    v->gain_r = gain * sinf(angle);
    v->group = (unsigned)group < SFX_GROUP_COUNT ? group : SFX_GROUP_EFFECTS;
    return slot;
}

int sfx_mixer_active(const sfx_mixer *m) {
    int n = 0;
    for (int i = 0; i < SFX_MAX_VOICES; i++) n += m->voices[i].samples != NULL;
    return n;
}

void sfx_mixer_stop_all(sfx_mixer *m) {
    for (int i = 0; i < SFX_MAX_VOICES; i++) m->voices[i].samples = NULL;
}

float sfx_volume_gain(int percent) {
    float v = (float)(percent < 0 ? 0 : percent > 100 ? 100 : percent) / 100.0f;
    return v * v;
}

float sfx_limit(float x) {
    const float knee = 0.75f, room = 1.0f - knee;
    float a = fabsf(x);
    if (a <= knee) return x;
    // tanh keeps the curve smooth at the knee (slope 1) and below 1 for any input.
    float y = knee + room * tanhf((a - knee) / room);
    if (y > 1.0f) y = 1.0f;
    return x < 0.0f ? -y : y;
}

void sfx_mixer_mix(sfx_mixer *m, float *out, int frames) {
    memset(out, 0, (size_t)frames * 2u * sizeof(float));
    for (int i = 0; i < SFX_MAX_VOICES; i++) {
        sfx_voice *v = &m->voices[i];
        if (!v->samples) continue;
        int n = v->length - v->pos;
        if (n > frames) n = frames;
        if (!m->muted) {
            const float *s = v->samples + v->pos;
            float gl = v->gain_l * m->group_gain[v->group],
                  gr = v->gain_r * m->group_gain[v->group];
            for (int f = 0; f < n; f++) {
                out[2 * f] += s[f] * gl;
                out[2 * f + 1] += s[f] * gr;
            }
        }
        v->pos += n;
        if (v->pos >= v->length) v->samples = NULL;
    }
    for (int k = 0; k < 2 * frames; k++) out[k] = sfx_limit(out[k] * m->master);
}
