/// The player's settings, kept between runs in a small text file: `key = value` lines (the file
/// the game writes lists them all, with a comment on top). Loading never fails: whatever cannot
/// be read keeps its default and one warning line says what was wrong first. Saving writes the
/// whole file to a temporary file beside it and renames it over the old one, so a crash never
/// leaves half a file; the game saves only when the player changes a setting.
///
/// The file's rules (README "Settings"):
/// - a line is `key = value`, blank, or a comment starting with `#` (a `#` later in a line is
///   part of the value: `#` and `=` are key names);
/// - keys missing from the file keep their defaults without a warning (older files lack newer
///   keys); an unknown key, a bad value, a key given twice (the first counts), a line over
///   SETTINGS_MAX_LINE bytes, binary bytes, a last line cut short (no newline at its end: a
///   value cut short could look valid) each cost that line and give a warning;
/// - the file is at most SETTINGS_MAX_FILE bytes and must be a regular file: a directory, FIFO
///   or device is never read (never waited on), a larger file not at all.
#ifndef ARENA_SETTINGS_H
#define ARENA_SETTINGS_H

#include "arena/ae_base.h"
#include "arena/ae_quote.h"
#include "input_bind.h"

#include <stdbool.h>
#include <stddef.h>

/// The largest settings file read, and the longest line, in bytes (without its newline).
#define SETTINGS_MAX_FILE 65536
#define SETTINGS_MAX_LINE 255
/// Room for a whole warning: the path and a value from the file, each quoted (AE_QUOTE_MAX), and
/// the reason around them.
#define SETTINGS_WARNING_MAX (2 * AE_QUOTE_MAX + 256)
/// Bots in a match (as the title screen offers).
#define SETTINGS_BOTS_MIN 1
#define SETTINGS_BOTS_MAX 99
/// Camera zoom factors a file may hold; the app clamps them into the camera's fair bounds.
#define SETTINGS_ZOOM_LO 0.1
#define SETTINGS_ZOOM_HI 10.0

typedef struct settings {
    int master_volume;  ///< percent, 0..100
    int effects_volume; ///< percent, 0..100
    bool muted;
    bool fullscreen;
    bool vsync;
    int difficulty;           ///< the bots': a sim_difficulty, or -1 for mixed
    int bots;                 ///< SETTINGS_BOTS_MIN..SETTINGS_BOTS_MAX
    char map[32];             ///< a shipped map's name (app_maps.h)
    float zoom_min, zoom_max; ///< the player's zoom range, zoom_min <= zoom_max
    bool onboarding_done;     ///< the guided first match was finished or skipped
    bool killcam;             ///< an elimination shows how it happened (from the killer's view)
    input_bindings bindings;
} settings;

/// Volume 100, not muted, windowed, vsync on, normal bots, 29 of them, map arena, zoom
/// CAMERA_ZOOM_MIN..CAMERA_ZOOM_MAX, onboarding not done, the killcam on, input_bindings_default.
void settings_defaults(settings *s);

/// True when every field is the same.
bool settings_equal(const settings *a, const settings *b);

/// Reads `path` over the defaults. True when the file was read whole with nothing wrong (missing
/// keys are fine). Otherwise false, with one line in `warning` (n bytes; cut to fit): `PATH:
/// reason (line N)`, or `PATH: reason` for the whole file (`cannot open: No such file or
/// directory`, `is a directory`, `is empty`, `file too large: ...`); with more than one problem,
/// the first and `(line N; K more problems)`. *missing (may be NULL) tells a file that is not
/// there, which at the per-user path just means a first run. The file is never changed.
bool settings_load(settings *s, const char *path, char *warning, size_t n, bool *missing);

/// Room for the text of a settings file as the game writes it (about 2.5 kB).
#define SETTINGS_TEXT_MAX 8192

/// The file's text for s, as settings_save writes it, into text (n bytes); returns its length
/// (n or more: it did not fit and was cut).
size_t settings_format(const settings *s, char *text, size_t n);

/// Writes the whole file (temporary file and rename; ae_output.h). False with the reason in err
/// (`cannot write: No space left on device`, `is a directory`, ...); the old file is then as it
/// was.
bool settings_save(const settings *s, const char *path, ae_error *err);

/// The per-user settings file: "settings.txt" in SDL's preference folder for the game
/// (app_pref_file: SDL_GetPrefPath("arena", "arena"), which SDL makes). False when SDL has no
/// such folder or the path does not fit n bytes.
bool settings_default_path(char *buf, size_t n);

/// The windowed game's start: the settings from `config` (--config; NULL: the per-user file,
/// whose path is written into buf, n bytes) into s. Prints the load's warning to stderr as
/// `arena: WARNING`, except for a per-user file that is not there yet (a first run). Returns
/// the path to save to (config itself, or buf), or NULL when there is none (no per-user folder):
/// s then holds the defaults and nothing is ever saved.
const char *settings_load_startup(settings *s, const char *config, char *buf, size_t n);

#endif
