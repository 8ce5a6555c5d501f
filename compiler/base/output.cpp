#include "output.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "printable.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

// Compared a block at a time: no copy of the old file is made.
bool same_content(const OpenFolder& folder, const std::string& name, const std::string& content) {
  // Never a link, FIFO or device: opened without following a link or waiting for a writer.
  const int fd = ::openat(folder.fd(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  bool same = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) == content.size();
  std::array<char, 16384> block{};
  for (std::size_t at = 0; same && at < content.size();) {
    const ssize_t n = ::read(fd, block.data(), std::min(block.size(), content.size() - at));
    if (n < 0 && errno == EINTR) continue;
    same = n > 0 && std::memcmp(block.data(), content.data() + at, static_cast<std::size_t>(n)) == 0;
    if (same) at += static_cast<std::size_t>(n);
  }
  ::close(fd);
  return same;
}

bool unsupported(int err) { return err == EINVAL || err == ENOSYS || err == EOPNOTSUPP; }

// A hard link to `name` in `folder` under a fresh temporary name (for file systems without
// RENAME_EXCHANGE).
TempFile link_backup(const std::shared_ptr<const OpenFolder>& folder, const std::string& name, int& err) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string unused;
    // A temporary name nobody has: made, then replaced by the link.
    TempFile t = TempFile::write_in(folder, name, "", FileIdentity{}, unused);
    if (t.empty()) break;
    ::unlinkat(folder->fd(), t.name().c_str(), 0);
    if (::linkat(folder->fd(), name.c_str(), folder->fd(), t.name().c_str(), 0) == 0) return t;
    if (errno != EEXIST) {
      err = errno;
      t.keep();
      return {};
    }
    t.keep();
  }
  err = EEXIST;
  return {};
}

}  // namespace

OutputTransaction::OutputTransaction(fs::path lock_folder, CommitHook hook)
    : lock_folder_(std::move(lock_folder)), hook_(std::move(hook)) {}

OutputTransaction::~OutputTransaction() {
  if (!done_) roll_back();
}

// Puts every old file back and removes every temporary: the state before the transaction.
void OutputTransaction::roll_back() {
  for (auto it = staged_.rbegin(); it != staged_.rend(); ++it) {
    const int dir = it->folder->fd();
    const char* name = it->name.c_str();
    if (it->placed && it->exchanged) {
      if (::renameat(dir, it->tmp.name().c_str(), dir, name) == 0) it->tmp.keep();
    } else if (it->placed && !it->backup.empty()) {
      if (::renameat(dir, it->backup.name().c_str(), dir, name) == 0) it->backup.keep();
    } else if (it->placed && !it->existed) {
      ::unlinkat(dir, name, 0);
    }
    it->tmp.remove();
    it->backup.remove();
  }
  staged_.clear();
  // The folders it made, deepest first, as they were: absent (only when still empty).
  std::error_code ec;
  for (auto it = made_folders_.rbegin(); it != made_folders_.rend(); ++it) {
    if (fs::is_empty(*it, ec) && !ec) fs::remove(*it, ec);
  }
  made_folders_.clear();
  done_ = true;
}

std::shared_ptr<const OpenFolder> OutputTransaction::open_folder(const fs::path& folder, std::string& error) {
  const fs::path key = folder.lexically_normal();
  for (const auto& f : folders_) {
    if (f.first == key) return f.second;
  }
  const fs::path root = lock_folder_.empty() ? folder : lock_folder_;
  auto opened = std::make_shared<OpenFolder>(OpenFolder::open(root, folder, true, &made_folders_, error));
  if (!error.empty()) return nullptr;
  // Once per folder: the temporaries that writers killed in it left.
  remove_stale_temporaries(*opened);
  folders_.emplace_back(key, opened);
  return opened;
}

std::string OutputTransaction::stage_file(const PendingFile& f) {
  if (done_) return "the outputs were already written or given up";
  std::string error;
  if (!lock_.held()) {
    // The folder is made before it is locked: locking the nearest folder that exists instead
    // would let a run that starts once another has made it lock a different folder.
    const fs::path lock_folder = lock_folder_.empty() ? f.path.parent_path() : lock_folder_;
    (void)open_folder(lock_folder, error);
    if (error.empty()) lock_ = FolderLock::acquire(lock_folder, error);
    if (!error.empty()) {
      roll_back();
      return error;
    }
  }
  Staged s;
  s.folder = open_folder(f.path.parent_path(), error);
  s.name = f.path.filename().string();
  s.target = f.path;
  if (!error.empty()) {
    roll_back();
    return error;
  }
  if (same_content(*s.folder, s.name, f.content)) return {};
  const FileIdentity old = identity_of(*s.folder, s.name, error);
  if (error.empty() && old.exists && !old.regular) {
    error = "cannot replace " + printable(f.path.string()) + ": it is not a regular file";
  }
  s.existed = old.exists;
  if (error.empty()) s.tmp = TempFile::write_in(s.folder, s.name, f.content, old, error);
  if (!error.empty()) {
    roll_back();
    return error;
  }
  staged_.push_back(std::move(s));
  return {};
}

