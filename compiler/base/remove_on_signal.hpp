// Files removed when the process is interrupted (SIGINT, SIGTERM, SIGHUP): the temporaries an
// output is staged in, so that ^C or a build tool's kill leaves no *.tmp behind. The handler only
// calls unlink() on the paths registered (async-signal-safe), then dies of the same signal with its
// default action, so the parent sees the real cause. SIGKILL cannot be caught: what it leaves is
// removed by the next run (remove_stale_temporaries in temp_file.hpp).
#pragma once

#include <string>

namespace qrsc {

// Registers `path` (copied) and returns a handle to unregister it; installs the handlers on first
// use. Registering and unregistering never allocate while a signal can see a half-made entry.
class RemoveOnSignal {
 public:
  RemoveOnSignal() = default;
  explicit RemoveOnSignal(const std::string& path);
  ~RemoveOnSignal() { release(); }
  RemoveOnSignal(RemoveOnSignal&& other) noexcept : slot_(other.slot_) { other.slot_ = nullptr; }
  RemoveOnSignal& operator=(RemoveOnSignal&& other) noexcept;
  RemoveOnSignal(const RemoveOnSignal&) = delete;
  RemoveOnSignal& operator=(const RemoveOnSignal&) = delete;

  // The path is no longer removed on a signal (it was renamed into place, or removed).
  void release();

  struct Slot;  // an entry of the handler's list (remove_on_signal.cpp)

 private:
  Slot* slot_ = nullptr;
};

}  // namespace qrsc
