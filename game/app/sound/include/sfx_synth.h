/// Sound effects synthesised from oscillators, noise, envelopes and pitch sweeps: no files, no
/// SDL, deterministic (noise from the engine's PCG32 with a fixed seed). Output is 48 kHz mono
/// float in [-1, 1]; every effect is normalised to the same peak (SFX_PEAK) and faded in and
/// out over a few samples so it starts and stops without a click.
#ifndef SFX_SYNTH_H
#define SFX_SYNTH_H

/// Sample rate of every effect, in Hz.
#define SFX_RATE 48000
/// Peak absolute sample value of every effect after normalisation.
#define SFX_PEAK 0.8f

/// The game's sound effects. Lengths (documented, checked by the tests) in milliseconds:
/// shot 160, hit 140, death 650, gem 260, level-up 720, zone warning 900, zone tick 150,
/// UI click 45, UI select 140, win 1500, lose 1300, heartbeat 420, knock 120, crunch 420,
/// explosion 900, blink 300, loot 380, door 600, shotgun 350, rifle 300, SMG 90, grenade 260.
typedef enum audio_sfx {
    AUDIO_SFX_SHOT,         ///< the pistol's "pew": square wave swept down plus a noise puff
    AUDIO_SFX_HIT,          ///< a bullet lands: thump and crackle
    AUDIO_SFX_DEATH,        ///< falling buzz with a noisy crunch
    AUDIO_SFX_GEM,          ///< two bell blips going up
    AUDIO_SFX_LEVEL_UP,     ///< rising major arpeggio with a sparkle
    AUDIO_SFX_ZONE_WARNING, ///< two-tone siren: the zone starts shrinking
    AUDIO_SFX_ZONE_TICK,    ///< low buzz: damage from the zone
    AUDIO_SFX_UI_CLICK,     ///< short tick for buttons
    AUDIO_SFX_UI_SELECT,    ///< two-note confirm blip
    AUDIO_SFX_WIN,          ///< fanfare
    AUDIO_SFX_LOSE,         ///< falling minor phrase
    AUDIO_SFX_HEARTBEAT,    ///< soft low "lub-dub": low on health
    AUDIO_SFX_KNOCK,        ///< a bullet knocks on a crate, barrel or bush
    AUDIO_SFX_CRUNCH,       ///< a prop breaks: splintering crunch
    AUDIO_SFX_EXPLOSION,    ///< a grenade or barrel bursts: boom and rumble
    AUDIO_SFX_BLINK,        ///< the dash: a rising whoosh
    AUDIO_SFX_LOOT,         ///< a pickup taken: two bright chimes
    AUDIO_SFX_DOOR,         ///< a door slides: low grinding hum and a clunk
    AUDIO_SFX_SHOTGUN,      ///< shotgun boom
    AUDIO_SFX_RIFLE,        ///< rifle crack with a tail
    AUDIO_SFX_SMG,          ///< short SMG tick
    AUDIO_SFX_GRENADE,      ///< grenade launcher's hollow thump
    AUDIO_SFX_COUNT
} audio_sfx;

/// Short lower-case name ("shot", "level_up", ...).
const char *sfx_name(audio_sfx s);

/// Length of effect `s` in samples (its documented length in ms times SFX_RATE / 1000).
int sfx_length(audio_sfx s);

/// Synthesises effect `s` into `out`, which holds sfx_length(s) floats. Same output every call.
void sfx_synth(audio_sfx s, float *out);

#endif
