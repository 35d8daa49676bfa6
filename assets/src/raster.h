/// A tiny software rasteriser for the art generator: anti-aliased shapes drawn from signed
/// distance functions onto a float RGBA canvas, with gradients, outlines, soft shadows and
/// tileable value noise. Deterministic: no hidden state, no clock, no rand().
///
/// Drawing happens in a "cell": rs_cell() sets an origin and a clip rectangle, so each sprite
/// is drawn in its own local coordinates (pixel centres at +0.5) and cannot bleed into its
/// neighbours. Colours are straight-alpha floats in [0, 1]; the canvas stores premultiplied.
#ifndef ART_RASTER_H
#define ART_RASTER_H

#include <stdbool.h>
#include <stdint.h>

/// A straight-alpha colour, components in [0, 1].
typedef struct rs_color {
    float r, g, b, a; ///< red, green, blue, opacity
} rs_color;

/// An RGBA float canvas (premultiplied) with a current cell (origin and clip).
typedef struct rs_canvas {
    int w, h;   ///< size in pixels
    float *px;  ///< w * h * 4 premultiplied floats, row-major
    int ox, oy; ///< origin of the current cell in canvas pixels
    int cw, ch; ///< size of the current cell (drawing is clipped to it)
} rs_canvas;

/// Shape kinds; every shape is a signed distance function (negative inside, in pixels).
typedef enum rs_kind {
    RS_CIRCLE,  ///< centre (x, y), radius rx
    RS_ELLIPSE, ///< centre (x, y), radii rx, ry, rotated by angle
    RS_RRECT,   ///< centre (x, y), half sizes rx, ry, corner radius r, rotated by angle
    RS_CAPSULE, ///< segment (x, y)-(x2, y2), radius r
    RS_RING,    ///< centre (x, y), radius rx, half thickness r
    RS_POLY,    ///< polygon of n points (any winding), corners rounded by r
} rs_kind;

#define RS_POLY_MAX 16

/// A shape; fill it through rs_circle() and friends or set the fields directly.
typedef struct rs_shape {
    rs_kind kind;              ///< which distance function
    float x, y, x2, y2;        ///< centre or first point; second point (capsule)
    float rx, ry, r;           ///< radii / half sizes; corner or capsule radius
    float angle;               ///< rotation in radians (ellipse, rrect)
    int n;                     ///< polygon point count
    float pts[RS_POLY_MAX][2]; ///< polygon points
    bool clip;                 ///< when set, keep only where dot(p, (cnx, cny)) <= cd
    float cnx, cny, cd;        ///< clip half-plane
} rs_shape;

/// How a paint combines with what is already on the canvas.
typedef enum rs_blend {
    RS_OVER,  ///< normal alpha compositing
    RS_ATOP,  ///< only where the canvas already has coverage (keeps its alpha)
    RS_ERASE, ///< removes coverage (the colour is ignored)
    RS_UNDER, ///< behind what is already there
} rs_blend;

/// Paint kinds.
typedef enum rs_paint_kind {
    RS_SOLID,  ///< colour a
    RS_LINEAR, ///< a at (x0, y0) to b at (x1, y1)
    RS_RADIAL, ///< a at (x0, y0) to b at distance |(x1, y1) - (x0, y0)|
} rs_paint_kind;

/// A paint: colour source and blend mode.
typedef struct rs_paint {
    rs_paint_kind kind;   ///< solid, linear or radial
    rs_color a, b;        ///< first and second colour
    float x0, y0, x1, y1; ///< gradient geometry (cell coordinates)
    rs_blend blend;       ///< compositing mode
} rs_paint;

/// A canvas of w x h transparent pixels (aborts when out of memory); the cell is the whole canvas.
rs_canvas rs_canvas_make(int w, int h);
/// Frees the pixels.
void rs_canvas_free(rs_canvas *c);
/// Sets the current cell: origin (x, y) and clip size (w, h) in canvas pixels.
void rs_cell(rs_canvas *c, int x, int y, int w, int h);

