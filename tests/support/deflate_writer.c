#include "deflate_writer.h"

#include <stdlib.h>
#include <string.h>

static void put_byte(zbits *z, uint8_t b) {
    if (z->n == z->cap) {
        z->cap = z->cap * 2 + 64;
        z->p = realloc(z->p, z->cap);
    }
    z->p[z->n++] = b;
}

void zbits_put(zbits *z, uint32_t v, int n) {
    for (int i = 0; i < n; i++) {
        z->acc |= (v >> i & 1u) << z->nbits;
        if (++z->nbits == 8) {
            put_byte(z, (uint8_t)z->acc);
            z->acc = 0;
            z->nbits = 0;
        }
    }
}

void zbits_code(zbits *z, uint32_t code, int len) {
    for (int i = len - 1; i >= 0; i--) zbits_put(z, code >> i & 1u, 1);
}

void zbits_align(zbits *z) {
    if (z->nbits) zbits_put(z, 0, 8 - z->nbits);
}

void zbits_zlib_header(zbits *z) {
    zbits_put(z, 0x78, 8);
    zbits_put(z, 0x01, 8);
}

void zbits_adler(zbits *z, const uint8_t *raw, size_t n) {
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + raw[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    zbits_align(z);
    uint32_t sum = b << 16 | a;
    for (int i = 3; i >= 0; i--) zbits_put(z, sum >> (8 * i) & 0xFFu, 8);
}

static const uint16_t lbase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                   31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t lext[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dbase[30] = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                                   33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                                   1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dext[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/// The length symbol (minus 257) of a match length, and the distance symbol of a distance.
static int length_index(unsigned len) {
    int i = 28;
    while (lbase[i] > len) i--;
    return i;
}
static int dist_index(unsigned dist) {
    int i = 29;
    while (dbase[i] > dist) i--;
    return i;
}

void zbits_fixed_symbol(zbits *z, unsigned sym) {
    if (sym < 144)
        zbits_code(z, 0x30 + sym, 8);
    else if (sym < 256)
        zbits_code(z, 0x190 + sym - 144, 9);
    else if (sym < 280)
        zbits_code(z, sym - 256, 7);
    else
        zbits_code(z, 0xC0 + sym - 280, 8);
}

void zbits_fixed_match(zbits *z, unsigned len, unsigned dist) {
    int li = length_index(len), di = dist_index(dist);
    zbits_fixed_symbol(z, 257u + (unsigned)li);
    zbits_put(z, len - lbase[li], lext[li]);
    zbits_code(z, (uint32_t)di, 5);
    zbits_put(z, dist - dbase[di], dext[di]);
}

/// One LZ77 token: a literal (len 0) or a back-reference.
typedef struct token {
    uint16_t len, dist;
    uint8_t lit;
} token;

/// Greedy matching: at each position the longest earlier match of 3..258 bytes, else a literal.
static size_t tokenize(const uint8_t *raw, size_t n, token *out) {
    size_t count = 0;
    for (size_t i = 0; i < n;) {
        size_t best = 0, best_dist = 0;
        for (size_t d = 1; d <= i && d <= 32768; d++) {
            size_t l = 0;
            while (l < 258 && i + l < n && raw[i + l] == raw[i + l - d]) l++;
            if (l > best) best = l, best_dist = d;
        }
        if (best >= 3) {
            out[count++] = (token){(uint16_t)best, (uint16_t)best_dist, 0};
            i += best;
        } else {
            out[count++] = (token){0, 0, raw[i++]};
        }
    }
    return count;
}

void zbits_fixed_block(zbits *z, const uint8_t *raw, size_t n, bool last) {
    token *t = malloc((n + 1) * sizeof *t);
    size_t count = tokenize(raw, n, t);
    zbits_put(z, last, 1);
    zbits_put(z, 1, 2);
    for (size_t i = 0; i < count; i++) {
        if (t[i].len)
            zbits_fixed_match(z, t[i].len, t[i].dist);
        else
            zbits_fixed_symbol(z, t[i].lit);
    }
    zbits_fixed_symbol(z, 256);
    free(t);
}

/// Code lengths for the symbols with a non-zero count: a complete code (Kraft sum exactly 1)
/// with lengths k-1 and k, or a single one-bit code when only one symbol is used.
static void complete_lengths(const unsigned *freq, int n, uint8_t *len) {
    int used = 0;
    for (int s = 0; s < n; s++) used += freq[s] > 0;
    int k = 0;
    while ((1 << k) < used) k++;
    int shorter = (1 << k) - used; // symbols that get k - 1 bits
    for (int s = 0; s < n; s++) {
        len[s] = 0;
        if (!freq[s]) continue;
        len[s] = (uint8_t)(used == 1 ? 1 : shorter-- > 0 ? k - 1 : k);
    }
}

/// Canonical codes from code lengths (RFC 1951, 3.2.2).
static void canonical(const uint8_t *len, int n, uint16_t *code) {
    int count[16] = {0}, next[16] = {0};
    for (int s = 0; s < n; s++) count[len[s]]++;
    count[0] = 0;
    for (int b = 1, c = 0; b < 16; b++) {
        c = (c + count[b - 1]) << 1;
        next[b] = c;
    }
    for (int s = 0; s < n; s++)
        if (len[s]) code[s] = (uint16_t)next[len[s]]++;
}

void zbits_dynamic_block(zbits *z, const uint8_t *raw, size_t n, bool last, dynamic_damage damage) {
    token *t = malloc((n + 1) * sizeof *t);
    size_t count = tokenize(raw, n, t);
    unsigned lfreq[286] = {0}, dfreq[30] = {0};
    for (size_t i = 0; i < count; i++) {
        if (!t[i].len) {
            lfreq[t[i].lit]++;
            continue;
        }
        lfreq[257 + length_index(t[i].len)]++;
        dfreq[dist_index(t[i].dist)]++;
    }
    lfreq[256] = 1;
    uint8_t lens[286 + 30];
    uint16_t lcode[286], dcode[30];
    complete_lengths(lfreq, 286, lens);
    complete_lengths(dfreq, 30, lens + 286);
    if (damage == DYNAMIC_OVERSUBSCRIBED) {
        int s = 0;
        while (lfreq[s]) s++;
        lens[s] = 1;
    }
    int nlen = 286, ndist = 30;
    while (nlen > 257 && !lens[nlen - 1]) nlen--;
    while (ndist > 1 && !lens[286 + ndist - 1]) ndist--;
    canonical(lens, 286, lcode);
    canonical(lens + 286, 30, dcode);

    // The code lengths of both codes in one sequence, run-length coded with 16, 17 and 18.
    uint8_t seq[286 + 30];
    memcpy(seq, lens, (size_t)nlen);
    memcpy(seq + nlen, lens + 286, (size_t)ndist);
    const int total = nlen + ndist;
    uint8_t cl_sym[286 + 30], cl_extra[286 + 30];
    int ncl = 0;
    for (int i = 0; i < total;) {
        int run = 1;
        while (i + run < total && seq[i + run] == seq[i]) run++;
        if (seq[i] == 0 && run >= 11) {
            run = run > 138 ? 138 : run;
            cl_sym[ncl] = 18, cl_extra[ncl++] = (uint8_t)(run - 11);
        } else if (seq[i] == 0 && run >= 3) {
            run = run > 10 ? 10 : run;
            cl_sym[ncl] = 17, cl_extra[ncl++] = (uint8_t)(run - 3);
        } else if (i > 0 && seq[i] == seq[i - 1] && run >= 3) {
            run = run > 6 ? 6 : run;
            cl_sym[ncl] = 16, cl_extra[ncl++] = (uint8_t)(run - 3);
        } else {
            run = 1;
            cl_sym[ncl] = seq[i], cl_extra[ncl++] = 0;
        }
        i += run;
    }
    unsigned cfreq[19] = {0};
    for (int i = 0; i < ncl; i++) cfreq[cl_sym[i]]++;
    int cused = 0;
    for (int s = 0; s < 19; s++) cused += cfreq[s] > 0;
    if (cused == 1) cfreq[cl_sym[0] == 0 ? 1 : 0] = 1; // the code length code must be complete
    uint8_t clens[19];
    uint16_t ccode[19];
    complete_lengths(cfreq, 19, clens);
    canonical(clens, 19, ccode);
    static const uint8_t order[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                      11, 4,  12, 3, 13, 2, 14, 1, 15};
    int ncode = 19;
    while (ncode > 4 && !clens[order[ncode - 1]]) ncode--;

    zbits_put(z, last, 1);
    zbits_put(z, 2, 2);
    zbits_put(z, (uint32_t)(nlen - 257), 5);
    zbits_put(z, (uint32_t)(ndist - 1), 5);
    zbits_put(z, (uint32_t)(ncode - 4), 4);
    for (int i = 0; i < ncode; i++) zbits_put(z, clens[order[i]], 3);
    static const int extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
    for (int i = 0; i < ncl; i++) {
        zbits_code(z, ccode[cl_sym[i]], clens[cl_sym[i]]);
        zbits_put(z, cl_extra[i], extra_bits[cl_sym[i]]);
    }
    for (size_t i = 0; i < count; i++) {
        if (!t[i].len) {
            zbits_code(z, lcode[t[i].lit], lens[t[i].lit]);
            continue;
        }
        int li = length_index(t[i].len), di = dist_index(t[i].dist);
        zbits_code(z, lcode[257 + li], lens[257 + li]);
        zbits_put(z, t[i].len - lbase[li], lext[li]);
        zbits_code(z, dcode[di], lens[286 + di]);
        zbits_put(z, t[i].dist - dbase[di], dext[di]);
    }
    zbits_code(z, lcode[256], lens[256]);
    free(t);
}

size_t zlib_huffman(const uint8_t *raw, size_t n, bool dynamic, uint8_t **out) {
    zbits z = {0};
    zbits_zlib_header(&z);
    if (dynamic)
        zbits_dynamic_block(&z, raw, n, true, DYNAMIC_INTACT);
    else
        zbits_fixed_block(&z, raw, n, true);
    zbits_adler(&z, raw, n);
    *out = z.p;
    return z.n;
}

size_t zlib_bomb(const uint8_t *head, size_t head_len, size_t zeros, uint8_t **out) {
    zbits z = {0};
    zbits_zlib_header(&z);
    zbits_put(&z, zeros == 0, 1); // a stored block, final when no zeros follow
    zbits_put(&z, 0, 2);
    zbits_align(&z);
    zbits_put(&z, (uint32_t)head_len, 16);
    zbits_put(&z, (uint32_t)~head_len & 0xFFFFu, 16);
    for (size_t i = 0; i < head_len; i++) zbits_put(&z, head[i], 8);
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < head_len; i++) {
        a = (a + head[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    if (zeros) {
        // Literal/length code: 285 (copy 258) one bit "0", literal 0 "10", end of block "11";
        // distance code: distance 1 alone, one bit. Their lengths are sent with the code length
        // code 18 (a run of zeros) "0", 1 "10" and 2 "11".
        zbits_put(&z, 1, 1);
        zbits_put(&z, 2, 2);
        zbits_put(&z, 286 - 257, 5);
        zbits_put(&z, 1 - 1, 5);
        zbits_put(&z, 18 - 4, 4);
        // Code length code lengths in the order 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1.
        static const uint8_t cl[18] = {0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2};
        for (int i = 0; i < 18; i++) zbits_put(&z, cl[i], 3);
        zbits_code(&z, 3, 2); // literal 0: length 2
        zbits_code(&z, 0, 1); // literals 1..138: zero (18, 138 - 11)
        zbits_put(&z, 127, 7);
        zbits_code(&z, 0, 1); // literals 139..255: zero (18, 117 - 11)
        zbits_put(&z, 106, 7);
        zbits_code(&z, 3, 2); // end of block: length 2
        zbits_code(&z, 0, 1); // lengths 257..284: zero (18, 28 - 11)
        zbits_put(&z, 17, 7);
        zbits_code(&z, 2, 2); // 285: length 1
        zbits_code(&z, 2, 2); // distance 1: length 1
        zbits_code(&z, 2, 2); // the first zero, a literal
        size_t left = zeros - 1;
        for (; left >= 258; left -= 258) zbits_code(&z, 0, 2); // copy 258 from 1 back
        for (; left; left--) zbits_code(&z, 2, 2);
        zbits_code(&z, 3, 2);
        b = (uint32_t)((b + (uint64_t)a * zeros) % 65521u);
    }
    zbits_align(&z);
    uint32_t sum = b << 16 | a;
    for (int i = 3; i >= 0; i--) zbits_put(&z, sum >> (8 * i) & 0xFFu, 8);
    *out = z.p;
    return z.n;
}
