// Checks a PNG's zlib-compressed image data without keeping the image. The inflater follows
// puff (Mark Adler's reference decoder in zlib's contrib/) and applies zlib's checks, but writes
// each byte only into a 32 KiB window (back-references and the Adler-32 checksum need it) and
// checks the filter type byte at the start of every scanline as it passes.
#include "inflate_internal.h"

#include <stdarg.h>
#include <stdio.h>

enum {
    MAX_BITS = 15,    // longest Huffman code
    MAX_LCODES = 286, // literal/length symbols a dynamic block may use
    MAX_DCODES = 30,  // distance symbols a dynamic block may use
    FIX_LCODES = 288, // literal/length symbols of the fixed code (286 and 287 are invalid)
    FIX_DCODES = 32,  // distance symbols of the fixed code (30 and 31 are invalid)
    WINDOW = 32768,
    ADLER_BASE = 65521,
    ADLER_NMAX = 5552, // bytes before the sums must be reduced to stay within 32 bits
};

/// A canonical Huffman code: how many codes of each length, and the symbols in code order.
typedef struct huffman {
    uint16_t count[MAX_BITS + 1];
    uint16_t symbol[FIX_LCODES];
} huffman;

typedef enum phase { IN_HEADER, IN_BLOCKS, IN_CHECKSUM } phase;

typedef struct inflater {
    inflate_source src;
    const uint8_t *in; ///< rest of the current piece
    size_t left;
    bool no_more;      ///< src has returned its last piece
    uint64_t consumed; ///< compressed bytes read so far
    uint32_t bitbuf;   ///< bits not yet used, least significant first; under 8 between reads
    int bitcnt;
    phase at;
    unsigned window_size; ///< from the zlib header

    uint64_t out;   ///< bytes produced so far
    uint64_t total; ///< bytes the image needs
    uint8_t window[WINDOW];
    uint32_t adler_a, adler_b;
    unsigned adler_pending; ///< bytes added since the sums were last reduced

    // Scanlines: the next filter type byte is at out == filter_at, the start of `row` of `pass`.
    int passes, pass;
    uint32_t row;
    uint32_t rows[7];
    uint64_t row_bytes[7]; ///< without the filter byte
    uint64_t filter_at;

    ae_error *err;
} inflater;

