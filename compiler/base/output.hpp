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

// Writes all files or none: every temporary is written first, then each old file is moved
// aside and its new one renamed in; when any step fails every old file is put back. Returns an
// error message, or "" on success. Files whose content is unchanged are left alone; a target
// that exists but is not a regular file (a folder, a FIFO) is refused before anything moves.
std::string write_files_atomically(const std::vector<PendingFile>& files);
// The same with the rename step given (tests make it fail on a chosen file).
using RenameFn = std::function<void(const std::filesystem::path&, const std::filesystem::path&, std::error_code&)>;
std::string write_files_atomically(const std::vector<PendingFile>& files, const RenameFn& rename);

}  // namespace qrsc
