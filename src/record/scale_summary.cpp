#include "record/scale_summary.hpp"

namespace clonebench {

const char* scale_step_name(ScaleStep step) {
  switch (step) {
    case ScaleStep::kGrows:
      return "grows";
    case ScaleStep::kFalls:
      return "falls";
    case ScaleStep::kOverlaps:
      return "overlaps";
  }
  return "";
}

const char* scale_knee_status_name(ScaleKnee::Status status) {
  switch (status) {
    case ScaleKnee::Status::kReached:
      return "reached";
    case ScaleKnee::Status::kNotReached:
      return "not reached";
    case ScaleKnee::Status::kUndecided:
      return "cannot be decided";
  }
  return "";
}

}  // namespace clonebench
