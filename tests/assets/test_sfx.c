// The synthesised sound effects and the mixer, without SDL or an audio device.
#include "test.h"

#include "sfx_mix.h"
#include "sfx_synth.h"

#include <stdlib.h>

static float *synth(audio_sfx s) {
    float *b = malloc((size_t)sfx_length(s) * sizeof(float));
    sfx_synth(s, b);
    return b;
}

static void test_lengths(void) {
    // The documented lengths in milliseconds (sfx_synth.h).
    static const int ms[AUDIO_SFX_COUNT] = {160, 140, 650, 260, 720, 900, 150, 45,  140, 1500, 1300,
                                            420, 120, 420, 900, 300, 380, 600, 350, 300, 90,   260};
    for (int s = 0; s < AUDIO_SFX_COUNT; s++) CHECK(sfx_length((audio_sfx)s) == ms[s] * 48);
    CHECK(sfx_length(AUDIO_SFX_COUNT) == 0);
    CHECK(SFX_RATE == 48000);
}

static void test_non_silent(void) {
    for (int s = 0; s < AUDIO_SFX_COUNT; s++) {
        float *b = synth((audio_sfx)s);
        int n = sfx_length((audio_sfx)s);
        double energy = 0.0, peak = 0.0;
        for (int i = 0; i < n; i++) {
            energy += (double)b[i] * b[i];
            peak = fmax(peak, fabs((double)b[i]));
        }
        double rms = sqrt(energy / n);
        if (rms < 0.02) fprintf(stderr, "%s: rms %.4f\n", sfx_name((audio_sfx)s), rms);
        CHECK(rms >= 0.02);
        CHECK_NEAR(peak, SFX_PEAK, 0.02); // normalised
        free(b);
    }
}

static void test_bounded(void) {
    for (int s = 0; s < AUDIO_SFX_COUNT; s++) {
        float *b = synth((audio_sfx)s);
        int n = sfx_length((audio_sfx)s), bad = 0;
        for (int i = 0; i < n; i++) bad += !(b[i] >= -1.0f && b[i] <= 1.0f); // also catches NaN
        CHECK(bad == 0);
        // Faded in and out: no click at either end.
        CHECK(fabsf(b[0]) < 1e-6f && fabsf(b[n - 1]) < 1e-6f);
        free(b);
    }
}

static void test_deterministic(void) {
    for (int s = 0; s < AUDIO_SFX_COUNT; s++) {
        float *a = synth((audio_sfx)s), *b = synth((audio_sfx)s);
        CHECK(memcmp(a, b, (size_t)sfx_length((audio_sfx)s) * sizeof(float)) == 0);
        free(a);
        free(b);
    }
}

static void test_distinct(void) {
    // Every effect sounds different from every other: compare the first 45 ms.
    const int n = sfx_length(AUDIO_SFX_UI_CLICK);
    float *all[AUDIO_SFX_COUNT];
    for (int s = 0; s < AUDIO_SFX_COUNT; s++) all[s] = synth((audio_sfx)s);
    for (int a = 0; a < AUDIO_SFX_COUNT; a++)
        for (int b = a + 1; b < AUDIO_SFX_COUNT; b++) {
            double d = 0.0;
            for (int i = 0; i < n; i++) d += fabs((double)all[a][i] - all[b][i]);
            CHECK(d / n > 0.01);
        }
    for (int s = 0; s < AUDIO_SFX_COUNT; s++) free(all[s]);
    CHECK(strcmp(sfx_name(AUDIO_SFX_LEVEL_UP), "level_up") == 0);
}

static void test_mix_two_voices(void) {
    static const float a[4] = {0.1f, 0.2f, 0.3f, 0.4f}, b[2] = {0.05f, -0.1f};
    sfx_mixer m;
    sfx_mixer_init(&m);
    sfx_mixer_start(&m, a, 4, SFX_GROUP_EFFECTS, 1.0f, -1.0f); // hard left
    sfx_mixer_start(&m, b, 2, SFX_GROUP_EFFECTS, 2.0f, 1.0f);  // hard right, double gain
    CHECK(sfx_mixer_active(&m) == 2);
    float out[8];
    sfx_mixer_mix(&m, out, 3);
    CHECK_NEAR(out[0], 0.1, 1e-6);
    CHECK_NEAR(out[1], 0.1, 1e-6);
    CHECK_NEAR(out[2], 0.2, 1e-6);
    CHECK_NEAR(out[3], -0.2, 1e-6);
    CHECK_NEAR(out[4], 0.3, 1e-6);
    CHECK_NEAR(out[5], 0.0, 1e-6);
    CHECK(sfx_mixer_active(&m) == 1); // b finished
    sfx_mixer_mix(&m, out, 4);
    CHECK_NEAR(out[0], 0.4, 1e-6);
    CHECK_NEAR(out[2], 0.0, 1e-6);
    CHECK(sfx_mixer_active(&m) == 0);
}

