// A network namespace of net-load's own (load_netns.h).
#define _GNU_SOURCE
#include "load_netns.h"

#include <errno.h>
#include <net/if.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static bool loopback_up(char *why, size_t why_size) {
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(why, why_size, "socket: %s", strerror(errno));
        return false;
    }
    struct ifreq ifr = {0};
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "lo");
    bool ok = ioctl(fd, SIOCGIFFLAGS, &ifr) == 0;
    if (ok) {
        ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
        ok = ioctl(fd, SIOCSIFFLAGS, &ifr) == 0;
    }
    if (!ok) snprintf(why, why_size, "bringing lo up: %s", strerror(errno));
    close(fd);
    return ok;
}

bool load_netns_enter(char *why, size_t why_size) {
    if (unshare(CLONE_NEWNET) != 0) {
        const int first = errno;
        // Without CAP_SYS_ADMIN: a user namespace of its own brings the capability inside it.
        if (unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0) {
            snprintf(why, why_size, "no network namespace (%s; in a user namespace: %s)",
                     strerror(first), strerror(errno));
            return false;
        }
    }
    return loopback_up(why, why_size);
}