// Moves one staged file into place with a single rename; the target is never missing.
std::string OutputTransaction::place(Staged& s) {
  std::error_code ec;
  if (hook_) hook_(s.target, ec);
  if (ec) return "cannot replace " + printable(s.target.string()) + ": " + ec.message();
  const int dir = s.folder->fd();
  const char* tmp = s.tmp.name().c_str();
  const char* target = s.name.c_str();
  if (s.existed) {
    if (::renameat2(dir, tmp, dir, target, RENAME_EXCHANGE) == 0) {
      s.placed = s.exchanged = true;  // the temporary's name now holds the old file
      return {};
    }
    if (!unsupported(errno)) return file_error("cannot replace", s.target, errno);
    int err = 0;
    s.backup = link_backup(s.folder, s.name, err);  // kept for a roll-back; the rename below is atomic
    if (s.backup.empty() && err != EPERM && !unsupported(err)) return file_error("cannot replace", s.target, err);
    if (::renameat(dir, tmp, dir, target) != 0) return file_error("cannot replace", s.target, errno);
  } else if (::renameat2(dir, tmp, dir, target, RENAME_NOREPLACE) != 0) {
    if (errno == EEXIST) return "cannot write " + printable(s.target.string()) + ": it was made by another process during the build";
    if (!unsupported(errno) || ::renameat(dir, tmp, dir, target) != 0) return file_error("cannot write", s.target, errno);
  }
  s.placed = true;
  s.tmp.keep();
  return {};
}

Expected<void> OutputTransaction::stage(const PendingFile& f) {
  if (std::string error = stage_file(f); !error.empty()) return program_error(std::move(error));
  return {};
}

Expected<void> OutputTransaction::commit() {
  if (std::string error = commit_files(); !error.empty()) return program_error(std::move(error));
  return {};
}

std::string OutputTransaction::commit_files() {
  if (done_) return "the outputs were already written or given up";
  for (auto& s : staged_) {
    if (std::string err = place(s); !err.empty()) {
      roll_back();
      return err;
    }
  }
  // Committed: the old files go.
  for (auto& s : staged_) {
    s.tmp.remove();
    s.backup.remove();
  }
  done_ = true;
  return {};
}

Expected<void> write_files_atomically(const std::vector<PendingFile>& files, const std::filesystem::path& root,
                                     const CommitHook& hook) {
  OutputTransaction out(root, hook);
  for (const auto& f : files) {
    if (auto staged = out.stage(f); !staged) return staged;
  }
  return out.commit();
}

namespace {
// Why a file with this identity may not be replaced by replace_file, or "".
std::string refusal(const fs::path& target, const FileIdentity& old, bool break_hard_links) {
  if (!old.regular) return "cannot replace " + printable(target.string()) + ": it is not a regular file";
  if (old.links > 1 && !break_hard_links) {
    return "cannot replace " + printable(target.string()) + ": it has " + std::to_string(old.links) +
           " hard links, which would keep the old content (--break-hardlinks replaces it anyway)";
  }
  return {};
}
}  // namespace

Expected<void> replaceable(const fs::path& target, bool break_hard_links) {
  std::string error;
  const FileIdentity old = identity_of(target, error);
  if (error.empty()) error = refusal(target, old, break_hard_links);
  if (!error.empty()) return program_error(std::move(error));
  return {};
}

Expected<void> replace_file(const fs::path& target, std::string_view content, bool break_hard_links) {
  std::string error;
  const FileIdentity old = identity_of(target, error);
  if (error.empty()) error = refusal(target, old, break_hard_links);
  if (!error.empty()) return program_error(std::move(error));
  TempFile tmp = TempFile::write_beside(target, content, old, error);
  if (!error.empty()) return program_error(std::move(error));
  if (::rename(tmp.path().c_str(), target.c_str()) != 0) return program_error(file_error("cannot replace", target, errno));
  tmp.keep();
  return {};
}

}  // namespace qrsc
