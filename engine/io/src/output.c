// ae_output: whole-or-nothing output files (see ae_output.h). POSIX 2008: openat, renameat,
// linkat.
#define _GNU_SOURCE // O_PATH: the target's folder needs search and write permission, not read

#include "arena/ae_output.h"

#include "arena/ae_file.h"
#include "arena/ae_quote.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_PATH
#define O_PATH O_RDONLY
#endif

// The name strings come from strdup, realpath and malloc (the C library's heap); the object
// itself from ae_calloc, so an output never destroyed shows in the engine's live bytes.
struct ae_output {
    int fd;          ///< the temporary file (-1: none)
    int dir;         ///< the target's folder (-1: none)
    char *name;      ///< the target's name inside dir (heap)
    char *tmp;       ///< the temporary file's name inside dir (heap; NULL until it is created,
                     ///< and again once committed)
    int write_errno; ///< the first failed write's errno (0: none)
};

static ae_output_write_fn *write_hook;
static ae_output_link_fn *link_hook;

// A symbolic link found at commit time was put there since the check (links are followed when
// the output is created): it is refused like any other target that is not a regular file.
static const char *refusal_of(const struct stat *st) {
    return S_ISLNK(st->st_mode) ? "is not a regular file"
                                : ae_file_refusal(ae_file_kind_of((unsigned)st->st_mode));
}

void ae_output_set_write_hook(ae_output_write_fn *fn) {
    write_hook = fn;
}

void ae_output_set_link_hook(ae_output_link_fn *fn) {
    link_hook = fn;
}

// linkat's failures that mean "no hard links on this file system", not "the name is taken":
// EPERM (FAT), EOPNOTSUPP / ENOTSUP and ENOSYS (some network
// and FUSE file systems), EMLINK (emscripten's file system, the browser's, refuses every link
// so; the temporary file has one link, so it never means too many) and EXDEV (file systems that
// refuse links even within one folder, as some union and FUSE ones do).
static bool no_hard_links(int e) {
    return e == EPERM || e == ENOTSUP || e == EOPNOTSUPP || e == ENOSYS || e == EMLINK ||
           e == EXDEV;
}

// Closes what o holds and removes the temporary file. o->tmp is set only once the file is
// created, so a name that turned out to be taken is never removed. Releasing twice is harmless:
// a commit releases, and destroy releases again.
static void release(ae_output *o) {
    if (o->fd >= 0) close(o->fd);
    if (o->tmp) unlinkat(o->dir, o->tmp, 0);
    if (o->dir >= 0) close(o->dir);
    free(o->name);
    free(o->tmp);
    o->fd = o->dir = -1;
    o->name = o->tmp = NULL;
}

