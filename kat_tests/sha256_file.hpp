// SHA-256 of a file's bytes, as sha256sum prints it: evidence of which exact
// module a result belongs to.
#pragma once

#include <string>

namespace ngcc {

// Lower-case hex; throws std::runtime_error naming the file if it cannot be read.
std::string sha256_file(const std::string &path);

}  // namespace ngcc
