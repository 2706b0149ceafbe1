// Helpers for GoogleTest suites: load a built module by target name, hex
// conversion, one-call digests.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "hex.hpp"
#include "ngcc/module_loader.hpp"

namespace ngcc::test {

// Path of a module built in this tree, e.g. "CHIME-512-ref" ->
// <build>/modules/libCHIME-512-ref.so.
std::string module_path(const std::string &target);
Module load(const std::string &target);

using ngcc::from_hex;  // either case, white space ignored
using ngcc::to_hex;    // upper case

// The variants built in this tree: "ref", and "opt" where the optimized
// modules are built (NGCC_BUILD_OPT; defined as NGCC_HAVE_OPT in every test).
const std::vector<std::string> &built_variants();

std::vector<std::uint8_t> random_bytes(std::mt19937_64 &rng, std::size_t n);

// Digest of an msg_bits-bit message at `digest_bits` (default: the module's
// KAT width); fails the calling test (ADD_FAILURE) on a non-zero return.
std::vector<std::uint8_t> digest(const Module &module, const std::vector<std::uint8_t> &msg,
                                 std::uint64_t msg_bits, int digest_bits = 0);
inline std::vector<std::uint8_t> digest(const Module &module, const std::vector<std::uint8_t> &msg) {
  return digest(module, msg, msg.size() * 8);
}

}  // namespace ngcc::test
