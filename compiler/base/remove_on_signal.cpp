#include "qrsc/base/remove_on_signal.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace qrsc {

// A list the handler walks without locks: slots are only ever added at the head and never freed;
// a slot's path is published with one atomic store and withdrawn with one atomic exchange, so the
// handler sees a whole path or none. A released slot is reused by the next registration.
struct RemoveOnSignal::Slot {
  std::atomic<char*> path{nullptr};
  std::atomic<bool> folder{false};  // the path is a folder, removed with its tree
  std::atomic<pid_t> group{0};      // a process group to kill, 0 for none
  Slot* next = nullptr;
  bool in_use = false;  // guarded by the registration mutex
};

namespace {

std::atomic<RemoveOnSignal::Slot*>& head() {
  static std::atomic<RemoveOnSignal::Slot*> h{nullptr};
  return h;
}
std::mutex& registration_mutex() {
  static std::mutex m;
  return m;
}

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Removes `name` in `dir` and, for a folder, everything in it (to a depth of 64), with system
// calls only: no allocation, no lock, safe in a signal handler. Links are removed, not followed.
void remove_tree(int dir, const char* name, int depth) {
  if (::unlinkat(dir, name, 0) == 0 || (errno != EISDIR && errno != EPERM) || depth > 64) return;
  const int fd = ::openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return;
  alignas(8) char buf[4096];
  for (;;) {
    const long n = ::syscall(SYS_getdents64, fd, buf, sizeof buf);
    if (n <= 0) break;
    for (long at = 0; at < n;) {
      // struct linux_dirent64: inode (8 bytes), offset (8), record length (2), type (1), name.
      unsigned short length = 0;
      std::memcpy(&length, buf + at + 16, sizeof length);
      const char* entry = buf + at + 19;
      if (std::strcmp(entry, ".") != 0 && std::strcmp(entry, "..") != 0) remove_tree(fd, entry, depth + 1);
      at += length;
    }
  }
  ::close(fd);
  ::unlinkat(dir, name, AT_REMOVEDIR);
}

extern "C" void remove_registered_files(int sig) {
  // The helpers first, so that none writes into a folder being removed.
  for (RemoveOnSignal::Slot* s = head().load(); s != nullptr; s = s->next) {
    if (const pid_t g = s->group.load(); g > 0) ::kill(-g, SIGKILL);
  }
  // Each group's leader (our child) waited for: gone, it writes nothing more.
  for (RemoveOnSignal::Slot* s = head().load(); s != nullptr; s = s->next) {
    if (const pid_t g = s->group.load(); g > 0) ::waitpid(g, nullptr, 0);
  }
  for (RemoveOnSignal::Slot* s = head().load(); s != nullptr; s = s->next) {
    if (char* p = s->path.load()) {
      if (s->folder.load()) {
        remove_tree(AT_FDCWD, p, 0);
      } else {
        ::unlink(p);
      }
    }
  }
  // Die of the same signal, as if no handler had been there.
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void install_handlers_once() {
  static const bool installed = [] {
    for (const int sig : kSignals) {
      struct sigaction old {};
      ::sigaction(sig, nullptr, &old);
      if (old.sa_handler == SIG_IGN) continue;  // a caller that ignores it (nohup) keeps that
      struct sigaction sa {};
      sa.sa_handler = remove_registered_files;
      ::sigemptyset(&sa.sa_mask);
      for (const int other : kSignals) ::sigaddset(&sa.sa_mask, other);
      ::sigaction(sig, &sa, nullptr);
    }
    return true;
  }();
  (void)installed;
}

}  // namespace

RemoveOnSignal::Slot* RemoveOnSignal::free_slot() {
  install_handlers_once();
  const std::lock_guard lock(registration_mutex());
  for (Slot* s = head().load(); s != nullptr; s = s->next) {
    if (!s->in_use) {
      s->in_use = true;
      return s;
    }
  }
  Slot* s = new Slot;
  s->in_use = true;
  s->next = head().load();
  head().store(s);
  return s;
}

RemoveOnSignal::RemoveOnSignal(const std::string& path, What what) {
  char* copy = new char[path.size() + 1];
  std::memcpy(copy, path.c_str(), path.size() + 1);
  slot_ = free_slot();
  slot_->folder.store(what == What::folder);  // before the path: the handler sees both or neither
  slot_->path.store(copy);
}

RemoveOnSignal RemoveOnSignal::process_group(pid_t group) {
  RemoveOnSignal r;
  r.slot_ = free_slot();
  r.slot_->group.store(group);
  return r;
}

RemoveOnSignal& RemoveOnSignal::operator=(RemoveOnSignal&& other) noexcept {
  if (this != &other) {
    release();
    slot_ = other.slot_;
    other.slot_ = nullptr;
  }
  return *this;
}

void RemoveOnSignal::release() {
  if (slot_ == nullptr) return;
  slot_->group.store(0);
  char* p = slot_->path.exchange(nullptr);
  delete[] p;  // qrsc writes from one thread: the handler interrupts it, never runs beside it
  const std::lock_guard lock(registration_mutex());
  slot_->in_use = false;
  slot_ = nullptr;
}

}  // namespace qrsc
