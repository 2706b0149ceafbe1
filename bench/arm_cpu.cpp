#include "arm_cpu.hpp"

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <sstream>

namespace ngcc::bench {
namespace {

struct Implementer {
  int code;
  const char *name;
};

struct Part {
  int implementer, part;
  const char *name;
};

// Implementer and part numbers: Linux arch/arm64/include/asm/cputype.h
// (ARM_CPU_IMP_*, *_CPU_PART_*; Qualcomm's 0x001 is QCOM_CPU_PART_ORYON_X1).
const Implementer kImplementers[] = {
    {0x41, "Arm"},     {0x42, "Broadcom"}, {0x43, "Cavium"},   {0x46, "Fujitsu"},   {0x48, "HiSilicon"},
    {0x4e, "NVIDIA"},  {0x50, "APM"},      {0x51, "Qualcomm"}, {0x61, "Apple"},     {0x6d, "Microsoft"},
    {0xc0, "Ampere"},
};

const Part kParts[] = {
    {0x41, 0xd03, "Cortex-A53"},     {0x41, 0xd04, "Cortex-A35"},      {0x41, 0xd05, "Cortex-A55"},
    {0x41, 0xd07, "Cortex-A57"},     {0x41, 0xd08, "Cortex-A72"},      {0x41, 0xd09, "Cortex-A73"},
    {0x41, 0xd0a, "Cortex-A75"},     {0x41, 0xd0b, "Cortex-A76"},      {0x41, 0xd0c, "Neoverse N1"},
    {0x41, 0xd0d, "Cortex-A77"},     {0x41, 0xd40, "Neoverse V1"},     {0x41, 0xd41, "Cortex-A78"},
    {0x41, 0xd44, "Cortex-X1"},      {0x41, 0xd46, "Cortex-A510"},     {0x41, 0xd47, "Cortex-A710"},
    {0x41, 0xd48, "Cortex-X2"},      {0x41, 0xd49, "Neoverse N2"},     {0x41, 0xd4d, "Cortex-A715"},
    {0x41, 0xd4e, "Cortex-X3"},      {0x41, 0xd4f, "Neoverse V2"},     {0x41, 0xd80, "Cortex-A520"},
    {0x41, 0xd81, "Cortex-A720"},    {0x41, 0xd82, "Cortex-X4"},       {0x41, 0xd84, "Neoverse V3"},
    {0x41, 0xd85, "Cortex-X925"},    {0x41, 0xd87, "Cortex-A725"},     {0x41, 0xd8e, "Neoverse N3"},
    {0x43, 0x0af, "ThunderX2"},      {0x46, 0x001, "A64FX"},           {0x48, 0xd01, "TSV110"},
    {0x48, 0xd02, "HIP09"},          {0x4e, 0x003, "Denver"},          {0x4e, 0x004, "Carmel"},
    {0x4e, 0x010, "Olympus"},        {0x51, 0x001, "Oryon"},           {0x51, 0x800, "Kryo 2xx Gold"},
    {0x51, 0x801, "Kryo 2xx Silver"}, {0x51, 0x802, "Kryo 3xx Gold"},  {0x51, 0x803, "Kryo 3xx Silver"},
    {0x51, 0x804, "Kryo 4xx Gold"},  {0x51, 0x805, "Kryo 4xx Silver"}, {0x51, 0xc00, "Falkor"},
    {0x61, 0x022, "M1 Icestorm"},    {0x61, 0x023, "M1 Firestorm"},    {0x61, 0x024, "M1 Pro Icestorm"},
    {0x61, 0x025, "M1 Pro Firestorm"}, {0x61, 0x028, "M1 Max Icestorm"}, {0x61, 0x029, "M1 Max Firestorm"},
    {0x61, 0x032, "M2 Blizzard"},    {0x61, 0x033, "M2 Avalanche"},    {0x61, 0x034, "M2 Pro Blizzard"},
    {0x61, 0x035, "M2 Pro Avalanche"}, {0x61, 0x038, "M2 Max Blizzard"}, {0x61, 0x039, "M2 Max Avalanche"},
    {0x6d, 0xd49, "Azure Cobalt 100"}, {0xc0, 0xac3, "AmpereOne"},     {0xc0, 0xac4, "AmpereOne A"},
};

// Each level's features that Linux names in Features and that the Arm
// architecture makes mandatory at that level (Arm ARM, A2.2-A2.9).
struct Level {
  const char *name;
  std::initializer_list<const char *> features;
};

const Level kLevels[] = {
    {"armv8.1-a", {"atomics", "asimdrdm", "crc32"}},
    {"armv8.2-a", {"dcpop"}},
    {"armv8.3-a", {"jscvt", "fcma", "lrcpc"}},
    {"armv8.4-a", {"dit", "uscat", "ilrcpc", "flagm", "asimddp"}},
    {"armv8.5-a", {"sb", "frint", "flagm2"}},
    {"armv9-a", {"sve2"}},
};

const char *implementer_name(int code) {
  for (const Implementer &i : kImplementers)
    if (i.code == code) return i.name;
  return nullptr;
}

const char *part_name(const ArmCore &core) {
  for (const Part &p : kParts)
    if (p.implementer == core.implementer && p.part == core.part) return p.name;
  return nullptr;
}

std::string value_after_colon(const std::string &line) {
  const auto colon = line.find(':');
  const auto start = line.find_first_not_of(" \t", colon + 1);
  return start == std::string::npos ? "" : line.substr(start);
}

std::string key_of(const std::string &line) {
  std::string key = line.substr(0, line.find(':'));
  key.erase(key.find_last_not_of(" \t") + 1);
  return key;
}

void add_kind(ArmCpuInfo &cpu, const ArmCore &core) {
  if (core.implementer < 0 || core.part < 0) return;
  for (const ArmCore &seen : cpu.cores)
    if (seen == core) return;
  cpu.cores.push_back(core);
}

bool has_feature(const std::string &features, const char *name) {
  return (" " + features + " ").find(std::string(" ") + name + " ") != std::string::npos;
}

}  // namespace

ArmCpuInfo parse_arm_cpuinfo(const std::string &text) {
  ArmCpuInfo cpu;
  ArmCore core;
  std::istringstream in(text);
  std::string line;
  // A blank line ends one processor's block.
  while (std::getline(in, line)) {
    if (line.find(':') == std::string::npos) {
      add_kind(cpu, core);
      core = ArmCore{};
      continue;
    }
    const std::string key = key_of(line), value = value_after_colon(line);
    const int number = static_cast<int>(std::strtol(value.c_str(), nullptr, 0));
    if (key == "CPU implementer") core.implementer = number;
    else if (key == "CPU part") core.part = number;
    else if (key == "CPU variant") core.variant = number;
    else if (key == "CPU revision") core.revision = number;
    else if (key == "Features" && cpu.features.empty()) cpu.features = value;
  }
  add_kind(cpu, core);
  return cpu;
}

std::string arm_model_name(const ArmCpuInfo &cpu) {
  std::string name;
  const char *last_implementer = nullptr;
  for (const ArmCore &core : cpu.cores) {
    const char *implementer = implementer_name(core.implementer), *part = part_name(core);
    if (implementer == nullptr || part == nullptr) continue;
    if (!name.empty()) name += " + ";
    if (implementer != last_implementer) name += std::string(implementer) + " ";
    name += part;
    last_implementer = implementer;
  }
  return name;
}

std::string arm_isa_level(const std::string &features) {
  if (features.empty()) return "";
  std::string level = "armv8-a";
  for (const Level &l : kLevels) {
    for (const char *f : l.features)
      if (!has_feature(features, f)) return level;
    level = l.name;
  }
  return level;
}

std::string arm_midr_description(const ArmCpuInfo &cpu) {
  std::string d;
  for (const ArmCore &core : cpu.cores) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "implementer 0x%02x part 0x%03x r%dp%d", core.implementer, core.part,
                  core.variant < 0 ? 0 : core.variant, core.revision < 0 ? 0 : core.revision);
    d += (d.empty() ? "" : ", ") + std::string(buf);
  }
  return d;
}

}  // namespace ngcc::bench
