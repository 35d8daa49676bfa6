/// The shipped maps the title screen and the settings offer, by name (assets/maps/NAME.map). A
/// leaf, so that the settings file's reader needs nothing above it.
#ifndef ARENA_APP_MAPS_H
#define ARENA_APP_MAPS_H

#define APP_MAP_COUNT 4
/// The first is the default.
extern const char *const app_maps[APP_MAP_COUNT];

#endif