static void test_mix_clips_safely(void) {
    static float loud[256];
    for (int i = 0; i < 256; i++) loud[i] = (i % 2) ? -1.0f : 1.0f;
    sfx_mixer m;
    sfx_mixer_init(&m);
    for (int v = 0; v < SFX_MAX_VOICES; v++)
        sfx_mixer_start(&m, loud, 256, SFX_GROUP_EFFECTS, 2.0f, 0.0f);
    float out[512];
    sfx_mixer_mix(&m, out, 256);
    for (int i = 0; i < 512; i++) CHECK(out[i] >= -1.0f && out[i] <= 1.0f);
    CHECK(out[0] > 0.99f && out[2] < -0.99f); // saturated, with the sign kept
    // The limiter is the identity for quiet signals, monotonic and odd.
    CHECK(sfx_limit(0.5f) == 0.5f && sfx_limit(-0.75f) == -0.75f);
    float prev = sfx_limit(0.0f);
    for (int i = 1; i <= 400; i++) {
        float y = sfx_limit((float)i * 0.01f);
        CHECK(y >= prev && y <= 1.0f);
        CHECK(sfx_limit(-(float)i * 0.01f) == -y);
        prev = y;
    }
}

static void test_mix_pan_and_mute(void) {
    static const float one[2] = {1.0f, 1.0f};
    sfx_mixer m;
    sfx_mixer_init(&m);
    sfx_mixer_start(&m, one, 2, SFX_GROUP_EFFECTS, 0.5f, 0.0f);
    float out[4];
    sfx_mixer_mix(&m, out, 1);
    CHECK_NEAR(out[0], 0.5 * sqrt(0.5), 1e-5); // equal power at the centre
    CHECK_NEAR(out[1], out[0], 1e-6);
    m.muted = true;
    sfx_mixer_mix(&m, out, 2);
    CHECK(out[0] == 0.0f && out[1] == 0.0f && out[2] == 0.0f && out[3] == 0.0f);
    CHECK(sfx_mixer_active(&m) == 0); // muted voices still run out
}

// Volumes: the master scales every voice, a group's gain only its own voices, both at once (also
// for voices already playing); a volume in percent maps to its square.
static void test_mix_volumes(void) {
    static const float one[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    sfx_mixer m;
    sfx_mixer_init(&m);
    sfx_mixer_start(&m, one, 4, SFX_GROUP_EFFECTS, 0.5f, -1.0f);  // left
    sfx_mixer_start(&m, one, 4, SFX_GROUP_INTERFACE, 0.5f, 1.0f); // right
    float out[2];
    sfx_mixer_mix(&m, out, 1);
    CHECK_NEAR(out[0], 0.5, 1e-6);
    CHECK_NEAR(out[1], 0.5, 1e-6);
    m.group_gain[SFX_GROUP_EFFECTS] = sfx_volume_gain(50);
    sfx_mixer_mix(&m, out, 1);
    CHECK_NEAR(out[0], 0.125, 1e-6); // effects at 50%: a quarter
    CHECK_NEAR(out[1], 0.5, 1e-6);   // the interface as it was
    m.master = sfx_volume_gain(0);
    sfx_mixer_mix(&m, out, 1);
    CHECK(out[0] == 0.0f && out[1] == 0.0f); // master 0 silences both
    CHECK(sfx_volume_gain(100) == 1.0f && sfx_volume_gain(0) == 0.0f);
    CHECK(sfx_volume_gain(250) == 1.0f && sfx_volume_gain(-5) == 0.0f); // clamped
    CHECK_NEAR(sfx_volume_gain(10), 0.01, 1e-7);
    for (int p = 1; p <= 100; p++) CHECK(sfx_volume_gain(p) > sfx_volume_gain(p - 1));
}

static void test_voice_stealing(void) {
    static float buf[100];
    sfx_mixer m;
    sfx_mixer_init(&m);
    for (int v = 0; v < SFX_MAX_VOICES; v++) {
        CHECK(sfx_mixer_start(&m, buf, 100, SFX_GROUP_EFFECTS, 1.0f, 0.0f) == v);
        float out[2 * 3];
        sfx_mixer_mix(&m, out, 3); // voice v has now played 3 samples fewer than voice v - 1
    }
    CHECK(sfx_mixer_active(&m) == SFX_MAX_VOICES);
    CHECK(sfx_mixer_start(&m, buf, 100, SFX_GROUP_EFFECTS, 1.0f, 0.0f) ==
          0); // the oldest makes room
    CHECK(sfx_mixer_active(&m) == SFX_MAX_VOICES);
    sfx_mixer_stop_all(&m);
    CHECK(sfx_mixer_active(&m) == 0);
}

TEST_MAIN(TEST_CASE(lengths), TEST_CASE(non_silent), TEST_CASE(bounded), TEST_CASE(deterministic),
          TEST_CASE(distinct), TEST_CASE(mix_two_voices), TEST_CASE(mix_clips_safely),
          TEST_CASE(mix_pan_and_mute), TEST_CASE(mix_volumes), TEST_CASE(voice_stealing))
