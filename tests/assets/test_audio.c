// Without an audio device the game keeps running silently: audio_init fails cleanly and every
// other call is a no-op.
#include "test.h"

#include "audio.h"

#include <SDL.h>
#include <stdlib.h>

static void test_no_device_is_silent(void) {
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    CHECK(!audio_init());
    CHECK(!audio_available());
    audio_play(AUDIO_SFX_SHOT, 1.0f, 0.0f);
    audio_play(AUDIO_SFX_COUNT, 1.0f, 0.0f); // out of range: ignored
    CHECK(!audio_muted());
    audio_set_muted(true);
    CHECK(audio_muted()); // the setting is kept even without a device
    audio_set_muted(false);
    CHECK(!audio_muted());
    int master = -1, effects = -1;
    audio_volume(&master, &effects);
    CHECK(master == 100 && effects == 100);
    audio_set_volume(40, 140); // kept without a device, clamped
    audio_volume(&master, &effects);
    CHECK(master == 40 && effects == 100);
    audio_shutdown();
    audio_shutdown(); // twice is fine
    CHECK(!SDL_WasInit(SDL_INIT_AUDIO));
}

TEST_MAIN(TEST_CASE(no_device_is_silent))
