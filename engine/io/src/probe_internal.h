// What the image probe's per-format checks share (image_probe.c dispatches to them): byte
// readers and the list of spans handed to the decoder.
#ifndef AE_PROBE_INTERNAL_H
#define AE_PROBE_INTERNAL_H

#include "arena/ae_grid.h"
#include "arena/ae_image_probe.h"

static inline uint32_t probe_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline uint32_t probe_le32(const uint8_t *p) {
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}
static inline unsigned probe_be16(const uint8_t *p) {
    return (unsigned)p[0] << 8 | p[1];
}
static inline unsigned probe_le16(const uint8_t *p) {
    return (unsigned)p[1] << 8 | p[0];
}

/// Appends bytes [offset, offset + length) to what the decoder reads, joining it to the previous
/// span when they touch. The formats' rules bound the count (AE_IMAGE_MAX_SPANS).
void probe_add_span(ae_image_info *info, size_t offset, size_t length);

/// Each checks one format after image_probe.c has recognised its signature; `info` holds the
/// format, the rest is filled in here (size, frame, decode spans).
bool probe_png(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err);
bool probe_bmp(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err);
bool probe_gif(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err);
bool probe_jpeg(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err);

#endif
