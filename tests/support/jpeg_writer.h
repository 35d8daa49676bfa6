/// A minimal JPEG encoder for tests: 8-bit grey (one component) or YCbCr (three, no
/// subsampling) pictures, baseline or progressive (spectral selection: a DC scan, then AC bands
/// per component), optional restart intervals, the standard Huffman tables of ITU T.81 Annex K
/// and IJG-scaled quantisation. The transform uses fixed constants and double arithmetic, so the
/// output is the same byte for byte on every machine.
#ifndef JPEG_WRITER_H
#define JPEG_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct jpeg_spec {
    int width, height;
    const uint8_t
        *grey;      ///< width * height grey levels (YCbCr forms store them as Y, Cb = Cr = 128)
    int components; ///< 1 (grey) or 3 (YCbCr)
    int quality;    ///< 1..100 (IJG scale; 100 quantises every coefficient by 1)
    bool progressive;
    int restart_interval; ///< MCUs between restart markers, 0 for none
    /// Progressive only: scans beyond the usual (DC, AC 1-5, AC 6-63 per component), each
    /// another AC 1-63 scan of component 1 coding only end-of-band (valid, changes nothing).
    int extra_scans;
} jpeg_spec;

/// Encodes into a malloc'd buffer (SOI, JFIF APP0, DQT, SOFn, DHT, [DRI], scans, EOI); returns
/// its length, 0 on failure.
size_t jpeg_encode(const jpeg_spec *spec, uint8_t **out);

/// Offset of the first marker 0xFF `marker` that starts a segment (after SOI), or 0.
size_t jpeg_find_marker(const uint8_t *jpeg, size_t len, uint8_t marker);

#endif
