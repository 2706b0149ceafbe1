/* Another module (its path in NGCC_HELD_MODULE) whose calls with a message
 * longer than KAT_2_12's longest (4096 bits) wait while the file named by
 * NGCC_HOLD_FILE exists: a KAT run that cannot end before its test lets it,
 * however fast this machine (kat_tests/tests/kat_resume_test.py). */
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

#include "ngcc/crypthash.h"

static void *held_symbol(const char *name) {
  static void *module;
  if (module == NULL) {
    const char *path = getenv("NGCC_HELD_MODULE");
    module = path != NULL ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (module == NULL) abort();
  }
  return dlsym(module, name);
}

NGCC_EXPORT const ngcc_instance_info *ngcc_instance(void) {
  const ngcc_instance_fn info = (ngcc_instance_fn)held_symbol("ngcc_instance");
  return info != NULL ? info() : NULL;  /* a library exporting only CryptHash */
}

NGCC_EXPORT int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                          unsigned char *digest) {
  const char *hold = getenv("NGCC_HOLD_FILE");
  if (hold != NULL && msg_len_bits > 4096)
    while (access(hold, F_OK) == 0) usleep(10000);
  const ngcc_crypthash_fn crypt_hash = (ngcc_crypthash_fn)held_symbol("CryptHash");
  return crypt_hash(digest_len_bits, msg, msg_len_bits, digest);
}
