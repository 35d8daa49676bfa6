/// Reading input files the same way in every reader (maps, replays, scenarios, circle files):
/// only a regular file (or a symbolic link to one) is read. A directory, FIFO, device or socket is
/// refused from its metadata and never blocks: the file is opened with O_NONBLOCK, so a FIFO
/// without a writer cannot hang the open, and checked with fstat on that very descriptor, so
/// nothing can be swapped in between the check and the read.
#ifndef AE_FILE_H
#define AE_FILE_H

#include "arena/ae_base.h"

/// What a path names, from its st_mode.
typedef enum ae_file_kind {
    AE_FILE_NONE = 0, ///< nothing (no such file)
    AE_FILE_REGULAR,
    AE_FILE_DIRECTORY,
    AE_FILE_FIFO,
    AE_FILE_DEVICE, ///< character or block device
    AE_FILE_SOCKET,
    AE_FILE_OTHER,
} ae_file_kind;

ae_file_kind ae_file_kind_of(unsigned st_mode);

/// Why a file of this kind is not read or replaced: "is a directory", "is a FIFO", "is a
/// device", "is a socket", "is not a regular file"; NULL for a regular file or nothing.
const char *ae_file_refusal(ae_file_kind kind);

/// Opens `path` for reading. Returns a descriptor (in blocking mode again) and its size, or -1
/// with err set to `cannot open: <cause>` or the kind's refusal.
int ae_file_open(const char *path, uint64_t *size, ae_error *err);

/// Reads the whole file at `path`, at most max_bytes, into memory from ae_alloc: free it with
/// ae_free(*data, *size). An empty file gives *data NULL and *size 0. Besides ae_file_open's
/// reasons: `file too large: N bytes (at most M)`, `read error: <cause>`, `file changed while
/// it was read`, `out of memory`.
bool ae_file_read(const char *path, size_t max_bytes, uint8_t **data, size_t *size, ae_error *err);

#endif
