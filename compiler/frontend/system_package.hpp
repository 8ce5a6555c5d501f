// A game system's package: the files in the system's folders (frontend/spec_search_path.hpp
// system_folders), its sheet layout, SYSTEM.layout.yaml (docs/sheets.md), and its package
// file, SYSTEM.package.yaml: the system's procedures (runtime/qrs/<system>/) that a sheet's
// outputs use, each with the tables of the sheet it reads. A sheet gets the procedures
// whose every table it has; for one it lacks tables of, a warning names them, so that a
// renamed or removed table never silently turns a procedure off (docs/game-code.md, "A
// system's package").
#pragma once

#include <filesystem>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// Finds the files of `spec`'s system's package in `folders` (system_folders: the first folder
// holding each wins), read only inside their folder (a link leading out is an error at `at`):
// sets spec.system_layout, and spec.package_file and spec.procedures from the package file. A
// package's mistakes are errors at their line; the tables an abstract spec lacks are not
// reported (it is a base for sheets, not one).
void read_system_package(Spec& spec, const std::vector<std::filesystem::path>& folders, const Loc& at,
                         Diagnostics& diags);

}  // namespace qrsc
