/*
 * ngcc/crypthash.h — the one boundary of ngcc-hashbench.
 *
 * Every implementation is a shared module exporting the official ICCS entry
 * point CryptHash (API_CryptHash, CryptHash_AlgorithmInstance.h). Our own
 * modules also export ngcc_instance(), which describes the parameter set.
 *
 * Conventions, stated once for every module:
 *  - A message of n bits occupies ceil(n/8) bytes, bits MSB-first: message
 *    bit 0 is the most significant bit of byte 0. When n mod 8 = r > 0, the
 *    message bits of the last byte are its r most significant bits; the
 *    8 - r low bits are not part of the message and never change the digest.
 *    No byte past ceil(n/8) is read.
 *  - The digest is digest_len_bits / 8 bytes, written in the byte order the
 *    candidate's specification defines (the KAT files print it as is).
 *
 * Argument policy (identical for every module we write; KAT-compatible):
 *  - NGCC_OK (0) on success.
 *  - NGCC_ERR_NULL_DIGEST   digest is NULL.
 *  - NGCC_ERR_NULL_MESSAGE  msg is NULL while msg_len_bits > 0 (a NULL msg
 *                           with msg_len_bits = 0 is the empty message).
 *  - NGCC_ERR_DIGEST_LENGTH digest_len_bits is not accepted: fixed-width
 *                           instances accept only their width; XOF instances
 *                           accept every positive multiple of 8 up to
 *                           NGCC_XOF_MAX_DIGEST_BITS.
 *  - NGCC_ERR_MESSAGE_LENGTH msg_len_bits is not a multiple of 8 and the
 *                           module hashes whole bytes only. Only the ICCS
 *                           helper baselines do: their definition is on byte
 *                           strings and no bit-level one is published
 *                           (docs/iccs-helpers.md). Every candidate module
 *                           takes every bit length.
 *  - NGCC_ERR_UNSUPPORTED_CPU the arguments are valid but this CPU lacks an
 *                           instruction set extension the module was built
 *                           for (e.g. an avx512 module on a CPU without
 *                           AVX-512); its code_path() says which.
 *  Checks run in this order; nothing is written to digest on error.
 */
#ifndef NGCC_CRYPTHASH_H
#define NGCC_CRYPTHASH_H

#ifdef __cplusplus
extern "C" {
#endif

#define NGCC_OK 0
#define NGCC_ERR_NULL_DIGEST 1
#define NGCC_ERR_NULL_MESSAGE 2
#define NGCC_ERR_DIGEST_LENGTH 3
#define NGCC_ERR_UNSUPPORTED_CPU 4
#define NGCC_ERR_MESSAGE_LENGTH 5

/* Largest output an XOF module of ours produces in one call (bits). */
#define NGCC_XOF_MAX_DIGEST_BITS 65536

#if defined(_WIN32)
#define NGCC_EXPORT __declspec(dllexport)
#else
#define NGCC_EXPORT __attribute__((visibility("default")))
#endif

/* The official prototype (API_CryptHash). */
int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest);

typedef struct ngcc_instance_info {
  const char *name;           /* parameter set, e.g. "Laurus-512" */
  const char *kat_name;       /* ALGORITHM_INSTANCE of the KAT files, e.g. "laurus_512" */
  const char *candidate_id;   /* e.g. "hash-14" */
  const char *family;         /* e.g. "Laurus" */
  const char *full_name;      /* the algorithm as the published reports title it */
  int digest_bits;            /* DIGEST_BIT_LENGTH: the KAT and benchmark width */
  int is_xof;                 /* 1: any positive multiple of 8 up to max_digest_bits */
  int max_digest_bits;        /* digest_bits for fixed-width instances */
  const char *baseline;       /* the same-run baseline it is compared with, e.g. "SHA-512" */
  const char *variant;        /* "ref", "opt", "avx512" (NICCS package layout) */
  const char *implementation; /* the primitive's implementation: "portable", "avx2", "avx512" */
  const char *build_flags;    /* compile flags of the algorithm code, exactly as given */
  const char *cpu_features;   /* extensions the code needs, e.g. "AVX2 BMI1 BMI2 FMA"; "" none */
  /* The code path this CPU runs, or why it cannot run it. */
  const char *(*code_path)(void);
} ngcc_instance_info;

const ngcc_instance_info *ngcc_instance(void);

typedef int (*ngcc_crypthash_fn)(int, const unsigned char *, unsigned long long,
                                 unsigned char *);
typedef const ngcc_instance_info *(*ngcc_instance_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_CRYPTHASH_H */
