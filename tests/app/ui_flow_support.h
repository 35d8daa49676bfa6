/// The windowed game driven like a player would (test_ui_flow.c, test_ui_touch.c): the one app
/// under test, SDL events pushed into its real frame loop, menus found by their labels, pictures
/// of the screen (kept in the build folder as ui_flow_*.png) and what they show.
#ifndef ARENA_UI_FLOW_SUPPORT_H
#define ARENA_UI_FLOW_SUPPORT_H

#include "app.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

/// The game under test (one window per test case).
extern app a;

void frames(int n);
Uint32 window_id(void);
void push_motion(float x, float y);
void push_button(float x, float y, bool down, Uint8 button);
void key(SDL_Keycode sym, SDL_Scancode sc);
/// A key pressed and released with modifiers held (KMOD_LCTRL...) in the events.
void key_mod(SDL_Keycode sym, SDL_Scancode sc, Uint16 mod);
bool find_item(const char *label, SDL_FRect *r, int *index);
void push_wheel(int y);
bool scroll_to(const char *label, SDL_FRect *r);
bool click_item_at(const char *label, float fx, float fy);
bool click_item(const char *label);
SDL_Surface *picture(const char *name);
SDL_Color pixel(const SDL_Surface *s, int x, int y);
bool highlighted_in(const SDL_Surface *s, const char *label);
double differing(const SDL_Surface *x, const SDL_Surface *y);
double differing_below(const SDL_Surface *x, const SDL_Surface *y, int from);
int note_top(void);
bool banner_shown(const SDL_Surface *s);
void fast_forward(bool to_end);
void to_results(void);
void empty_folder(const char *dir);
bool same_bytes(const char *path, const uint8_t *data, size_t size);
bool plays_back_ok(const char *path);
bool open_small_match(void);

#endif
