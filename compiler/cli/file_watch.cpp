#include "qrsc/cli/file_watch.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <ctime>

namespace qrsc::cli {

FileWatch::FileWatch(std::chrono::milliseconds interval) : interval_(interval) {
  ::sigemptyset(&stop_signals_);
  ::sigaddset(&stop_signals_, SIGINT);
  ::sigaddset(&stop_signals_, SIGTERM);
  ::sigprocmask(SIG_BLOCK, &stop_signals_, &old_mask_);
}

FileWatch::~FileWatch() {
  // A stop signal still pending was the reason to end: taken here, not delivered on unblocking.
  const timespec now{0, 0};
  while (::sigtimedwait(&stop_signals_, nullptr, &now) > 0) {
  }
  ::sigprocmask(SIG_SETMASK, &old_mask_, nullptr);
}

FileWatch::Stamp FileWatch::stamp_of(const std::string& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return {};
  return {true, static_cast<std::uintmax_t>(st.st_dev), static_cast<std::uintmax_t>(st.st_ino),
          static_cast<std::uintmax_t>(st.st_size),
          static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec};
}

std::vector<FileWatch::Stamp> FileWatch::stamps() const {
  std::vector<Stamp> s;
  s.reserve(files_.size());
  for (const auto& f : files_) s.push_back(stamp_of(f));
  return s;
}

void FileWatch::watch(const std::set<std::string>& files) {
  // A file watched already keeps the state it was built from, so that a change made during the
  // build is still a change; a new one is taken as it is now.
  std::vector<Stamp> kept;
  kept.reserve(files.size());
  for (const auto& f : files) {
    const auto it = std::lower_bound(files_.begin(), files_.end(), f);
    kept.push_back(it != files_.end() && *it == f ? last_[static_cast<std::size_t>(it - files_.begin())] : stamp_of(f));
  }
  files_.assign(files.begin(), files.end());
  last_ = std::move(kept);
}

bool FileWatch::sleep_one_interval() {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(interval_).count();
  const timespec wait{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
  const auto until = std::chrono::steady_clock::now() + interval_;
  for (;;) {
    if (::sigtimedwait(&stop_signals_, nullptr, &wait) > 0) return false;
    if (errno == EAGAIN || std::chrono::steady_clock::now() >= until) return true;  // EINTR: another signal
  }
}

bool FileWatch::wait_for_change() {
  for (;;) {
    if (!sleep_one_interval()) return false;
    std::vector<Stamp> now = stamps();
    if (now == last_) continue;
    // Changed: wait until a poll sees the same as the one before (the save is complete).
    for (;;) {
      if (!sleep_one_interval()) return false;
      std::vector<Stamp> next = stamps();
      const bool still = next == now;
      now = std::move(next);
      if (still) break;
    }
    last_ = std::move(now);
    return true;
  }
}

}  // namespace qrsc::cli
