// The saved replays of a folder, newest first, each checked by its header (replay_list.h).
#include "replay_list.h"

#include "arena/rp_format.h"
#include "arena/rp_replay.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_replay_name(const char *name) {
    const size_t n = strlen(name);
    return n > 4 && n < REPLAY_LIST_NAME && !strcmp(name + n - 4, ".arp") && name[0] != '.';
}

/// Newer first; the same second: the later name first ("-2" after the first).
static int newer_first(const void *pa, const void *pb) {
    const replay_entry *a = pa, *b = pb;
    if (a->mtime != b->mtime) return a->mtime > b->mtime ? -1 : 1;
    return -strcmp(a->name, b->name);
}

/// The header check of the file at path (size bytes): its first bytes only.
static void check(const char *path, replay_entry *e) {
    uint8_t head[RP_HEADER_SIZE];
    ae_error err;
    // O_NONBLOCK: a file swapped for a FIFO since the listing never holds the game up.
    const int fd = open(path, O_RDONLY | O_NONBLOCK);
    ssize_t got = fd >= 0 ? read(fd, head, sizeof head) : -1;
    if (fd >= 0) close(fd);
    if (got < 0) {
        e->damaged = true;
        snprintf(e->reason, sizeof e->reason, "cannot read: %s", strerror(errno));
        return;
    }
    if (!rp_replay_check_head(head, e->size < (uint64_t)got ? (uint64_t)got : e->size, &err)) {
        e->damaged = true;
        snprintf(e->reason, sizeof e->reason, "%.*s", (int)sizeof e->reason - 1, err.msg);
    }
}

bool replay_list_read(replay_list *l, const char *folder, ae_error *err) {
    memset(l, 0, sizeof *l);
    DIR *d = opendir(folder);
    if (!d) {
        if (errno == ENOENT) return true; // nothing saved yet
        ae_error_set(err, "cannot read %s: %s", folder, strerror(errno));
        return false;
    }
    // Every replay is looked at; past REPLAY_LIST_MAX the oldest listed makes way.
    const size_t flen = strlen(folder);
    const char *slash = flen && folder[flen - 1] != '/' ? "/" : "";
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const size_t nlen = strlen(de->d_name);
        // A name too long to list whole is left out: a cut one would open another file.
        if (!is_replay_name(de->d_name) || nlen >= REPLAY_LIST_NAME) continue;
        char path[4096 + REPLAY_LIST_NAME];
        snprintf(path, sizeof path, "%s%s%s", folder, slash, de->d_name);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        replay_entry e = {0};
        memcpy(e.name, de->d_name, nlen + 1);
        e.mtime = (int64_t)st.st_mtime;
        e.size = (uint64_t)st.st_size;
        if (l->count == REPLAY_LIST_MAX) {
            qsort(l->entry, (size_t)l->count, sizeof l->entry[0], newer_first);
            l->more++;
            if (newer_first(&e, &l->entry[l->count - 1]) > 0) continue; // older than all kept
            l->count--;
        }
        check(path, &e);
        l->entry[l->count++] = e;
    }
    closedir(d);
    qsort(l->entry, (size_t)l->count, sizeof l->entry[0], newer_first);
    return true;
}
