#pragma once
// The result of `clonebench trace`, TraceCensus, is data of record/ (record/trace_summary.hpp,
// with its one JSON codec); the analysis (trace_analysis.hpp) and the renderers take it. Here:
// what the tracer needs to fill it.

#include <cstdint>

#include "record/trace_summary.hpp"

namespace clonebench {

// The kind a creation with these clone flags made.
CreationKind classify_clone_flags(std::uint64_t clone_flags) noexcept;

}  // namespace clonebench
