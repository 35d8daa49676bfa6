/// Sound output through SDL2's own audio device: every effect of sfx_synth.h is synthesised
/// once in audio_init() and mixed in SDL's audio callback (sfx_mix.h). Without a usable audio
/// device (no sound card, SDL_AUDIODRIVER=dummy) audio_init() returns false and every other
/// call is a harmless no-op, so the game runs on silently.
///
/// Suggested binding: the M key calls audio_set_muted(!audio_muted()).
#ifndef ARENA_AUDIO_H
#define ARENA_AUDIO_H

#include "sfx_synth.h"

#include <stdbool.h>

/// Initialises SDL's audio subsystem if needed, synthesises the effects and opens a 48 kHz
/// stereo float device. Returns false (and stays silent) when no real device is available.
bool audio_init(void);

/// Plays `sfx` at `gain` (1 = full, clamped to [0, 2]) and stereo `pan` (-1 left .. 1 right).
/// With 16 sounds already playing, the one that has played longest makes room.
void audio_play(audio_sfx sfx, float gain, float pan);

/// Sets the master and the effects volume in percent (each clamped to 0..100): master scales
/// every sound, effects the sounds of the match (everything but the menu clicks and the win and
/// lose tunes). Heard at once, also in what is playing; kept without a device. Both 100 at start.
void audio_set_volume(int master, int effects);

/// The volumes last set, in percent.
void audio_volume(int *master, int *effects);

/// Mutes or unmutes all sound; muting also stops whatever is playing.
void audio_set_muted(bool muted);

/// True when muted.
bool audio_muted(void);

/// True after a successful audio_init() and before audio_shutdown().
bool audio_available(void);

/// Closes the device and frees the effect buffers. Safe to call without a successful init.
void audio_shutdown(void);

#endif
