// The contract of crypthash.h, checked on every module found in the build's
// module directory: argument policy, partial-byte convention, no read past
// ceil(n/8) bytes, and ref/opt agreement. Family-specific vectors live with
// each family (hashes/<family>/tests).
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>

#include "test_support.hpp"

namespace ngcc::test {
namespace {

// "CHIME-512-ref" etc., every lib*.so in NGCC_MODULE_DIR, sorted.
std::vector<std::string> module_targets() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto &e : std::filesystem::directory_iterator(NGCC_MODULE_DIR, ec)) {
    const std::string f = e.path().filename().string();
    if (f.rfind("lib", 0) == 0 && e.path().extension() == ".so") out.push_back(f.substr(3, f.size() - 6));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Our candidate modules (the OpenSSL baselines hash whole bytes only).
std::vector<std::string> candidate_targets() {
  auto all = module_targets();
  all.erase(std::remove_if(all.begin(), all.end(),
                           [](const std::string &t) { return t.size() > 8 && t.substr(t.size() - 8) == "-openssl"; }),
            all.end());
  return all;
}

std::string test_name(const ::testing::TestParamInfo<std::string> &info) {
  std::string s = info.param;
  std::replace_if(s.begin(), s.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return s;
}

class ModuleContract : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    module_ = std::make_unique<Module>(load(GetParam()));
    info_ = module_->info();
    ASSERT_NE(info_, nullptr) << GetParam() << " exports no ngcc_instance()";
  }
  std::unique_ptr<Module> module_;
  const ngcc_instance_info *info_ = nullptr;
};

TEST_P(ModuleContract, DescribesItself) {
  const std::string target = GetParam();
  EXPECT_EQ(target, std::string(info_->name) + "-" + info_->variant);
  EXPECT_GT(info_->digest_bits, 0);
  EXPECT_EQ(info_->digest_bits % 8, 0);
  EXPECT_EQ(info_->max_digest_bits, info_->is_xof ? NGCC_XOF_MAX_DIGEST_BITS : info_->digest_bits);
  ASSERT_NE(info_->code_path, nullptr);
  EXPECT_NE(std::string(info_->code_path()), "");
}

TEST_P(ModuleContract, ArgumentPolicy) {
  const int d = info_->digest_bits;
  std::vector<std::uint8_t> msg(64, 0x5A), out(NGCC_XOF_MAX_DIGEST_BITS / 8 + 16, 0xEE);
  const auto untouched = out;
  EXPECT_EQ(module_->hash(d, msg.data(), 512, nullptr), NGCC_ERR_NULL_DIGEST);
  EXPECT_EQ(module_->hash(d, nullptr, 8, out.data()), NGCC_ERR_NULL_MESSAGE);
  std::vector<int> rejected = {0, -8, -d, 7};
  if (info_->is_xof) {
    rejected.insert(rejected.end(), {d + 4, info_->max_digest_bits + 8, 1 << 30});
  } else {
    rejected.insert(rejected.end(), {d - 8, d + 8, 2 * d});
  }
  for (int bits : rejected)
    EXPECT_EQ(module_->hash(bits, msg.data(), 512, out.data()), NGCC_ERR_DIGEST_LENGTH) << "digest_len_bits " << bits;
  EXPECT_TRUE(out == untouched) << "digest written on error";
  // The empty message may come as NULL.
  std::vector<std::uint8_t> a(d / 8), b(d / 8);
  EXPECT_EQ(module_->hash(d, nullptr, 0, a.data()), NGCC_OK);
  EXPECT_EQ(module_->hash(d, msg.data(), 0, b.data()), NGCC_OK);
  EXPECT_TRUE(a == b);
  if (info_->is_xof) {
    std::vector<std::uint8_t> big(info_->max_digest_bits / 8);
    EXPECT_EQ(module_->hash(info_->max_digest_bits, msg.data(), 512, big.data()), NGCC_OK);
    EXPECT_EQ(module_->hash(8, msg.data(), 512, big.data()), NGCC_OK);
  }
}

INSTANTIATE_TEST_SUITE_P(Modules, ModuleContract, ::testing::ValuesIn(module_targets()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ModuleContract);

// Bit-level conventions of crypthash.h, for our candidate modules.
class CandidateModule : public ModuleContract {};

// The 8 - r low bits of a partial last byte are not message bits.
TEST_P(CandidateModule, UnusedLowBitsIgnored) {
  std::mt19937_64 rng(1);
  for (std::uint64_t bits : {1, 2, 3, 7, 9, 15, 255, 1001, 1023, 1025, 4095}) {
    auto msg = random_bytes(rng, (bits + 7) / 8);
    msg.back() &= static_cast<std::uint8_t>(0xFF00u >> (bits % 8));
    const auto clean = digest(*module_, msg, bits);
    msg.back() |= static_cast<std::uint8_t>(0xFFu >> (bits % 8));
    EXPECT_EQ(to_hex(digest(*module_, msg, bits)), to_hex(clean)) << "bit length " << bits;
  }
}

// Four pages of random bytes with a PROT_NONE page right after or right
// before them: a read outside the bytes faults.
class GuardedBytes {
 public:
  enum class Guard { kAfter, kBefore };
  GuardedBytes(Guard guard, std::uint64_t seed)
      : page_(static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))), size_(4 * page_) {
    void *map = ::mmap(nullptr, size_ + page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return;
    map_ = static_cast<std::uint8_t *>(map);
    data_ = guard == Guard::kAfter ? map_ : map_ + page_;
    guarded_ = ::mprotect(guard == Guard::kAfter ? map_ + size_ : map_, page_, PROT_NONE) == 0;
    std::mt19937_64 rng(seed);
    for (std::size_t i = 0; i < size_; ++i) data_[i] = static_cast<std::uint8_t>(rng());
  }
  ~GuardedBytes() {
    if (map_ != nullptr) ::munmap(map_, size_ + page_);
  }
  GuardedBytes(const GuardedBytes &) = delete;
  GuardedBytes &operator=(const GuardedBytes &) = delete;

  bool ok() const { return map_ != nullptr && guarded_; }
  const std::uint8_t *data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  std::size_t page_, size_;
  std::uint8_t *map_ = nullptr, *data_ = nullptr;
  bool guarded_ = false;
};

// Messages end right before the guard page: reading past ceil(n/8) bytes
// would fault.
TEST_P(CandidateModule, NoReadPastMessageEnd) {
  const GuardedBytes bytes(GuardedBytes::Guard::kAfter, 2);
  ASSERT_TRUE(bytes.ok()) << std::strerror(errno);
  std::vector<std::uint8_t> out(info_->digest_bits / 8);
  for (std::uint64_t bits = 0; bits <= 8 * bytes.size(); bits += bits < 2100 ? 1 : 8 * 509) {
    const std::uint8_t *msg = bytes.data() + bytes.size() - (bits + 7) / 8;
    EXPECT_EQ(module_->hash(info_->digest_bits, msg, bits, out.data()), NGCC_OK);
  }
}

// Messages start right after the guard page: no read before byte 0 either.
TEST_P(CandidateModule, NoReadBeforeMessageStart) {
  const GuardedBytes bytes(GuardedBytes::Guard::kBefore, 6);
  ASSERT_TRUE(bytes.ok()) << std::strerror(errno);
  std::vector<std::uint8_t> out(info_->digest_bits / 8);
  for (std::uint64_t bits = 0; bits <= 8 * bytes.size(); bits += bits < 1100 ? 1 : 8 * 509)
    EXPECT_EQ(module_->hash(info_->digest_bits, bytes.data(), bits, out.data()), NGCC_OK);
}

INSTANTIATE_TEST_SUITE_P(Modules, CandidateModule, ::testing::ValuesIn(candidate_targets()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(CandidateModule);

// ref and opt of one instance give identical output.
std::vector<std::string> instances_with_both_variants(bool xof_only = false) {
  std::map<std::string, int> seen;
  for (const auto &t : candidate_targets()) ++seen[t.substr(0, t.rfind('-'))];
  std::vector<std::string> out;
  for (const auto &[name, n] : seen)
    if (n == 2 && (!xof_only || load(name + "-ref").info()->is_xof)) out.push_back(name);
  return out;
}

class RefOptDifferential : public ::testing::TestWithParam<std::string> {
 protected:
  void compare(std::mt19937_64 &rng, std::uint64_t bits, int digest_bits) {
    const auto msg = random_bytes(rng, (bits + 7) / 8);
    ASSERT_EQ(to_hex(digest(opt_, msg, bits, digest_bits)), to_hex(digest(ref_, msg, bits, digest_bits)))
        << GetParam() << ": ref and opt differ at bit length " << bits << ", digest bits " << digest_bits;
  }
  Module ref_ = load(GetParam() + "-ref");
  Module opt_ = load(GetParam() + "-opt");
};

TEST_P(RefOptDifferential, EveryBitLengthTo4096) {
  std::mt19937_64 rng(3);
  for (std::uint64_t bits = 0; bits <= 4096; ++bits) compare(rng, bits, ref_.info()->digest_bits);
}

TEST_P(RefOptDifferential, RandomLengthsTo1MiB) {
  std::mt19937_64 rng(4);
  std::uniform_int_distribution<std::uint64_t> length(0, 8u << 20);
  for (int i = 0; i < 24; ++i) compare(rng, length(rng), ref_.info()->digest_bits);
}

INSTANTIATE_TEST_SUITE_P(Instances, RefOptDifferential, ::testing::ValuesIn(instances_with_both_variants()),
                         test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RefOptDifferential);

class XofRefOptDifferential : public RefOptDifferential {};

TEST_P(XofRefOptDifferential, OutputLengths) {
  std::mt19937_64 rng(5);
  for (int bits : {8, 256, 1016, 1024, 2048, 4096, 10000, NGCC_XOF_MAX_DIGEST_BITS})
    compare(rng, 1000 + static_cast<std::uint64_t>(bits % 977), bits);
}

INSTANTIATE_TEST_SUITE_P(Instances, XofRefOptDifferential,
                         ::testing::ValuesIn(instances_with_both_variants(/*xof_only=*/true)), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(XofRefOptDifferential);

}  // namespace
}  // namespace ngcc::test
