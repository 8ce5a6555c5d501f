// The migration itself: AST matchers and preprocessor callbacks that turn every use of the
// source sheet's header into clang::tooling::Replacements, and every use of something the
// target sheet lacks into a diagnostic (that code is left as it is).
#pragma once

#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/Tooling/Core/Replacement.h>
#include <clang/Tooling/Tooling.h>

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "sheet_map.hpp"

namespace qrs_migrate {

struct Problem {
  std::string file;
  unsigned line = 0, col = 0;
  std::string message;
  bool operator<(const Problem& o) const {
    return std::tie(file, line, col, message) < std::tie(o.file, o.line, o.col, o.message);
  }
};

// What a run collects over every translation unit: the edits per file (each edit once, however
// many units include the file) and the problems.
struct MigrationResult {
  std::map<std::string, clang::tooling::Replacements> edits;  // by real path
  std::set<Problem> problems;
  // Files with an edit the tool cannot make (an include through a macro), by real path: when
  // there is one, no file is changed (the others' edits would not compile without it).
  std::set<std::string> left_unchanged;
};

class Migration {
 public:
  // Only files under `roots` (the folders of the files named on the command line) are edited
  // or reported; never system headers, the two sheets' headers, or anything under `excluded`
  // (the runtime and generated folders).
  Migration(const SheetMap& map, std::vector<std::filesystem::path> roots, std::vector<std::filesystem::path> excluded);
  std::unique_ptr<clang::tooling::FrontendActionFactory> action_factory();
  [[nodiscard]] const MigrationResult& result() const { return result_; }
  [[nodiscard]] const SheetMap& map() const { return map_; }

  // Shared by the matcher callback and the preprocessor callback.
  struct Context;

 private:
  const SheetMap& map_;
  std::vector<std::filesystem::path> roots_, excluded_;
  MigrationResult result_;
  std::set<std::tuple<std::string, unsigned>> seen_;  // (file, offset) already handled
  clang::ast_matchers::MatchFinder finder_;
  std::unique_ptr<clang::ast_matchers::MatchFinder::MatchCallback> callback_;
  std::unique_ptr<clang::tooling::SourceFileCallbacks> source_callbacks_;
  friend struct Context;
};

}  // namespace qrs_migrate
