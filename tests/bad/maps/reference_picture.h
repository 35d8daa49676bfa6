/// The reference heightmap of the bad-map suite: 24 x 16 pixels with walls, open floor, grey
/// levels on both sides of the 50% threshold (127 is wall, 128 free) and bright pixels whose
/// alpha is 0, 127 (walls) or 128 (free). Every form in formats/ stores this picture.
#ifndef REFERENCE_PICTURE_H
#define REFERENCE_PICTURE_H

#include <stdbool.h>
#include <stdint.h>

enum { REF_W = 24, REF_H = 16 };

/// Grey level and alpha of pixel (x, y).
static inline void ref_pixel(int x, int y, uint8_t *grey, uint8_t *alpha) {
    static const uint8_t top[4] = {127, 128, 100, 200}, bottom[4] = {0, 127, 128, 255};
    int block = (x - 3) / 5, bx = (x - 3) % 5;
    bool in_block = x >= 3 && bx < 4 && block < 4;
    *grey = 255;
    *alpha = 255;
    if (x == 0 || y == 0 || x == REF_W - 1 || y == REF_H - 1 || (x + 2 * y) % 11 == 0)
        *grey = 0;
    else if (in_block && y >= 3 && y <= 6)
        *grey = top[block];
    else if (in_block && y >= 9 && y <= 12)
        *alpha = bottom[block];
}

/// The loader's rule: free when luminance and alpha are both above 50%.
static inline bool ref_free(int x, int y) {
    uint8_t g, a;
    ref_pixel(x, y, &g, &a);
    return g > 127 && a >= 128;
}

#endif
