// Where `extends:` and `apply:` find the specs they name, like a compiler's include path:
// the referring spec's own rules root, then each -I folder (and QRS_PATH's), then the installed
// share/qrs/rules. A spec name is a relative path without `..`; the file it names must stay
// inside the root it was found in, so a hostile spec cannot read files outside the roots
// (through `..`, an absolute path or a symlink that leads out).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/diagnostics.hpp"

namespace qrsc {

struct SpecSearchPath {
  std::vector<std::filesystem::path> include_dirs;  // -I folders, then QRS_PATH's, in order
  std::filesystem::path installed;                  // <prefix>/share/qrs/rules; empty when none
};

// The rules root of a spec file: the nearest enclosing folder named `rules`, else the spec's
// own folder.
std::filesystem::path rules_root_of(const std::filesystem::path& spec_file);

// The folders of a QRS_PATH-style value (':'-separated; empty entries are skipped).
std::vector<std::filesystem::path> split_search_path(const std::string& value);

// The file `candidate`, found under the search root `root` (canonical), as every spec file is
// taken: its canonical path when that stays inside the root and is a regular file; else
// nothing, and why ("leads out of its root ...", "is not a file") in `why`.
std::optional<std::filesystem::path> file_inside_root(const std::filesystem::path& candidate,
                                                      const std::filesystem::path& root, std::string& why);

// The spec files (.yaml) under a rules root that file_inside_root takes, at most `limit` of
// them: canonical paths, found without following a folder link, at most 8 folders deep and
// among the first 20,000 entries of the walk. A package's files (is_package_file) are not specs.
std::vector<std::filesystem::path> spec_files_under(const std::filesystem::path& root, std::size_t limit);

// Whether a file among the specs is one of a package's, which is no spec: a sheet's layout
// (SPEC.layout.yaml beside a spec, SYSTEM.layout.yaml in a system's folder: docs/sheets.md) or
// a system's procedures (SYSTEM.package.yaml: docs/game-code.md).
bool is_package_file(const std::filesystem::path& file);

// A game system's folders (its package: the system's layout and procedures): ROOT/SYSTEM in
// each root the spec `from` searches (its own rules root, the -I folders, the installed specs),
// in that order, where that folder exists inside its root. None for a system that is no id.
std::vector<std::filesystem::path> system_folders(const SpecSearchPath& search, const std::filesystem::path& from,
                                                  const std::string& system);

// Finds spec `name` (a path under a rules root, without .yaml) for the spec file `from`.
// On failure reports, at `loc`, every place it looked and the closest name it saw.
std::optional<std::filesystem::path> find_spec(const SpecSearchPath& search, const std::filesystem::path& from,
                                               const std::string& name, const Loc& loc, Diagnostics& diags);

}  // namespace qrsc
