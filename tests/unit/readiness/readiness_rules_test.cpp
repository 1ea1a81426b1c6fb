// The rules of `clonebench check` over machine snapshots written for the tests.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "readiness/pin_choice.hpp"
#include "readiness/process_activity.hpp"
#include "readiness/readiness_json.hpp"
#include "readiness/readiness_render.hpp"
#include "sys/cpu_list.hpp"

namespace clonebench {
namespace {

// Four cores with two threads each (CPU n and n+4 are siblings), one node, quiet and tuned.
MachineSnapshot quiet_smt_machine();

// The same with SMT turned off: four CPUs, one thread per core.
MachineSnapshot quiet_snapshot() {
  MachineSnapshot snapshot = quiet_smt_machine();
  snapshot.online = "0-3\n";
  snapshot.cpus.resize(4);
  for (CpuFiles& cpu : snapshot.cpus) {
    cpu.thread_siblings = fmt::format("{}\n", cpu.cpu);
  }
  snapshot.smt_control = "off\n";
  return snapshot;
}

MachineSnapshot quiet_smt_machine() {
  MachineSnapshot snapshot;
  snapshot.root = "/fake";
  snapshot.online = "0-7\n";
  for (int cpu = 0; cpu < 8; ++cpu) {
    snapshot.cpus.push_back(
        {cpu, fmt::format("{},{}\n", cpu % 4, cpu % 4 + 4), "performance\n", 0});
  }
  snapshot.boost = "0\n";
  snapshot.smt_control = "on\n";
  snapshot.isolated = "\n";
  snapshot.thp_enabled = "always [madvise] never\n";
  snapshot.randomize_va_space = "0\n";
  snapshot.loadavg = "0.10 0.20 0.30 1/300 4242\n";
  snapshot.cpuinfo = "processor\t: 0\nflags\t\t: fpu sse2\n";
  snapshot.stat_before = "cpu  100 0 100 1000 0 0 0 0 0 0\n";
  snapshot.stat_after = "cpu  110 0 110 1780 0 0 0 0 0 0\n";
  snapshot.vulnerabilities = {{"spec_rstack_overflow", "Mitigation: Safe RET"},
                              {"retbleed", "Not affected"}};
  snapshot.meminfo =
      "MemTotal: 1000000 kB\nMemAvailable: 900000 kB\nSwapTotal: 0 kB\nSwapFree: 0 kB\n";
  snapshot.nodes = {0};
  snapshot.processes.before = {{10, "10 (bash) S 1 0 0 0 0 0 0 0 0 0 5 5 0 0"}};
  snapshot.processes.after = {{10, "10 (bash) S 1 0 0 0 0 0 0 0 0 0 5 5 0 0"}};
  snapshot.window_s = 1.0;
  snapshot.ticks_per_s = 100;
  snapshot.self_pid = 99;
  return snapshot;
}

const Finding& finding(const ReadinessReport& report, const std::string& id) {
  const auto found = std::find_if(report.findings.begin(), report.findings.end(),
                                  [&id](const Finding& f) { return f.id == id; });
  EXPECT_NE(found, report.findings.end()) << id;
  return *found;
}

TEST(CpuList, ParsesAndFormatsKernelCpuLists) {
  EXPECT_EQ(parse_cpu_list("0-3,8,10-11\n"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(parse_cpu_list(""), std::vector<int>{});
  EXPECT_EQ(parse_cpu_list("3,1,1"), (std::vector<int>{1, 3}));
  EXPECT_EQ(parse_cpu_list("3-1"), std::nullopt);
  EXPECT_EQ(parse_cpu_list("a"), std::nullopt);
  EXPECT_EQ(parse_cpu_list("1,,2"), std::nullopt);
  EXPECT_EQ(format_cpu_list({8, 0, 1, 2, 3, 10, 11}), "0-3,8,10-11");
  EXPECT_EQ(format_cpu_list({}), "");
}

TEST(Readiness, ATunedQuietMachineWithoutSmtHasNothingDisturbing) {
  const ReadinessReport report = assess_machine(quiet_snapshot(), {});
  EXPECT_EQ(report.disturbing(), 0U) << render_readiness(report);
  EXPECT_EQ(report.exit_code(), 0);
  EXPECT_EQ(finding(report, "governor").status, FindingStatus::kOk);
  EXPECT_EQ(finding(report, "smt").status, FindingStatus::kOk);
  EXPECT_EQ(finding(report, "pin").summary.substr(0, 10), "--pin 1-3:");
}

TEST(Readiness, IdleIsolatedSiblingsAreOnlyANote) {
  MachineSnapshot snapshot = quiet_smt_machine();
  EXPECT_EQ(finding(assess_machine(snapshot, {1, 2}), "smt").status, FindingStatus::kDisturbs);
  snapshot.isolated = "5-6\n";
  EXPECT_EQ(finding(assess_machine(snapshot, {1, 2}), "smt").status, FindingStatus::kNote);
  EXPECT_EQ(finding(assess_machine(snapshot, {1, 5}), "smt").status, FindingStatus::kDisturbs)
      << "two CPUs of one core both measuring";
}

TEST(Readiness, SiblingsOfTheCpusUsedDisturbAndThePinAvoidsThemAndCpu0) {
  const MachineSnapshot snapshot = quiet_smt_machine();
  const ReadinessReport all = assess_machine(snapshot, {});
  EXPECT_EQ(finding(all, "smt").status, FindingStatus::kDisturbs);
  EXPECT_EQ(all.exit_code(), 5);
  const PinChoice pin = choose_pin(snapshot);
  EXPECT_EQ(pin.cpus, (std::vector<int>{1, 2, 3})) << pin.reason;
  EXPECT_NE(finding(all, "pin").summary.find("--pin 1-3"), std::string::npos);
  EXPECT_NE(finding(all, "smt").commands.back().find("--pin 1-3"), std::string::npos);
}

TEST(Readiness, IsolatedCpusArePreferredAndMakeIsolationOk) {
  MachineSnapshot snapshot = quiet_smt_machine();
  snapshot.isolated = "2-3,6-7\n";
  snapshot.nohz_full = "2-3,6-7\n";
  EXPECT_EQ(choose_pin(snapshot).cpus, (std::vector<int>{2, 3}));
  EXPECT_EQ(finding(assess_machine(snapshot, {2, 3}), "isolation").status, FindingStatus::kOk);
  EXPECT_EQ(finding(assess_machine(snapshot, {1}), "isolation").status, FindingStatus::kNote);
}

TEST(Readiness, APinSpanningNumaNodesDisturbsAndThePinStaysOnOneNode) {
  MachineSnapshot snapshot = quiet_smt_machine();
  snapshot.nodes = {0, 1};
  for (CpuFiles& cpu : snapshot.cpus) {
    cpu.node = cpu.cpu % 4 < 2 ? 0 : 1;
  }
  EXPECT_EQ(finding(assess_machine(snapshot, {1, 2}), "numa").status, FindingStatus::kDisturbs);
  EXPECT_EQ(finding(assess_machine(snapshot, {2, 3}), "numa").status, FindingStatus::kOk);
  EXPECT_EQ(choose_pin(snapshot).cpus, (std::vector<int>{2, 3}));
}

TEST(Readiness, FrequencyScalingBoostThpAndAslrDisturbWithTheirTuningCommands) {
  MachineSnapshot snapshot = quiet_snapshot();
  snapshot.cpus[1].governor = "powersave\n";
  snapshot.boost = "1\n";
  snapshot.thp_enabled = "[always] madvise never\n";
  snapshot.randomize_va_space = "2\n";
  const ReadinessReport report = assess_machine(snapshot, {1, 2});
  EXPECT_EQ(finding(report, "governor").status, FindingStatus::kDisturbs);
  EXPECT_NE(finding(report, "governor").summary.find("powersave"), std::string::npos);
  EXPECT_EQ(finding(report, "boost").status, FindingStatus::kDisturbs);
  EXPECT_EQ(finding(report, "thp").status, FindingStatus::kDisturbs);
  EXPECT_EQ(finding(report, "aslr").status, FindingStatus::kDisturbs);
  EXPECT_NE(finding(report, "aslr").commands.at(0).find("randomize_va_space=0"), std::string::npos);
  EXPECT_EQ(report.disturbing(), 4U);
  snapshot.boost.reset();
  snapshot.no_turbo = "0\n";
  EXPECT_EQ(finding(assess_machine(snapshot, {1}), "boost").status, FindingStatus::kDisturbs);
  snapshot.no_turbo = "1\n";
  EXPECT_EQ(finding(assess_machine(snapshot, {1}), "boost").status, FindingStatus::kOk);
}

TEST(Readiness, LoadBusyProcessesAndStealTimeDisturb) {
  MachineSnapshot snapshot = quiet_smt_machine();
  snapshot.loadavg = "3.50 2.00 1.00 4/300 4242\n";
  snapshot.processes.before[20] = "20 (cc1 plus (x)) R 1 0 0 0 0 0 0 0 0 0 100 20 0 0";
  snapshot.processes.after[20] = "20 (cc1 plus (x)) R 1 0 0 0 0 0 0 0 0 0 150 30 0 0";
  snapshot.processes.before[99] = "99 (clonebench) R 1 0 0 0 0 0 0 0 0 0 0 0 0 0";
  snapshot.processes.after[99] = "99 (clonebench) R 1 0 0 0 0 0 0 0 0 0 90 0 0 0";
  snapshot.cpuinfo = "flags\t\t: fpu hypervisor\n";
  snapshot.stat_after = "cpu  110 0 110 1700 0 0 0 80 0 0\n";
  const ReadinessReport report = assess_machine(snapshot, {1});
  EXPECT_EQ(finding(report, "load").status, FindingStatus::kDisturbs);
  const Finding& busy = finding(report, "busy_processes");
  EXPECT_EQ(busy.status, FindingStatus::kDisturbs);
  ASSERT_EQ(busy.evidence.size(), 1U) << "the checking process itself is not other work";
  EXPECT_NE(busy.evidence[0].find("cc1 plus (x) used 60 %"), std::string::npos) << busy.evidence[0];
  EXPECT_EQ(finding(report, "virtualization").status, FindingStatus::kDisturbs);
}

TEST(Readiness, AVmWithoutStealIsANoteAndBareMetalIsOk) {
  MachineSnapshot snapshot = quiet_smt_machine();
  EXPECT_EQ(finding(assess_machine(snapshot, {1}), "virtualization").status, FindingStatus::kOk);
  snapshot.hypervisor_type = "xen\n";
  EXPECT_EQ(finding(assess_machine(snapshot, {1}), "virtualization").status, FindingStatus::kNote);
}

TEST(Readiness, SwapWithLittleFreeMemoryDisturbsAndPlentyIsANote) {
  MachineSnapshot snapshot = quiet_smt_machine();
  snapshot.meminfo =
      "MemTotal: 1000000 kB\nMemAvailable: 50000 kB\nSwapTotal: 4000 kB\nSwapFree: 1000 kB\n";
  EXPECT_EQ(finding(assess_machine(snapshot, {1}), "swap").status, FindingStatus::kDisturbs);
  snapshot.meminfo =
      "MemTotal: 1000000 kB\nMemAvailable: 800000 kB\nSwapTotal: 4000 kB\nSwapFree: 1000 kB\n";
  const ReadinessReport report = assess_machine(snapshot, {1});
  const Finding& swap = finding(report, "swap");
  EXPECT_EQ(swap.status, FindingStatus::kNote);
  EXPECT_NE(swap.summary.find("3000 kB in use"), std::string::npos);
}

TEST(Readiness, MissingFilesAreUnknownNotDisturbing) {
  MachineSnapshot snapshot;
  snapshot.root = "/empty";
  const ReadinessReport report = assess_machine(snapshot, {});
  EXPECT_EQ(report.disturbing(), 0U) << render_readiness(report);
  for (const char* id : {"thp", "aslr", "load", "busy_processes", "swap"}) {
    EXPECT_EQ(finding(report, id).status, FindingStatus::kUnknown) << id;
  }
  EXPECT_TRUE(choose_pin(snapshot).cpus.empty());
}

TEST(Readiness, TheMitigationsNoteNamesTheReturnThunk) {
  const ReadinessReport report = assess_machine(quiet_smt_machine(), {1});
  const Finding& note = finding(report, "mitigations");
  EXPECT_EQ(note.status, FindingStatus::kNote);
  EXPECT_NE(note.summary.find("srso-safe-ret"), std::string::npos) << note.summary;
}

TEST(Readiness, TheJsonCarriesEveryFindingAndTheExitCode) {
  const ReadinessReport report = assess_machine(quiet_smt_machine(), {});
  const nlohmann::json json = readiness_json(report);
  EXPECT_EQ(json.at("schema"), "clonebench-check/1");
  EXPECT_EQ(json.at("findings").size(), report.findings.size());
  EXPECT_EQ(json.at("disturbing"), report.disturbing());
  EXPECT_EQ(json.at("exit_code"), 5);
  EXPECT_EQ(json.at("cpus_used"), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST(ProcessActivity, ReadsCpuTimeFromAStatLineWithAWeirdName) {
  const auto stat = parse_process_stat("7 (a) b)) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14");
  ASSERT_TRUE(stat.has_value());
  EXPECT_EQ(stat->command, "a) b)");
  EXPECT_EQ(stat->ticks, 23U);
  EXPECT_EQ(parse_process_stat("7 (short) S 1 2"), std::nullopt);
  EXPECT_EQ(parse_process_stat("no parentheses"), std::nullopt);
  EXPECT_EQ(steal_share("cpu  1 0 1 1 0 0 0 0\n", "cpu  2 0 2 5 0 0 0 2\n"), 0.25);
  EXPECT_EQ(steal_share("intr 1\n", "cpu  1 0 1 1 0 0 0 0\n"), std::nullopt);
}

}  // namespace
}  // namespace clonebench
