#include "arena/ae_collide.h"

#include <math.h>

bool ae_sweep_circles(vec2s a0, vec2s a1, float ra, vec2s b0, vec2s b1, float rb, float *toi) {
    // Relative motion: p(t) = p0 + t * d, with p the centre offset a - b.
    double px = (double)a0.x - (double)b0.x, py = (double)a0.y - (double)b0.y;
    double dx = ((double)a1.x - (double)a0.x) - ((double)b1.x - (double)b0.x);
    double dy = ((double)a1.y - (double)a0.y) - ((double)b1.y - (double)b0.y);
    double s = (double)ra + (double)rb;
    double c = px * px + py * py - s * s;
    if (c < 0.0) {
        if (toi) *toi = 0.0f;
        return true;
    }
    double a = dx * dx + dy * dy;
    double b = px * dx + py * dy;           // half the linear coefficient
    if (a == 0.0 || b >= 0.0) return false; // not moving, or moving apart
    double disc = b * b - a * c;
    // disc == 0 is a grazing touch: the distance reaches s but never drops below it.
    if (disc <= 0.0) return false;
    // First root (-b - sqrt(disc)) / a, written as c / (-b + sqrt(disc)): both terms of the
    // denominator are positive, so nothing cancels however fast the circles move.
    double t = c / (-b + sqrt(disc));
    if (t >= 1.0) return false;
    if (toi) *toi = (float)t;
    return true;
}

bool ae_sweep_circle_circle(vec2s p0, vec2s p1, float r, vec2s c, float rc, float *toi) {
    return ae_sweep_circles(p0, p1, r, c, c, rc, toi);
}
