// Sound-effect synthesis (see sfx_synth.h). Each effect is a short list of tones: an
// oscillator with an exponential pitch sweep, an attack/decay envelope, optional vibrato and a
// one-pole low-pass. The tones are summed, normalised to SFX_PEAK and faded at both ends.
#include "sfx_synth.h"

#include <arena/ae_rng.h>

#include <math.h>
#include <string.h>

#define TAU 6.28318530718

typedef enum sfx_wave { WAVE_SINE, WAVE_SQUARE, WAVE_SAW, WAVE_TRIANGLE, WAVE_NOISE } sfx_wave;

typedef struct sfx_tone {
    float start, dur;        // seconds from the effect's start
    sfx_wave wave;           // oscillator shape
    float f0, f1;            // start and end frequency (Hz), exponential sweep
    float amp;               // peak amplitude before normalisation
    float attack, decay;     // attack time (s); decay time constant (s), 0 = sustain
    float vib_hz, vib_depth; // vibrato rate (Hz) and depth (fraction of the frequency)
    float lowpass;           // one-pole low-pass cutoff (Hz), 0 = off
} sfx_tone;

typedef struct sfx_def {
    const char *name;
    int length_ms;
    int tone_count;
    sfx_tone tones[8];
} sfx_def;

// Notes (Hz) used by the musical effects.
#define C4  261.63f
#define EB4 311.13f
#define E4  329.63f
#define G4  392.00f
#define AB4 415.30f
#define C5  523.25f
#define E5  659.26f
#define G5  783.99f
#define C6  1046.50f
#define E6  1318.51f
#define A6  1760.00f
#define G6  1567.98f
#define C7  2093.00f

