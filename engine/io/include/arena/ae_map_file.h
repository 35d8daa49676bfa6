/// Loading map files: the one entry point the game, the tools and the tests use.
///
/// This small adapter is the only part of the engine folder that knows SDL2_image: it reads the
/// file, checks it with ae_image_probe (so damaged files and huge declared sizes are refused
/// before any decoding), hands the format's own SDL2_image loader the bytes the probe chose (a
/// PNG without its ancillary chunks) through a reader over the file, converts the picture to
/// RGBA32, places a GIF frame smaller than its screen at its offset (the rest is wall) and hands
/// the pixels to ae_grid_init_rgba. Moving AI `.map` text files go to ae_grid_init_movingai.
/// Tiled JSON maps (`.tmj`, or any file whose text starts with `{`) are read with libcjson
/// (map_tiled.c): the tile layer named "cells", each tile's cell from the string property "kind"
/// of its tileset tile (free, wall, breakable, door, water; none: free), tilesets embedded or in
/// JSON files (.tsj) beside the map. Their refusals start with the JSON path that is wrong
/// (`layers[0].data[517]: tile 913 is in no tileset`). The browser build has no libcjson and
/// refuses them.
/// Nothing here or in the decoders writes to stderr: every refusal is the one line in err.
///
/// Every form of a picture gives the same grid (tests/bad/maps/formats holds one of each):
/// - grey, palette and 16-bit samples become 8-bit R = G = B (16-bit keeps its high byte);
///   1, 2 and 4-bit grey is scaled to 0..255, so a level keeps its side of the 50% threshold;
/// - alpha comes from an alpha channel (grey+alpha, RGBA, 32-bit BMP), from tRNS (per palette
///   entry, or the one transparent grey or RGB colour) or from a GIF's transparent colour, and
///   a pixel without any of these is opaque;
/// - a cell is free when its luminance is above 50% and its alpha is 128 or more, so
///   transparent pixels are walls whatever their colour.
///
/// Files are read with ae_file_read: refused from their metadata, without blocking, when they
/// are not regular files (a directory, FIFO or device) or are larger than AE_MAP_FILE_MAX_BYTES.
#ifndef AE_MAP_FILE_H
#define AE_MAP_FILE_H

#include "arena/ae_grid.h"

/// Largest map file accepted, in bytes.
#define AE_MAP_FILE_MAX_BYTES (256u * 1024u * 1024u)

/// Loads a map file into grid. On failure err holds a one-line reason (without the file name)
/// and grid is left empty.
bool ae_map_load_file(const char *path, ae_grid *grid, ae_error *err);

/// Same as ae_map_load_file for bytes already in memory; `name` picks the format checks. Nothing
/// else is read: a Tiled map naming an external tileset is refused.
bool ae_map_load_memory(const uint8_t *data, size_t len, const char *name, ae_grid *grid,
                        ae_error *err);

/// Most files besides the map itself that one load notes (external tilesets; more are read but
/// not noted).
#define AE_MAP_MAX_SOURCES 64

/// The files besides the map file that loading it read: a Tiled map's external tilesets, each
/// path as it was opened (the map's folder joined with the tileset's `source`).
typedef struct ae_map_sources {
    int count;
    char *paths[AE_MAP_MAX_SOURCES]; ///< from ae_alloc; ae_map_sources_free frees them
} ae_map_sources;

/// ae_map_load_file that also tells which other files it read into *sources (initialised here;
/// on failure too, the files read until then). Free it with ae_map_sources_free.
bool ae_map_load_file_sources(const char *path, ae_grid *grid, ae_map_sources *sources,
                              ae_error *err);
void ae_map_sources_free(ae_map_sources *sources);

/// A thread for loading maps off the caller's thread (the game's hot reload). The decoder keeps
/// state per thread (its last error message) that it frees only for threads it started itself,
/// so map loading on another thread must run on one of these. NULL when no thread can be had
/// (the caller then loads on its own thread).
typedef struct ae_map_thread ae_map_thread;
ae_map_thread *ae_map_thread_start(void (*fn)(void *arg), void *arg);
/// Waits for the thread's function to return and frees the thread.
void ae_map_thread_join(ae_map_thread *t);

#endif
