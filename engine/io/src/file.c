// ae_file: input files (see ae_file.h). POSIX open, fstat, fcntl.
#include "arena/ae_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

ae_file_kind ae_file_kind_of(unsigned st_mode) {
    mode_t m = (mode_t)st_mode;
    return S_ISREG(m)                 ? AE_FILE_REGULAR
           : S_ISDIR(m)               ? AE_FILE_DIRECTORY
           : S_ISFIFO(m)              ? AE_FILE_FIFO
           : S_ISCHR(m) || S_ISBLK(m) ? AE_FILE_DEVICE
           : S_ISSOCK(m)              ? AE_FILE_SOCKET
                                      : AE_FILE_OTHER;
}

const char *ae_file_refusal(ae_file_kind kind) {
    static const char *const reasons[] = {
        [AE_FILE_NONE] = NULL,
        [AE_FILE_REGULAR] = NULL,
        [AE_FILE_DIRECTORY] = "is a directory",
        [AE_FILE_FIFO] = "is a FIFO",
        [AE_FILE_DEVICE] = "is a device",
        [AE_FILE_SOCKET] = "is a socket",
        [AE_FILE_OTHER] = "is not a regular file",
    };
    return reasons[kind];
}

// The refusal for what st describes, or NULL for a regular file.
static const char *refusal_of(const struct stat *st) {
    return ae_file_refusal(ae_file_kind_of((unsigned)st->st_mode));
}

int ae_file_open(const char *path, uint64_t *size, ae_error *err) {
    // A first look by name keeps devices (a tape, a serial port) from being opened at all; the
    // fstat below is the check that counts.
    struct stat st;
    const char *refusal;
    if (stat(path, &st) == 0 && (refusal = refusal_of(&st))) {
        ae_error_set(err, "%s", refusal);
        return -1;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        ae_error_set(err, "cannot open: %s", strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0) {
        ae_error_set(err, "cannot inspect: %s", strerror(errno));
        close(fd);
        return -1;
    }
    if ((refusal = refusal_of(&st))) {
        ae_error_set(err, "%s", refusal);
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        ae_error_set(err, "cannot open: %s", strerror(errno));
        close(fd);
        return -1;
    }
    *size = (uint64_t)st.st_size;
    return fd;
}

// Reads up to n bytes, retrying short reads and interruptions; returns the count or -1.
static ssize_t read_full(int fd, uint8_t *buf, size_t n) {
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -1;
        if (r == 0) break;
        got += (size_t)r;
    }
    return (ssize_t)got;
}

bool ae_file_read(const char *path, size_t max_bytes, uint8_t **data, size_t *size, ae_error *err) {
    *data = NULL;
    *size = 0;
    uint64_t expected;
    int fd = ae_file_open(path, &expected, err);
    if (fd < 0) return false;
    if (expected > max_bytes) {
        ae_error_set(err, "file too large: %llu bytes (at most %zu)", (unsigned long long)expected,
                     max_bytes);
        close(fd);
        return false;
    }
    size_t n = (size_t)expected;
    uint8_t *buf = n ? ae_alloc(n) : NULL;
    if (n && !buf) {
        ae_error_set(err, "out of memory for a %zu-byte file", n);
        close(fd);
        return false;
    }
    // One byte past the size fstat gave tells a file that grew since from one that did not.
    uint8_t extra;
    ssize_t got = read_full(fd, buf, n);
    ssize_t more = got == (ssize_t)n ? read_full(fd, &extra, 1) : 0;
    int e = errno;
    close(fd);
    if (got < 0 || more < 0) {
        ae_error_set(err, "read error: %s", strerror(e));
    } else if ((size_t)got != n || more != 0) {
        ae_error_set(err, "file changed while it was read");
    } else {
        *data = buf;
        *size = n;
        return true;
    }
    if (buf) ae_free(buf, n);
    return false;
}
