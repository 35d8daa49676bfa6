/// The F1 help: every control of the device player 1 plays with (keyboard and mouse, a pad, or
/// touch) and the debug overlays, drawn above everything else.
#ifndef ARENA_HELP_VIEW_H
#define ARENA_HELP_VIEW_H

#include "camera.h"
#include "gfx.h"
#include "input.h"

typedef enum help_device { HELP_KEYBOARD, HELP_PAD, HELP_TOUCH } help_device;

/// The device whose controls the help lists: the one player 1 used last.
help_device help_device_of(const input_state *in);

#define HELP_MAX_LINES 40
/// One control: what it does and how, for the given device.
typedef struct help_line {
    char what[40];
    char how[200];
} help_line;

/// Fills lines with the device's controls (the replay theatre's when `theatre`); returns how many.
int help_lines(const input_state *in, help_device d, bool theatre, help_line *lines, int max);
/// Draws the help over the whole screen; `overlays_on`: bit k is overlay k switched on.
void help_view_draw(gfx *g, const camera *c, const input_state *in, bool theatre,
                    unsigned overlays_on);

#endif
