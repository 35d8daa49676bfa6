// ae_output: whole-or-nothing output files (see ae_output.h). POSIX: open(O_EXCL) and rename.
#define _POSIX_C_SOURCE 200809L

#include "arena/ae_output.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

bool ae_output_begin(ae_output *o, const char *path, ae_error *err) {
    memset(o, 0, sizeof *o);
    size_t len = strlen(path);
    if (len >= sizeof o->path || len + 32 >= sizeof o->tmp) {
        ae_error_set(err, "path too long");
        return false;
    }
    memcpy(o->path, path, len + 1);
    // O_EXCL with a fresh name per try rather than mkstemp: mkstemp's files are private (0600),
    // while an output should get the usual permissions (0666 less the umask), as fopen gives.
    static unsigned counter;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
        snprintf(o->tmp, sizeof o->tmp, "%s.tmp-%ld-%u", path, (long)getpid(), counter++);
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        ae_error_set(err, "cannot create a file beside it: %s", strerror(errno));
        o->tmp[0] = '\0';
        return false;
    }
    o->file = fdopen(fd, "wb");
    if (!o->file) {
        ae_error_set(err, "cannot write: %s", strerror(errno));
        close(fd);
        remove(o->tmp);
        o->tmp[0] = '\0';
        return false;
    }
    return true;
}

bool ae_output_commit(ae_output *o, ae_error *err) {
    errno = 0;
    bool written = !ferror(o->file) && fflush(o->file) == 0;
    int e = errno;
    if (fclose(o->file) != 0 && written) written = false, e = errno;
    o->file = NULL;
    if (written && rename(o->tmp, o->path) == 0) return true;
    if (written) e = errno;
    remove(o->tmp);
    ae_error_set(err, "cannot write: %s", e ? strerror(e) : "write error");
    return false;
}

void ae_output_abort(ae_output *o) {
    if (o->file) fclose(o->file);
    o->file = NULL;
    if (o->tmp[0]) remove(o->tmp);
}
