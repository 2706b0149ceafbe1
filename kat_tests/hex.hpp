// Upper-case hex as the KAT files print it, and its parser.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ngcc {

std::string to_hex(const std::uint8_t *data, std::size_t size);
inline std::string to_hex(const std::vector<std::uint8_t> &v) { return to_hex(v.data(), v.size()); }
// Lower-case hex, as sha256sum and the KAT manifests print digests.
std::string to_lower_hex(const std::uint8_t *data, std::size_t size);
// Accepts either case and ignores white space; throws std::invalid_argument.
std::vector<std::uint8_t> from_hex(std::string_view hex);

}  // namespace ngcc
