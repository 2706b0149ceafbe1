// The ICCS helper modules (docs/iccs-helpers.md): sm3hash-256 against the
// two examples of GB/T 32905-2016; every helper against a model of the
// definitions whose HMAC is built by RFC 2104 on the sm3hash-256 module
// (neither OpenSSL's HMAC nor the modules' own composition is used); and
// the refusals of other widths (NGCC_ERR_DIGEST_LENGTH) and of partial
// bytes (NGCC_ERR_MESSAGE_LENGTH), which write nothing. The model in Python
// (iccs_helpers_check.py) is the other, independent check.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace ngcc::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

// The instances the published campaign times (docs/iccs-helpers.md).
const char *const kInstances[] = {"sm3hash-256",    "pseudohash-512",  "pseudohash-768",  "pseudohash-1024",
                                  "pseudoXOF-256",  "pseudoXOF-384",   "pseudoXOF-512",   "pseudoXOF-768",
                                  "pseudoXOF-1024", "pseudoXOF-1152",  "pseudoXOF-1280",  "pseudoXOF-2048"};

// The message lengths of the published check, in bytes.
const std::size_t kLengths[] = {0, 1, 3, 31, 32, 55, 56, 63, 64, 65, 119, 128, 512, 1024, 4096, 8192, 16384, 65536};

std::vector<std::string> iccs_targets() {
  std::vector<std::string> out;
  for (const auto &m : built_modules())
    if (m.kind == "baseline" && m.variant == "iccs") out.push_back(m.target);
  return out;
}

// Byte i is (7·i + 1) mod 256, as in the published check.
Bytes check_message(std::size_t length) {
  Bytes m(length);
  for (std::size_t i = 0; i < length; ++i) m[i] = static_cast<std::uint8_t>(7 * i + 1);
  return m;
}

Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes &p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// The definitions of docs/iccs-helpers.md over the sm3hash-256 module as SM3.
class Model {
 public:
  explicit Model(const Module &sm3) : sm3_(sm3), key_(from_hex(
      "5307f6d5eb6a3ced3d24c53cc9c82cce2f8936397023f0695c26c80c1ab182a7"
      "1db02ba92f544018115a96e719662ca32b7c7efc0a6d2482150766ba6f655b8e")) {}

  Bytes sm3(const Bytes &x) const { return digest(sm3_, x); }

  // RFC 2104: H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ x)); K is one 64-byte SM3 block.
  Bytes mac(const Bytes &x) const {
    Bytes inner(key_), outer(key_);
    for (auto &b : inner) b ^= 0x36;
    for (auto &b : outer) b ^= 0x5c;
    return sm3(cat({outer, sm3(cat({inner, x}))}));
  }

  Bytes pseudo_xof(int bits, const Bytes &m) const {
    Bytes out;
    for (std::uint32_t ct = 1; out.size() < static_cast<std::size_t>(bits / 8); ++ct)
      out = cat({out, sm3(cat({m, {static_cast<std::uint8_t>(ct >> 24), static_cast<std::uint8_t>(ct >> 16),
                                   static_cast<std::uint8_t>(ct >> 8), static_cast<std::uint8_t>(ct)}}))});
    out.resize(bits / 8);
    return out;
  }

  Bytes pseudohash(int bits, const Bytes &m) const {
    const Bytes dom = {static_cast<std::uint8_t>(bits / 256), 0};
    const Bytes k1 = mac(cat({dom, m})), h1 = sm3(cat({m, dom})), h2 = sm3(cat({k1, h1}));
    if (bits == 512) return cat({h1, h2});
    const Bytes k2 = mac(h1), h3 = sm3(cat({h2, k2}));
    if (bits == 768) return cat({h1, h2, h3});
    const Bytes k3 = mac(h2), k4 = mac(h3);
    return cat({h1, h2, h3, sm3(cat({k3, h3, k4}))});
  }

  // By instance name, e.g. "pseudoXOF-512".
  Bytes helper(const std::string &instance, const Bytes &m) const {
    const std::size_t dash = instance.rfind('-');
    const std::string function = instance.substr(0, dash);
    const int bits = std::stoi(instance.substr(dash + 1));
    if (function == "sm3hash") return sm3(m);
    if (function == "pseudohash") return pseudohash(bits, m);
    if (function == "pseudoXOF") return pseudo_xof(bits, m);
    ADD_FAILURE() << "no model for " << instance;
    return {};
  }

 private:
  const Module &sm3_;
  const Bytes key_;
};

