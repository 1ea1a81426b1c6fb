#pragma once
// Which machine a run came from, so that runs of many hosts can share one store: the hostname,
// and a hash of /etc/machine-id (the id itself is meant to stay on the machine: systemd's
// machine-id(5) asks applications to hash it with an application key before passing it on).

#include <string>

namespace clonebench {

struct HostIdentity {
  std::string hostname;      // uname's nodename
  std::string machine_hash;  // 32 hex digits; empty when /etc/machine-id cannot be read
};

// SHA-256 of "clonebench:" followed by the machine id, as 32 lower-case hex digits (128 bits).
std::string hash_machine_id(const std::string& machine_id);

// This machine's identity; `machine_id_path` is /etc/machine-id except in tests.
HostIdentity local_host_identity(const std::string& machine_id_path = "/etc/machine-id");

// A new random run id, 32 lower-case hex digits (128 bits from getrandom(2)): a run keeps it
// when it is pushed to or pulled from another store, which is what makes a push idempotent.
std::string new_run_uid();

}  // namespace clonebench