static const sfx_def defs[AUDIO_SFX_COUNT] = {
    [AUDIO_SFX_SHOT] = {"shot",
                        160,
                        3,
                        {{0.0f, 0.16f, WAVE_SQUARE, 1100.0f, 180.0f, 0.5f, 0.002f, 0.05f, 0, 0,
                          4000.0f},
                         {0.0f, 0.16f, WAVE_SINE, 700.0f, 120.0f, 0.6f, 0.002f, 0.06f, 0, 0, 0},
                         {0.0f, 0.05f, WAVE_NOISE, 0, 0, 0.35f, 0.001f, 0.015f, 0, 0, 6000.0f}}},
    [AUDIO_SFX_HIT] = {"hit",
                       140,
                       3,
                       {{0.0f, 0.14f, WAVE_SINE, 190.0f, 70.0f, 1.0f, 0.002f, 0.05f, 0, 0, 0},
                        {0.0f, 0.09f, WAVE_NOISE, 0, 0, 0.7f, 0.001f, 0.025f, 0, 0, 3000.0f},
                        {0.0f, 0.05f, WAVE_SQUARE, 520.0f, 300.0f, 0.25f, 0.001f, 0.02f, 0, 0,
                         2500.0f}}},
    [AUDIO_SFX_DEATH] = {"death",
                         650,
                         3,
                         {{0.0f, 0.65f, WAVE_SAW, 420.0f, 55.0f, 0.7f, 0.005f, 0.25f, 9.0f, 0.04f,
                           1800.0f},
                          {0.0f, 0.3f, WAVE_NOISE, 0, 0, 0.8f, 0.002f, 0.09f, 0, 0, 1500.0f},
                          {0.0f, 0.4f, WAVE_SINE, 150.0f, 40.0f, 0.8f, 0.003f, 0.12f, 0, 0, 0}}},
    [AUDIO_SFX_GEM] =
        {"gem",
         260,
         4,
         {{0.0f, 0.12f, WAVE_SINE, E6, E6, 0.8f, 0.002f, 0.05f, 0, 0, 0},
          {0.0f, 0.12f, WAVE_SINE, E6 * 2.0f, E6 * 2.0f, 0.2f, 0.002f, 0.03f, 0, 0, 0},
          {0.07f, 0.19f, WAVE_SINE, A6, A6, 0.8f, 0.002f, 0.07f, 0, 0, 0},
          {0.07f, 0.19f, WAVE_TRIANGLE, A6 * 2.0f, A6 * 2.0f, 0.15f, 0.002f, 0.04f, 0, 0, 0}}},
    [AUDIO_SFX_LEVEL_UP] =
        {"level_up",
         720,
         6,
         {{0.0f, 0.2f, WAVE_SQUARE, C5, C5, 0.35f, 0.004f, 0.12f, 0, 0, 3000.0f},
          {0.1f, 0.2f, WAVE_SQUARE, E5, E5, 0.35f, 0.004f, 0.12f, 0, 0, 3000.0f},
          {0.2f, 0.2f, WAVE_SQUARE, G5, G5, 0.35f, 0.004f, 0.12f, 0, 0, 3000.0f},
          {0.3f, 0.42f, WAVE_SQUARE, C6, C6, 0.4f, 0.004f, 0.2f, 6.0f, 0.01f, 3000.0f},
          {0.3f, 0.42f, WAVE_TRIANGLE, C5, C5, 0.4f, 0.01f, 0.25f, 0, 0, 0},
          {0.32f, 0.3f, WAVE_SINE, 2.0f * E6, 2.0f * A6, 0.12f, 0.01f, 0.1f, 0, 0, 0}}},
    [AUDIO_SFX_ZONE_WARNING] =
        {"zone_warning",
         900,
         2,
         {{0.0f, 0.9f, WAVE_TRIANGLE, 620.0f, 620.0f, 0.8f, 0.05f, 0.0f, 2.5f, 0.18f, 0},
          {0.0f, 0.9f, WAVE_SQUARE, 310.0f, 310.0f, 0.2f, 0.05f, 0.0f, 2.5f, 0.18f, 1200.0f}}},
    [AUDIO_SFX_ZONE_TICK] =
        {"zone_tick",
         150,
         2,
         {{0.0f, 0.15f, WAVE_SQUARE, 110.0f, 90.0f, 0.6f, 0.003f, 0.06f, 0, 0, 900.0f},
          {0.0f, 0.08f, WAVE_NOISE, 0, 0, 0.4f, 0.002f, 0.03f, 0, 0, 800.0f}}},
    [AUDIO_SFX_UI_CLICK] =
        {"ui_click",
         45,
         2,
         {{0.0f, 0.045f, WAVE_SINE, 1500.0f, 1100.0f, 0.9f, 0.001f, 0.012f, 0, 0, 0},
          {0.0f, 0.01f, WAVE_NOISE, 0, 0, 0.3f, 0.0005f, 0.003f, 0, 0, 5000.0f}}},
    [AUDIO_SFX_UI_SELECT] =
        {"ui_select",
         140,
         2,
         {{0.0f, 0.07f, WAVE_TRIANGLE, 880.0f, 880.0f, 0.8f, 0.002f, 0.04f, 0, 0, 0},
          {0.06f, 0.08f, WAVE_TRIANGLE, 1320.0f, 1320.0f, 0.8f, 0.002f, 0.045f, 0, 0, 0}}},
    [AUDIO_SFX_WIN] = {"win",
                       1500,
                       7,
                       {{0.0f, 0.18f, WAVE_SQUARE, G4, G4, 0.35f, 0.005f, 0.1f, 0, 0, 2500.0f},
                        {0.15f, 0.18f, WAVE_SQUARE, C5, C5, 0.35f, 0.005f, 0.1f, 0, 0, 2500.0f},
                        {0.3f, 0.18f, WAVE_SQUARE, E5, E5, 0.35f, 0.005f, 0.1f, 0, 0, 2500.0f},
                        {0.45f, 1.05f, WAVE_SQUARE, G5, G5, 0.35f, 0.005f, 0.45f, 5.5f, 0.012f,
                         2500.0f},
                        {0.45f, 1.05f, WAVE_TRIANGLE, C5, C5, 0.35f, 0.02f, 0.5f, 0, 0, 0},
                        {0.45f, 1.05f, WAVE_TRIANGLE, E5, E5, 0.3f, 0.02f, 0.5f, 0, 0, 0},
                        {0.45f, 1.05f, WAVE_SINE, C4, C4, 0.4f, 0.02f, 0.5f, 0, 0, 0}}},
    [AUDIO_SFX_LOSE] =
        {"lose",
         1300,
         4,
         {{0.0f, 0.3f, WAVE_SAW, G4, G4, 0.4f, 0.01f, 0.0f, 5.0f, 0.01f, 1400.0f},
          {0.3f, 0.3f, WAVE_SAW, EB4, EB4, 0.4f, 0.01f, 0.0f, 5.0f, 0.01f, 1400.0f},
          {0.6f, 0.7f, WAVE_SAW, C4, C4 * 0.94f, 0.45f, 0.01f, 0.35f, 4.5f, 0.025f, 1200.0f},
          {0.0f, 1.3f, WAVE_TRIANGLE, C4 * 0.5f, C4 * 0.5f, 0.3f, 0.05f, 0.6f, 0, 0, 0}}},
    // Two muffled thumps, the second softer: low sines that drop in pitch, with an overtone so
    // small speakers still carry them.
    [AUDIO_SFX_HEARTBEAT] =
        {"heartbeat",
         420,
         4,
         {{0.0f, 0.16f, WAVE_SINE, 68.0f, 46.0f, 1.0f, 0.008f, 0.045f, 0, 0, 0},
          {0.0f, 0.12f, WAVE_TRIANGLE, 136.0f, 92.0f, 0.35f, 0.008f, 0.03f, 0, 0, 600.0f},
          {0.19f, 0.2f, WAVE_SINE, 58.0f, 40.0f, 0.75f, 0.01f, 0.055f, 0, 0, 0},
          {0.19f, 0.14f, WAVE_TRIANGLE, 116.0f, 80.0f, 0.25f, 0.01f, 0.035f, 0, 0, 600.0f}}},
    // A hollow wooden knock: a low sine dropping fast, its octave, and a click of noise.
    [AUDIO_SFX_KNOCK] =
        {"knock",
         120,
         3,
         {{0.0f, 0.12f, WAVE_SINE, 340.0f, 190.0f, 1.0f, 0.001f, 0.03f, 0, 0, 0},
          {0.0f, 0.06f, WAVE_TRIANGLE, 680.0f, 420.0f, 0.4f, 0.001f, 0.015f, 0, 0, 0},
          {0.0f, 0.03f, WAVE_NOISE, 0, 0, 0.5f, 0.0005f, 0.008f, 0, 0, 2500.0f}}},
    // Splintering: a burst of filtered noise with four knocks tumbling after it.
    [AUDIO_SFX_CRUNCH] =
        {"crunch",
         420,
         6,
         {{0.0f, 0.4f, WAVE_NOISE, 0, 0, 0.9f, 0.002f, 0.1f, 0, 0, 1800.0f},
          {0.0f, 0.1f, WAVE_SAW, 260.0f, 90.0f, 0.5f, 0.001f, 0.03f, 0, 0, 1200.0f},
          {0.05f, 0.1f, WAVE_SINE, 300.0f, 160.0f, 0.6f, 0.001f, 0.03f, 0, 0, 0},
          {0.11f, 0.1f, WAVE_SINE, 240.0f, 130.0f, 0.5f, 0.001f, 0.03f, 0, 0, 0},
          {0.18f, 0.1f, WAVE_SINE, 360.0f, 200.0f, 0.35f, 0.001f, 0.025f, 0, 0, 0},
          {0.26f, 0.1f, WAVE_SINE, 280.0f, 150.0f, 0.25f, 0.001f, 0.025f, 0, 0, 0}}},
    // A boom: a sharp crack of bright noise, a deep falling sine and a long low rumble.
    [AUDIO_SFX_EXPLOSION] =
        {"explosion",
         900,
         4,
         {{0.0f, 0.06f, WAVE_NOISE, 0, 0, 0.8f, 0.0005f, 0.015f, 0, 0, 6000.0f},
          {0.0f, 0.6f, WAVE_SINE, 95.0f, 32.0f, 1.0f, 0.003f, 0.2f, 0, 0, 0},
          {0.0f, 0.9f, WAVE_NOISE, 0, 0, 1.0f, 0.004f, 0.28f, 0, 0, 700.0f},
          {0.02f, 0.5f, WAVE_SAW, 60.0f, 30.0f, 0.3f, 0.01f, 0.15f, 0, 0, 300.0f}}},
    // A whoosh: airy noise swelling and fading under a tone sweeping up.
    [AUDIO_SFX_BLINK] =
        {"blink",
         300,
         3,
         {{0.0f, 0.3f, WAVE_NOISE, 0, 0, 0.7f, 0.07f, 0.06f, 0, 0, 3000.0f},
          {0.0f, 0.25f, WAVE_SINE, 380.0f, 1700.0f, 0.45f, 0.05f, 0.08f, 0, 0, 0},
          {0.02f, 0.2f, WAVE_TRIANGLE, 760.0f, 3000.0f, 0.15f, 0.05f, 0.05f, 0, 0, 0}}},
    [AUDIO_SFX_LOOT] =
        {"loot",
         380,
         4,
         {{0.0f, 0.2f, WAVE_SINE, G6, G6, 0.7f, 0.002f, 0.07f, 0, 0, 0},
          {0.0f, 0.2f, WAVE_TRIANGLE, G6 * 2.0f, G6 * 2.0f, 0.15f, 0.002f, 0.04f, 0, 0, 0},
          {0.09f, 0.29f, WAVE_SINE, C7, C7, 0.8f, 0.002f, 0.1f, 4.0f, 0.004f, 0},
          {0.09f, 0.29f, WAVE_SINE, C7 * 1.5f, C7 * 1.5f, 0.2f, 0.002f, 0.06f, 0, 0, 0}}},
    // A heavy panel sliding on its track: a low grinding buzz, then the clunk as it stops.
    [AUDIO_SFX_DOOR] =
        {"door",
         600,
         4,
         {{0.0f, 0.5f, WAVE_SAW, 85.0f, 105.0f, 0.6f, 0.06f, 0.0f, 7.0f, 0.05f, 450.0f},
          {0.0f, 0.5f, WAVE_NOISE, 0, 0, 0.35f, 0.06f, 0.0f, 0, 0, 600.0f},
          {0.48f, 0.12f, WAVE_SINE, 130.0f, 60.0f, 0.9f, 0.001f, 0.035f, 0, 0, 0},
          {0.48f, 0.05f, WAVE_NOISE, 0, 0, 0.4f, 0.001f, 0.01f, 0, 0, 1500.0f}}},
    [AUDIO_SFX_SHOTGUN] =
        {"shotgun",
         350,
         3,
         {{0.0f, 0.35f, WAVE_NOISE, 0, 0, 1.0f, 0.001f, 0.08f, 0, 0, 2500.0f},
          {0.0f, 0.25f, WAVE_SINE, 150.0f, 45.0f, 0.9f, 0.001f, 0.09f, 0, 0, 0},
          {0.0f, 0.05f, WAVE_SQUARE, 700.0f, 120.0f, 0.3f, 0.001f, 0.02f, 0, 0, 3000.0f}}},
    [AUDIO_SFX_RIFLE] =
        {"rifle",
         300,
         3,
         {{0.0f, 0.04f, WAVE_NOISE, 0, 0, 1.0f, 0.0003f, 0.012f, 0, 0, 9000.0f},
          {0.0f, 0.06f, WAVE_SQUARE, 2400.0f, 300.0f, 0.4f, 0.0005f, 0.02f, 0, 0, 6000.0f},
          {0.005f, 0.3f, WAVE_SINE, 240.0f, 55.0f, 0.6f, 0.002f, 0.1f, 0, 0, 0}}},
    [AUDIO_SFX_SMG] = {"smg",
                       90,
                       2,
                       {{0.0f, 0.09f, WAVE_SQUARE, 1700.0f, 500.0f, 0.6f, 0.0005f, 0.015f, 0, 0,
                         5000.0f},
                        {0.0f, 0.03f, WAVE_NOISE, 0, 0, 0.6f, 0.0005f, 0.008f, 0, 0, 7000.0f}}},
    [AUDIO_SFX_GRENADE] =
        {"grenade",
         260,
         3,
         {{0.0f, 0.26f, WAVE_SINE, 190.0f, 60.0f, 1.0f, 0.002f, 0.06f, 0, 0, 0},
          {0.0f, 0.1f, WAVE_NOISE, 0, 0, 0.5f, 0.001f, 0.04f, 0, 0, 600.0f},
          {0.0f, 0.15f, WAVE_TRIANGLE, 95.0f, 70.0f, 0.4f, 0.002f, 0.05f, 0, 0, 0}}},
};

