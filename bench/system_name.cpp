#include "system_name.hpp"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/cpu_features.hpp"
#include "environment.hpp"

namespace ngcc::bench {
namespace {

struct ModelRange {
  int family, first, last;
  const char *name;
};

// AMD: LLVM llvm/lib/TargetParser/Host.cpp, getAMDProcessorTypeAndSubtype
// (families 17h, 19h, 1Ah), which lumps Zen and Zen+ together: Zen+ is
// Pinnacle Ridge (model 08h) and Picasso (18h) in AMD's revision guides.
// Zen 6: Linux arch/x86/kernel/cpu/amd.c, bsp_init_amd (family 1Ah models
// 80h-AFh, C0h-EFh; the kernel also lists 50h-5Fh, which LLVM calls Zen 5).
const ModelRange kAmd[] = {
    {0x17, 0x08, 0x0f, "zen+"}, {0x17, 0x18, 0x1f, "zen+"}, {0x17, 0x00, 0x2f, "zen"},
    {0x17, 0x50, 0x5f, "zen"},  {0x17, 0x30, 0x3f, "zen2"}, {0x17, 0x47, 0x47, "zen2"},
    {0x17, 0x60, 0x7f, "zen2"}, {0x17, 0x84, 0x87, "zen2"}, {0x17, 0x90, 0xaf, "zen2"},
    {0x19, 0x00, 0x0f, "zen3"}, {0x19, 0x20, 0x5f, "zen3"}, {0x19, 0x10, 0x1f, "zen4"},
    {0x19, 0x60, 0x7f, "zen4"}, {0x19, 0xa0, 0xaf, "zen4"}, {0x1a, 0x80, 0xaf, "zen6"},
    {0x1a, 0xc0, 0xef, "zen6"}, {0x1a, 0x00, 0xff, "zen5"},
};

// Intel: the same LLVM file, getIntelProcessorTypeAndSubtype (family 6;
// names as -march spells them). Model 55h is told apart by its flags below.
const ModelRange kIntel[] = {
    {6, 0x0f, 0x0f, "core2"},          {6, 0x16, 0x16, "core2"},          {6, 0x17, 0x17, "penryn"},
    {6, 0x1d, 0x1d, "penryn"},         {6, 0x1a, 0x1a, "nehalem"},        {6, 0x1e, 0x1f, "nehalem"},
    {6, 0x2e, 0x2e, "nehalem"},        {6, 0x25, 0x25, "westmere"},       {6, 0x2c, 0x2c, "westmere"},
    {6, 0x2f, 0x2f, "westmere"},       {6, 0x2a, 0x2a, "sandybridge"},    {6, 0x2d, 0x2d, "sandybridge"},
    {6, 0x3a, 0x3a, "ivybridge"},      {6, 0x3e, 0x3e, "ivybridge"},      {6, 0x3c, 0x3c, "haswell"},
    {6, 0x3f, 0x3f, "haswell"},        {6, 0x45, 0x46, "haswell"},        {6, 0x3d, 0x3d, "broadwell"},
    {6, 0x47, 0x47, "broadwell"},      {6, 0x4f, 0x4f, "broadwell"},      {6, 0x56, 0x56, "broadwell"},
    {6, 0x4e, 0x4e, "skylake"},        {6, 0x5e, 0x5e, "skylake"},        {6, 0x8e, 0x8e, "skylake"},
    {6, 0x9e, 0x9e, "skylake"},        {6, 0xa5, 0xa6, "skylake"},        {6, 0xa7, 0xa7, "rocketlake"},
    {6, 0x66, 0x66, "cannonlake"},     {6, 0x7d, 0x7e, "icelake-client"}, {6, 0x8c, 0x8d, "tigerlake"},
    {6, 0x97, 0x97, "alderlake"},      {6, 0x9a, 0x9a, "alderlake"},      {6, 0xbe, 0xbe, "gracemont"},
    {6, 0xb7, 0xb7, "raptorlake"},     {6, 0xba, 0xba, "raptorlake"},     {6, 0xbf, 0xbf, "raptorlake"},
    {6, 0xaa, 0xaa, "meteorlake"},     {6, 0xac, 0xac, "meteorlake"},     {6, 0xc5, 0xc5, "arrowlake"},
    {6, 0xb5, 0xb5, "arrowlake"},      {6, 0xc6, 0xc6, "arrowlake-s"},    {6, 0xbd, 0xbd, "lunarlake"},
    {6, 0xcc, 0xcc, "pantherlake"},    {6, 0xad, 0xad, "graniterapids"},  {6, 0xae, 0xae, "graniterapids-d"},
    {6, 0x6a, 0x6a, "icelake-server"}, {6, 0x6c, 0x6c, "icelake-server"}, {6, 0xcf, 0xcf, "emeraldrapids"},
    {6, 0x8f, 0x8f, "sapphirerapids"}, {6, 0x1c, 0x1c, "bonnell"},        {6, 0x26, 0x27, "bonnell"},
    {6, 0x35, 0x36, "bonnell"},        {6, 0x37, 0x37, "silvermont"},     {6, 0x4a, 0x4a, "silvermont"},
    {6, 0x4c, 0x4d, "silvermont"},     {6, 0x5a, 0x5a, "silvermont"},     {6, 0x5d, 0x5d, "silvermont"},
    {6, 0x5c, 0x5c, "goldmont"},       {6, 0x5f, 0x5f, "goldmont"},       {6, 0x7a, 0x7a, "goldmont-plus"},
    {6, 0x86, 0x86, "tremont"},        {6, 0x8a, 0x8a, "tremont"},        {6, 0x96, 0x96, "tremont"},
    {6, 0x9c, 0x9c, "tremont"},        {6, 0xaf, 0xaf, "sierraforest"},   {6, 0xb6, 0xb6, "grandridge"},
    {6, 0xdd, 0xdd, "clearwaterforest"}, {6, 0x57, 0x57, "knl"},          {6, 0x85, 0x85, "knm"},
    {0x13, 0x01, 0x01, "diamondrapids"},
};

struct HybridModel {
  int model;
  const char *performance, *efficiency;  // the cores cpu_core and cpu_atom list
};

// Intel family 6 hybrid models, the cores named in the comments of Linux
// arch/x86/include/asm/intel-family.h ("Hybrid" Processors (P-Core/E-Core));
// RAPTORLAKE_P and _S, METEORLAKE_L and ARROWLAKE, listed there without a
// comment, as the first model of their group.
const HybridModel kIntelHybrid[] = {
    {0x8a, "Sunny Cove", "Tremont"},          {0x97, "Golden Cove", "Gracemont"},
    {0x9a, "Golden Cove", "Gracemont"},       {0xb7, "Raptor Cove", "Enhanced Gracemont"},
    {0xba, "Raptor Cove", "Enhanced Gracemont"}, {0xbf, "Raptor Cove", "Enhanced Gracemont"},
    {0xac, "Redwood Cove", "Crestmont"},      {0xaa, "Redwood Cove", "Crestmont"},
    {0xc5, "Lion Cove", "Skymont"},           {0xc6, "Lion Cove", "Skymont"},
    {0xbd, "Lion Cove", "Skymont"},           {0xcc, "Cougar Cove", "Darkmont"},
};

bool has_flag(const CpuIdentity &cpu, const std::string &flag) {
  std::istringstream in(cpu.flags);
  std::string f;
  while (in >> f)
    if (f == flag) return true;
  return false;
}

bool has_all(const CpuIdentity &cpu, std::initializer_list<const char *> flags) {
  for (const char *f : flags)
    if (!has_flag(cpu, f)) return false;
  return true;
}

template <std::size_t N>
const char *lookup(const ModelRange (&table)[N], const CpuIdentity &cpu) {
  for (const ModelRange &r : table)
    if (r.family == cpu.family && cpu.model >= r.first && cpu.model <= r.last) return r.name;
  return nullptr;
}

// The x86-64 micro-architecture levels of the psABI.
std::string isa_level(const CpuIdentity &cpu) {
  if (!has_all(cpu, {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"})) return "x86-64";
  if (!has_all(cpu, {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"})) return "x86-64-v2";
  if (!has_all(cpu, {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"})) return "x86-64-v3";
  return "x86-64-v4";
}

// Lower case, "(R)", "(TM)", the words CPU and Processor and the "@ clock"
// dropped, every other run of non-alphanumerics one '-'.
std::string slug(std::string s) {
  for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto at = s.find('@');
  if (at != std::string::npos) s.erase(at);
  for (const char *drop : {"(r)", "(tm)"})
    for (auto p = s.find(drop); p != std::string::npos; p = s.find(drop)) s.replace(p, std::string(drop).size(), " ");
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && std::isalnum(static_cast<unsigned char>(s[i]))) {
      word += s[i];
    } else if (!word.empty()) {
      if (word != "cpu" && word != "processor") words.push_back(word);
      word.clear();
    }
  }
  std::string out;
  for (const auto &w : words) out += (out.empty() ? "" : "-") + w;
  return out;
}

int cpuinfo_int(const std::string &key) {
  const std::string v = cpuinfo_value(key);
  return v.empty() ? -1 : std::atoi(v.c_str());
}

bool is_aarch64(const CpuIdentity &cpu) { return cpu.machine == "aarch64" || cpu.machine == "arm64"; }

}  // namespace

void add_arm_identity(CpuIdentity &c, const std::string &cpuinfo_text) {
  c.arm = parse_arm_cpuinfo(cpuinfo_text);
  if (c.model_name.empty()) c.model_name = arm_model_name(c.arm);
  if (c.flags.empty()) c.flags = c.arm.features;
}

CpuIdentity this_cpu() {
  CpuIdentity c;
  c.machine = machine();
  c.vendor = cpuinfo_value("vendor_id");
  c.model_name = cpuinfo_value("model name");
  c.flags = cpuinfo_value("flags");
  c.family = cpuinfo_int("cpu family");
  c.model = cpuinfo_int("model");
  c.stepping = cpuinfo_int("stepping");
  if (is_aarch64(c)) {
    std::ifstream in("/proc/cpuinfo");
    add_arm_identity(c, std::string(std::istreambuf_iterator<char>(in), {}));
  }
  return c;
}

std::string microarchitecture(const CpuIdentity &cpu) {
  if (is_aarch64(cpu)) return arm_model_name(cpu.arm).empty() ? arm_isa_level(cpu.flags) : "";
  if (cpu.machine != "x86_64" && cpu.machine != "i686" && cpu.machine != "i386") return "";
  const char *name = nullptr;
  if (cpu.vendor == "AuthenticAMD") {
    name = lookup(kAmd, cpu);
  } else if (cpu.vendor == "GenuineIntel") {
    if (cpu.family == 6 && cpu.model == 0x55)
      name = has_flag(cpu, "avx512_bf16")   ? "cooperlake"
             : has_flag(cpu, "avx512_vnni") ? "cascadelake"
                                            : "skylake-avx512";
    else
      name = lookup(kIntel, cpu);
  }
  return name != nullptr ? name : isa_level(cpu);
}

std::string system_name(const CpuIdentity &cpu) {
  std::string name = cpu.machine.empty() ? "unknown" : cpu.machine;
  const std::string model = slug(cpu.model_name), uarch = microarchitecture(cpu);
  if (!model.empty() || uarch.empty()) name += "-" + (model.empty() ? std::string("unknown") : model);
  if (!uarch.empty()) name += "-" + uarch;
  return name;
}

std::string core_microarchitecture(const CpuIdentity &cpu, const CoreKind &kind) {
  if (kind.rank == CoreRank::kUniform) return {};
  if (kind.midr.implementer >= 0) return arm_model_name(ArmCpuInfo{{kind.midr}, ""});
  if (kind.pmu.empty() || cpu.vendor != "GenuineIntel" || cpu.family != 6) return {};
  for (const HybridModel &m : kIntelHybrid)
    if (m.model == cpu.model) return kind.rank == CoreRank::kPerformance ? m.performance : m.efficiency;
  return {};
}

std::string system_name(const CpuIdentity &cpu, const CoreKind &measured) {
  if (measured.rank == CoreRank::kUniform) return system_name(cpu);
  if (!measured.pmu.empty()) return system_name(cpu) + (measured.rank == CoreRank::kPerformance ? "-pcore" : "-ecore");
  CpuIdentity core = cpu;
  core.arm = ArmCpuInfo{{measured.midr}, cpu.arm.features};
  core.model_name = core_microarchitecture(cpu, measured);
  if (core.model_name.empty()) return system_name(cpu) + "-capacity-" + std::to_string(measured.capacity);
  return system_name(core);
}

std::string cpu_description(const CpuIdentity &cpu) {
  std::string d = cpu.model_name.empty() ? "unknown CPU" : cpu.model_name;
  d += " (" + (cpu.vendor.empty() ? cpu.machine : cpu.vendor);
  if (!cpu.arm.cores.empty()) d += " " + arm_midr_description(cpu.arm);
  if (cpu.family >= 0) d += " family " + std::to_string(cpu.family) + " model " + std::to_string(cpu.model);
  const std::string uarch = microarchitecture(cpu);
  if (!uarch.empty()) d += ", " + uarch;
  return d + ")";
}

std::string cpu_identity_json(const CpuIdentity &cpu) {
  auto known = [](int v) { return v >= 0 ? nlohmann::json(v) : nlohmann::json(); };
  nlohmann::ordered_json identity = {
      {"machine", cpu.machine},        {"vendor", cpu.vendor},     {"family", known(cpu.family)},
      {"model", known(cpu.model)},     {"stepping", known(cpu.stepping)},
      {"features", cpu_feature_names(cpu_features_usable())},
  };
  // AArch64 has no family and model: each kind of core's MIDR fields.
  if (!cpu.arm.cores.empty()) identity["cores"] = arm_midr_description(cpu.arm);
  return identity.dump();
}

}  // namespace ngcc::bench
