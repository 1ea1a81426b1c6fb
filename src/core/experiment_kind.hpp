#pragma once
// The kinds of experiment the store holds, as one closed set with one table of words. A kind's
// word is at once its name in the store (the experiment row's "kind"), the word
// `clonebench report WORD` selects the newest complete experiment of that kind by, and a word
// --label refuses: a run labelled like a kind could never be selected by its label.

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace clonebench {

enum class ExperimentKind { kAb, kSweep, kScale, kTrace, kKernels, kHvoKey };

// "ab", "sweep", "scale", "trace", "kernels", "hvo-key".
std::string_view experiment_kind_name(ExperimentKind kind) noexcept;
// The kind a word names; none for any other word.
std::optional<ExperimentKind> experiment_kind_named(std::string_view word) noexcept;
// Every kind, in the order above.
std::span<const ExperimentKind> experiment_kinds() noexcept;
// "ab, sweep, scale, trace, kernels or hvo-key", for messages.
std::string experiment_kind_choices();

// An experiment's tag: "<kind>-<created_at>-<suffix>" ("sweep-2026-11-29T18:06:42Z-4f2a"); the
// suffix tells apart experiments of one kind begun in the same second.
std::string experiment_tag(ExperimentKind kind, std::string_view created_at,
                           std::string_view suffix);

}  // namespace clonebench
