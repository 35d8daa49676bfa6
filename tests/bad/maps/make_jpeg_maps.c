// The JPEG part of the fixture generator: the reference picture as baseline and progressive
// JPEGs (grey and YCbCr, one with restart markers) at quality 100, and damaged JPEGs: cut
// before the frame, after it, inside scan data and between progressive scans, and the kinds
// libjpeg 6.2 cannot decode.
#include "make_bad_maps.h"

#include "jpeg_writer.h"

#include <stdlib.h>
#include <string.h>

/// The picture's grey levels with pixels under 50% alpha drawn black (JPEG has no alpha).
static const uint8_t *flat_picture(void) {
    static uint8_t grey[N];
    for (int i = 0; i < N; i++) {
        uint8_t a;
        pixel(i, FLATTEN, &grey[i], &a);
    }
    return grey;
}

static jpeg_spec spec(int components, bool progressive, int restart) {
    return (jpeg_spec){REF_W, REF_H, flat_picture(), components, 100, progressive, restart, 0};
}

static void jpeg_forms(void) {
    static const struct {
        const char *name;
        int components;
        bool progressive;
        int restart;
    } forms[] = {
        {"formats/jpeg-grey.jpg", 1, false, 0},
        {"formats/jpeg-ycbcr-restart.jpg", 3, false, 1},
        {"formats/jpeg-progressive.jpg", 1, true, 0},
        {"formats/jpeg-ycbcr-progressive.jpg", 3, true, 2},
    };
    uint8_t *data;
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        jpeg_spec s = spec(forms[i].components, forms[i].progressive, forms[i].restart);
        save_and_free(forms[i].name, &data, jpeg_encode(&s, &data));
    }
}

/// Offset of the n-th (from 1) start-of-scan marker, found by the walk a decoder makes.
static size_t nth_scan(const uint8_t *d, size_t len, int n) {
    for (size_t at = 2; at + 1 < len; at++)
        if (d[at] == 0xFF && d[at + 1] == 0xDA && --n == 0) return at;
    return 0;
}

static void damaged_jpegs(void) {
    // A JPEG that ends inside its APP0 segment, before any frame header.
    const uint8_t app0[] = {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0x00, 0x01};
    save("truncated.jpg", app0, sizeof app0);

    uint8_t *data;
    jpeg_spec s = spec(1, false, 0);
    size_t len = jpeg_encode(&s, &data);
    const size_t sof = jpeg_find_marker(data, len, 0xC0), dht = jpeg_find_marker(data, len, 0xC4);
    const size_t sos = nth_scan(data, len, 1);
    save("jpeg-cut-in-frame.jpg", data, dht + 10);             // inside the first DHT
    save("jpeg-cut-in-scan.jpg", data, sos + (len - sos) / 2); // half the scan data
    save("jpeg-no-end.jpg", data, len - 2);                    // all but the EOI marker
    // A stray byte where the next segment's marker belongs.
    uint8_t *gap = malloc(len + 1);
    memcpy(gap, data, dht);
    gap[dht] = 0x00;
    memcpy(gap + dht + 1, data + dht, len - dht);
    save_and_free("jpeg-stray-byte.jpg", &gap, len + 1);
    // The frame and tables, then straight to the end: no scan.
    uint8_t no_scan[1024];
    memcpy(no_scan, data, sos);
    no_scan[sos] = 0xFF, no_scan[sos + 1] = 0xD9;
    save("jpeg-no-scan.jpg", no_scan, sos + 2);
    // The frame header retyped: lossless (SOF3), 12-bit samples, 20000 x 20000.
    data[sof + 1] = 0xC3;
    save("jpeg-lossless.jpg", data, len);
    data[sof + 1] = 0xC1;
    data[sof + 4] = 12;
    save("jpeg-12-bit.jpg", data, len);
    data[sof + 4] = 8;
    const uint8_t huge[4] = {0x4E, 0x20, 0x4E, 0x20};
    memcpy(data + sof + 5, huge, 4);
    save_and_free("jpeg-huge.jpg", &data, len);

    s = spec(1, true, 0);
    len = jpeg_encode(&s, &data);
    save_and_free("jpeg-cut-between-scans.jpg", &data, nth_scan(data, len, 2)); // after scan 1
    s.extra_scans = 254; // 3 + 254: one over the limit
    save_and_free("jpeg-257-scans.jpg", &data, jpeg_encode(&s, &data));
}

void jpeg_fixtures(void) {
    jpeg_forms();
    damaged_jpegs();
}
