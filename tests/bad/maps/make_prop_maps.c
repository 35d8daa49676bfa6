// The props/ part of the fixture generator: maps at the limits of breakable walls and doors
// (prop_pictures.h), as RGB PNGs in the colours of ae_grid_cell_color, and a grey JPEG whose
// walls carry a fringe of grey noise.
#include "make_bad_maps.h"

#include "jpeg_writer.h"
#include "png_writer.h"
#include "prop_pictures.h"

#include <stdlib.h>

void prop_fixtures(void) {
    for (int m = 0; m < PM_COUNT; m++) {
        const int w = prop_maps[m].width, h = prop_maps[m].height;
        uint8_t *rgb = malloc((size_t)w * (size_t)h * 3), *png;
        if (!rgb) {
            failures++;
            return;
        }
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                ae_grid_cell_color(prop_map_cell(m, x, y),
                                   rgb + 3 * ((size_t)y * (size_t)w + (size_t)x));
        save_and_free(prop_maps[m].file, &png,
                      png_encode(&(png_spec){w, h, 2, 8, rgb, NULL, 0, NULL, 0}, &png));
        free(rgb);
    }
    static uint8_t grey[NOISE_W * NOISE_H];
    for (int y = 0; y < NOISE_H; y++)
        for (int x = 0; x < NOISE_W; x++) grey[y * NOISE_W + x] = noise_grey(x, y);
    uint8_t *jpeg;
    save_and_free("props/jpeg-grey-noise.jpg", &jpeg,
                  jpeg_encode(&(jpeg_spec){NOISE_W, NOISE_H, grey, 1, 100, false, 0, 0}, &jpeg));
}
