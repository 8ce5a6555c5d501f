#include "output.hpp"

#include <fcntl.h>
#include <stdio.h>
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
bool same_content(const fs::path& p, const std::string& content) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(p, ec))) return false;  // never open a link, FIFO or device
  if (fs::file_size(p, ec) != content.size() || ec) return false;
  std::ifstream in(p, std::ios::binary);
  std::array<char, 16384> block{};
  for (std::size_t at = 0; in && at < content.size();) {
    const std::size_t want = std::min(block.size(), content.size() - at);
    in.read(block.data(), static_cast<std::streamsize>(want));
    if (static_cast<std::size_t>(in.gcount()) != want || std::memcmp(block.data(), content.data() + at, want) != 0) {
      return false;
    }
    at += want;
  }
  return static_cast<bool>(in);
}

bool unsupported(int err) { return err == EINVAL || err == ENOSYS || err == EOPNOTSUPP; }

// A hard link to `target` under a fresh temporary name (for file systems without RENAME_EXCHANGE).
TempFile link_backup(const fs::path& target, int& err) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string unused;
    // A temporary name nobody has: made, then replaced by the link.
    TempFile t = TempFile::write_beside(target, "", FileIdentity{}, unused);
    if (t.empty()) break;
    const fs::path name = t.path();
    ::unlink(name.c_str());
    if (::link(target.c_str(), name.c_str()) == 0) return t;
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
    if (it->placed && it->exchanged) {
      if (::rename(it->tmp.path().c_str(), it->target.c_str()) == 0) it->tmp.keep();
    } else if (it->placed && !it->backup.empty()) {
      if (::rename(it->backup.path().c_str(), it->target.c_str()) == 0) it->backup.keep();
    } else if (it->placed && !it->existed) {
      ::unlink(it->target.c_str());
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

std::string OutputTransaction::make_folders(const fs::path& folder) {
  if (folder.empty()) return {};
  // The folders that do not exist yet, outermost first, so that a roll-back removes them.
  std::error_code ec;
  std::vector<fs::path> missing;
  for (fs::path d = folder; !d.empty() && !fs::exists(fs::symlink_status(d, ec)); d = d.parent_path()) {
    missing.push_back(d);
    if (d == d.parent_path()) break;
  }
  fs::create_directories(folder, ec);
  if (ec) return "cannot create folder " + printable(folder.string()) + ": " + ec.message();
  made_folders_.insert(made_folders_.end(), missing.rbegin(), missing.rend());
  return {};
}

std::string OutputTransaction::stage_file(const PendingFile& f) {
  if (done_) return "the outputs were already written or given up";
  std::string error;
  if (!lock_.held()) {
    // The folder is made before it is locked: locking the nearest folder that exists instead
    // would let a run that starts once another has made it lock a different folder.
    const fs::path lock_folder = lock_folder_.empty() ? f.path.parent_path() : lock_folder_;
    error = make_folders(lock_folder);
    if (error.empty()) lock_ = FolderLock::acquire(lock_folder, error);
    if (!error.empty()) {
      roll_back();
      return error;
    }
  }
  if (same_content(f.path, f.content)) return {};
  const fs::path folder = f.path.parent_path();
  error = make_folders(folder);
  if (!error.empty()) {
    roll_back();
    return error;
  }
  if (std::find(cleaned_folders_.begin(), cleaned_folders_.end(), folder) == cleaned_folders_.end()) {
    remove_stale_temporaries(folder);
    cleaned_folders_.push_back(folder);
  }
  const FileIdentity old = identity_of(f.path, error);
  if (error.empty() && old.exists && !old.regular) {
    error = "cannot replace " + printable(f.path.string()) + ": it is not a regular file";
  }
  Staged s;
  s.target = f.path;
  s.existed = old.exists;
  if (error.empty()) s.tmp = TempFile::write_beside(f.path, f.content, old, error);
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
  const char* tmp = s.tmp.path().c_str();
  const char* target = s.target.c_str();
  if (s.existed) {
    if (::renameat2(AT_FDCWD, tmp, AT_FDCWD, target, RENAME_EXCHANGE) == 0) {
      s.placed = s.exchanged = true;  // the temporary's name now holds the old file
      return {};
    }
    if (!unsupported(errno)) return file_error("cannot replace", s.target, errno);
    int err = 0;
    s.backup = link_backup(s.target, err);  // kept for a roll-back; the rename below is atomic
    if (s.backup.empty() && err != EPERM && !unsupported(err)) return file_error("cannot replace", s.target, err);
    if (::rename(tmp, target) != 0) return file_error("cannot replace", s.target, errno);
  } else if (::renameat2(AT_FDCWD, tmp, AT_FDCWD, target, RENAME_NOREPLACE) != 0) {
    if (errno == EEXIST) return "cannot write " + printable(s.target.string()) + ": it was made by another process during the build";
    if (!unsupported(errno) || ::rename(tmp, target) != 0) return file_error("cannot write", s.target, errno);
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

Expected<void> write_files_atomically(const std::vector<PendingFile>& files, const CommitHook& hook) {
  OutputTransaction out({}, hook);
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
