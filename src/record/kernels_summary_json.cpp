#include "record/kernels_summary_json.hpp"

#include "record/ab_summary_json.hpp"
#include "record/json_array.hpp"

namespace clonebench {
namespace {

using Ordered = nlohmann::ordered_json;

Ordered kernels_side_json(const KernelsSummarySide& side) {
  return {{"label", side.label},
          {"image", side.image},
          {"image_sha256", side.image_sha256},
          {"image_bytes", side.image_bytes},
          {"kernel_release", side.kernel_release},
          {"append", side.append}};
}

Ordered kernels_values_json(const KernelsSummaryValues& values) {
  Ordered phases = Ordered::object();
  for (const auto& [phase, count] : values.phases) {
    phases[phase] = count;
  }
  return {
      {"job", values.job}, {"warmup", values.warmup}, {"runs", values.runs}, {"phases", phases}};
}

Ordered kernels_boot_json(const KernelsSummaryBoot& boot) {
  Ordered json = {{"sequence", boot.sequence},
                  {"image", boot.image},
                  {"ok", boot.ok},
                  {"boot_id", boot.boot_id},
                  {"boot_seed", boot.boot_seed},
                  {"guest_boot_id", boot.guest_boot_id},
                  {"kernel_release", boot.kernel_release},
                  {"runs", boot.runs},
                  {"wall_s", boot.wall_s}};
  if (boot.ok) {
    json["values"] = json_array<Ordered>(boot.values, kernels_values_json);
  } else {
    json["failure"] = boot.failure;
    json["last_console_lines"] = boot.last_console_lines;
  }
  return json;
}

KernelsSummaryValues kernels_values_of(const SummaryField& field) {
  KernelsSummaryValues values;
  values.job = field.text_or("job", "");
  values.warmup = decoded_items(field.items_of("warmup"), &SummaryField::number);
  values.runs = decoded_items(field.items_of("runs"), &SummaryField::number);
  if (const std::optional<SummaryField> phases = field.find("phases")) {
    for (const char* phase : {"create", "start", "reap"}) {
      if (const std::optional<SummaryField> count = phases->find(phase)) {
        values.phases.emplace_back(phase, count->number());
      }
    }
  }
  return values;
}

Ordered kernels_hvo_key_json(const KernelsSummaryHvoKey& preset) {
  Ordered json = {{"preset", "hvo-key"},
                  {"small_rss_bytes", preset.small_rss_bytes},
                  {"large_rss_bytes", preset.large_rss_bytes},
                  {"per_pte", nullptr}};
  if (const auto& cost = preset.per_pte) {
    json["per_pte"] = {{"unit", "instructions per 4 KiB page (key on - off)"},
                       {"estimate", cost->estimate},
                       {"ci", summary_interval_json<Ordered>(cost->ci)},
                       {"boots_off", cost->boots_off},
                       {"boots_on", cost->boots_on},
                       {"off_per_page", cost->off_per_page},
                       {"on_per_page", cost->on_per_page}};
  }
  return json;
}

KernelsSummaryHvoKey kernels_hvo_key_of(const SummaryField& field) {
  KernelsSummaryHvoKey preset;
  preset.small_rss_bytes = field.at("small_rss_bytes").count();
  preset.large_rss_bytes = field.at("large_rss_bytes").count();
  if (const std::optional<SummaryField> cost = field.find("per_pte")) {
    preset.per_pte = KernelsSummaryPteCost{
        cost->at("estimate").number(),     summary_interval(cost->at("ci"), true),
        cost->at("boots_off").count(),     cost->at("boots_on").count(),
        cost->at("off_per_page").number(), cost->at("on_per_page").number()};
  }
  return preset;
}

KernelsSummarySide kernels_side_of(const SummaryField& field) {
  return {field.text_or("label", ""),          field.text_or("image", ""),
          field.text_or("image_sha256", ""),   field.count_or("image_bytes", 0),
          field.text_or("kernel_release", ""), field.text_or("append", "")};
}

constexpr const char* kKernelsImages[] = {"a", "b"};
constexpr const char* kKernelsMeasures[] = {"time", "instructions"};

KernelsSummaryBoot kernels_boot_of(const SummaryField& field) {
  KernelsSummaryBoot boot;
  boot.sequence = field.count_or("sequence", 0);
  boot.image = summary_known_name(field.at("image"), kKernelsImages, "kernel image (a, b)");
  boot.ok = field.at("ok").boolean();
  boot.boot_id = field.text_or("boot_id", "");
  boot.kernel_release = field.text_or("kernel_release", "");
  boot.runs = field.count_or("runs", 0);
  boot.wall_s = field.number_or("wall_s", 0);
  boot.failure = field.text_or("failure", "");
  boot.last_console_lines =
      decoded_items(field.items_of("last_console_lines"), &SummaryField::text);
  boot.boot_seed = field.text_or("boot_seed", "");
  boot.guest_boot_id = field.text_or("guest_boot_id", "");
  boot.values = decoded_items(field.items_of("values"), kernels_values_of);
  return boot;
}

}  // namespace

Ordered kernels_summary_to_json(const KernelsSummary& summary, const Ordered& comparison) {
  const Ordered boots = json_array<Ordered>(summary.boots, kernels_boot_json);
  Ordered json = {
      {"schema", kKernelsSchema},
      {"experiment", summary.experiment},
      {"spec", summary.spec},
      {"accelerator", summary.accelerator},
      {"emulated", summary.emulated},
      {"accelerator_note", summary.accelerator_note},
      {"seed", summary.seed},
      {"boot_order", summary.boot_order},
      {"runs_per_boot", summary.runs_per_boot},
      {"guest",
       {{"cpus", summary.guest_cpus},
        {"memory_mb", summary.guest_memory_mb},
        {"append", summary.guest_append}}},
      {"a", kernels_side_json(summary.a.value_or(KernelsSummarySide{}))},
      {"b", kernels_side_json(summary.b.value_or(KernelsSummarySide{}))},
      {"boots", boots},
      {"failed_boots", summary.failed_boots},
      {"stop_reason", summary.stop_reason},
      {"measure", summary.measure},
      {"metric", summary.metric},
      {"unit", summary.unit},
      {"direction", summary.measure == "instructions" ? "lower-is-better"
                    : summary.unit == "ops/s"         ? "higher-is-better"
                                                      : "lower-is-better"},
      {"warmup_runs", summary.warmup_runs},
      {"jobs", summary.jobs},
      {"wall_s", summary.wall_s},
      {"hvo_key", summary.hvo_key ? kernels_hvo_key_json(*summary.hvo_key) : Ordered(nullptr)},
      {"comparison", comparison}};
  if (summary.measure == "instructions") {
    json["notice"] = kKernelsInstructionsNotice;
  } else if (summary.emulated) {
    json["notice"] = kKernelsEmulationNotice;
  }
  return json;
}

KernelsSummary kernels_summary_from_json(const nlohmann::json& json) {
  const SummaryField root(json, "");
  KernelsSummary summary;
  summary_text(root, "schema");
  summary.experiment = root.text_or("experiment", "");
  summary.spec = root.text_or("spec", "");
  summary.accelerator = root.text_or("accelerator", "");
  summary.emulated = root.boolean_or("emulated", false);
  summary.accelerator_note = root.text_or("accelerator_note", "");
  summary.seed = root.count_or("seed", 0);
  summary.boot_order = root.text_or("boot_order", "");
  summary.runs_per_boot = root.count_or("runs_per_boot", 0);
  if (const std::optional<SummaryField> guest = root.find("guest")) {
    summary.guest_cpus = guest->count_or("cpus", 1);
    summary.guest_memory_mb = guest->count_or("memory_mb", 512);
    summary.guest_append = guest->text_or("append", "");
  }
  if (const std::optional<SummaryField> a = root.find("a")) {
    summary.a = kernels_side_of(*a);
  }
  if (const std::optional<SummaryField> b = root.find("b")) {
    summary.b = kernels_side_of(*b);
  }
  summary.boots = decoded_items(root.items_of("boots"), kernels_boot_of);
  summary.failed_boots = root.count_or("failed_boots", 0);
  summary.stop_reason = root.text_or("stop_reason", "");
  if (const std::optional<SummaryField> measure = root.find("measure")) {
    summary.measure =
        summary_known_name(*measure, kKernelsMeasures, "measure (time, instructions)");
  }
  summary.metric = root.text_or("metric", summary.metric);
  summary.unit = root.text_or("unit", summary.unit);
  summary.warmup_runs = root.count_or("warmup_runs", 0);
  summary.jobs = root.count_or("jobs", 1);
  summary.wall_s = root.number_or("wall_s", 0);
  if (const std::optional<SummaryField> preset = root.find("hvo_key")) {
    summary.hvo_key = kernels_hvo_key_of(*preset);
  }
  if (const std::optional<SummaryField> comparison = root.find("comparison")) {
    summary.comparison = ab_summary_of(*comparison);
  }
  summary_text(root, "notice");
  return summary;
}

}  // namespace clonebench
