/// Join tokens a lobby hands out (arena-lobby, README "Online play"). The lobby gives each match
/// server a secret key; the k-th person it sends to that match gets net_token_derive(key, k), and
/// the server, which knows the key, takes a HELLO's token as a seat only when it is one of the
/// keyed tokens for its slots. Nobody without the key can make one: each token is a keyed
/// pseudo-random function (SipHash-2-4, twice, for 128 bits) of its number.
#ifndef NET_TOKEN_H
#define NET_TOKEN_H

#include "net_proto.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NET_TOKEN_KEY_BYTES 16

/// The k-th token of the key.
void net_token_derive(const uint8_t key[NET_TOKEN_KEY_BYTES], uint32_t k,
                      uint8_t out[NET_TOKEN_BYTES]);
/// True when token is net_token_derive(key, k) for some k < count.
bool net_token_valid(const uint8_t key[NET_TOKEN_KEY_BYTES], uint32_t count,
                     const uint8_t token[NET_TOKEN_BYTES]);

/// Exactly 2n hex digits (either case) into n bytes, the first two the first byte (a token as a
/// lobby hands it out: `arena --connect URL --token HEX`, the page's quick play); false, out
/// untouched, for anything else (NULL too).
bool net_hex_read(const char *text, uint8_t *out, size_t n);
/// n bytes as 2n lower-case hex digits and a zero into out (room for 2n + 1).
void net_hex_write(const uint8_t *in, size_t n, char *out);

#endif
