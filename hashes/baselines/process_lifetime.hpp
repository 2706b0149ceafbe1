// An OpenSSL algorithm a baseline module fetches once and keeps until the
// process ends (an explicit fetch, EVP_MD_fetch(3): cheaper than an implicit
// fetch per call). It is never freed: a test that unloads the module leaves
// it unreachable, and LeakSanitizer would report it and what it holds, so
// under AddressSanitizer it is marked as not leaked (sanitizer/lsan_interface.h).
#pragma once

#if defined(__SANITIZE_ADDRESS__)  // gcc
#define NGCC_LEAK_SANITIZER 1
#elif defined(__has_feature)       // clang
#if __has_feature(address_sanitizer)
#define NGCC_LEAK_SANITIZER 1
#endif
#endif
#if defined(NGCC_LEAK_SANITIZER)
#include <sanitizer/lsan_interface.h>
#endif

template <class T>
T *kept_for_the_process(T *fetched) {
#if defined(NGCC_LEAK_SANITIZER)
  if (fetched != nullptr) __lsan_ignore_object(fetched);
#endif
  return fetched;
}
