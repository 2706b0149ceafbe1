// ct_harness LIBRARY.so [DIGEST_BITS] — the ctgrind technique (Langley): the message bytes
// are marked undefined for valgrind memcheck, so any branch or memory index
// that depends on them is reported as "Conditional jump or move depends on
// uninitialised value(s)" or "Use of uninitialised value of size N".
// Run it under valgrind (ct/ctgrind.py); alone it only checks return codes.
// A module of ours states its width (ngcc_instance()); a library that
// exports only CryptHash is given it.
//
// Lengths: every bit length 0..17 (partial bytes), byte-aligned and odd
// lengths around common block sizes, and messages spanning several blocks.
// The digests come out "undefined" too: they are never inspected here.
#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "ngcc/module_loader.hpp"

namespace {

std::vector<unsigned long long> bit_lengths() {
  std::vector<unsigned long long> bits;
  for (unsigned long long n = 0; n <= 17; ++n) bits.push_back(n);
  // Around 32..256-byte blocks (and their multiples), byte-aligned and not.
  for (unsigned long long bytes : {31, 32, 33, 63, 64, 65, 95, 96, 127, 128, 129, 136, 144,
                                   168, 191, 192, 255, 256, 257, 383, 384, 511, 512, 513})
    for (int delta : {-3, 0, 1, 5}) bits.push_back(8 * bytes + delta);
  // Several blocks of every block size above.
  for (unsigned long long n : {8ull * 1531 + 3, 8ull * 4096, 8ull * 4099 + 7}) bits.push_back(n);
  return bits;
}

// The exit status of a module this CPU cannot run (ctest SKIP_RETURN_CODE).
constexpr int kSkipped = 77;

}  // namespace

int main(int argc, char **argv) {
  char *end = nullptr;
  const long given_bits = argc == 3 ? std::strtol(argv[2], &end, 10) : 0;
  if (argc < 2 || argc > 3 || (argc == 3 && (*end != '\0' || given_bits <= 0 || given_bits % 8 != 0 ||
                                             given_bits > 65536))) {
    std::fprintf(stderr, "usage: ct_harness LIBRARY.so [DIGEST_BITS: a positive multiple of 8 up to 65536]\n");
    return 2;
  }
  try {
    const ngcc::Module module = ngcc::Module::load(argv[1]);
    const ngcc_instance_info *info = module.info();
    if (info == nullptr && given_bits == 0) {
      std::fprintf(stderr, "%s: no ngcc_instance(): give its DIGEST_BITS\n", argv[1]);
      return 2;
    }
    const char *name = info != nullptr ? info->name : argv[1];
    // XOF modules also squeeze several output blocks.
    std::vector<int> widths{given_bits != 0 ? static_cast<int>(given_bits) : info->digest_bits};
    if (given_bits == 0 && info->is_xof) widths.push_back(4096 + 8);
    int calls = 0;
    for (int width : widths) {
      std::vector<unsigned char> digest(static_cast<std::size_t>(width / 8));
      for (unsigned long long bits : bit_lengths()) {
        const std::size_t bytes = (bits + 7) / 8;
        // Exactly ceil(bits/8) bytes, so memcheck also flags reads past the end.
        auto *msg = static_cast<unsigned char *>(std::malloc(bytes ? bytes : 1));
        for (std::size_t i = 0; i < bytes; ++i) msg[i] = static_cast<unsigned char>(i * 131 + bits);
        VALGRIND_MAKE_MEM_UNDEFINED(msg, bytes);
        const int rc = module.hash(width, msg, bits, digest.data());
        std::free(msg);
        if (rc == NGCC_ERR_UNSUPPORTED_CPU) {
          std::printf("%s: skipped: %s\n", name, info != nullptr ? info->code_path() : "the CPU lacks an extension it needs");
          return kSkipped;
        }
        if (rc != NGCC_OK) {
          std::fprintf(stderr, "%s: CryptHash(%d, msg, %llu) returned %d\n", argv[1], width, bits, rc);
          return 1;
        }
        ++calls;
      }
    }
    std::printf("%s: %d calls with an undefined message of 0 to %llu bits\n", name, calls, bit_lengths().back());
  } catch (const ngcc::LoadError &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
