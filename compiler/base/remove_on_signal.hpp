// What is cleaned up when the process is interrupted (SIGINT, SIGTERM, SIGHUP): the helper
// programs it runs (Chromium, clang: each in a process group of its own, which a terminal's ^C
// does not reach), the temporaries an output is staged in, and the scratch folders the helpers
// work in, so that ^C or a build tool's kill leaves no process, *.tmp or /tmp/qrsc-* behind. The
// handler only makes system calls (kill, unlink, and openat/getdents64/unlinkat for a folder's
// tree: async-signal-safe, nothing allocated), then dies of the same signal with its default
// action, so the parent sees the real cause. SIGKILL cannot be caught: the temporaries it leaves
// are removed by the next run (remove_stale_temporaries in temp_file.hpp).
#pragma once

#include <sys/types.h>

#include <string>

namespace qrsc {

// Registers `path` (copied), a file or, with What::folder, a folder removed with everything in
// it, and returns a handle to unregister it; installs the handlers on first use. Registering and
// unregistering never allocate while a signal can see a half-made entry.
class RemoveOnSignal {
 public:
  enum class What : unsigned char { file, folder };
  RemoveOnSignal() = default;
  explicit RemoveOnSignal(const std::string& path, What what = What::file);
  // A process group killed (SIGKILL) on a signal: a helper program's, while it runs.
  static RemoveOnSignal process_group(pid_t group);
  ~RemoveOnSignal() { release(); }
  RemoveOnSignal(RemoveOnSignal&& other) noexcept : slot_(other.slot_) { other.slot_ = nullptr; }
  RemoveOnSignal& operator=(RemoveOnSignal&& other) noexcept;
  RemoveOnSignal(const RemoveOnSignal&) = delete;
  RemoveOnSignal& operator=(const RemoveOnSignal&) = delete;

  // The path is no longer removed (it was renamed into place, or removed), or the group no
  // longer killed (its leader has exited), on a signal.
  void release();

  struct Slot;  // an entry of the handler's list (remove_on_signal.cpp)

 private:
  static Slot* free_slot();  // an unused entry, marked in use
  Slot* slot_ = nullptr;
};

}  // namespace qrsc
