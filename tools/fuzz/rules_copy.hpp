// A private copy of the repository's rules/ in a fresh temporary folder, removed when the fuzz
// target ends: the targets write and link files beside real specs without touching rules/.
#pragma once

#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <string>

struct RulesCopy {
  std::filesystem::path root;   // the temporary folder (canonical)
  std::filesystem::path rules;  // root / "rules"

  explicit RulesCopy(const std::string& prefix) {
    std::string pattern = "/tmp/" + prefix + "_XXXXXX";
    if (!::mkdtemp(pattern.data())) std::abort();
    root = std::filesystem::canonical(pattern);
    rules = root / "rules";
    std::filesystem::copy(std::filesystem::path(QRS_SOURCE_DIR) / "rules", rules,
                          std::filesystem::copy_options::recursive);
  }
  ~RulesCopy() {
    std::error_code ec;
    std::filesystem::remove_all(root, ec);
  }
  RulesCopy(const RulesCopy&) = delete;
  RulesCopy& operator=(const RulesCopy&) = delete;
};
