// The environment's one codec: every stored form reads back to the same object, and a document
// of another age or origin reads as the facts it holds.
#include "record/environment_json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "support/golden.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

// What capture_environment() writes on a host, every section present, some facts unknown.
nlohmann::json host_environment() {
  return nlohmann::json::parse(R"({
    "aslr": 2, "boot_id": "b9c1d2e3-0000-4000-8000-000000000001", "captured_at":
    "2026-12-03T18:00:00Z", "cmdline": "console=ttyS0", "config":
    {"CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP": "y", "CONFIG_HZ": "250"}, "config_error": null,
    "config_source": "/proc/config.gz", "cpu": {"family": "25", "microcode": null, "model": "1",
    "stepping": "1", "vendor": "AuthenticAMD"}, "cpu_model": "AMD EPYC 7B13", "cpus": 2,
    "cpus_configured": 2, "glibc_version": "2.36", "governor": null, "hostname": "vm",
    "hvo": {"boot_param": null, "key_on": null, "key_on_basis": "inferred: pages exist",
    "nr_hugepages": 0, "pools": {"hugepages-1048576kB": {"nr_hugepages": 0,
    "surplus_hugepages": 0}, "hugepages-2048kB": {"nr_hugepages": 4, "surplus_hugepages": null}},
    "sysctl": 1}, "kernel_path": {"compound_head": "inline", "data_symbols": {"init_task": true},
    "kallsyms": {"access": "addresses", "detail": "names and addresses readable"}, "listed_as":
    {}, "out_of_line": {"_compound_head": false, "dup_mmap": true}, "return_thunk":
    {"description": "a plain ret", "evidence": {"retbleed": "Not affected"}, "kind":
    "plain-ret"}}, "kernel_release": "6.18.44", "kernel_version": "#1 SMP", "loadavg_after":
    {"15m": 0.2, "1m": 1.0, "5m": 0.5}, "loadavg_before": {"15m": 0.1, "1m": 0.25, "5m": 0.0},
    "machine": "x86_64", "mem_available_kb": 20000000, "mem_total_kb": 24683652, "mitigations":
    {"retbleed": "Not affected", "spectre_v2": "Mitigation: Retpolines"}, "page_size": 4096,
    "pid_max": 4194304, "rlimit_nproc": {"hard": "unlimited", "soft": 95000}, "smt": {"active":
    false, "control": "notsupported"}, "stability_warnings": ["running in a virtual machine"],
    "thp": "madvise", "thp_defrag": "madvise", "threads_max": 190000, "uptime_s": 662.42,
    "virtualization": {"dmi_product_name": "Google Compute Engine", "dmi_sys_vendor": null,
    "hypervisor_flag": true, "hypervisor_type": null, "in_vm": true}})");
}

// What `kernels` stores for a guest's runs: the guest's report and the host's additions.
nlohmann::json guest_environment() {
  return nlohmann::json::parse(R"json({
    "boot_id": "0f0e", "captured_at": "2026-12-03T18:00:00Z", "cmdline": "console=ttyS0",
    "cpu_model": "QEMU Virtual CPU", "cpus": 1, "guest": {"append": "", "cpus": 1, "image":
    "/boot/vmlinuz", "image_sha256": "ab12", "memory_mb": 512, "qemu":
    "/usr/bin/qemu-system-x86_64"}, "hostname": "vm (QEMU tcg guest)", "kernel_release":
    "6.1.0", "kernel_version": "#1", "mitigations": {"retbleed": "Mitigation: IBPB"}, "thp":
    "never", "virtualization": {"accelerator": "tcg", "emulated": true, "kind": "qemu"}})json");
}

TEST(EnvironmentJson, AHostEnvironmentReadsBackToTheSameObject) {
  const nlohmann::json stored = host_environment();
  EXPECT_EQ(environment_to_json(environment_from_json(stored)), stored);
  EXPECT_EQ(environment_to_json(environment_from_json(stored)).dump(), stored.dump());
}

TEST(EnvironmentJson, AGuestEnvironmentOfKernelsReadsBackToTheSameObject) {
  const nlohmann::json stored = guest_environment();
  const Environment environment = environment_from_json(stored);
  EXPECT_EQ(environment_to_json(environment), stored);
  ASSERT_TRUE(environment.virtualization);
  EXPECT_EQ(environment.virtualization->emulated.value_or(false), true);
  EXPECT_FALSE(environment.virtualization->in_vm.recorded());
  EXPECT_EQ(environment.guest->memory_mb.value_or(0), 512u);
}

TEST(EnvironmentJson, TheExportedAndSampleEnvironmentsReadBackByteForByte) {
  for (const nlohmann::json& stored :
       {read_json(testing::golden_path("export/document.json")).at("environment"),
        testing::sample_environment_json()}) {
    EXPECT_EQ(environment_to_json(environment_from_json(stored)).dump(2), stored.dump(2));
  }
}

