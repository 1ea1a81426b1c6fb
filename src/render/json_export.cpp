#include <string>

#include "core/text_safety.hpp"
#include "record/run_document_json.hpp"
#include "render/exporters.hpp"

namespace clonebench {

std::string render_json(const RunDocument& document) {
  return dump_json(to_json(document), 2) + "\n";
}

}  // namespace clonebench
