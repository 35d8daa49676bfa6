/// The player's career record, kept between runs in a small text file beside the settings
/// (`record.txt` in the per-user folder): matches, wins, top-five finishes, kills, damage dealt
/// and the longest survival, in all, per difficulty, online and per map, and the last
/// RECORD_LAST matches. No SDL: the game names the file (app_pref_file).
///
/// It is read as the settings file is (settings.h): loading never fails, whatever cannot be read
/// keeps its default (zero) and one warning line says what was wrong first
/// (`PATH: reason (line N; K more problems)`); a file that is not a regular file, is empty or
/// over RECORD_MAX_FILE bytes is not read at all. Saving writes the whole file to a temporary
/// file renamed over the old one. A damaged file is never overwritten: the first save after
/// loading one renames it aside first (`record.txt.damaged`, `-2`, ...: record_save says where).
///
/// The file, as the game writes it:
///
///   # matches wins top5 kills damage longest_s
///   all = 12 1 4 20 3400 312.5
///   normal = 10 1 3 18 3000 312.5
///   map.arena = 12 1 4 20 3400 312.5
///   # date time map difficulty online|offline place agents kills damage survived_s replay|-
///   match.1 = 2026-11-28 15:04 arena normal offline 3 30 2 340 125.5
///   arena-2026-11-28-1504-arena.arp
#ifndef ARENA_RECORD_FILE_H
#define ARENA_RECORD_FILE_H

#include "arena/ae_base.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/// The largest file read, the longest line (without its newline).
#define RECORD_MAX_FILE 65536
#define RECORD_MAX_LINE 255
/// The matches listed, newest first.
#define RECORD_LAST 20
/// Maps with rows of their own (more are counted in the totals only).
#define RECORD_MAPS 16
/// A map's name, a replay's file name (no folder), with their terminating zero.
#define RECORD_NAME_SIZE   32
#define RECORD_REPLAY_SIZE 96
/// Room for a warning: the path and a quoted value, and the reason around them.
#define RECORD_WARNING_MAX 1024

/// A row of figures: all matches, or those of one difficulty, online, one map.
typedef struct record_totals {
    int matches, wins, top5, kills;
    int damage;       ///< dealt to other agents, whole points
    double longest_s; ///< the longest survival, seconds
} record_totals;

/// The groups with a row each besides the maps: the bots' difficulties (a sim_difficulty, then
/// the mix) and online matches (whatever their bots).
enum { RECORD_EASY, RECORD_NORMAL, RECORD_HARD, RECORD_MIXED, RECORD_ONLINE, RECORD_GROUPS };

/// One match as the list keeps it.
typedef struct record_match {
    char date[11]; ///< local "2026-11-28"
    char time[6];  ///< local "15:04"
    char map[RECORD_NAME_SIZE];
    int difficulty; ///< RECORD_EASY .. RECORD_MIXED
    bool online;
    int place, agents, kills, damage;
    double survived_s;
    char replay[RECORD_REPLAY_SIZE]; ///< the saved replay's file name in replays/, "" none
} record_match;

typedef struct record_book {
    record_totals all;
    record_totals group[RECORD_GROUPS];
    int map_count;
    char map_name[RECORD_MAPS][RECORD_NAME_SIZE];
    record_totals map[RECORD_MAPS];
    int last_count;
    record_match last[RECORD_LAST]; ///< newest first
    /// The file loaded had problems: the next save renames it aside before writing.
    bool keep_damaged;
} record_book;

/// The names the file gives the groups ("easy", ..., "online") and the difficulties in a
/// match line ("easy", "normal", "hard", "mixed").
extern const char *const record_group_names[RECORD_GROUPS];

/// Nothing played yet.
void record_clear(record_book *r);

/// Adds a finished match: the totals, its difficulty's or online row, its map's, and the list
/// (the oldest falls off past RECORD_LAST). A win is place 1, top five place 5 or better.
void record_add(record_book *r, const record_match *m);

/// The match `m` for one that ended at `when` (its local date and time), the replay none.
void record_match_at(record_match *m, time_t when);

/// Reads `path` over an empty record. True when the file was read whole with nothing wrong;
/// otherwise false, with one line in `warning` (n bytes), as settings_load. *missing (may be
/// NULL) tells a file that is not there (a first run). The file is never changed.
bool record_load(record_book *r, const char *path, char *warning, size_t n, bool *missing);

/// Room for the file's text (20 match lines and 26 rows, about 4 kB).
#define RECORD_TEXT_MAX 16384

/// The file's text for r into text (n bytes); returns its length.
size_t record_format(const record_book *r, char *text, size_t n);

/// Writes the whole file (temporary file and rename). When the file loaded was damaged
/// (r->keep_damaged) it is first renamed aside, to the first free of PATH.damaged,
/// PATH.damaged-2, ..., whose name goes to kept (kept_n bytes; "" when nothing was kept).
/// False with the reason in err; the old file is then where it was.
bool record_save(record_book *r, const char *path, char *kept, size_t kept_n, ae_error *err);

#endif
