// The typed members of a JSON document, each refusal one line
// "<prefix>key '<path>': <what>" thrown as Error: how the module manifest and
// the library plan are read.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace ngcc {

// "<key>[<i>]", the path of an item of an array.
inline std::string json_index(const std::string &key, std::size_t i) { return key + "[" + std::to_string(i) + "]"; }

template <class Error>
class JsonFields {
 public:
  using json = nlohmann::json;

  // `prefix`: "<file>: ", or what else comes before "key" in a message.
  explicit JsonFields(std::string prefix) : prefix_(std::move(prefix)) {}

  [[noreturn]] void fail(const std::string &path, const std::string &what) const {
    throw Error(prefix_ + "key '" + path + "': " + what);
  }

  // `where`: the path of `object` in the document ("" at the top).
  static std::string path(const std::string &where, const std::string &key) {
    return where.empty() ? key : where + "." + key;
  }

  const json &member(const json &object, const std::string &where, const char *key) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(path(where, key), "missing key");
    return *it;
  }
  const json &member(const json &object, const std::string &where, const char *key, json::value_t type) const {
    const json &v = member(object, where, key);
    const bool integer = type == json::value_t::number_integer && (v.is_number_integer() || v.is_number_unsigned());
    if (!integer && v.type() != type)
      fail(path(where, key), std::string("expected ") + name_of(type) + ", found " + v.type_name());
    return v;
  }

  // `non_empty`: "" is refused too.
  std::string text(const json &object, const std::string &where, const char *key, bool non_empty = false) const {
    const std::string &s = member(object, where, key, json::value_t::string).template get_ref<const std::string &>();
    if (non_empty && s.empty()) fail(path(where, key), "expected a non-empty string");
    return s;
  }
  int integer(const json &object, const std::string &where, const char *key) const {
    return member(object, where, key, json::value_t::number_integer).template get<int>();
  }
  bool boolean(const json &object, const std::string &where, const char *key) const {
    return member(object, where, key, json::value_t::boolean).template get<bool>();
  }
  const json &array(const json &object, const std::string &where, const char *key) const {
    return member(object, where, key, json::value_t::array);
  }
  // An array of strings; `non_empty`: "" is refused too.
  std::vector<std::string> strings(const json &object, const std::string &where, const char *key,
                                   bool non_empty = false) const {
    const json &v = member(object, where, key);
    const std::string at = path(where, key);
    if (!v.is_array()) fail(at, std::string("expected an array of strings, found ") + v.type_name());
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_string()) fail(at, std::string("expected an array of strings, found a ") + v[i].type_name());
      out.push_back(v[i].template get<std::string>());
      if (non_empty && out.back().empty()) fail(json_index(at, i), "expected a non-empty string");
    }
    return out;
  }

 private:
  static const char *name_of(json::value_t t) {
    switch (t) {
      case json::value_t::string: return "a string";
      case json::value_t::array: return "an array";
      case json::value_t::boolean: return "a boolean";
      case json::value_t::object: return "an object";
      default: return "an integer";
    }
  }

  std::string prefix_;
};

}  // namespace ngcc