TEST(IccsHelpers, EveryPublishedInstanceIsBuilt) {
  const auto built = iccs_targets();
  for (const char *instance : kInstances)
    EXPECT_NE(std::find(built.begin(), built.end(), std::string(instance) + "-iccs"), built.end()) << instance;
  EXPECT_EQ(built.size(), std::size(kInstances));
}

// GB/T 32905-2016, Appendix A: examples 1 and 2.
TEST(IccsHelpers, Sm3hashGivesTheGbt32905Examples) {
  const Module m = load("sm3hash-256-iccs");
  const Bytes abc = {'a', 'b', 'c'};
  Bytes abcd16;
  for (int i = 0; i < 16; ++i) abcd16.insert(abcd16.end(), {'a', 'b', 'c', 'd'});
  EXPECT_EQ(to_hex(digest(m, abc)), to_hex(from_hex("66c7f0f4 62eeedd9 d1f2d46b dc10e4e2 4167c487 5cf2f7a2 "
                                                    "297da02b 8f4ba8e0")));
  EXPECT_EQ(to_hex(digest(m, abcd16)), to_hex(from_hex("debe9ff9 2275b8a1 38604889 c18e5a4d 6fdb70e5 387e5765 "
                                                       "293dcba3 9c0c5732")));
}

class IccsHelper : public ModuleTest {};

TEST_P(IccsHelper, DescribesItself) {
  const std::string name = info().name;
  EXPECT_EQ(GetParam(), name + "-iccs");
  EXPECT_STREQ(info().variant, "iccs");
  EXPECT_STREQ(info().candidate_id, "baseline");
  EXPECT_STREQ(info().family, "ICCS");
  EXPECT_EQ(info().kat_name, name);
  EXPECT_EQ(std::to_string(info().digest_bits), name.substr(name.rfind('-') + 1));
  EXPECT_EQ(info().is_xof, 0);
  EXPECT_EQ(info().max_digest_bits, info().digest_bits);
  EXPECT_STREQ(info().cpu_features, "");
}

TEST_P(IccsHelper, EqualsTheRfc2104Model) {
  const Module sm3 = load("sm3hash-256-iccs");
  const Model model(sm3);
  for (const std::size_t length : kLengths) {
    const Bytes m = check_message(length);
    ASSERT_EQ(to_hex(digest(module(), m)), to_hex(model.helper(info().name, m))) << length << " bytes";
  }
}

TEST_P(IccsHelper, RefusesEveryOtherWidthWritingNothing) {
  const int width = info().digest_bits;
  const Bytes msg(64, 0x5A);
  Bytes out(NGCC_XOF_MAX_DIGEST_BITS / 8 + 16, 0xEE);
  const Bytes untouched = out;
  for (const int bits : {0, -8, -width, 7, 8, width - 8, width + 1, width + 8, 2 * width, 256, 384, 512, 768, 1024,
                         1152, 1280, 2048, NGCC_XOF_MAX_DIGEST_BITS}) {
    if (bits == width) continue;
    EXPECT_EQ(module().hash(bits, msg.data(), 512, out.data()), NGCC_ERR_DIGEST_LENGTH) << "digest_len_bits " << bits;
  }
  EXPECT_TRUE(out == untouched) << "digest written on error";
}

TEST_P(IccsHelper, RefusesPartialBytesWritingNothing) {
  const int width = info().digest_bits;
  const Bytes msg = check_message(65536);
  Bytes out(width / 8, 0xEE);
  const Bytes untouched = out;
  for (const std::uint64_t bits : {1u, 2u, 7u, 9u, 255u, 257u, 511u, 513u, 8u * 65536 - 1})
    EXPECT_EQ(module().hash(width, msg.data(), bits, out.data()), NGCC_ERR_MESSAGE_LENGTH) << bits << " bits";
  EXPECT_TRUE(out == untouched) << "digest written on error";
  // The policy's order (crypthash.h): digest, message, width, then length.
  EXPECT_EQ(module().hash(width, msg.data(), 1, nullptr), NGCC_ERR_NULL_DIGEST);
  EXPECT_EQ(module().hash(width, nullptr, 1, out.data()), NGCC_ERR_NULL_MESSAGE);
  EXPECT_EQ(module().hash(width + 8, msg.data(), 1, out.data()), NGCC_ERR_DIGEST_LENGTH);
  // Whole bytes are taken, the empty message included.
  EXPECT_EQ(module().hash(width, msg.data(), 8, out.data()), NGCC_OK);
  EXPECT_EQ(module().hash(width, nullptr, 0, out.data()), NGCC_OK);
}

INSTANTIATE_TEST_SUITE_P(Modules, IccsHelper, ::testing::ValuesIn(iccs_targets()), ParamName());

}  // namespace
}  // namespace ngcc::test
