// Inspection of image files before a decoder sees them: the format by its magic bytes, the file
// name's agreement with it, then the format's own checks (probe_png.c, probe_bmp.c, probe_gif.c,
// probe_jpeg.c).
#include "probe_internal.h"

#include <string.h>

static const char *format_name(ae_image_format f) {
    switch (f) {
    case AE_IMAGE_PNG:
        return "PNG";
    case AE_IMAGE_BMP:
        return "BMP";
    case AE_IMAGE_GIF:
        return "GIF";
    case AE_IMAGE_JPEG:
        return "JPEG";
    }
    return "?";
}

static int extension_format(const char *name) {
    const char *dot = name ? strrchr(name, '.') : NULL;
    if (!dot) return -1;
    char ext[8] = {0};
    for (size_t i = 0; i < sizeof ext - 1 && dot[1 + i]; i++) {
        char c = dot[1 + i];
        ext[i] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    if (!strcmp(ext, "png")) return AE_IMAGE_PNG;
    if (!strcmp(ext, "bmp")) return AE_IMAGE_BMP;
    if (!strcmp(ext, "gif")) return AE_IMAGE_GIF;
    if (!strcmp(ext, "jpg") || !strcmp(ext, "jpeg")) return AE_IMAGE_JPEG;
    return -1;
}

void probe_add_span(ae_image_info *info, size_t offset, size_t length) {
    if (info->decode_count > 0) {
        ae_byte_span *last = &info->decode[info->decode_count - 1];
        if (last->offset + last->length == offset) {
            last->length += length;
            return;
        }
    }
    AE_ASSERT(info->decode_count < AE_IMAGE_MAX_SPANS);
    info->decode[info->decode_count++] = (ae_byte_span){offset, length};
}

static bool probe_format(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err) {
    switch (info->format) {
    case AE_IMAGE_PNG:
        return probe_png(d, len, info, err);
    case AE_IMAGE_BMP:
        return probe_bmp(d, len, info, err);
    case AE_IMAGE_GIF:
        return probe_gif(d, len, info, err);
    case AE_IMAGE_JPEG:
        return probe_jpeg(d, len, info, err);
    }
    return false;
}

bool ae_image_probe(const uint8_t *d, size_t len, const char *name, ae_image_info *info,
                    ae_error *err) {
    memset(info, 0, sizeof *info);
    if (len == 0) {
        ae_error_set(err, "empty file");
        return false;
    }
    static const uint8_t png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (len >= 8 && !memcmp(d, png_sig, 8)) {
        info->format = AE_IMAGE_PNG;
    } else if (len >= 2 && d[0] == 'B' && d[1] == 'M') {
        info->format = AE_IMAGE_BMP;
    } else if (len >= 6 && (!memcmp(d, "GIF87a", 6) || !memcmp(d, "GIF89a", 6))) {
        info->format = AE_IMAGE_GIF;
    } else if (len >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF) {
        info->format = AE_IMAGE_JPEG;
    } else if (len >= 4 && !memcmp(d, "\x89PNG", 4)) {
        ae_error_set(err, "corrupt PNG (damaged signature)");
        return false;
    } else {
        ae_error_set(err, "not an image (unknown format; expected PNG, BMP, GIF, JPEG or .map)");
        return false;
    }
    int named = extension_format(name);
    if (named >= 0 && named != (int)info->format) {
        ae_error_set(err, "file holds %s data but its name says %s", format_name(info->format),
                     format_name((ae_image_format)named));
        return false;
    }
    if (!probe_format(d, len, info, err)) return false;
    if (info->frame_width == 0) { // the picture covers the map
        info->frame_width = info->width;
        info->frame_height = info->height;
    }
    if (info->decode_count == 0) probe_add_span(info, 0, len);
    return true;
}
