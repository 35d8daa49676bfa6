// SDL2 audio output for the synthesised effects (see audio.h). The mixer state is shared with
// SDL's audio thread, so every change from the game thread happens under SDL_LockAudioDevice.
#include "audio.h"

#include "sfx_mix.h"

#include <SDL.h>
#include <stdlib.h>
#include <string.h>

// The one audio device of the process (SDL's audio API is process-wide as well).
static struct {
    SDL_AudioDeviceID device;
    bool own_subsystem;              // audio_init started SDL's audio subsystem
    bool muted;                      // remembered even without a device
    int master, effects;             // volumes in percent, remembered without a device
    sfx_mixer mixer;                 // touched by the callback; lock to change
    float *buffers[AUDIO_SFX_COUNT]; // synthesised effects
} audio = {.master = 100, .effects = 100};

static void SDLCALL audio_callback(void *user, Uint8 *stream, int len) {
    (void)user;
    sfx_mixer_mix(&audio.mixer, (float *)(void *)stream, len / (int)(2 * sizeof(float)));
}

// The menu's clicks and the end of a match's tunes are the interface; the rest is the match.
static sfx_group group_of(audio_sfx sfx) {
    switch (sfx) {
    case AUDIO_SFX_UI_CLICK:
    case AUDIO_SFX_UI_SELECT:
    case AUDIO_SFX_WIN:
    case AUDIO_SFX_LOSE:
        return SFX_GROUP_INTERFACE;
    default:
        return SFX_GROUP_EFFECTS;
    }
}

// Copies the volumes into the mixer; the caller holds the device's lock (or there is no device).
static void apply_volume(void) {
    audio.mixer.master = sfx_volume_gain(audio.master);
    audio.mixer.group_gain[SFX_GROUP_EFFECTS] = sfx_volume_gain(audio.effects);
    audio.mixer.group_gain[SFX_GROUP_INTERFACE] = 1.0f;
}

static void free_buffers(void) {
    for (int i = 0; i < AUDIO_SFX_COUNT; i++) {
        free(audio.buffers[i]);
        audio.buffers[i] = NULL;
    }
}

bool audio_init(void) {
    if (audio.device) return true;
    if (!SDL_WasInit(SDL_INIT_AUDIO)) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            SDL_Log("audio: no sound (%s)", SDL_GetError());
            return false;
        }
        audio.own_subsystem = true;
    }
    const char *driver = SDL_GetCurrentAudioDriver();
    if (driver && strcmp(driver, "dummy") == 0) { // plays into nothing: skip the work
        audio_shutdown();
        return false;
    }
    for (int i = 0; i < AUDIO_SFX_COUNT; i++) {
        audio.buffers[i] = malloc((size_t)sfx_length((audio_sfx)i) * sizeof(float));
        if (!audio.buffers[i]) {
            audio_shutdown();
            return false;
        }
        sfx_synth((audio_sfx)i, audio.buffers[i]);
    }
    sfx_mixer_init(&audio.mixer);
    audio.mixer.muted = audio.muted;
    apply_volume();
    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = SFX_RATE;
    want.format = AUDIO_F32SYS;
    want.channels = 2;
    want.samples = 512;
    want.callback = audio_callback;
    // No allowed changes: SDL converts to whatever the hardware wants.
    audio.device = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (!audio.device) {
        SDL_Log("audio: no sound (%s)", SDL_GetError());
        audio_shutdown();
        return false;
    }
    SDL_PauseAudioDevice(audio.device, 0);
    return true;
}

void audio_play(audio_sfx sfx, float gain, float pan) {
    if (!audio.device || (unsigned)sfx >= AUDIO_SFX_COUNT || audio.muted) return;
    SDL_LockAudioDevice(audio.device);
    sfx_mixer_start(&audio.mixer, audio.buffers[sfx], sfx_length(sfx), group_of(sfx), gain, pan);
    SDL_UnlockAudioDevice(audio.device);
}

void audio_set_muted(bool muted) {
    audio.muted = muted;
    if (!audio.device) return;
    SDL_LockAudioDevice(audio.device);
    audio.mixer.muted = muted;
    if (muted) sfx_mixer_stop_all(&audio.mixer);
    SDL_UnlockAudioDevice(audio.device);
}

void audio_set_volume(int master, int effects) {
    audio.master = master < 0 ? 0 : master > 100 ? 100 : master;
    audio.effects = effects < 0 ? 0 : effects > 100 ? 100 : effects;
    if (!audio.device) return;
    SDL_LockAudioDevice(audio.device);
    apply_volume();
    SDL_UnlockAudioDevice(audio.device);
}

void audio_volume(int *master, int *effects) {
    *master = audio.master;
    *effects = audio.effects;
}

bool audio_muted(void) {
    return audio.muted;
}

bool audio_available(void) {
    return audio.device != 0;
}

void audio_shutdown(void) {
    if (audio.device) {
        SDL_CloseAudioDevice(audio.device);
        audio.device = 0;
    }
    free_buffers();
    if (audio.own_subsystem) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        audio.own_subsystem = false;
    }
}
