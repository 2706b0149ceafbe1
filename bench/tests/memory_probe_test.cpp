// The memory probe measures what it claims: static_bytes equals the
// readelf -lW PT_LOAD MemSiz sum; stack and heap high-water marks of a module
// with a known use (tests/probe_module.cpp) come out as designed.
#include <gtest/gtest.h>

#include <cstdio>
#include <dirent.h>
#include <sstream>
#include <string>
#include <vector>

#include "memory_probe.hpp"
#include "ngcc/module_loader.hpp"

namespace {

using ngcc::bench::measure_call;
using ngcc::bench::static_bytes_of;

// Σ MemSiz of the LOAD program headers as `readelf -lW` prints them.
std::uint64_t readelf_load_sum(const std::string &path) {
  const std::string cmd = "readelf -lW '" + path + "'";
  FILE *p = popen(cmd.c_str(), "r");
  if (p == nullptr) return 0;
  std::uint64_t sum = 0;
  char line[512];
  while (std::fgets(line, sizeof line, p) != nullptr) {
    std::istringstream in(line);
    std::string type, offset, vaddr, paddr, filesz, memsz;
    if (!(in >> type) || type != "LOAD") continue;
    in >> offset >> vaddr >> paddr >> filesz >> memsz;
    sum += std::stoull(memsz, nullptr, 16);
  }
  pclose(p);
  return sum;
}

void expect_static_bytes_match(const std::string &path) {
  const ngcc::Module m = ngcc::Module::load(path);
  const std::uint64_t ours = static_bytes_of(reinterpret_cast<const void *>(m.crypt_hash()));
  EXPECT_GT(ours, 0u) << path;
  EXPECT_EQ(ours, readelf_load_sum(path)) << path;
}

TEST(StaticBytes, EqualsReadelfLoadMemSizSumForProbeModule) {
  expect_static_bytes_match(NGCC_PROBE_MODULE);
}

// Every module built in this tree (families and baselines present).
TEST(StaticBytes, EqualsReadelfLoadMemSizSumForBuiltModules) {
  DIR *d = opendir(NGCC_TEST_MODULE_DIR);
  if (d == nullptr) GTEST_SKIP() << "no module directory " << NGCC_TEST_MODULE_DIR;
  int checked = 0;
  while (dirent *e = readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() < 4 || name.compare(name.size() - 3, 3, ".so") != 0) continue;
    expect_static_bytes_match(std::string(NGCC_TEST_MODULE_DIR) + "/" + name);
    ++checked;
  }
  closedir(d);
  if (checked == 0) GTEST_SKIP() << "no modules built";
}

TEST(StaticBytes, ZeroForAnAddressOutsideEveryObject) {
  int on_stack = 0;
  EXPECT_EQ(static_bytes_of(&on_stack), 0u);
}

TEST(CallMemory, ProbeModuleKnownStackAndHeap) {
  const ngcc::Module m = ngcc::Module::load(NGCC_PROBE_MODULE);
  const unsigned char msg[4] = {1, 2, 3, 4};
  unsigned char digest[4];
  ASSERT_EQ(m.hash(32, msg, 32, digest), 0);
  const auto r = measure_call([&] { m.hash(32, msg, 32, digest); });
  // 16384-byte array plus the frames of CryptHash and stack_part.
  EXPECT_GE(r.stack_bytes, 16384u);
  EXPECT_LE(r.stack_bytes, 16384u + 512u);
  EXPECT_EQ(r.heap_bytes, 15000u);
  EXPECT_EQ(r.allocations, 3u);
}

TEST(CallMemory, EmptyCallUsesNoStackOrHeap) {
  const auto r = measure_call([] {});
  EXPECT_LE(r.stack_bytes, 64u);
  EXPECT_EQ(r.heap_bytes, 0u);
  EXPECT_EQ(r.allocations, 0u);
}

TEST(CallMemory, CountsOperatorNewAndFreesWithinTheCall) {
  const auto r = measure_call([] {
    std::vector<char> a(100000);
    a[99999] = 1;
    { std::vector<char> b(50000); b[0] = a[99999]; }
    std::vector<char> c(20000);
    c[0] = 1;
  });
  EXPECT_EQ(r.heap_bytes, 150000u);
  EXPECT_EQ(r.allocations, 3u);
}

}  // namespace
