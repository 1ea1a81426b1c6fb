#pragma once
// Boots of one experiment run up to N at once (`kernels --jobs N`): each planned boot is started
// when a slot is free, in the boot order, and handed back as it ends. Every QEMU is a
// RunningGuest, so an exception (a signal, a failed start) kills and reaps all that still run.

#include <cstddef>
#include <functional>
#include <vector>

#include "kernels/boot_order.hpp"
#include "kernels/qemu_boot.hpp"

namespace clonebench {

struct PlannedBoot {
  std::size_t sequence = 0;  // 1-based position in the whole boot order
  Image image = Image::kA;
};

// Starts `boots` in order, at most `at_once` running, and calls `ended` for each as it ends (in
// the order they end). `guest_of` gives the boot's QEMU settings. Checks `signals` between polls.
void run_boot_pool(const std::vector<PlannedBoot>& boots, std::size_t at_once,
                   const std::function<GuestBoot(const PlannedBoot&)>& guest_of,
                   const std::function<void(const PlannedBoot&, const GuestConsole&)>& ended,
                   SignalScope& signals);

}  // namespace clonebench
