/// A small software mixer for sound effects: up to SFX_MAX_VOICES voices, each a mono sample
/// buffer with its own gain, stereo pan and group, mixed into interleaved stereo floats with a
/// soft limiter so the sum never leaves [-1, 1]. Each group has a volume and all of it a master
/// volume, applied as the voices are mixed (so a change is heard at once). No SDL and no
/// allocation: SDL's audio callback calls sfx_mixer_mix, and tests call it directly.
#ifndef SFX_MIX_H
#define SFX_MIX_H

#include <stdbool.h>

/// Voices mixed at once; starting one more replaces the voice that has played longest.
#define SFX_MAX_VOICES 16

/// What a sound belongs to, for its volume: the match's effects, or the interface (menu clicks,
/// the win and lose tunes), which only the master volume scales.
typedef enum sfx_group { SFX_GROUP_EFFECTS, SFX_GROUP_INTERFACE, SFX_GROUP_COUNT } sfx_group;

/// One playing sound.
typedef struct sfx_voice {
    const float *samples; ///< mono samples (not owned); NULL when the voice is free
    int length;           ///< number of samples
    int pos;              ///< next sample to play
    float gain_l, gain_r; ///< per-channel gains (gain and equal-power pan folded together)
    sfx_group group;
} sfx_voice;

/// The mixer state.
typedef struct sfx_mixer {
    sfx_voice voices[SFX_MAX_VOICES];  ///< voice slots
    float master;                      ///< overall gain, default 1
    float group_gain[SFX_GROUP_COUNT]; ///< per group, default 1
    bool muted;                        ///< when set, the output is silence (voices still advance)
} sfx_mixer;

/// An idle, unmuted mixer with master and group gains 1.
void sfx_mixer_init(sfx_mixer *m);

/// Starts playing `length` samples in `group` at `gain` (clamped to [0, 2]) and `pan` (-1 left ..
/// 1 right, clamped). Returns the voice slot used. The samples must outlive the voice.
int sfx_mixer_start(sfx_mixer *m, const float *samples, int length, sfx_group group, float gain,
                    float pan);

/// Number of voices still playing.
int sfx_mixer_active(const sfx_mixer *m);

/// Stops every voice.
void sfx_mixer_stop_all(sfx_mixer *m);

/// Mixes `frames` stereo frames into `out` (2 * frames floats, interleaved left/right),
/// overwriting it, and advances the voices; finished voices are freed.
void sfx_mixer_mix(sfx_mixer *m, float *out, int frames);

/// The gain of a volume setting in percent (clamped to 0..100): (percent / 100)^2, so equal
/// steps sound about equally far apart (half way is -12 dB) and 0 is silence.
float sfx_volume_gain(int percent);

/// The limiter applied to each mixed sample: identity up to 0.75 in magnitude, then a smooth
/// knee that approaches but never exceeds 1.
float sfx_limit(float x);

#endif
