// An exclusive lock on the folder a run writes into (flock on the folder itself, so no lock file
// appears among the outputs), held until the run has moved its outputs in: two builds into one
// folder take turns, and neither leaves a mix of its files and the other's. A folder that does not
// exist yet is locked through its nearest existing ancestor. The lock goes with the process, so a
// killed build never leaves the folder locked. Within one process the lock is shared: a second
// lock of a folder the process holds returns at once.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <utility>

#include "qrsc/base/expected.hpp"

namespace qrsc {

class FolderLock {
 public:
  FolderLock() = default;
  ~FolderLock();
  FolderLock(FolderLock&& other) noexcept : folder_(other.folder_), held_(other.held_) { other.held_ = false; }
  FolderLock& operator=(FolderLock&& other) noexcept;
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  // Waits for the lock; says so on standard error when another process holds it. An error
  // names the folder and the reason.
  static Expected<FolderLock> acquire(const std::filesystem::path& folder);

  [[nodiscard]] bool held() const { return held_; }

 private:
  void release();
  std::pair<dev_t, ino_t> folder_{};
  bool held_ = false;
};

}  // namespace qrsc