TEST(EnvironmentJson, AMissingFactIsNotRecordedAndANullOneIsUnknown) {
  const Environment environment =
      environment_from_json({{"kernel_release", "6.1"}, {"boot_id", nullptr}});
  EXPECT_EQ(environment.kernel_release.value_or(""), "6.1");
  EXPECT_TRUE(environment.boot_id.recorded());
  EXPECT_FALSE(environment.boot_id.has_value());
  EXPECT_FALSE(environment.hostname.recorded());
  EXPECT_FALSE(environment.kernel_path.recorded());
  EXPECT_EQ(environment_to_json(environment),
            nlohmann::json({{"kernel_release", "6.1"}, {"boot_id", nullptr}}));
}

TEST(EnvironmentJson, AnythingButAnObjectReadsAsNoFacts) {
  for (const nlohmann::json& stored :
       {nlohmann::json(nullptr), nlohmann::json("text"), nlohmann::json::array({1, 2})}) {
    EXPECT_EQ(environment_to_json(environment_from_json(stored)), nlohmann::json::object());
  }
}

TEST(EnvironmentJson, AFactOfAnotherShapeIsNotRecordedAndCostsNoNeighbour) {
  nlohmann::json stored = host_environment();
  stored["smt"] = true;
  stored["virtualization"] = "kvm";
  stored["cpus"] = "two";
  stored["hvo"]["pools"]["hugepages-2048kB"]["nr_hugepages"] = "four";
  stored["mitigations"]["retbleed"] = 1;
  stored["loadavg_before"]["1m"] = "high";
  const Environment environment = environment_from_json(stored);
  EXPECT_FALSE(environment.smt.recorded());
  EXPECT_FALSE(environment.virtualization.recorded());
  EXPECT_FALSE(environment.cpus.recorded());
  EXPECT_FALSE(environment.mitigations.recorded());
  const HugetlbPoolFacts& pool = environment.hvo->pools->at("hugepages-2048kB");
  EXPECT_FALSE(pool.nr_hugepages.recorded());
  EXPECT_TRUE(pool.surplus_hugepages.recorded());
  EXPECT_EQ(environment.hvo->sysctl.value_or(-1), 1);
  EXPECT_EQ(environment.cpus_configured.value_or(0), 2);
  EXPECT_EQ(environment.hostname.value_or(""), "vm");
  EXPECT_EQ(environment.kernel_path->compound_head, "inline");
  EXPECT_FALSE(environment.loadavg_before->one_min.recorded());
  EXPECT_EQ(environment.loadavg_before->five_min.value_or(-1), 0.0);
}

TEST(EnvironmentJson, AnUnlimitedProcessLimitStaysUnlimited) {
  const Environment environment = environment_from_json(host_environment());
  ASSERT_TRUE(environment.rlimit_nproc);
  EXPECT_TRUE(environment.rlimit_nproc->hard.recorded());
  EXPECT_FALSE(environment.rlimit_nproc->hard.has_value());
  EXPECT_EQ(environment.rlimit_nproc->soft.value_or(0), 95000u);
}

TEST(EnvironmentJson, FactLinesFlattenObjectsAndKeepEmptyOnesWhole) {
  const Environment environment = environment_from_json(nlohmann::json::parse(
      R"({"cpus": 2, "governor": null, "kernel_path": {"compound_head": "inline",
          "data_symbols": {}, "kallsyms": {"access": "empty", "detail": "none"},
          "listed_as": {}, "out_of_line": {}, "return_thunk": {"description": "",
          "evidence": {}, "kind": "unknown"}}, "smt": {"active": true, "control": "on"}})"));
  std::vector<std::string> lines;
  for (const EnvironmentLine& line : environment_fact_lines(environment)) {
    std::string path;
    for (const std::string& key : line.path) {
      path += (path.empty() ? "" : ".") + key;
    }
    lines.push_back(path + "=" + line.text);
  }
  EXPECT_EQ(lines,
            (std::vector<std::string>{
                "cpus=2", "governor=n/a", "kernel_path.compound_head=inline",
                "kernel_path.data_symbols={}", "kernel_path.kallsyms.access=empty",
                "kernel_path.kallsyms.detail=none", "kernel_path.listed_as={}",
                "kernel_path.out_of_line={}",
                "kernel_path.return_thunk.description=", "kernel_path.return_thunk.evidence={}",
                "kernel_path.return_thunk.kind=unknown", "smt.active=true", "smt.control=on"}));
}

TEST(EnvironmentJson, PartsReadAsCompareShowsThem) {
  const Environment environment = environment_from_json(host_environment());
  EXPECT_EQ(environment_text(*environment.smt), R"({"active":false,"control":"notsupported"})");
  EXPECT_EQ(environment_text(*environment.mitigations),
            R"({"retbleed":"Not affected","spectre_v2":"Mitigation: Retpolines"})");
  EXPECT_EQ(environment_text(1.0), "1.0");
  EXPECT_EQ(environment_text(0.25), "0.25");
}

}  // namespace
}  // namespace clonebench
