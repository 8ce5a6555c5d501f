#include "output.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <system_error>

namespace qrsc {

namespace fs = std::filesystem;

namespace {
bool same_content(const fs::path& p, const std::string& content) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return false;  // never open a FIFO or a device to compare
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str() == content;
}

void system_rename(const fs::path& from, const fs::path& to, std::error_code& ec) { fs::rename(from, to, ec); }

// One target on its way in: the new content's temporary, and the old file's backup.
struct Staged {
  fs::path tmp;
  fs::path target;
  fs::path backup;      // empty when there was no old file
  bool backed = false;  // the old file was moved to the backup
  bool placed = false;  // the new file is in place
};
}  // namespace

std::string write_files_atomically(const std::vector<PendingFile>& files) {
  return write_files_atomically(files, system_rename);
}

std::string write_files_atomically(const std::vector<PendingFile>& files, const RenameFn& rename) {
  std::vector<Staged> staged;
  // Puts every old file back and removes every temporary: the state before the call.
  const auto roll_back = [&] {
    std::error_code ec;
    for (auto it = staged.rbegin(); it != staged.rend(); ++it) {
      if (it->placed) fs::remove(it->target, ec);
      if (it->backed) fs::rename(it->backup, it->target, ec);
      fs::remove(it->tmp, ec);
    }
  };
  const std::string suffix = std::to_string(::getpid());
  // 1. Every new file is written beside its target.
  for (const auto& f : files) {
    if (same_content(f.path, f.content)) continue;
    std::error_code ec;
    if (f.path.has_parent_path()) fs::create_directories(f.path.parent_path(), ec);
    if (ec) {
      roll_back();
      return "cannot create folder " + f.path.parent_path().string() + ": " + ec.message();
    }
    const auto status = fs::symlink_status(f.path, ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) {
      roll_back();
      return "cannot replace " + f.path.string() + ": it is not a regular file";
    }
    Staged s{f.path.string() + ".tmp" + suffix, f.path, {}, false, false};
    if (fs::exists(status)) s.backup = f.path.string() + ".old" + suffix;
    std::ofstream out(s.tmp, std::ios::binary | std::ios::trunc);
    out << f.content;
    out.close();
    if (!out) {
      fs::remove(s.tmp, ec);
      roll_back();
      return "cannot write " + s.tmp.string();
    }
    staged.push_back(std::move(s));
  }
  // 2. Every old file steps aside and every new one moves in; the first failure undoes all.
  for (auto& s : staged) {
    std::error_code ec;
    if (!s.backup.empty()) {
      rename(s.target, s.backup, ec);
      if (ec) {
        roll_back();
        return "cannot replace " + s.target.string() + ": " + ec.message();
      }
      s.backed = true;
    }
    rename(s.tmp, s.target, ec);
    if (ec) {
      roll_back();
      return "cannot replace " + s.target.string() + ": " + ec.message();
    }
    s.placed = true;
  }
  // 3. Committed: the old files go.
  for (const auto& s : staged) {
    std::error_code ec;
    if (s.backed) fs::remove(s.backup, ec);
  }
  return {};
}

}  // namespace qrsc
