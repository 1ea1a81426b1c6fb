#include "process/mailbox.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include "core/error.hpp"

namespace clonebench {

Mailbox::Mailbox(std::size_t slots) : slots_(slots) {
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  bytes_ = (slots * sizeof(ChildSlot) + page - 1) / page * page;
  fd_ = ::memfd_create("clonebench-mailbox", 0);
  if (fd_ < 0) {
    throw_errno("memfd_create(mailbox)");
  }
  if (::ftruncate(fd_, static_cast<off_t>(bytes_)) != 0) {
    const int error = errno;
    ::close(fd_);
    throw_errno("ftruncate(mailbox)", error);
  }
  void* address = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (address == MAP_FAILED) {
    const int error = errno;
    ::close(fd_);
    throw_errno("mmap(mailbox)", error);
  }
  slot_ = static_cast<ChildSlot*>(address);  // ChildSlot is implicit-lifetime; zero pages
}

Mailbox::~Mailbox() {
  ::munmap(slot_, bytes_);
  ::close(fd_);
}

}  // namespace clonebench
