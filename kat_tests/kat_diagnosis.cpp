#include "kat_diagnosis.hpp"

#include <algorithm>

#include "hex.hpp"

namespace ngcc::kat {

std::string record_text(Kind kind, std::uint64_t call, std::uint64_t msg_bits) {
  static const char *const kLong[] = {"all zero", "all one", "random"};
  const std::string bits = "msg_len_bits " + std::to_string(msg_bits);
  switch (kind) {
    case Kind::k2_12: return "record " + std::to_string(call + 1) + " (" + bits + ")";
    case Kind::k2_23:
    case Kind::k2_33:
      return "record " + std::to_string(call + 1) + " (" + kLong[std::min<std::uint64_t>(call, 2)] + ", " + bits + ")";
    case Kind::Loop: return "iteration " + std::to_string(call) + " (" + bits + ")";
  }
  return "";
}

std::vector<std::string> difference(Kind kind, const FileDigests &failed, const FileDigests &passed,
                                    const std::string &passed_stem) {
  const std::string vs = " vs " + passed_stem;
  if (kind == Kind::Loop) {
    std::size_t i = 0;
    while (i < kLoopCalls && failed.fingerprints[i] == passed.fingerprints[i]) ++i;
    if (i == kLoopCalls) return {"every iteration agrees" + vs + " (the file differs elsewhere)"};
    return {"first differing value at iteration " + std::to_string(i) + " of 0.." + std::to_string(kLoopIterations) +
            vs + (i == 0 ? " (h0 = CryptHash(m0))" : " (all earlier iterations agree)")};
  }
  const auto &f = failed.digests, &g = passed.digests;
  if (kind == Kind::k2_12) {
    std::size_t first = f.size(), count = 0;
    for (std::size_t r = 0; r < f.size(); ++r)
      if (f[r] != g[r]) count += 1, first = std::min(first, r);
    if (count == 0) return {"every Dst agrees" + vs + " (the file differs elsewhere)"};
    return {"first differing " + record_text(kind, first, first) + vs + ": expected " + to_hex(g[first]) +
            ", actual " + to_hex(f[first]) + "; " + std::to_string(count) + " of " + std::to_string(f.size()) +
            " records differ"};
  }
  std::vector<std::string> lines;
  for (std::size_t r = 0; r < f.size(); ++r)
    lines.push_back(record_text(kind, r, record_bits(kind, r)) +
                    (f[r] == g[r] ? ": same Dst" + vs
                                  : ": expected " + to_hex(g[r]) + " (" + passed_stem + "), actual " + to_hex(f[r])));
  return lines;
}

std::vector<std::string> nothing_to_compare(Kind kind, const std::string &kat_name, const FileDigests &failed) {
  std::vector<std::string> lines{"no other module of " + kat_name + " passed KAT_" + kind_name(kind) +
                                 " to compare with"};
  if (kind == Kind::k2_23 || kind == Kind::k2_33)
    for (std::size_t r = 0; r < failed.digests.size(); ++r)
      lines.push_back(record_text(kind, r, record_bits(kind, r)) + ": Dst = " + to_hex(failed.digests[r]));
  return lines;
}

}  // namespace ngcc::kat
