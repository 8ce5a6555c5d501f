#include "qrsc/base/folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <map>

#include "qrsc/base/printable.hpp"
#include "qrsc/base/temp_file.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

// The folders this process holds locked: the descriptor that holds the flock and how many
// FolderLocks share it (flock on a second descriptor of a folder the process already holds
// would wait for itself).
struct Held {
  int fd = -1;
  int holders = 0;
};
std::map<std::pair<dev_t, ino_t>, Held>& held_here() {
  static std::map<std::pair<dev_t, ino_t>, Held> held;
  return held;
}

}  // namespace

FolderLock::~FolderLock() { release(); }

void FolderLock::release() {
  if (!held_) return;
  held_ = false;
  const auto it = held_here().find(folder_);
  if (it == held_here().end() || --it->second.holders > 0) return;
  ::close(it->second.fd);  // closing the descriptor releases the lock
  held_here().erase(it);
}

FolderLock& FolderLock::operator=(FolderLock&& other) noexcept {
  if (this != &other) {
    release();
    folder_ = other.folder_;
    held_ = other.held_;
    other.held_ = false;
  }
  return *this;
}

Expected<FolderLock> FolderLock::acquire(const fs::path& folder) {
  std::error_code ec;
  fs::path at = fs::absolute(folder.empty() ? fs::path(".") : folder, ec).lexically_normal();
  while (!fs::is_directory(at, ec) && at.has_relative_path()) at = at.parent_path();
  const int fd = ::open(at.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0) {
    Diagnostic error = program_error(file_error("cannot lock the output folder", at, errno));
    if (fd >= 0) ::close(fd);
    return error;
  }
  FolderLock lock;
  lock.folder_ = {st.st_dev, st.st_ino};
  if (const auto it = held_here().find(lock.folder_); it != held_here().end()) {
    ::close(fd);
    ++it->second.holders;
    lock.held_ = true;
    return lock;
  }
  int r = ::flock(fd, LOCK_EX | LOCK_NB);
  if (r != 0 && errno == EWOULDBLOCK) {
    std::cerr << "qrsc: note: waiting for another process writing into " << printable(at.string()) << '\n';
    do r = ::flock(fd, LOCK_EX);
    while (r != 0 && errno == EINTR);
  }
  if (r != 0) {
    Diagnostic error = program_error(file_error("cannot lock the output folder", at, errno));
    ::close(fd);
    return error;
  }
  held_here().emplace(lock.folder_, Held{fd, 1});
  lock.held_ = true;
  return lock;
}

}  // namespace qrsc
