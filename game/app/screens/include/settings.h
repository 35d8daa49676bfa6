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
#include "app_maps.h"
#include "arena/ae_quote.h"
#include "camera.h"
#include "input_bind.h"
#include "sim.h"

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
/// The Play online screen's address (ws://HOST:PORT) and name, with their defaults.
#define SETTINGS_ADDRESS_MAX     128
#define SETTINGS_ADDRESS_DEFAULT "http://127.0.0.1:8080" // an arena-lobby on this machine
#define SETTINGS_NAME_MAX        24 ///< bytes: SESSION_NAME_MAX, what a server takes
#define SETTINGS_NAME_DEFAULT    "Player"

/// How a setting is kept in `settings`, written and read.
typedef enum settings_type {
    SETTINGS_T_BOOL,       ///< bool: yes or no (reads true/false, on/off, 1/0 too)
    SETTINGS_T_INT,        ///< int from lo to hi
    SETTINGS_T_PERCENT,    ///< int from lo to hi, shown with a % and stepped by tens
    SETTINGS_T_FLOAT,      ///< float from lo to hi, written in its shortest exact form
    SETTINGS_T_DIFFICULTY, ///< int: a sim_difficulty by its name, or -1 for "mixed"
    SETTINGS_T_MAP,        ///< char[]: a shipped map's name (app_maps.h); the default an index
    SETTINGS_T_ADDRESS,    ///< char[]: a server's address (settings_address_valid)
    SETTINGS_T_NAME,       ///< char[]: a player's name online (settings_name_valid)
} settings_type;

/// The plain settings, one row each, in the file's order: X(ID, field, type, lo, hi, default,
/// section, label, place). The field is the file's key; lo and hi bound a number; the section
/// and label are the settings screen's heading and item, place the item's rank there (headings
/// go where the section changes). Adding a setting: a field in `settings` and a row here; its
/// default, reading, writing and item on the settings screen follow (settings_screen.c's switch
/// only for a setting with an effect beyond its value). Place 0: not on the settings screen
/// (the Play online screen edits the address and the name). The key bindings follow these rows in
/// the file (key.BIND.SLOT, pad.BIND.SLOT) and have their own controls screen.
#define SETTINGS_TABLE(X)                                                                          \
    X(SETTING_MASTER_VOLUME, master_volume, SETTINGS_T_PERCENT, 0, 100, 100, "Audio",              \
      "Master volume", 1)                                                                          \
    X(SETTING_EFFECTS_VOLUME, effects_volume, SETTINGS_T_PERCENT, 0, 100, 100, "Audio",            \
      "Effects volume", 2)                                                                         \
    X(SETTING_MUTED, muted, SETTINGS_T_BOOL, 0, 1, false, "Audio", "Sound", 3)                     \
    X(SETTING_FULLSCREEN, fullscreen, SETTINGS_T_BOOL, 0, 1, false, "Display", "Fullscreen", 4)    \
    X(SETTING_VSYNC, vsync, SETTINGS_T_BOOL, 0, 1, true, "Display", "VSync", 5)                    \
    X(SETTING_DIFFICULTY, difficulty, SETTINGS_T_DIFFICULTY, -1, SIM_DIFFICULTY_COUNT - 1,         \
      SIM_NORMAL, "Match", "Difficulty", 9)                                                        \
    X(SETTING_BOTS, bots, SETTINGS_T_INT, SETTINGS_BOTS_MIN, SETTINGS_BOTS_MAX, 29, "Match",       \
      "Bots", 8)                                                                                   \
    X(SETTING_MAP, map, SETTINGS_T_MAP, 0, APP_MAP_COUNT - 1, 0, "Match", "Map", 10)               \
    X(SETTING_ZOOM_MIN, zoom_min, SETTINGS_T_FLOAT, SETTINGS_ZOOM_LO, SETTINGS_ZOOM_HI,            \
      CAMERA_ZOOM_DEFAULT_MIN, "Display", "Farthest zoom", 6)                                      \
    X(SETTING_ZOOM_MAX, zoom_max, SETTINGS_T_FLOAT, SETTINGS_ZOOM_LO, SETTINGS_ZOOM_HI,            \
      CAMERA_ZOOM_DEFAULT_MAX, "Display", "Closest zoom", 7)                                       \
    X(SETTING_ONBOARDING_DONE, onboarding_done, SETTINGS_T_BOOL, 0, 1, false, "Match",             \
      "Guided start", 11)                                                                          \
    X(SETTING_KILLCAM, killcam, SETTINGS_T_BOOL, 0, 1, true, "Match", "Killcam", 12)               \
    X(SETTING_ONLINE_ADDRESS, online_address, SETTINGS_T_ADDRESS, 0, 0, 0, "Online", "Address", 0) \
    X(SETTING_ONLINE_NAME, online_name, SETTINGS_T_NAME, 0, 0, 0, "Online", "Name", 0)

/// The plain settings' ids: their rows' indices in settings_rows.
typedef enum settings_id {
#define SETTINGS_ID(id, ...) id,
    SETTINGS_TABLE(SETTINGS_ID)
#undef SETTINGS_ID
        SETTING_COUNT
} settings_id;

/// One row of SETTINGS_TABLE, as data.
typedef struct settings_row {
    const char *key; ///< in the file
    settings_type type;
    size_t offset; ///< of its field in `settings`
    double lo, hi, def;
    const char *section, *label; ///< on the settings screen
    int place;                   ///< 1.. top to bottom on the settings screen
} settings_row;

extern const settings_row settings_rows[SETTING_COUNT];

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
    char online_address[SETTINGS_ADDRESS_MAX]; ///< the server Play online joins
    char online_name[SETTINGS_NAME_MAX + 1];   ///< the name it joins with
    input_bindings bindings;
} settings;

/// A server's address as the settings keep it: ws:// then a host (letters, digits, '.', '-', '_',
/// or an IPv6 address in brackets), an optional :port (1..65535), nothing else; shorter than
/// SETTINGS_ADDRESS_MAX.
bool settings_address_valid(const char *v);
/// A name as a server takes it (session_name_valid: 1 .. 24 bytes of UTF-8 without control
/// characters) that also starts and ends with no space (the file's values are trimmed).
bool settings_name_valid(const char *v);

/// Every row's default (SETTINGS_TABLE) and input_bindings_default.
void settings_defaults(settings *s);

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

/// Plain setting k's value in s as the file writes it (buf, n bytes, may hold it).
const char *settings_value_text(const settings *s, int k, char *buf, size_t n);

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
