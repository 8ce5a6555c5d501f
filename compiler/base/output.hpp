// Writing outputs so that a failed or interrupted build never leaves a half-written file:
// write a temporary file beside the target, then rename it over the target.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace qrsc {

struct PendingFile {
  std::filesystem::path path;
  std::string content;
};

// Writes all files or none: every temporary is written first, then all are renamed.
// Returns an error message, or "" on success. Files whose content is unchanged are left alone.
std::string write_files_atomically(const std::vector<PendingFile>& files);

}  // namespace qrsc
