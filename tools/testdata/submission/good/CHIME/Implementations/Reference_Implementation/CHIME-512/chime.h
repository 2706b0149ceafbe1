/* Test fixture of ngcc-hashbench (not a submission): a compact C99 rendering
 * of our portable CHIME (hashes/chime, docs/specs/hash-26-chime.md), laid out
 * as a NICCS package so that `tools/ngcc submission build` can be tested. */
#ifndef FIXTURE_CHIME_H
#define FIXTURE_CHIME_H

#include <stdint.h>

/* rate_bytes 64, 15 rounds, no feed-forward: CHIME-512 (§10). */
void chime512(const unsigned char *msg, unsigned long long msg_bits, unsigned char out[64]);

#endif
