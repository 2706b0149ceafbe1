#include "hex.hpp"

#include <cctype>
#include <stdexcept>

namespace ngcc {

namespace {

std::string hex_with(const char *digits, const std::uint8_t *data, std::size_t size) {
  std::string s(size * 2, '0');
  for (std::size_t i = 0; i < size; ++i) {
    s[2 * i] = digits[data[i] >> 4];
    s[2 * i + 1] = digits[data[i] & 15];
  }
  return s;
}

}  // namespace

std::string to_hex(const std::uint8_t *data, std::size_t size) {
  return hex_with("0123456789ABCDEF", data, size);
}

std::string to_lower_hex(const std::uint8_t *data, std::size_t size) {
  return hex_with("0123456789abcdef", data, size);
}

std::vector<std::uint8_t> from_hex(std::string_view hex) {
  std::vector<std::uint8_t> out;
  int high = -1;
  for (char c : hex) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    int v;
    if (c >= '0' && c <= '9') v = c - '0';
    else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    else throw std::invalid_argument(std::string("not a hex digit: '") + c + "'");
    if (high < 0) {
      high = v;
    } else {
      out.push_back(static_cast<std::uint8_t>(high << 4 | v));
      high = -1;
    }
  }
  if (high >= 0) throw std::invalid_argument("odd number of hex digits");
  return out;
}

}  // namespace ngcc
