/// Hand-made zlib streams for tests: fixed and dynamic Huffman blocks with LZ77 back-references
/// (png_writer only writes stored blocks), and the pieces to write damaged streams bit by bit.
#ifndef DEFLATE_WRITER_H
#define DEFLATE_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct zbits {
    uint8_t *p;
    size_t n, cap;
    uint32_t acc; ///< bits not yet written, least significant first
    int nbits;
} zbits;

/// Writes the n low bits of v, least significant first (block headers, extra bits).
void zbits_put(zbits *z, uint32_t v, int n);
/// Writes a Huffman code of len bits, most significant first.
void zbits_code(zbits *z, uint32_t code, int len);
/// Pads with zero bits to a byte boundary.
void zbits_align(zbits *z);
/// The zlib header: deflate, 32 KiB window, no dictionary.
void zbits_zlib_header(zbits *z);
/// Pads to a byte, then the big-endian Adler-32 of the uncompressed data.
void zbits_adler(zbits *z, const uint8_t *raw, size_t n);

/// A literal/length symbol (0..287, including the invalid 286 and 287) in the fixed code.
void zbits_fixed_symbol(zbits *z, unsigned sym);
/// A back-reference in the fixed code: length 3..258, distance 1..32768.
void zbits_fixed_match(zbits *z, unsigned len, unsigned dist);

/// How a dynamic block is damaged.
typedef enum dynamic_damage {
    DYNAMIC_INTACT,
    DYNAMIC_OVERSUBSCRIBED, ///< an unused literal gets a one-bit code: too many codes
} dynamic_damage;

/// A whole block (header, codes, end-of-block) holding raw, found by greedy LZ77 matching.
void zbits_fixed_block(zbits *z, const uint8_t *raw, size_t n, bool last);
void zbits_dynamic_block(zbits *z, const uint8_t *raw, size_t n, bool last, dynamic_damage damage);

/// A complete zlib stream of one block of each kind: fixed (dynamic = false) or dynamic.
/// Returns its length; *out is malloc'd.
size_t zlib_huffman(const uint8_t *raw, size_t n, bool dynamic, uint8_t **out);

/// A zlib stream of `head` as it is (a stored block) followed by `zeros` zero bytes in about
/// zeros / 1032 bytes (one dynamic block whose codes give a 258-byte copy in two bits): a
/// "decompression bomb" for tests. Returns its length; *out is malloc'd.
size_t zlib_bomb(const uint8_t *head, size_t head_len, size_t zeros, uint8_t **out);

#endif
