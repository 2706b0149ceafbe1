// A minimal JSON writer for the guide records (insertion-ordered objects).
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace ngcc::bench {

class Json {
 public:
  static Json object() { return Json(Type::kObject); }
  static Json array() { return Json(Type::kArray); }
  static Json null() { return Json(Type::kRaw, "null"); }
  static Json raw(std::string text) { return Json(Type::kRaw, std::move(text)); }

  Json(const char *s) : Json(Type::kRaw, quote(s)) {}
  Json(const std::string &s) : Json(Type::kRaw, quote(s)) {}
  Json(bool b) : Json(Type::kRaw, b ? "true" : "false") {}
  Json(int v) : Json(Type::kRaw, std::to_string(v)) {}
  Json(long v) : Json(Type::kRaw, std::to_string(v)) {}
  Json(long long v) : Json(Type::kRaw, std::to_string(v)) {}
  Json(unsigned long v) : Json(Type::kRaw, std::to_string(v)) {}
  Json(unsigned long long v) : Json(Type::kRaw, std::to_string(v)) {}
  Json(double v) : Json(Type::kRaw, number(v)) {}

  // Object member (keys are written in insertion order).
  Json &set(const std::string &key, Json value) {
    members_.emplace_back(key, std::move(value));
    return *this;
  }
  // Array element.
  Json &push(Json value) {
    members_.emplace_back(std::string(), std::move(value));
    return *this;
  }

  std::string dump(int indent = 0) const {
    if (type_ == Type::kRaw) return text_;
    const bool obj = type_ == Type::kObject;
    if (members_.empty()) return obj ? "{}" : "[]";
    const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
    std::string out = obj ? "{\n" : "[\n";
    for (std::size_t i = 0; i < members_.size(); ++i) {
      out += pad;
      if (obj) out += quote(members_[i].first) + ": ";
      out += members_[i].second.dump(indent + 2);
      out += i + 1 < members_.size() ? ",\n" : "\n";
    }
    return out + std::string(static_cast<std::size_t>(indent), ' ') + (obj ? "}" : "]");
  }

  // One line, no spaces (for a JSON value stored inside a JSON string).
  std::string dump_compact() const {
    if (type_ == Type::kRaw) return text_;
    const bool obj = type_ == Type::kObject;
    std::string out = obj ? "{" : "[";
    for (std::size_t i = 0; i < members_.size(); ++i) {
      if (i > 0) out += ',';
      if (obj) out += quote(members_[i].first) + ':';
      out += members_[i].second.dump_compact();
    }
    return out + (obj ? "}" : "]");
  }

  static std::string quote(const std::string &s) {
    std::string out = "\"";
    for (const unsigned char c : s) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
          if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
          } else {
            out += static_cast<char>(c);
          }
      }
    }
    return out + "\"";
  }

  static std::string number(double v) {
    if (!std::isfinite(v)) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
  }

 private:
  enum class Type { kObject, kArray, kRaw };
  explicit Json(Type t, std::string text = {}) : type_(t), text_(std::move(text)) {}
  Type type_;
  std::string text_;
  std::vector<std::pair<std::string, Json>> members_;
};

}  // namespace ngcc::bench
