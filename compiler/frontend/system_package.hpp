// A game system's package file, SYSTEM.package.yaml in the system's folder (frontend/
// spec_search_path.hpp system_folders): the system's procedures (runtime/qrs/<system>/) that a
// sheet's outputs use, each with the tables of the sheet it reads. A sheet gets the procedures
// whose every table it has; for one it lacks tables of, a warning names them, so that a
// renamed or removed table never silently turns a procedure off (docs/game-code.md, "A
// system's package").
#pragma once

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// Reads the package of `spec`'s system, the first of its system folders that has one: sets
// spec.package_file and spec.procedures. A package's mistakes are errors at their line; the
// tables an abstract spec lacks are not reported (it is a base for sheets, not one).
void read_system_package(Spec& spec, const Loc& at, Diagnostics& diags);

}  // namespace qrsc
