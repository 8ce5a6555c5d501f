#include "output.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <system_error>

namespace qrsc {

namespace fs = std::filesystem;

namespace {
// Compared a block at a time: no copy of the old file is made.
bool same_content(const fs::path& p, const std::string& content) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return false;  // never open a FIFO or a device to compare
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

void system_rename(const fs::path& from, const fs::path& to, std::error_code& ec) { fs::rename(from, to, ec); }
}  // namespace

OutputTransaction::OutputTransaction(RenameFn rename)
    : rename_(rename ? std::move(rename) : RenameFn(system_rename)), suffix_(std::to_string(::getpid())) {}

OutputTransaction::~OutputTransaction() {
  if (!done_) roll_back();
}

// Puts every old file back and removes every temporary: the state before the transaction.
void OutputTransaction::roll_back() {
  std::error_code ec;
  for (auto it = staged_.rbegin(); it != staged_.rend(); ++it) {
    if (it->placed) fs::remove(it->target, ec);
    if (it->backed) fs::rename(it->backup, it->target, ec);
    fs::remove(it->tmp, ec);
  }
  staged_.clear();
  // The folders it made, deepest first, as they were: absent (only when still empty).
  for (auto it = made_folders_.rbegin(); it != made_folders_.rend(); ++it) {
    if (fs::is_empty(*it, ec) && !ec) fs::remove(*it, ec);
  }
  made_folders_.clear();
  done_ = true;
}

std::string OutputTransaction::stage(const PendingFile& f) {
  if (done_) return "the outputs were already written or given up";
  if (same_content(f.path, f.content)) return {};
  std::error_code ec;
  if (f.path.has_parent_path()) {
    // The folders that do not exist yet, outermost first, so that a roll-back removes them.
    std::vector<fs::path> missing;
    for (fs::path d = f.path.parent_path(); !d.empty() && !fs::exists(fs::symlink_status(d, ec)); d = d.parent_path()) {
      missing.push_back(d);
      if (d == d.parent_path()) break;
    }
    fs::create_directories(f.path.parent_path(), ec);
    if (!ec) made_folders_.insert(made_folders_.end(), missing.rbegin(), missing.rend());
  }
  if (ec) {
    roll_back();
    return "cannot create folder " + f.path.parent_path().string() + ": " + ec.message();
  }
  const auto status = fs::symlink_status(f.path, ec);
  if (fs::exists(status) && !fs::is_regular_file(status)) {
    roll_back();
    return "cannot replace " + f.path.string() + ": it is not a regular file";
  }
  Staged s{f.path.string() + ".tmp" + suffix_, f.path, {}, false, false};
  if (fs::exists(status)) s.backup = f.path.string() + ".old" + suffix_;
  std::ofstream out(s.tmp, std::ios::binary | std::ios::trunc);
  out << f.content;
  out.close();
  if (!out) {
    fs::remove(s.tmp, ec);
    roll_back();
    return "cannot write " + s.tmp.string();
  }
  staged_.push_back(std::move(s));
  return {};
}

std::string OutputTransaction::commit() {
  if (done_) return "the outputs were already written or given up";
  // Every old file steps aside and every new one moves in; the first failure undoes all.
  for (auto& s : staged_) {
    std::error_code ec;
    if (!s.backup.empty()) {
      rename_(s.target, s.backup, ec);
      if (ec) {
        const std::string err = "cannot replace " + s.target.string() + ": " + ec.message();
        roll_back();
        return err;
      }
      s.backed = true;
    }
    rename_(s.tmp, s.target, ec);
    if (ec) {
      const std::string err = "cannot replace " + s.target.string() + ": " + ec.message();
      roll_back();
      return err;
    }
    s.placed = true;
  }
  // Committed: the old files go.
  for (const auto& s : staged_) {
    std::error_code ec;
    if (s.backed) fs::remove(s.backup, ec);
  }
  done_ = true;
  return {};
}

std::string write_files_atomically(const std::vector<PendingFile>& files) { return write_files_atomically(files, {}); }

std::string write_files_atomically(const std::vector<PendingFile>& files, const RenameFn& rename) {
  OutputTransaction out(rename);
  for (const auto& f : files) {
    if (std::string err = out.stage(f); !err.empty()) return err;
  }
  return out.commit();
}

}  // namespace qrsc
