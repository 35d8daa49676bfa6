#ifndef ARENA_AE_OUTPUT_H
#define ARENA_AE_OUTPUT_H

// Writing an output file so that nothing is half-written and nothing else is overwritten. Every
// writer of replays, screenshots and pictures goes through this:
// - ae_output_check, before any work, refuses a target that is not a regular file (a directory,
//   a FIFO, a device such as /dev/null, a socket), one of the inputs, or one that cannot be
//   created: it makes and removes a temporary file beside the target, so a missing or unwritable
//   folder, a read-only file system or a name over the system's limit is found up front.
// - ae_output_create creates a new, uniquely named temporary file beside the target
//   (exclusively, so an existing file of any name is never touched) and returns the output that
//   holds it; ae_output_write fills it; and ae_output_commit renames it onto the target once
//   complete, checking again that the target is still a regular file or absent
//   (ae_output_commit_new: absent, for a file that must be new). Any failure removes the
//   temporary file and says why, with the system's reason ("No space left on device").
// - ae_output_destroy ends every output, committed or not: one that was not committed (an
//   encoder that gave up) has its temporary file removed, so the target is left as it was.
// A symbolic link as the target is followed: the file it names is replaced, the link stays.

#include "arena/ae_base.h"

#include <sys/types.h>

/// An output file being made (opaque: ae_output_create, ae_output_destroy).
typedef struct ae_output ae_output;

/// Checks, before any work, that `path` can receive an output: see above. `inputs` are the
/// files the command reads (n of them, NULL entries skipped); the same file under any name (a
/// hard or symbolic link) is refused. False with a one-line reason in err.
bool ae_output_check(const char *path, const char *const *inputs, int n, ae_error *err);

/// Only the part of ae_output_check that refuses one of the inputs, for a file that is read
/// now and written later if at all (the windowed game's settings file): what else could stop
/// the write is found when it is made.
bool ae_output_check_inputs(const char *path, const char *const *inputs, int n, ae_error *err);

/// Creates the temporary file beside `path` and returns the output that holds it. On failure
/// returns NULL with `err` set, leaving nothing behind.
ae_output *ae_output_create(const char *path, ae_error *err);

/// Closes and removes the temporary file if the output was not committed, leaving the target as
/// it was, and frees the output (NULL is allowed). After a commit, successful or not, it only
/// frees.
void ae_output_destroy(ae_output *o);

/// Appends bytes to the temporary file. A failure is remembered and reported by commit.
bool ae_output_write(ae_output *o, const void *data, size_t size);

/// The errno of the first write that failed (0: none), so that an encoder that gave up can
/// tell a write error (which commit reports with its cause) from one of its own.
int ae_output_write_errno(const ae_output *o);

/// Flushes the temporary file to disk and renames it onto the target. On failure (a write error,
/// a full disk, a target that became a FIFO) the temporary file is removed, the target is left
/// as it was and `err` says why. Either way the output is spent: only ae_output_destroy follows.
bool ae_output_commit(ae_output *o, ae_error *err);

/// The whole of `data` as the file `path`, in one go: create, write, commit, destroy. False with
/// the reason in err, the target left as it was.
bool ae_output_save(const char *path, const void *data, size_t size, ae_error *err);

/// ae_output_commit for a file that must be new: the complete file takes the target's name only
/// if nothing has it (a hard link, atomic), so a file that appeared meanwhile is never
/// replaced: err then says "already exists". Where the file system has no hard links (linkat
/// fails with EPERM, EOPNOTSUPP, ENOSYS, EMLINK as in the browser, or EXDEV) the name is first
/// claimed with O_EXCL and the file renamed onto that claim: never replaced either. `taken` (may be
/// NULL) says whether that was the failure, so the caller can try another name.
bool ae_output_commit_new(ae_output *o, bool *taken, ae_error *err);

/// Checks, before any work, that `path` is a directory that outputs may fill: it exists, is a
/// directory (a symbolic link to one is followed), holds nothing (not even a hidden file) and
/// takes a new file (one is made and removed). False with a one-line reason in err: "does not
/// exist", "is not a directory", "is not empty", "cannot create a file in it: REASON".
bool ae_output_check_empty_dir(const char *path, ae_error *err);

/// For tests: replaces write(2) for output files (NULL restores it), so that a test can make
/// writes fail as they do on a full disk.
typedef ssize_t ae_output_write_fn(int fd, const void *data, size_t size);
void ae_output_set_write_hook(ae_output_write_fn *fn);
/// For tests: replaces linkat(2) (flags 0) in ae_output_commit_new (NULL restores it), so that a
/// test can make it fail as it does on a file system without hard links.
typedef int ae_output_link_fn(int olddir, const char *oldname, int newdir, const char *newname);
void ae_output_set_link_hook(ae_output_link_fn *fn);

#endif
