// What the parts of the fixture generator share (make_bad_maps.c holds main and the PNG forms;
// make_png_chunks.c, make_bmp_gif.c, make_jpeg_maps.c and make_prop_maps.c the rest).
#ifndef MAKE_BAD_MAPS_H
#define MAKE_BAD_MAPS_H

#include "reference_picture.h"

#include <stddef.h>
#include <stdint.h>

enum { N = REF_W * REF_H };

/// The output folder (fixtures go in it, forms in its formats/ folder) and the count of files
/// that could not be written.
extern const char *out_dir;
extern int failures;

/// Writes a fixture, NAME relative to out_dir.
void save(const char *name, const void *data, size_t len);
/// Saves and frees *data. It takes the pointer's address so that a call can encode in its
/// length argument: `save_and_free(name, &png, png_encode(&spec, &png))`.
void save_and_free(const char *name, uint8_t **data, size_t len);

/// How a form shows the picture's alpha.
typedef enum alpha_mode {
    FLATTEN, ///< no alpha: pixels under 50% alpha drawn black
    BINARY,  ///< one transparent colour: pixels under 50% alpha are transparent, others opaque
    FULL,    ///< an alpha channel
} alpha_mode;

/// Grey level and alpha of picture pixel i (row-major) as a form with that alpha mode shows it.
void pixel(int i, alpha_mode mode, uint8_t *g, uint8_t *a);
/// The sample bytes of the picture for a PNG colour type and depth. Transparent pixels of BINARY
/// forms take `key` (a grey level or an RGB grey the picture never uses otherwise).
void samples(int ctype, int depth, alpha_mode mode, uint8_t key, uint8_t *out);
/// RGBA bytes of the picture with the given alpha handling.
void rgba_picture(alpha_mode mode, uint8_t *out);
/// The base of the damaged PNGs: the picture as 8-bit grey; returns the length, *out malloc'd.
size_t base_png(uint8_t **out);

/// The generator's parts.
void chunk_fixtures(void); ///< PNG chunks: ancillary trouble that loads, chunk rules refused
void bmp_fixtures(void);   ///< BMP forms and damaged BMPs
void gif_fixtures(void);   ///< GIF forms and damaged GIFs
void jpeg_fixtures(void);  ///< JPEG forms and damaged JPEGs
void prop_fixtures(void);  ///< props/: maps at the limits of breakable walls and doors

#endif
