// The contract of crypthash.h, checked on every module of the build's
// manifest: the description against the family's declaration, the argument
// policy, the partial-byte convention, no read outside the ceil(n/8) bytes,
// and every variant's agreement with ref. Family-specific vectors live with
// each family (hashes/<family>/tests).
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>

#include "test_support.hpp"

namespace ngcc::test {
namespace {

// Every module of the build (ours and the baselines), as its manifest lists it.
std::vector<std::string> module_targets() {
  std::vector<std::string> out;
  for (const auto &m : built_modules()) out.push_back(m.target);
  return out;
}

const BuiltModule &built(const std::string &target) {
  for (const auto &m : built_modules())
    if (m.target == target) return m;
  throw std::runtime_error(target + ": not in the module manifest");
}

// Loads the module; the checks that call CryptHash with valid arguments are
// skipped where this CPU cannot run it (UnsupportedCpu covers those).
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

std::string str(const char *s) { return s != nullptr ? s : "(null)"; }

// ngcc_instance() says what the family's candidate.json declares and what
// the build made of it.
TEST_P(ModuleContract, DescribesItself) {
  const BuiltModule &m = built(GetParam());
  EXPECT_EQ(GetParam(), str(info_->name) + "-" + str(info_->variant));
  EXPECT_EQ(str(info_->name), m.instance);
  EXPECT_EQ(str(info_->variant), m.variant);
  EXPECT_EQ(str(info_->implementation), m.implementation);
  EXPECT_EQ(str(info_->build_flags), m.build_flags);
  ASSERT_NE(info_->cpu_features, nullptr);
  ASSERT_NE(info_->code_path, nullptr);
  EXPECT_EQ(std::string(info_->code_path()).rfind(m.implementation, 0), 0u) << info_->code_path();
  if (m.kind != "candidate") return;
  const DeclaredInstance &d = declared_instance(m.instance);
  EXPECT_EQ(str(info_->kat_name), d.kat_name);
  EXPECT_EQ(str(info_->candidate_id), d.candidate_id);
  EXPECT_EQ(str(info_->family), d.family);
  EXPECT_EQ(str(info_->full_name), d.full_name);
  EXPECT_EQ(str(info_->baseline), d.baseline);
  EXPECT_EQ(info_->digest_bits, d.digest_bits);
  EXPECT_EQ(info_->is_xof != 0, d.xof);
  EXPECT_EQ(info_->max_digest_bits, d.max_digest_bits);
}

// A module built for extensions this CPU lacks says so and writes nothing.
class UnsupportedModule : public ModuleContract {};

std::vector<std::string> modules_not_running_here() {
  std::vector<std::string> out;
  for (const auto &t : module_targets())
    if (!runs_here(load(t))) out.push_back(t);
  return out;
}

TEST_P(UnsupportedModule, SaysSoAndWritesNothing) {
  const int d = info_->digest_bits;
  std::vector<std::uint8_t> msg(64, 0x5A), out(d / 8, 0xEE);
  EXPECT_EQ(module_->hash(d, msg.data(), 512, out.data()), NGCC_ERR_UNSUPPORTED_CPU);
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0xEE; }));
  // The reason is this process's view of the module's extensions.
  const CpuSupport support = cpu_support(cpu_features_named(info_->cpu_features));
  ASSERT_FALSE(support.ok()) << info_->cpu_features;
  EXPECT_NE(std::string(info_->code_path()).find(unsupported_reason(support)), std::string::npos)
      << info_->code_path();
}

INSTANTIATE_TEST_SUITE_P(Modules, UnsupportedModule, ::testing::ValuesIn(modules_not_running_here()),
                         ParamName());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(UnsupportedModule);

TEST_P(ModuleContract, ArgumentPolicy) {
  if (!runs_here(*module_)) GTEST_SKIP() << info_->code_path();
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

INSTANTIATE_TEST_SUITE_P(Modules, ModuleContract, ::testing::ValuesIn(module_targets()), ParamName());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ModuleContract);

// Bit-level conventions of crypthash.h, for our candidate modules.
class CandidateModule : public ModuleContract {
 protected:
  void SetUp() override {
    ModuleContract::SetUp();
    if (!HasFatalFailure() && !runs_here(*module_)) GTEST_SKIP() << info_->code_path();
  }
};

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

INSTANTIATE_TEST_SUITE_P(Modules, CandidateModule, ::testing::ValuesIn(candidate_targets()), ParamName());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(CandidateModule);

// Every variant of an instance gives the output of its ref module.
std::vector<std::string> variants_beside_ref(bool xof_only = false) {
  std::vector<std::string> out;
  for (const auto &m : built_modules())
    if (m.kind == "candidate" && m.variant != "ref" && (!xof_only || declared_instance(m.instance).xof))
      for (const auto &r : built_modules())
        if (r.instance == m.instance && r.variant == "ref") out.push_back(m.target);
  return out;
}

class Differential : public ModuleTest {
 protected:
  void compare(std::mt19937_64 &rng, std::uint64_t bits, int digest_bits) {
    const auto msg = random_bytes(rng, (bits + 7) / 8);
    ASSERT_EQ(to_hex(digest(module(), msg, bits, digest_bits)), to_hex(digest(*ref_, msg, bits, digest_bits)))
        << GetParam() << " and " << reference() << " differ at bit length " << bits << ", digest bits "
        << digest_bits;
  }
  std::string reference() const { return str(info().name) + "-ref"; }
  void SetUp() override {
    ModuleTest::SetUp();
    if (!IsSkipped()) ref_ = std::make_unique<Module>(load(reference()));
  }
  std::unique_ptr<Module> ref_;
};

TEST_P(Differential, EveryBitLengthTo4096) {
  std::mt19937_64 rng(3);
  for (std::uint64_t bits = 0; bits <= 4096; ++bits) ASSERT_NO_FATAL_FAILURE(compare(rng, bits, info().digest_bits));
}

TEST_P(Differential, RandomLengthsTo1MiB) {
  std::mt19937_64 rng(4);
  std::uniform_int_distribution<std::uint64_t> length(0, 8u << 20);
  for (int i = 0; i < 24; ++i) ASSERT_NO_FATAL_FAILURE(compare(rng, length(rng), info().digest_bits));
}

INSTANTIATE_TEST_SUITE_P(Modules, Differential, ::testing::ValuesIn(variants_beside_ref()), ParamName());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Differential);

class XofDifferential : public Differential {};

TEST_P(XofDifferential, OutputLengths) {
  std::mt19937_64 rng(5);
  for (int bits : {8, 256, 1016, 1024, 2048, 4096, 10000, info().max_digest_bits})
    ASSERT_NO_FATAL_FAILURE(compare(rng, 1000 + static_cast<std::uint64_t>(bits % 977), bits));
}

INSTANTIATE_TEST_SUITE_P(Modules, XofDifferential, ::testing::ValuesIn(variants_beside_ref(/*xof_only=*/true)),
                         ParamName());
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(XofDifferential);

}  // namespace
}  // namespace ngcc::test
