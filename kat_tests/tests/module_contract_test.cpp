// The contract of crypthash.h, checked on every module found in the build's
// module directory: argument policy, partial-byte convention, no read past
// ceil(n/8) bytes, and ref/opt agreement. Family-specific vectors live with
// each family (hashes/<family>/tests).
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
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

// Messages end right before a PROT_NONE page: reading past ceil(n/8) bytes
// would fault.
TEST_P(CandidateModule, NoReadPastMessageEnd) {
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t span = 4 * page;
  auto *base = static_cast<std::uint8_t *>(
      ::mmap(nullptr, span + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(base, MAP_FAILED);
  ASSERT_EQ(::mprotect(base + span, page, PROT_NONE), 0);
  std::mt19937_64 rng(2);
  for (std::size_t i = 0; i < span; ++i) base[i] = static_cast<std::uint8_t>(rng());
  std::vector<std::uint8_t> out(info_->digest_bits / 8);
  for (std::uint64_t bits = 0; bits <= 8 * span; bits += bits < 2100 ? 1 : 8 * 509) {
    const std::uint8_t *msg = base + span - (bits + 7) / 8;
    EXPECT_EQ(module_->hash(info_->digest_bits, msg, bits, out.data()), NGCC_OK);
  }
  ::munmap(base, span + page);
}

// Messages start right after a PROT_NONE page: no read before byte 0 either.
TEST_P(CandidateModule, NoReadBeforeMessageStart) {
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t span = 4 * page;
  auto *base = static_cast<std::uint8_t *>(
      ::mmap(nullptr, page + span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(base, MAP_FAILED);
  ASSERT_EQ(::mprotect(base, page, PROT_NONE), 0);
  std::mt19937_64 rng(6);
  for (std::size_t i = page; i < page + span; ++i) base[i] = static_cast<std::uint8_t>(rng());
  std::vector<std::uint8_t> out(info_->digest_bits / 8);
  for (std::uint64_t bits = 0; bits <= 8 * span; bits += bits < 1100 ? 1 : 8 * 509)
    EXPECT_EQ(module_->hash(info_->digest_bits, base + page, bits, out.data()), NGCC_OK);
  ::munmap(base, page + span);
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
