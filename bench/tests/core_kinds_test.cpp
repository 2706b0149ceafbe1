// The kinds of core and the default CPU from sysfs trees built in a
// temporary directory, as Linux lays them out: the hybrid PMUs' cpus lists
// (tools/perf/Documentation/intel-hybrid.txt), cpu_capacity and
// regs/identification/midr_el1 (Documentation/ABI/testing/
// sysfs-devices-system-cpu). Nothing here pins the test process.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include "core_kinds.hpp"
#include "system_name.hpp"

namespace {

namespace fs = std::filesystem;
using ngcc::bench::CoreKinds;
using ngcc::bench::CoreRank;
using ngcc::bench::CpuIdentity;
using ngcc::bench::core_kind_source;
using ngcc::bench::core_microarchitecture;
using ngcc::bench::core_type;
using ngcc::bench::default_cpu;
using ngcc::bench::efficiency_core_warning;
using ngcc::bench::kind_of;
using ngcc::bench::parse_cpu_list;
using ngcc::bench::read_core_kinds;
using ngcc::bench::system_name;

// A sysfs root of its own, removed with the test.
class SysfsTree {
 public:
  SysfsTree() {
    std::string dir = fs::temp_directory_path() / "ngcc-sysfs-XXXXXX";
    if (mkdtemp(dir.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed";
    root_ = dir;
  }
  ~SysfsTree() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  SysfsTree(const SysfsTree &) = delete;
  SysfsTree &operator=(const SysfsTree &) = delete;

  void write(const std::string &relative, const std::string &text) const {
    const fs::path path = fs::path(root_) / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
  }
  void make_directory(const std::string &relative) const { fs::create_directories(fs::path(root_) / relative); }
  const std::string &root() const { return root_; }

  CoreKinds kinds() const {
    std::string error;
    CoreKinds kinds = read_core_kinds(root_, &error);
    EXPECT_EQ(error, "");
    return kinds;
  }

 private:
  std::string root_;
};

std::vector<int> cpus(int first, int last) {
  std::vector<int> v(static_cast<std::size_t>(last - first + 1));
  std::iota(v.begin(), v.end(), first);
  return v;
}

const char kX86Flags[] = "fpu cx16 lahf_lm popcnt sse4_1 sse4_2 ssse3 avx avx2 bmi1 bmi2 f16c fma abm movbe xsave";

// Intel Core i7-12700 (Alder Lake-S, family 6 model 97h): 8 Golden Cove
// cores with SMT as CPUs 0-15, 4 Gracemont cores as CPUs 16-19; its
// /proc/cpuinfo model name.
CpuIdentity i7_12700() {
  return {"x86_64", "GenuineIntel", "12th Gen Intel(R) Core(TM) i7-12700", kX86Flags, 6, 0x97, 2, {}};
}

void write_i7_12700(const SysfsTree &sys) {
  sys.write("devices/cpu_core/cpus", "0-15\n");
  sys.write("devices/cpu_atom/cpus", "16-19\n");
  sys.write("devices/system/cpu/present", "0-19\n");
}

TEST(CoreKinds, CpuLists) {
  std::vector<int> v;
  EXPECT_TRUE(parse_cpu_list("0-3,8,10-11\n", &v));
  EXPECT_EQ(v, (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_TRUE(parse_cpu_list("\n", &v));
  EXPECT_TRUE(v.empty());
  for (const char *bad : {"0-", "-3", "3-1", "0,,1", "0,", "a-b", "0-15:2", "1 2", "99999", "0-4096"})
    EXPECT_FALSE(parse_cpu_list(bad, &v)) << bad;
}

TEST(CoreKinds, IntelHybridDefaultIsTheHighestPerformanceCore) {
  SysfsTree sys;
  write_i7_12700(sys);
  const CoreKinds kinds = sys.kinds();
  const int cpu = default_cpu(kinds, cpus(0, 19));
  EXPECT_EQ(cpu, 15);
  const auto kind = kind_of(kinds, cpu);
  EXPECT_EQ(kind.rank, CoreRank::kPerformance);
  EXPECT_EQ(core_type(kinds, cpu), "performance");
  EXPECT_EQ(core_microarchitecture(i7_12700(), kind), "Golden Cove");
  EXPECT_EQ(core_kind_source(kind, "Intel Core (40h)"), "sysfs cpu_core/cpus; CPUID 1Ah: Intel Core (40h)");
  EXPECT_EQ(system_name(i7_12700(), kind), "x86_64-12th-gen-intel-core-i7-12700-alderlake-pcore");
  EXPECT_EQ(efficiency_core_warning(cpu, kind, "Golden Cove"), "");
  // The CPU's own name is unchanged: it names no kind of core.
  EXPECT_EQ(system_name(i7_12700()), "x86_64-12th-gen-intel-core-i7-12700-alderlake");
}

TEST(CoreKinds, IntelHybridWithOnlyEfficiencyCoresAllowed) {
  SysfsTree sys;
  write_i7_12700(sys);
  const CoreKinds kinds = sys.kinds();
  const int cpu = default_cpu(kinds, cpus(16, 19));
  EXPECT_EQ(cpu, 19);
  const auto kind = kind_of(kinds, cpu);
  EXPECT_EQ(core_type(kinds, cpu), "efficiency");
  EXPECT_EQ(core_microarchitecture(i7_12700(), kind), "Gracemont");
  EXPECT_EQ(system_name(i7_12700(), kind), "x86_64-12th-gen-intel-core-i7-12700-alderlake-ecore");
  EXPECT_EQ(efficiency_core_warning(cpu, kind, "Gracemont"),
            "bench: CPU 19 is an efficiency core (Gracemont); the published x86_1 campaign measured a performance "
            "core");
}

TEST(CoreKinds, IntelHybridExplicitEfficiencyCoreIsSaid) {
  SysfsTree sys;
  write_i7_12700(sys);
  const CoreKinds kinds = sys.kinds();
  const auto kind = kind_of(kinds, 17);
  EXPECT_EQ(kind.rank, CoreRank::kEfficiency);
  EXPECT_EQ(core_kind_source(kind, ""), "sysfs cpu_atom/cpus");
  EXPECT_EQ(efficiency_core_warning(17, kind, core_microarchitecture(i7_12700(), kind)),
            "bench: CPU 17 is an efficiency core (Gracemont); the published x86_1 campaign measured a performance "
            "core");
  // Unpinned, a run on a hybrid CPU measures no one kind.
  EXPECT_EQ(core_type(kinds, -1), "mixed");
}

TEST(CoreKinds, IntelHybridModelWithoutCoreNames) {
  SysfsTree sys;
  write_i7_12700(sys);
  CpuIdentity future = i7_12700();
  future.model = 0xd5;  // a hybrid model the table does not name
  future.model_name = "Intel(R) Core(TM) 3 Test";
  const auto kind = kind_of(sys.kinds(), 17);
  EXPECT_EQ(core_microarchitecture(future, kind), "");
  EXPECT_EQ(system_name(future, kind), "x86_64-intel-core-3-test-x86-64-v3-ecore");
  EXPECT_EQ(efficiency_core_warning(17, kind, ""),
            "bench: CPU 17 is an efficiency core; the published x86_1 campaign measured a performance core");
}

// /proc/cpuinfo of a Snapdragon 888 as Linux prints it (one block per CPU),
// from which the identity names every kind of core.
std::string snapdragon_888_cpuinfo() {
  std::string text;
  for (int cpu = 0; cpu < 8; ++cpu) {
    const char *part = cpu < 4 ? "0xd05" : cpu < 7 ? "0xd41" : "0xd44";
    text += "processor\t: " + std::to_string(cpu) +
            "\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc "
            "dcpop asimddp\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x1\nCPU part\t: " +
            part + "\nCPU revision\t: 0\n\n";
  }
  return text;
}

// Snapdragon 888: CPUs 0-3 Cortex-A55 (part d05h), 4-6 Cortex-A78 (d41h),
// 7 Cortex-X1 (d44h); capacities in its proportions, the fastest 1024 as
// Linux normalises them.
void write_snapdragon_888(const SysfsTree &sys) {
  sys.write("devices/system/cpu/present", "0-7\n");
  for (int cpu = 0; cpu < 8; ++cpu) {
    const std::string dir = "devices/system/cpu/cpu" + std::to_string(cpu) + "/";
    sys.write(dir + "cpu_capacity", cpu < 4 ? "403\n" : cpu < 7 ? "925\n" : "1024\n");
    sys.write(dir + "regs/identification/midr_el1",
              cpu < 4 ? "0x00000000411fd050\n" : cpu < 7 ? "0x00000000411fd410\n" : "0x00000000411fd440\n");
  }
}

CpuIdentity snapdragon_888() {
  CpuIdentity cpu;
  cpu.machine = "aarch64";
  ngcc::bench::add_arm_identity(cpu, snapdragon_888_cpuinfo());
  return cpu;
}

TEST(CoreKinds, BigLittleDefaultIsTheHighestCapacityCore) {
  SysfsTree sys;
  write_snapdragon_888(sys);
  const CoreKinds kinds = sys.kinds();
  const int cpu = default_cpu(kinds, cpus(0, 7));
  EXPECT_EQ(cpu, 7);
  const auto kind = kind_of(kinds, cpu);
  EXPECT_EQ(core_type(kinds, cpu), "performance");
  EXPECT_EQ(core_microarchitecture(snapdragon_888(), kind), "Arm Cortex-X1");
  EXPECT_EQ(core_kind_source(kind, ""), "sysfs cpu_capacity 1024 of 1024, midr_el1 implementer 0x41 part 0xd44 r1p0");
  EXPECT_EQ(system_name(snapdragon_888(), kind), "aarch64-arm-cortex-x1");
  // The CPU's own name is unchanged: every kind of core.
  EXPECT_EQ(system_name(snapdragon_888()), "aarch64-arm-cortex-a55-cortex-a78-cortex-x1");
}

TEST(CoreKinds, BigLittleSlowerCores) {
  SysfsTree sys;
  write_snapdragon_888(sys);
  const CoreKinds kinds = sys.kinds();
  // Without the Cortex-X1: the highest allowed, a Cortex-A78, is said.
  const int cpu = default_cpu(kinds, cpus(0, 6));
  EXPECT_EQ(cpu, 6);
  const auto a78 = kind_of(kinds, cpu);
  EXPECT_EQ(core_type(kinds, cpu), "efficiency");
  EXPECT_EQ(system_name(snapdragon_888(), a78), "aarch64-arm-cortex-a78");
  const auto a55 = kind_of(kinds, 2);
  EXPECT_EQ(system_name(snapdragon_888(), a55), "aarch64-arm-cortex-a55");
  EXPECT_EQ(efficiency_core_warning(2, a55, core_microarchitecture(snapdragon_888(), a55)),
            "bench: CPU 2 is an efficiency core (Arm Cortex-A55, capacity 403 of 1024); the published x86_1 "
            "campaign measured a performance core");
}

TEST(CoreKinds, BigLittleWithoutMidr) {
  SysfsTree sys;
  sys.write("devices/system/cpu/present", "0-1\n");
  sys.write("devices/system/cpu/cpu0/cpu_capacity", "446\n");
  sys.write("devices/system/cpu/cpu1/cpu_capacity", "1024\n");
  const CoreKinds kinds = sys.kinds();
  EXPECT_EQ(default_cpu(kinds, cpus(0, 1)), 1);
  EXPECT_EQ(system_name(snapdragon_888(), kind_of(kinds, 0)),
            "aarch64-arm-cortex-a55-cortex-a78-cortex-x1-capacity-446");
  EXPECT_EQ(core_kind_source(kind_of(kinds, 1), ""), "sysfs cpu_capacity 1024 of 1024");
}

TEST(CoreKinds, HomogeneousIsLastAndKeepsItsName) {
  const CpuIdentity epyc = {"x86_64", "AuthenticAMD", "AMD EPYC", std::string(kX86Flags), 26, 2, 0, {}};
  SysfsTree sys;
  sys.write("devices/system/cpu/present", "0-1\n");
  const CoreKinds kinds = sys.kinds();
  EXPECT_TRUE(kinds.empty());
  EXPECT_EQ(default_cpu(kinds, cpus(0, 1)), 1);
  EXPECT_EQ(default_cpu(kinds, {0, 5, 3}), 5);
  const auto kind = kind_of(kinds, 1);
  EXPECT_EQ(kind.rank, CoreRank::kUniform);
  EXPECT_EQ(core_type(kinds, 1), "uniform");
  EXPECT_EQ(core_type(kinds, -1), "uniform");
  EXPECT_EQ(core_kind_source(kind, ""), "");
  EXPECT_EQ(core_microarchitecture(epyc, kind), "");
  EXPECT_EQ(system_name(epyc, kind), "x86_64-amd-epyc-zen5");
  EXPECT_EQ(system_name(epyc, kind), system_name(epyc));
  EXPECT_EQ(efficiency_core_warning(1, kind, ""), "");
}

TEST(CoreKinds, EqualCapacitiesAreOneKind) {
  // An Arm server: every core's capacity 1024.
  SysfsTree sys;
  sys.write("devices/system/cpu/present", "0-3\n");
  for (int cpu = 0; cpu < 4; ++cpu) {
    sys.write("devices/system/cpu/cpu" + std::to_string(cpu) + "/cpu_capacity", "1024\n");
    sys.write("devices/system/cpu/cpu" + std::to_string(cpu) + "/regs/identification/midr_el1", "0x00000000413fd0c1\n");
  }
  EXPECT_TRUE(sys.kinds().empty());
}

TEST(CoreKinds, OnePmuListingIsOneKind) {
  SysfsTree sys;
  sys.write("devices/cpu_core/cpus", "0-7\n");
  sys.write("devices/cpu_atom/cpus", "\n");
  EXPECT_TRUE(sys.kinds().empty());
}

TEST(CoreKinds, MalformedFilesAreOneLineAndNoKinds) {
  const auto error_of = [](void (*fill)(const SysfsTree &)) {
    SysfsTree sys;
    fill(sys);
    std::string error;
    EXPECT_TRUE(read_core_kinds(sys.root(), &error).empty());
    EXPECT_EQ(error.find('\n'), std::string::npos);
    const auto relative = error.find("devices/");
    return relative == std::string::npos ? error : error.substr(relative);
  };
  EXPECT_EQ(error_of([](const SysfsTree &s) {
              s.write("devices/cpu_core/cpus", "0-x\n");
              s.write("devices/cpu_atom/cpus", "16-19\n");
            }),
            "devices/cpu_core/cpus: not a CPU list: '0-x'");
  EXPECT_EQ(error_of([](const SysfsTree &s) {
              s.write("devices/cpu_core/cpus", "0-15\n");
              s.write("devices/cpu_atom/cpus", "15-19\n");
            }),
            "devices/cpu_atom/cpus: CPU 15 is listed by cpu_core too");
  EXPECT_EQ(error_of([](const SysfsTree &s) {
              s.write("devices/system/cpu/present", "0-1\n");
              s.write("devices/system/cpu/cpu0/cpu_capacity", "big\n");
            }),
            "devices/system/cpu/cpu0/cpu_capacity: not a number: 'big'");
  EXPECT_EQ(error_of([](const SysfsTree &s) {
              s.write("devices/system/cpu/present", "0\n");
              s.write("devices/system/cpu/cpu0/cpu_capacity", "1024\n");
              s.write("devices/system/cpu/cpu0/regs/identification/midr_el1", "411fd440\n");
            }),
            "devices/system/cpu/cpu0/regs/identification/midr_el1: not a register value: '411fd440'");
  EXPECT_EQ(error_of([](const SysfsTree &s) { s.write("devices/system/cpu/present", "all\n"); }),
            "devices/system/cpu/present: not a CPU list: 'all'");
  // A file that cannot be read (here a directory in its place).
  EXPECT_EQ(error_of([](const SysfsTree &s) {
              s.make_directory("devices/cpu_core/cpus");
              s.write("devices/cpu_atom/cpus", "16-19\n");
            }),
            "devices/cpu_core/cpus: unreadable");
}

TEST(CoreKinds, AbsentTreeIsOneKind) {
  std::string error;
  EXPECT_TRUE(read_core_kinds("/nonexistent/ngcc-sysfs", &error).empty());
  EXPECT_EQ(error, "");
}

}  // namespace
