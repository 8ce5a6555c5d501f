// Waiting for a set of files to change, for qrsc build --watch: each file's identity, size and
// modification time polled every few hundred milliseconds (portable, and a file replaced by a
// rename, as editors save, is seen too), and a change reported once the files have held still
// for one more poll, so that a save in several steps rebuilds once. SIGINT and SIGTERM are held
// back while the watch runs and only taken between builds: a build under way finishes (its
// outputs all written or none) and the watch then ends normally.
#pragma once

#include <signal.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace qrsc::cli {

class FileWatch {
 public:
  // Holds SIGINT and SIGTERM back until the watch ends.
  explicit FileWatch(std::chrono::milliseconds interval = std::chrono::milliseconds(250));
  ~FileWatch();
  FileWatch(const FileWatch&) = delete;
  FileWatch& operator=(const FileWatch&) = delete;

  // The files to watch from now on (sorted, as a set gives them); a change is measured from the
  // state each was last built from.
  void watch(const std::set<std::string>& files);
  // Waits until a watched file changed and the files held still for one interval: true; or
  // until SIGINT or SIGTERM: false.
  bool wait_for_change();

 private:
  // What a file is now: missing, or its device, inode, size and modification time.
  struct Stamp {
    bool exists = false;
    std::uintmax_t device = 0, inode = 0, size = 0;
    std::int64_t mtime_ns = 0;
    bool operator==(const Stamp&) const = default;
  };
  static Stamp stamp_of(const std::string& file);
  std::vector<Stamp> stamps() const;
  // Sleeps one interval; false when a stop signal came instead.
  bool sleep_one_interval();

  std::chrono::milliseconds interval_;
  std::vector<std::string> files_;
  std::vector<Stamp> last_;
  sigset_t stop_signals_{};
  sigset_t old_mask_{};
};

}  // namespace qrsc::cli
