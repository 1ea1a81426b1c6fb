#include "kernels/boot_pool.hpp"

#include <list>
#include <memory>
#include <thread>

namespace clonebench {

void run_boot_pool(const std::vector<PlannedBoot>& boots, std::size_t at_once,
                   const std::function<GuestBoot(const PlannedBoot&)>& guest_of,
                   const std::function<void(const PlannedBoot&, const GuestConsole&)>& ended,
                   SignalScope& signals) {
  struct Running {
    PlannedBoot boot;
    std::unique_ptr<RunningGuest> guest;
  };
  std::list<Running> running;
  std::size_t next = 0;
  while (next < boots.size() || !running.empty()) {
    signals.throw_if_interrupted();
    while (next < boots.size() && running.size() < std::max<std::size_t>(1, at_once)) {
      running.push_back({boots[next], std::make_unique<RunningGuest>(guest_of(boots[next]))});
      ++next;
    }
    bool any_ended = false;
    for (auto it = running.begin(); it != running.end();) {
      if (it->guest->done()) {
        const GuestConsole console = it->guest->result();
        const PlannedBoot boot = it->boot;
        it = running.erase(it);  // QEMU is reaped; its slot is free before `ended` runs
        ended(boot, console);
        any_ended = true;
      } else {
        ++it;
      }
    }
    if (!any_ended) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
}

}  // namespace clonebench
