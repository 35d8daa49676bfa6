// The JPEG check: walks every marker segment and, after each start-of-scan, the entropy-coded
// data up to the next marker (skipping stuffed 0xFF00 bytes and restart markers), until the
// end-of-image marker. libjpeg pads a file that ends early with gray and only warns (SDL2_image
// hides the warning), so a half-saved JPEG would load as a different map; here a file without
// its end-of-image marker is refused. What libjpeg 6.2 cannot decode is refused by name.
#include "probe_internal.h"

#include <string.h>

/// Scans a file may hold. Encoders write 1 (baseline) to about 10 (progressive); each scan of a
/// progressive file costs the decoder a pass over the whole image, so a small file of thousands
/// of scans could take seconds.
enum { MAX_SCANS = 256 };

enum {
    SOF0 = 0xC0, // baseline; C1 extended, C2 progressive, C9 and CA the same arithmetic-coded
    DHT = 0xC4,
    JPG = 0xC8,
    DAC = 0xCC,
    RST0 = 0xD0,
    RST7 = 0xD7,
    SOI = 0xD8,
    EOI = 0xD9,
    SOS = 0xDA,
    TEM = 0x01,
};

/// Checks a frame header (SOFn, n in 0..15 but not DHT, JPG, DAC) and the size it declares.
static bool check_frame(unsigned marker, const uint8_t *seg, unsigned n, ae_image_info *info,
                        ae_error *err) {
    const unsigned kind = marker & 0x0F;
    if (kind == 3 || kind == 7 || kind == 11 || kind == 15) {
        ae_error_set(err, "unsupported JPEG (lossless)");
        return false;
    }
    if (kind == 5 || kind == 6 || kind == 13 || kind == 14) {
        ae_error_set(err, "unsupported JPEG (hierarchical)");
        return false;
    }
    if (n < 6 || n != 6 + 3u * seg[5]) {
        ae_error_set(err, "corrupt JPEG (frame header of %u bytes)", n + 2);
        return false;
    }
    info->height = (int)probe_be16(seg + 1);
    info->width = (int)probe_be16(seg + 3);
    if (!ae_grid_check_size(info->width, info->height, err)) return false;
    if (seg[0] != 8) {
        ae_error_set(err, "unsupported JPEG (%u-bit samples)", seg[0]);
        return false;
    }
    // Grey, YCbCr (or RGB) and CMYK: the colour spaces SDL2_image converts.
    if (seg[5] != 1 && seg[5] != 3 && seg[5] != 4) {
        ae_error_set(err, "unsupported JPEG (%u colour components)", seg[5]);
        return false;
    }
    return true;
}

/// Skips the entropy-coded data that follows a scan header at pos; returns the offset of the
/// marker that ends it, or 0 when the file ends first.
static size_t skip_scan_data(const uint8_t *d, size_t len, size_t pos) {
    while (pos < len) {
        const uint8_t *ff = memchr(d + pos, 0xFF, len - pos);
        if (!ff) return 0;
        size_t at = (size_t)(ff - d);
        if (at + 1 >= len) return 0;
        const uint8_t next = d[at + 1];
        if (next == 0x00 || (next >= RST0 && next <= RST7))
            pos = at + 2; // a stuffed 0xFF data byte, or a restart marker inside the scan
        else if (next == 0xFF)
            pos = at + 1; // fill bytes before a marker
        else
            return at;
    }
    return 0;
}

bool probe_jpeg(const uint8_t *d, size_t len, ae_image_info *info, ae_error *err) {
    size_t pos = 2;
    bool frame = false;
    int scans = 0;
    while (pos + 2 <= len) {
        if (d[pos] != 0xFF) {
            ae_error_set(err, "corrupt JPEG (no marker at byte %zu)", pos);
            return false;
        }
        if (d[pos + 1] == 0xFF) { // fill byte
            pos++;
            continue;
        }
        const unsigned marker = d[pos + 1];
        pos += 2;
        if (marker == EOI) {
            if (!frame) break;
            if (!scans) {
                ae_error_set(err, "corrupt JPEG (no image data before its end)");
                return false;
            }
            return true; // bytes after the end are never read
        }
        if (marker == TEM || (marker >= RST0 && marker <= RST7)) continue; // no segment
        if (marker == SOI || marker == 0x00) {
            ae_error_set(err, "corrupt JPEG (unexpected marker 0xFF%02X at byte %zu)", marker,
                         pos - 2);
            return false;
        }
        if (pos + 2 > len) break;
        const unsigned seglen = probe_be16(d + pos);
        if (seglen < 2) {
            ae_error_set(err, "corrupt JPEG (segment length %u at byte %zu)", seglen, pos);
            return false;
        }
        if (seglen > len - pos) break;
        const uint8_t *seg = d + pos + 2;
        const unsigned n = seglen - 2;
        const bool sof =
            marker >= SOF0 && marker <= 0xCF && marker != DHT && marker != JPG && marker != DAC;
        if (sof) {
            if (frame) {
                ae_error_set(err, "corrupt JPEG (a second frame header)");
                return false;
            }
            if (!check_frame(marker, seg, n, info, err)) return false;
            frame = true;
        }
        pos += seglen;
        if (marker == SOS) {
            if (!frame) {
                ae_error_set(err, "corrupt JPEG (image data before the frame header)");
                return false;
            }
            if (++scans > MAX_SCANS) {
                ae_error_set(err, "JPEG has too many scans (more than %d)", MAX_SCANS);
                return false;
            }
            pos = skip_scan_data(d, len, pos);
            if (!pos) break;
        }
    }
    if (!frame)
        ae_error_set(err, "truncated or corrupt JPEG (no frame header)");
    else
        ae_error_set(err, "truncated JPEG (no end-of-image marker)");
    return false;
}
