/// arena-bench net-load's own network: a network namespace with nothing in it but a loopback
/// that is up, so a thousand connections neither meet the machine's other traffic nor take its
/// ports. What the process starts afterwards (the servers) shares it.
#ifndef LOAD_NETNS_H
#define LOAD_NETNS_H

#include <stdbool.h>
#include <stddef.h>

/// Moves this process into a new network namespace (as root, or inside a new user namespace when
/// the system lets an unprivileged user make one) and brings its loopback up. Call it before any
/// thread or socket exists. False with why when it cannot: the machine's loopback is used then.
bool load_netns_enter(char *why, size_t why_size);

#endif