/// Colour from 0xRRGGBB and an opacity.
rs_color rs_hex(uint32_t rgb, float a);
/// Linear blend of two colours (t = 0 gives a).
rs_color rs_mix(rs_color a, rs_color b, float t);
/// Colour scaled towards black (k < 1) or white (k > 1 lifts by k - 1 towards white).
rs_color rs_shade(rs_color c, float k);

/// Shape constructors.
rs_shape rs_circle(float x, float y, float r);
rs_shape rs_ellipse(float x, float y, float rx, float ry, float angle);
rs_shape rs_rrect(float x, float y, float hw, float hh, float corner, float angle);
rs_shape rs_capsule(float x0, float y0, float x1, float y1, float r);
rs_shape rs_ring(float x, float y, float radius, float half_thickness);
/// Polygon from n points given as x0, y0, x1, y1, ...
rs_shape rs_poly(int n, const float *xy, float corner);
/// Restricts a shape to the half-plane dot(p, (nx, ny)) <= d (n need not be unit length).
rs_shape rs_clipped(rs_shape s, float nx, float ny, float d);

/// Signed distance from cell point (px, py) to the shape (negative inside).
float rs_distance(const rs_shape *s, float px, float py);

/// Paint constructors.
rs_paint rs_solid(rs_color c);
rs_paint rs_linear(rs_color a, float x0, float y0, rs_color b, float x1, float y1);
rs_paint rs_radial(rs_color a, float x, float y, rs_color b, float radius);
/// The same paint with another blend mode.
rs_paint rs_with_blend(rs_paint p, rs_blend blend);

/// Fills the shape grown by `grow` pixels with an edge `soft` pixels wide (1 = anti-aliased).
void rs_fill(rs_canvas *c, const rs_shape *s, const rs_paint *p, float grow, float soft);
/// Fills the shape with an outline of colour `line` and width `width` around it.
void rs_fill_outlined(rs_canvas *c, const rs_shape *s, const rs_paint *p, rs_color line,
                      float width);
/// Composites colour `col` with coverage `cov` onto cell pixel (x, y) (clipped).
void rs_plot(rs_canvas *c, int x, int y, rs_color col, float cov, rs_blend blend);

/// Adds a soft drop shadow under the current cell's content: its alpha, shifted by (dx, dy),
/// box-blurred with radius `blur` (two passes) and scaled by `alpha`.
void rs_drop_shadow(rs_canvas *c, int dx, int dy, int blur, float alpha);
/// Replaces the colour of every pixel of the current cell by `col`, keeping its alpha.
void rs_flatten(rs_canvas *c, rs_color col);
/// Copies the current cell's pixels to the cell at canvas position (x, y).
void rs_copy_cell(rs_canvas *c, int x, int y);

/// Tileable value noise: a lattice of random values with a period in lattice steps.
typedef struct rs_noise {
    int period; ///< lattice size (the noise repeats every `period` units)
    float *v;   ///< period * period values in [0, 1)
} rs_noise;

/// Lattice of period x period values drawn from PCG32 with the given seed.
rs_noise rs_noise_make(int period, uint64_t seed);
/// Frees the lattice.
void rs_noise_free(rs_noise *n);
/// Smooth noise in [0, 1) at (x, y) in lattice units; repeats every `period` units.
float rs_noise_at(const rs_noise *n, float x, float y);
/// Fractal sum of `octaves` octaves (each twice the frequency, half the weight), in [0, 1).
/// Stays tileable because every octave's frequency is an integer multiple.
float rs_fbm(const rs_noise *n, float x, float y, int octaves);

/// Writes the canvas as an RGBA8 buffer (straight alpha), 4 * w * h bytes, rounded.
void rs_to_rgba8(const rs_canvas *c, uint8_t *out);

#endif
