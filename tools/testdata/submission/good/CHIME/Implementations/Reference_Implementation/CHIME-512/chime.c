/* Test fixture: CHIME-512 in C99 (§4-§10 of docs/specs/hash-26-chime.md). */
#include <string.h>

#include "chime.h"

typedef struct { uint64_t w[4]; } branch;

static const uint64_t RC[15] = {
    0x409AC7567F4A7C15u, 0xE2C34D9DFE94F82Bu, 0x040BD3C37DDF743Du, 0xA670580AFD29F057u,
    0xC9B8DE707C746C6Du, 0x6BE164B7FBBEE87Bu, 0x8D29EAFD7B096495u, 0x2F167324FA53E0AFu,
    0x515EF96A799E5CB5u, 0xF0877FD1F8E8D8DBu, 0x12CF8417783354EDu, 0xB4340A5EF77DD0F7u,
    0xD67C908476C84D1Du, 0x79A516CBF612C92Bu, 0x9BED9F31755D4535u};

static uint64_t rotl(uint64_t x, unsigned k) { return (x << k) | (x >> (64 - k)); }

static branch rot_words(branch x, unsigned k) {
  branch r;
  int i;
  for (i = 0; i < 4; ++i) r.w[i] = rotl(x.w[i], k);
  return r;
}
static branch hrot(branch x) { /* each 128-bit half rotated right by 32 bits */
  branch r;
  r.w[0] = (x.w[0] >> 32) | (x.w[1] << 32);
  r.w[1] = (x.w[1] >> 32) | (x.w[0] << 32);
  r.w[2] = (x.w[2] >> 32) | (x.w[3] << 32);
  r.w[3] = (x.w[3] >> 32) | (x.w[2] << 32);
  return r;
}
static branch perm(branch x, int a, int b, int c, int d) {
  branch r;
  r.w[0] = x.w[a]; r.w[1] = x.w[b]; r.w[2] = x.w[c]; r.w[3] = x.w[d];
  return r;
}
static void xor_into(branch *d, branch x) {
  int i;
  for (i = 0; i < 4; ++i) d->w[i] ^= x.w[i];
}
static void chi(branch *x, branch *y, branch *z) {
  int i;
  for (i = 0; i < 4; ++i) {
    uint64_t a = x->w[i], b = y->w[i], c = z->w[i];
    x->w[i] = a ^ (~b & c);
    y->w[i] = b ^ (~c & a);
    z->w[i] = c ^ (~a & b);
  }
}

/* s[0..5] = A0, A1, B0, B1, C0, C1. */
static void permute(branch s[6]) {
  int r, i;
  for (r = 0; r < 15; ++r) {
    branch t, a0 = s[0], a1 = s[1], b0 = s[2], b1 = s[3], c0 = s[4], c1 = s[5];
    xor_into(&b1, hrot(c1));                         /* §5, in order */
    xor_into(&b0, a1);
    xor_into(&c0, rot_words(a0, 29));
    xor_into(&b1, rot_words(a1, 31));
    xor_into(&c1, rot_words(a0, 13));
    xor_into(&c0, b1);
    a0 = perm(a0, 3, 0, 1, 2);
    t = perm(c0, 1, 0, 3, 2);
    xor_into(&c1, hrot(b1));
    a1 = perm(a1, 2, 3, 0, 1);
    xor_into(&a0, t);
    xor_into(&a1, hrot(b0));
    for (i = 0; i < 4; ++i) b1.w[i] ^= a0.w[i] << 7;
    for (i = 0; i < 4; ++i) c1.w[i] ^= a1.w[i] >> 5;
    for (i = 0; i < 4; ++i) a0.w[i] ^= RC[r];      /* §6 */
    if (r % 2 == 0) { chi(&a0, &b0, &c0); chi(&a1, &b1, &c1); } /* §7 */
    else { chi(&a0, &b1, &c1); chi(&a1, &b0, &c0); }
    if ((r / 3) % 2 == 0) {                          /* §8 rotation */
      s[0] = c1; s[1] = a0; s[2] = a1; s[3] = b0; s[4] = b1; s[5] = c0;
    } else {
      s[0] = a1; s[1] = b0; s[2] = b1; s[3] = c0; s[4] = c1; s[5] = a0;
    }
  }
}

static void absorb(branch s[6], const unsigned char *block) {
  int j, k;
  for (j = 0; j < 8; ++j) {
    uint64_t v = 0;
    for (k = 7; k >= 0; --k) v = (v << 8) | block[8 * j + k];
    s[j / 4].w[j % 4] ^= v;
  }
  permute(s);
}

void chime512(const unsigned char *msg, unsigned long long msg_bits, unsigned char out[64]) {
  branch s[6];
  unsigned char tail[128];
  unsigned long long full = msg_bits / 512, i;
  unsigned q = (unsigned)(msg_bits % 512), n = (q + 7) / 8, blocks;
  int j, k;
  memset(s, 0, sizeof s);
  for (i = 0; i < full; ++i) absorb(s, msg + 64 * i);
  memset(tail, 0, sizeof tail);
  if (n > 0) memcpy(tail, msg + 64 * full, n);
  if (q % 8) tail[n - 1] &= (unsigned char)(0xFF00u >> (q % 8));
  tail[q / 8] |= (unsigned char)(0x80u >> (q % 8));  /* pad10*1 (§9) */
  blocks = q == 511 ? 2 : 1;
  tail[64 * blocks - 1] |= 0x01;
  for (i = 0; i < blocks; ++i) absorb(s, tail + 64 * i);
  for (j = 0; j < 8; ++j)
    for (k = 0; k < 8; ++k) out[8 * j + k] = (unsigned char)(s[j / 4].w[j % 4] >> (8 * k));
}