// Creates the temporary file in o->dir. Its name is ours to choose: the target's name with a
// suffix, or a short stem when that would pass the folder's limit on names. 0, or the errno of
// the failure (err says it).
static int create_tmp(ae_output *o, size_t name_max, ae_error *err) {
    enum { SUFFIX = 48 }; // ".tmp-" PID "-" attempt, with room to spare
    const char *stem = strlen(o->name) + SUFFIX <= name_max ? o->name : ".arena-output";
    size_t cap = strlen(stem) + SUFFIX;
    char *tmp = malloc(cap);
    if (!tmp) {
        ae_error_set(err, "out of memory");
        return ENOMEM;
    }
    // O_EXCL: an existing file of that name is never touched; the next number is tried. The
    // numbers start at 0 every time (no counter shared between threads): a name is taken only
    // while another output of this process to the same target is under way, or by a leftover.
    int e = EEXIST;
    for (int attempt = 0; attempt < 100 && e == EEXIST; attempt++) {
        snprintf(tmp, cap, "%s.tmp-%ld-%d", stem, (long)getpid(), attempt);
        o->fd = openat(o->dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        e = o->fd < 0 ? errno : 0;
    }
    if (e) {
        ae_error_set(err, "cannot create a file in its directory: %s", strerror(e));
        free(tmp);
        return e;
    }
    o->tmp = tmp;
    return 0;
}

// What check and create share: follows a symbolic link, opens the target's folder, refuses a
// target that exists and is not a regular file (or is too long a name), and creates the
// temporary file beside it. *st receives the target's status (st_mode 0 when it is absent).
// No path is copied into a fixed buffer: what the system cannot take is refused whole.
static bool open_target(ae_output *o, const char *path, struct stat *st, ae_error *err) {
    memset(o, 0, sizeof *o);
    o->fd = o->dir = -1;
    memset(st, 0, sizeof *st);
    if (!path[0]) {
        ae_error_set(err, "empty output path");
        return false;
    }
    bool ok = false;
    char *real = NULL, *dir = NULL;
    struct stat link;
    if (lstat(path, &link) == 0 && S_ISLNK(link.st_mode) && !(real = realpath(path, NULL))) {
        ae_error_set(err, "cannot follow the symbolic link: %s", strerror(errno));
        goto done;
    }
    const char *p = real ? real : path;
    const char *slash = strrchr(p, '/');
    dir = slash ? strndup(p, slash == p ? 1 : (size_t)(slash - p)) : strdup(".");
    o->name = strdup(slash ? slash + 1 : p);
    if (!dir || !o->name) {
        ae_error_set(err, "out of memory");
        goto done;
    }
    if (!o->name[0]) {
        struct stat d;
        bool is_dir = stat(p, &d) == 0 && S_ISDIR(d.st_mode);
        ae_error_set(err, "%s", is_dir ? "is a directory" : "ends with /, not a file name");
        goto done;
    }
    // Reasons never repeat the folder's name: the message names the whole path already, and a
    // long one would push the cause out of the one-line reason.
    o->dir = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (o->dir < 0) {
        int e = errno;
        if (e == ENOENT)
            ae_error_set(err, "its directory does not exist");
        else if (e == ENOTDIR)
            ae_error_set(err, "a part of its directory is not a directory");
        else
            ae_error_set(err, "cannot use its directory: %s", strerror(e));
        goto done;
    }
    long name_max = pathconf(dir, _PC_NAME_MAX);
    if (name_max <= 0) name_max = NAME_MAX;
    size_t len = strlen(o->name);
    if (len > (size_t)name_max) {
        ae_error_set(err, "file name too long (%zu bytes, at most %ld)", len, name_max);
        goto done;
    }
    if (fstatat(o->dir, o->name, st, AT_SYMLINK_NOFOLLOW) != 0) {
        memset(st, 0, sizeof *st);
        if (errno != ENOENT) {
            ae_error_set(err, "cannot inspect: %s", strerror(errno));
            goto done;
        }
    } else if (refusal_of(st)) {
        ae_error_set(err, "%s", refusal_of(st));
        goto done;
    }
    ok = create_tmp(o, (size_t)name_max, err) == 0;
done:
    free(real);
    free(dir);
    if (!ok) release(o);
    return ok;
}

// The target (status st, st_mode 0 when absent) is none of the inputs: the same device and
// inode, so another name for the same file (a hard or symbolic link) is found too.
static bool none_of_inputs(const struct stat *st, const char *const *inputs, int n, ae_error *err) {
    for (int i = 0; st->st_mode && i < n; i++) {
        struct stat in;
        if (inputs[i] && stat(inputs[i], &in) == 0 && in.st_dev == st->st_dev &&
            in.st_ino == st->st_ino) {
            ae_error_set(err, "would overwrite the input file %s", AE_QUOTED(inputs[i]));
            return false;
        }
    }
    return true;
}

bool ae_output_check(const char *path, const char *const *inputs, int n, ae_error *err) {
    ae_output o;
    struct stat st;
    if (!open_target(&o, path, &st, err)) return false;
    release(&o);
    return none_of_inputs(&st, inputs, n, err);
}

bool ae_output_check_inputs(const char *path, const char *const *inputs, int n, ae_error *err) {
    struct stat st;
    if (stat(path, &st) != 0) memset(&st, 0, sizeof st); // not there (yet): no input
    return none_of_inputs(&st, inputs, n, err);
}

ae_output *ae_output_create(const char *path, ae_error *err) {
    ae_output *o = ae_calloc(1, sizeof *o);
    if (!o) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    struct stat st;
    if (!open_target(o, path, &st, err)) {
        ae_free(o, sizeof *o);
        return NULL;
    }
    return o;
}

void ae_output_destroy(ae_output *o) {
    if (!o) return;
    release(o);
    ae_free(o, sizeof *o);
}

int ae_output_write_errno(const ae_output *o) {
    return o->write_errno;
}

bool ae_output_write(ae_output *o, const void *data, size_t size) {
    AE_ASSERT(o->tmp); // not committed yet
    const char *p = data;
    while (size > 0 && !o->write_errno) {
        ssize_t n = write_hook ? write_hook(o->fd, p, size) : write(o->fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            o->write_errno = n < 0 ? errno : EIO;
            break;
        }
        p += n;
        size -= (size_t)n;
    }
    return !o->write_errno;
}

// Flushes and closes the temporary file; 0 or the errno of the first failure (a full disk can
// show up at write, fsync or close).
static int finish_tmp(ae_output *o) {
    int e = o->write_errno;
    if (!e && fsync(o->fd) != 0) e = errno;
    if (close(o->fd) != 0 && !e) e = errno;
    o->fd = -1;
    return e;
}

bool ae_output_commit(ae_output *o, ae_error *err) {
    AE_ASSERT(o->tmp); // committed once
    int e = finish_tmp(o);
    // The target may have been replaced while the output was made: never rename over a FIFO, a
    // device or a directory that appeared there since the check.
    struct stat st;
    const char *refusal = NULL;
    if (!e && fstatat(o->dir, o->name, &st, AT_SYMLINK_NOFOLLOW) == 0) refusal = refusal_of(&st);
    if (!e && !refusal && renameat(o->dir, o->tmp, o->dir, o->name) != 0) e = errno;
    if (!e && !refusal) {
        free(o->tmp);
        o->tmp = NULL; // renamed: nothing to remove
        release(o);
        return true;
    }
    if (refusal)
        ae_error_set(err, "%s", refusal);
    else
        ae_error_set(err, "cannot write: %s", strerror(e));
    release(o);
    return false;
}

bool ae_output_save(const char *path, const void *data, size_t size, ae_error *err) {
    ae_output *o = ae_output_create(path, err);
    if (!o) return false;
    ae_output_write(o, data, size); // a failure is reported by the commit, with its cause
    const bool ok = ae_output_commit(o, err);
    ae_output_destroy(o);
    return ok;
}

bool ae_output_commit_new(ae_output *o, bool *taken, ae_error *err) {
    AE_ASSERT(o->tmp); // committed once
    int e = finish_tmp(o);
    if (!e && (link_hook ? link_hook(o->dir, o->tmp, o->dir, o->name)
                         : linkat(o->dir, o->tmp, o->dir, o->name, 0)) != 0) {
        e = errno;
        // No hard links here: claim the name with O_EXCL, then rename onto the claim, which is
        // ours. A name taken meanwhile fails the claim with EEXIST, as the link would.
        if (no_hard_links(e)) {
            int fd = openat(o->dir, o->name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
            e = fd < 0 ? errno : 0;
            if (fd >= 0) close(fd);
            if (!e && renameat(o->dir, o->tmp, o->dir, o->name) != 0) {
                e = errno;
                unlinkat(o->dir, o->name, 0); // the empty claim
            } else if (!e) {
                free(o->tmp);
                o->tmp = NULL; // renamed: nothing to remove
            }
        }
    }
    if (taken) *taken = e == EEXIST;
    if (e == EEXIST)
        ae_error_set(err, "already exists (it is never overwritten)");
    else if (e)
        ae_error_set(err, "cannot write: %s", strerror(e));
    release(o); // removes the temporary file (linked or not)
    return !e;
}

bool ae_output_check_empty_dir(const char *path, ae_error *err) {
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            ae_error_set(err, "does not exist");
        else
            ae_error_set(err, "cannot inspect: %s", strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        ae_error_set(err, "is not a directory");
        return false;
    }
    DIR *d = opendir(path);
    if (!d) {
        ae_error_set(err, "cannot read: %s", strerror(errno));
        return false;
    }
    bool empty = true;
    for (struct dirent *e; empty && (e = readdir(d));)
        empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
    closedir(d);
    if (!empty) {
        ae_error_set(err, "is not empty");
        return false;
    }
    // A file is made and removed, as ae_output_check does beside a target.
    ae_output o = {.fd = -1, .dir = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC)};
    int e = o.dir < 0 ? errno : 0;
    if (!e) {
        o.name = strdup(".arena-check");
        long name_max = pathconf(path, _PC_NAME_MAX);
        ae_error why; // speaks of "its directory": here the directory is the path itself
        e = o.name ? create_tmp(&o, name_max > 0 ? (size_t)name_max : NAME_MAX, &why) : ENOMEM;
    }
    if (e) ae_error_set(err, "cannot create a file in it: %s", strerror(e));
    release(&o);
    return !e;
}
