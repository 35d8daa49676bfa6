/// arena-map subcommands. Each gets argv after the subcommand name and returns the exit status.
#ifndef ARENA_MAP_COMMANDS_H
#define ARENA_MAP_COMMANDS_H

#include "arena/ae_map_file.h"
#include "arena/ae_sdf.h"

#define ARENA_MAP "arena-map"

/// Loads MAP or prints "arena-map: MAP: reason"; false means exit 2.
bool map_load_or_fail(const char *path, ae_grid *grid);

int cmd_info(int argc, char **argv);
int cmd_sdf(int argc, char **argv);
int cmd_path(int argc, char **argv);
int cmd_scen(int argc, char **argv);
int cmd_cover(int argc, char **argv);
int cmd_check(int argc, char **argv);

#endif