/// Fills the scanline layout and the total size from the IHDR fields. A sum past 2^64 saturates:
/// no stream can reach it, so such data is refused as too short.
static void layout(inflater *s, const inflate_png_shape *shape) {
    static const unsigned channels[7] = {1, 0, 3, 1, 2, 0, 4};
    static const uint32_t adam7[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                         {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    static const uint32_t whole[1][4] = {{0, 0, 1, 1}};
    const uint32_t(*grid)[4] = shape->interlaced ? adam7 : whole;
    const uint64_t pixel_bits = (uint64_t)channels[shape->color_type] * shape->bit_depth;
    s->passes = shape->interlaced ? 7 : 1;
    s->total = 0;
    for (int p = 0; p < s->passes; p++) {
        const uint32_t x0 = grid[p][0], y0 = grid[p][1], dx = grid[p][2], dy = grid[p][3];
        uint64_t cols = shape->width > x0 ? (shape->width - x0 + dx - 1) / dx : 0;
        uint64_t rows = shape->height > y0 ? (shape->height - y0 + dy - 1) / dy : 0;
        if (cols == 0) rows = 0; // an empty pass has no scanlines, not even filter bytes
        s->rows[p] = (uint32_t)rows;
        s->row_bytes[p] = (cols * pixel_bits + 7) / 8;
        uint64_t line = 1 + s->row_bytes[p];
        if (rows && line > (UINT64_MAX - s->total) / rows)
            s->total = UINT64_MAX;
        else
            s->total += rows * line;
    }
    s->pass = 0;
    s->row = 0;
    s->filter_at = 0;
    while (s->pass < s->passes && s->rows[s->pass] == 0) s->pass++;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
/// Refuses damaged deflate data, naming the compressed byte being read.
static bool
corrupt(inflater *s, const char *fmt, ...) {
    char what[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    ae_error_set(s->err, "corrupt PNG (compressed image data: %s at byte %llu)", what,
                 (unsigned long long)(s->consumed ? s->consumed - 1 : 0));
    return false;
}

/// Refuses a stream that ends early, saying how far it got.
static bool truncated(inflater *s) {
    if (s->at == IN_HEADER)
        ae_error_set(s->err, "truncated PNG (image data ends inside its zlib header)");
    else if (s->out < s->total)
        ae_error_set(s->err, "truncated PNG (image data ends after %llu of %llu bytes)",
                     (unsigned long long)s->out, (unsigned long long)s->total);
    else if (s->at == IN_BLOCKS)
        ae_error_set(s->err, "truncated PNG (image data ends before its last deflate block)");
    else
        ae_error_set(s->err, "truncated PNG (image data ends before its checksum)");
    return false;
}

/// Makes s->in hold at least one byte; false when the stream has no more.
static bool refill(inflater *s) {
    while (s->left == 0) {
        if (s->no_more) return false;
        s->in = s->src.next(s->src.ctx, &s->left);
        if (!s->in) {
            s->no_more = true;
            s->left = 0;
        }
    }
    return true;
}

/// Makes the bit buffer hold at least n (at most 16) bits.
static bool need(inflater *s, int n) {
    while (s->bitcnt < n) {
        if (!refill(s)) return truncated(s);
        s->bitbuf |= (uint32_t)*s->in++ << s->bitcnt;
        s->left--;
        s->consumed++;
        s->bitcnt += 8;
    }
    return true;
}

static unsigned take(inflater *s, int n) {
    unsigned v = s->bitbuf & ((1u << n) - 1u);
    s->bitbuf >>= n;
    s->bitcnt -= n;
    return v;
}

static bool bits(inflater *s, int n, unsigned *v) {
    if (!need(s, n)) return false;
    *v = take(s, n);
    return true;
}

/// Refuses output past what the image needs before it is produced.
static bool room(inflater *s, uint64_t n) {
    if (n <= s->total - s->out) return true;
    ae_error_set(s->err, "corrupt PNG (image data holds more than the %llu bytes the image needs)",
                 (unsigned long long)s->total);
    return false;
}

/// Produces one byte (room() has been checked): scanline filter type, window, checksum.
static bool put(inflater *s, uint8_t b) {
    if (s->out == s->filter_at) {
        if (b > 4) {
            if (s->passes == 1)
                ae_error_set(s->err, "corrupt PNG (unknown filter type %u at the start of row %u)",
                             b, s->row + 1);
            else
                ae_error_set(s->err,
                             "corrupt PNG (unknown filter type %u at the start of row %u of "
                             "interlace pass %d)",
                             b, s->row + 1, s->pass + 1);
            return false;
        }
        s->filter_at += 1 + s->row_bytes[s->pass];
        if (++s->row == s->rows[s->pass]) {
            s->row = 0;
            do s->pass++;
            while (s->pass < s->passes && s->rows[s->pass] == 0);
        }
    }
    s->window[s->out & (WINDOW - 1)] = b;
    s->out++;
    s->adler_a += b;
    s->adler_b += s->adler_a;
    if (++s->adler_pending == ADLER_NMAX) {
        s->adler_a %= ADLER_BASE;
        s->adler_b %= ADLER_BASE;
        s->adler_pending = 0;
    }
    return true;
}

/// A stored block: LEN and its complement NLEN, then LEN bytes as they are.
static bool stored(inflater *s) {
    s->bitbuf = 0; // the rest of the current byte is padding
    s->bitcnt = 0;
    unsigned len, nlen;
    if (!bits(s, 16, &len) || !bits(s, 16, &nlen)) return false;
    if (len != (~nlen & 0xFFFFu)) return corrupt(s, "invalid stored block lengths");
    if (!room(s, len)) return false;
    while (len) {
        if (!refill(s)) return truncated(s);
        size_t n = s->left < len ? s->left : len;
        for (size_t i = 0; i < n; i++)
            if (!put(s, s->in[i])) return false;
        s->in += n;
        s->left -= n;
        s->consumed += n;
        len -= (unsigned)n;
    }
    return true;
}

/// Builds a code from the code lengths of n symbols. Returns 0 for a complete code (or one with
/// no symbols), a negative number when over-subscribed, a positive one when incomplete.
static int construct(huffman *h, const uint16_t *length, int n) {
    for (int len = 0; len <= MAX_BITS; len++) h->count[len] = 0;
    for (int sym = 0; sym < n; sym++) h->count[length[sym]]++;
    if (h->count[0] == n) return 0;
    int left = 1; // codes of the current length not yet used
    for (int len = 1; len <= MAX_BITS; len++) {
        left = 2 * left - h->count[len];
        if (left < 0) return left;
    }
    uint16_t offs[MAX_BITS + 1];
    offs[1] = 0;
    for (int len = 1; len < MAX_BITS; len++) offs[len + 1] = (uint16_t)(offs[len] + h->count[len]);
    for (int sym = 0; sym < n; sym++)
        if (length[sym]) h->symbol[offs[length[sym]]++] = (uint16_t)sym;
    return left;
}

enum { DECODE_TRUNCATED = -1, DECODE_NO_CODE = -2 };

/// Reads one symbol. Codes are packed most significant bit first, so they are matched a bit at a
/// time against the first code of each length (puff's decode, reading the input directly).
static int decode(inflater *s, const huffman *h) {
    uint32_t bitbuf = s->bitbuf;
    int avail = s->bitcnt, code = 0, first = 0, index = 0, len = 1;
    for (;;) {
        for (; avail > 0; avail--, len++) {
            code |= (int)(bitbuf & 1u);
            bitbuf >>= 1;
            int count = h->count[len];
            if (code - count < first) {
                s->bitbuf = bitbuf;
                s->bitcnt = (s->bitcnt - len) & 7; // the bits left of the last byte read
                return h->symbol[index + (code - first)];
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        if (len > MAX_BITS) return DECODE_NO_CODE; // only an incomplete code has such patterns
        if (!refill(s)) {
            truncated(s);
            return DECODE_TRUNCATED;
        }
        bitbuf = *s->in++;
        s->left--;
        s->consumed++;
        avail = MAX_BITS + 1 - len < 8 ? MAX_BITS + 1 - len : 8;
    }
}

/// The symbols of one Huffman-coded block up to its end-of-block code.
static bool codes(inflater *s, const huffman *lencode, const huffman *distcode) {
    static const uint16_t lbase[29] = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                       15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                       67, 83, 99, 115, 131, 163, 195, 227, 258};
    static const uint8_t lext[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                     2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    static const uint16_t dbase[30] = {
        1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
        193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
    static const uint8_t dext[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                     6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
    for (;;) {
        int sym = decode(s, lencode);
        if (sym == DECODE_TRUNCATED) return false;
        if (sym == DECODE_NO_CODE) return corrupt(s, "invalid literal/length code");
        if (sym < 256) {
            if (!room(s, 1) || !put(s, (uint8_t)sym)) return false;
            continue;
        }
        if (sym == 256) return true;
        if (sym - 257 >= 29) return corrupt(s, "invalid literal/length symbol %d", sym);
        unsigned extra, len, dist;
        if (!bits(s, lext[sym - 257], &extra)) return false;
        len = lbase[sym - 257] + extra;
        int dsym = decode(s, distcode);
        if (dsym == DECODE_TRUNCATED) return false;
        if (dsym == DECODE_NO_CODE) return corrupt(s, "invalid distance code");
        if (dsym >= MAX_DCODES) return corrupt(s, "invalid distance symbol %d", dsym);
        if (!bits(s, dext[dsym], &extra)) return false;
        dist = dbase[dsym] + extra;
        if (dist > s->out) return corrupt(s, "distance %u too far back", dist);
        if (dist > s->window_size)
            return corrupt(s, "distance %u beyond the %u-byte window", dist, s->window_size);
        if (!room(s, len)) return false;
        for (unsigned i = 0; i < len; i++)
            if (!put(s, s->window[(s->out - dist) & (WINDOW - 1)])) return false;
    }
}

static bool fixed(inflater *s) {
    huffman lencode, distcode;
    uint16_t lengths[FIX_LCODES];
    int sym = 0;
    for (; sym < 144; sym++) lengths[sym] = 8;
    for (; sym < 256; sym++) lengths[sym] = 9;
    for (; sym < 280; sym++) lengths[sym] = 7;
    for (; sym < FIX_LCODES; sym++) lengths[sym] = 8;
    construct(&lencode, lengths, FIX_LCODES);
    for (sym = 0; sym < FIX_DCODES; sym++) lengths[sym] = 5;
    construct(&distcode, lengths, FIX_DCODES);
    return codes(s, &lencode, &distcode);
}

/// A dynamic block: the code lengths of its two codes, themselves Huffman-coded, then the symbols.
static bool dynamic(inflater *s) {
    static const uint8_t order[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                      11, 4,  12, 3, 13, 2, 14, 1, 15};
    unsigned nlen, ndist, ncode;
    if (!bits(s, 5, &nlen) || !bits(s, 5, &ndist) || !bits(s, 4, &ncode)) return false;
    nlen += 257;
    ndist += 1;
    ncode += 4;
    if (nlen > MAX_LCODES || ndist > MAX_DCODES)
        return corrupt(s, "too many length or distance symbols (%u, %u)", nlen, ndist);
    uint16_t lengths[MAX_LCODES + MAX_DCODES] = {0};
    for (unsigned i = 0; i < ncode; i++) {
        unsigned len;
        if (!bits(s, 3, &len)) return false;
        lengths[order[i]] = (uint16_t)len;
    }
    huffman lencode, distcode;
    int left = construct(&lencode, lengths, 19);
    if (left) return corrupt(s, "%s code length code", left < 0 ? "over-subscribed" : "incomplete");

    for (unsigned index = 0; index < nlen + ndist;) {
        int sym = decode(s, &lencode);
        if (sym == DECODE_TRUNCATED) return false;
        if (sym == DECODE_NO_CODE) return corrupt(s, "invalid code length code");
        if (sym < 16) {
            lengths[index++] = (uint16_t)sym;
            continue;
        }
        unsigned repeat, len = 0;
        if (sym == 16) {
            if (index == 0) return corrupt(s, "code length repeat with no previous length");
            len = lengths[index - 1];
            if (!bits(s, 2, &repeat)) return false;
            repeat += 3;
        } else if (sym == 17) {
            if (!bits(s, 3, &repeat)) return false;
            repeat += 3;
        } else {
            if (!bits(s, 7, &repeat)) return false;
            repeat += 11;
        }
        if (index + repeat > nlen + ndist) return corrupt(s, "code length repeat past the end");
        while (repeat--) lengths[index++] = (uint16_t)len;
    }
    if (lengths[256] == 0) return corrupt(s, "missing end-of-block code");

    // As in zlib, an incomplete code is allowed only when it is a single code of one bit.
    left = construct(&lencode, lengths, (int)nlen);
    if (left < 0 || (left > 0 && nlen != lencode.count[0] + lencode.count[1]))
        return corrupt(s, "%s literal/length code", left < 0 ? "over-subscribed" : "incomplete");
    left = construct(&distcode, lengths + nlen, (int)ndist);
    if (left < 0 || (left > 0 && ndist != distcode.count[0] + distcode.count[1]))
        return corrupt(s, "%s distance code", left < 0 ? "over-subscribed" : "incomplete");
    return codes(s, &lencode, &distcode);
}

static bool zlib_header(inflater *s) {
    unsigned cmf, flg;
    if (!bits(s, 8, &cmf) || !bits(s, 8, &flg)) return false;
    const char *bad = (cmf & 0x0F) != 8       ? "compression method is not deflate"
                      : (cmf >> 4) > 7        ? "window over 32 KiB"
                      : (cmf << 8 | flg) % 31 ? "check bits wrong"
                      : (flg & 0x20)          ? "preset dictionary"
                                              : NULL;
    if (bad) {
        ae_error_set(s->err, "corrupt PNG (bad zlib header in IDAT: %s)", bad);
        return false;
    }
    s->window_size = 1u << ((cmf >> 4) + 8);
    return true;
}

bool inflate_check_png(inflate_source src, const inflate_png_shape *shape, ae_error *err) {
    inflater s = {.src = src, .adler_a = 1, .err = err};
    layout(&s, shape);
    if (!zlib_header(&s)) return false;
    s.at = IN_BLOCKS;
    unsigned last;
    do {
        unsigned type;
        if (!bits(&s, 1, &last) || !bits(&s, 2, &type)) return false;
        bool ok = type == 0   ? stored(&s)
                  : type == 1 ? fixed(&s)
                  : type == 2 ? dynamic(&s)
                              : corrupt(&s, "invalid block type 3");
        if (!ok) return false;
    } while (!last);
    if (s.out < s.total) return truncated(&s);

    s.at = IN_CHECKSUM;
    s.bitbuf = 0; // the checksum starts at a byte boundary
    s.bitcnt = 0;
    uint32_t want = 0;
    for (int i = 0; i < 4; i++) {
        unsigned byte;
        if (!bits(&s, 8, &byte)) return false;
        want = want << 8 | byte;
    }
    if (want != ((s.adler_b % ADLER_BASE) << 16 | (s.adler_a % ADLER_BASE))) {
        ae_error_set(err, "corrupt PNG (image data checksum mismatch)");
        return false;
    }
    uint64_t extra = 0;
    while (refill(&s)) {
        extra += s.left;
        s.left = 0;
    }
    if (extra) {
        ae_error_set(err, "corrupt PNG (%llu bytes after the end of the compressed image data)",
                     (unsigned long long)extra);
        return false;
    }
    return true;
}
