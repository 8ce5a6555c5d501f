// Writing outputs so that a failed or interrupted build never leaves a half-written file:
// write a temporary file beside the target, then rename it over the target.
#pragma once

#include <filesystem>
#include <functional>
#include <system_error>
#include <string>
#include <vector>

namespace qrsc {

struct PendingFile {
  std::filesystem::path path;
  std::string content;
};

using RenameFn = std::function<void(const std::filesystem::path&, const std::filesystem::path&, std::error_code&)>;

// Files written all or none, staged one at a time as they are made (a run of 1,000 variants
// need not hold every output in memory): stage() writes a file's temporary beside
// its target, commit() moves every old file aside and every new one in, and when any step
// fails, or the transaction ends uncommitted, every old file is put back and every temporary,
// and every folder stage() made, removed. Files whose content is unchanged are left alone; a
// target that exists but is not a regular file (a folder, a FIFO) is refused before anything
// moves.
class OutputTransaction {
 public:
  explicit OutputTransaction(RenameFn rename = {});
  ~OutputTransaction();
  OutputTransaction(const OutputTransaction&) = delete;
  OutputTransaction& operator=(const OutputTransaction&) = delete;

  // An error message, or "" (after an error the transaction is rolled back and stays failed).
  std::string stage(const PendingFile& f);
  std::string commit();

 private:
  struct Staged {
    std::filesystem::path tmp;
    std::filesystem::path target;
    std::filesystem::path backup;  // empty when there was no old file
    bool backed = false;           // the old file was moved to the backup
    bool placed = false;           // the new file is in place
  };
  void roll_back();

  RenameFn rename_;
  std::string suffix_;
  std::vector<Staged> staged_;
  std::vector<std::filesystem::path> made_folders_;  // folders stage() created, outermost first
  bool done_ = false;
};

// Writes all files or none (an OutputTransaction over `files`). Returns an error message, or ""
// on success.
std::string write_files_atomically(const std::vector<PendingFile>& files);
// The same with the rename step given (tests make it fail on a chosen file).
std::string write_files_atomically(const std::vector<PendingFile>& files, const RenameFn& rename);

}  // namespace qrsc
