#include "qrsc/base/output.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "qrsc/base/printable.hpp"

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
    // A temporary name nobody has: made, then replaced by the link.
    auto made = TempFile::write_in(folder, name, "", FileIdentity{});
    if (!made || made->empty()) break;
    TempFile t = std::move(*made);
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

Expected<std::shared_ptr<const OpenFolder>> OutputTransaction::open_folder(const fs::path& folder) {
  const fs::path key = folder.lexically_normal();
  for (const auto& f : folders_) {
    if (f.first == key) return f.second;
  }
  const fs::path root = lock_folder_.empty() ? folder : lock_folder_;
  auto opened = OpenFolder::open(root, folder, true, &made_folders_);
  if (!opened) return opened.error();
  auto shared = std::make_shared<const OpenFolder>(std::move(*opened));
  // Once per folder: the temporaries that writers killed in it left.
  remove_stale_temporaries(*shared);
  folders_.emplace_back(key, shared);
  return shared;
}

Expected<void> OutputTransaction::stage(const PendingFile& f) {
  if (done_) return program_error("the outputs were already written or given up");
  // Any failure rolls everything back: the transaction stays failed.
  const auto failed = [this](Diagnostic error) -> Expected<void> {
    roll_back();
    return error;
  };
  if (!lock_.held()) {
    // The folder is made before it is locked: locking the nearest folder that exists instead
    // would let a run that starts once another has made it lock a different folder.
    const fs::path lock_folder = lock_folder_.empty() ? f.path.parent_path() : lock_folder_;
    if (auto opened = open_folder(lock_folder); !opened) return failed(opened.error());
    auto lock = FolderLock::acquire(lock_folder);
    if (!lock) return failed(lock.error());
    lock_ = std::move(*lock);
  }
  Staged s;
  auto folder = open_folder(f.path.parent_path());
  if (!folder) return failed(folder.error());
  s.folder = *folder;
  s.name = f.path.filename().string();
  s.target = f.path;
  if (same_content(*s.folder, s.name, f.content)) return {};
  const auto old = identity_of(*s.folder, s.name);
  if (!old) return failed(old.error());
  if (old->exists && !old->regular) {
    return failed(program_error("cannot replace " + printable(f.path.string()) + ": it is not a regular file"));
  }
  s.existed = old->exists;
  auto tmp = TempFile::write_in(s.folder, s.name, f.content, *old);
  if (!tmp) return failed(tmp.error());
  s.tmp = std::move(*tmp);
  staged_.push_back(std::move(s));
  return {};
}

// Moves one staged file into place with a single rename; the target is never missing.
Expected<void> OutputTransaction::place(Staged& s) {
  std::error_code ec;
  if (hook_) hook_(s.target, ec);
  if (ec) return program_error("cannot replace " + printable(s.target.string()) + ": " + ec.message());
  const int dir = s.folder->fd();
  const char* tmp = s.tmp.name().c_str();
  const char* target = s.name.c_str();
  if (s.existed) {
    if (::renameat2(dir, tmp, dir, target, RENAME_EXCHANGE) == 0) {
      s.placed = s.exchanged = true;  // the temporary's name now holds the old file
      return {};
    }
    if (!unsupported(errno)) return program_error(file_error("cannot replace", s.target, errno));
    int err = 0;
    s.backup = link_backup(s.folder, s.name, err);  // kept for a roll-back; the rename below is atomic
    if (s.backup.empty() && err != EPERM && !unsupported(err))
      return program_error(file_error("cannot replace", s.target, err));
    if (::renameat(dir, tmp, dir, target) != 0) return program_error(file_error("cannot replace", s.target, errno));
  } else if (::renameat2(dir, tmp, dir, target, RENAME_NOREPLACE) != 0) {
    if (errno == EEXIST) {
      return program_error("cannot write " + printable(s.target.string()) +
                           ": it was made by another process during the build");
    }
    if (!unsupported(errno) || ::renameat(dir, tmp, dir, target) != 0) {
      return program_error(file_error("cannot write", s.target, errno));
    }
  }
  s.placed = true;
  s.tmp.keep();
  return {};
}

Expected<void> OutputTransaction::commit() {
  if (done_) return program_error("the outputs were already written or given up");
  for (auto& s : staged_) {
    if (auto placed = place(s); !placed) {
      roll_back();
      return placed;
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
// The file's identity when replace_file may take it, or why not.
Expected<FileIdentity> replaceable_identity(const fs::path& target, bool break_hard_links) {
  auto old = identity_of(target);
  if (!old) return old;
  if (!old->regular)
    return program_error("cannot replace " + printable(target.string()) + ": it is not a regular file");
  if (old->links > 1 && !break_hard_links) {
    return program_error("cannot replace " + printable(target.string()) + ": it has " + std::to_string(old->links) +
                         " hard links, which would keep the old content (--break-hardlinks replaces it anyway)");
  }
  return old;
}
}  // namespace

Expected<void> replaceable(const fs::path& target, bool break_hard_links) {
  if (auto old = replaceable_identity(target, break_hard_links); !old) return old.error();
  return {};
}

Expected<void> replace_file(const fs::path& target, std::string_view content, bool break_hard_links) {
  const auto old = replaceable_identity(target, break_hard_links);
  if (!old) return old.error();
  auto tmp = TempFile::write_beside(target, content, *old);
  if (!tmp) return tmp.error();
  if (::rename(tmp->path().c_str(), target.c_str()) != 0)
    return program_error(file_error("cannot replace", target, errno));
  tmp->keep();
  return {};
}

}  // namespace qrsc
