#include "remove_on_signal.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace qrsc {

// A list the handler walks without locks: slots are only ever added at the head and never freed;
// a slot's path is published with one atomic store and withdrawn with one atomic exchange, so the
// handler sees a whole path or none. A released slot is reused by the next registration.
struct RemoveOnSignal::Slot {
  std::atomic<char*> path{nullptr};
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

extern "C" void remove_registered_files(int sig) {
  for (RemoveOnSignal::Slot* s = head().load(); s != nullptr; s = s->next) {
    if (char* p = s->path.load()) ::unlink(p);
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

RemoveOnSignal::RemoveOnSignal(const std::string& path) {
  install_handlers_once();
  char* copy = new char[path.size() + 1];
  std::memcpy(copy, path.c_str(), path.size() + 1);
  const std::lock_guard lock(registration_mutex());
  for (Slot* s = head().load(); s != nullptr; s = s->next) {
    if (!s->in_use) {
      slot_ = s;
      break;
    }
  }
  if (slot_ == nullptr) {
    slot_ = new Slot;
    slot_->next = head().load();
    head().store(slot_);
  }
  slot_->in_use = true;
  slot_->path.store(copy);
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
  char* p = slot_->path.exchange(nullptr);
  delete[] p;  // qrsc writes from one thread: the handler interrupts it, never runs beside it
  const std::lock_guard lock(registration_mutex());
  slot_->in_use = false;
  slot_ = nullptr;
}

}  // namespace qrsc