const char *sfx_name(audio_sfx s) {
    return (unsigned)s < AUDIO_SFX_COUNT ? defs[s].name : "?";
}

int sfx_length(audio_sfx s) {
    return (unsigned)s < AUDIO_SFX_COUNT ? defs[s].length_ms * (SFX_RATE / 1000) : 0;
}

static float wave_sample(sfx_wave w, double phase, ae_rng *rng) {
    double p = phase - floor(phase);
    switch (w) {
    case WAVE_SINE:
        return (float)sin(TAU * p);
    case WAVE_SQUARE:
        return p < 0.5 ? 1.0f : -1.0f;
    case WAVE_SAW:
        return (float)(2.0 * p - 1.0);
    case WAVE_TRIANGLE:
        return (float)(p < 0.5 ? 4.0 * p - 1.0 : 3.0 - 4.0 * p);
    case WAVE_NOISE:
        return ae_rng_float(rng) * 2.0f - 1.0f;
    }
    return 0.0f;
}

// Adds one tone into out[0 .. total).
static void add_tone(const sfx_tone *t, float *out, int total, ae_rng *rng) {
    int start = (int)(t->start * (float)SFX_RATE);
    int n = (int)(t->dur * (float)SFX_RATE);
    if (start + n > total) n = total - start;
    const double rate = (double)SFX_RATE;
    const double ratio = t->f0 > 0.0f ? (double)t->f1 / (double)t->f0 : 1.0;
    // One-pole low-pass coefficient for the cutoff (1 = pass through).
    const double lp = t->lowpass > 0.0f ? 1.0 - exp(-TAU * (double)t->lowpass / rate) : 1.0;
    const int release = n < 480 ? n / 4 : 120; // short fade so the tone ends without a click
    double phase = 0.0, y = 0.0;
    for (int i = 0; i < n; i++) {
        double time = (double)i / rate, u = n > 1 ? (double)i / (double)(n - 1) : 0.0;
        double freq = (double)t->f0 * pow(ratio, u);
        if (t->vib_hz > 0.0f) freq *= 1.0 + (double)t->vib_depth * sin(TAU * t->vib_hz * time);
        double x = wave_sample(t->wave, phase, rng);
        phase += freq / rate;
        y += lp * (x - y);
        double env = time < (double)t->attack ? time / (double)t->attack : 1.0;
        if (t->decay > 0.0f && time >= (double)t->attack)
            env = exp(-(time - (double)t->attack) / (double)t->decay);
        if (i >= n - release) env *= (double)(n - i) / (double)release;
        out[start + i] += (float)(y * env * (double)t->amp);
    }
}

void sfx_synth(audio_sfx s, float *out) {
    if ((unsigned)s >= AUDIO_SFX_COUNT) return;
    const sfx_def *d = &defs[s];
    int total = sfx_length(s);
    memset(out, 0, (size_t)total * sizeof(float));
    ae_rng rng;
    ae_rng_seed(&rng, 0x5346580000ull + (uint64_t)s, 17u);
    for (int i = 0; i < d->tone_count; i++) add_tone(&d->tones[i], out, total, &rng);
    // A 2 ms fade-in and fade-out, then normalisation to SFX_PEAK.
    const int fade = SFX_RATE / 500;
    for (int i = 0; i < fade && i < total; i++) {
        out[i] *= (float)i / (float)fade;
        out[total - 1 - i] *= (float)i / (float)fade;
    }
    float peak = 0.0f;
    for (int i = 0; i < total; i++) peak = fmaxf(peak, fabsf(out[i]));
    float k = peak > 0.0f ? SFX_PEAK / peak : 0.0f;
    for (int i = 0; i < total; i++) out[i] *= k;
}
