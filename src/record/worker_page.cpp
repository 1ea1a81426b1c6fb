#include "record/worker_page.hpp"

#include <cstring>

namespace clonebench {

WorkerPage* start_worker_page(void* zeroed_memory) noexcept {
  // WorkerPage is an aggregate of implicit-lifetime members: the zero-filled mapping already
  // holds one in its initial state.
  auto* page = static_cast<WorkerPage*>(zeroed_memory);
  page->header = WorkerPageHeader{};
  page->header.page_bytes = sizeof(WorkerPage);
  return page;
}

const char* worker_page_problem(const WorkerPageHeader& header,
                                std::uint64_t mapped_bytes) noexcept {
  if (mapped_bytes < sizeof(WorkerPageHeader) || header.magic != kWorkerPageMagic) {
    return "the descriptor does not hold a clonebench job";
  }
  if (header.abi != kWorkerAbi || header.page_bytes != sizeof(WorkerPage) ||
      mapped_bytes < sizeof(WorkerPage)) {
    return "the job was written by a clonebench of another version";
  }
  return nullptr;
}

bool copy_fixed_text(std::string_view text, char* field, std::size_t field_bytes) noexcept {
  if (field_bytes == 0 || text.size() >= field_bytes) {
    return false;
  }
  std::memcpy(field, text.data(), text.size());
  field[text.size()] = '\0';
  return true;
}

}  // namespace clonebench
