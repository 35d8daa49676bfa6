// The shipped maps (see app_maps.h).
#include "app_maps.h"

const char *const app_maps[APP_MAP_COUNT] = {"arena", "ruins", "islands", "large"};
