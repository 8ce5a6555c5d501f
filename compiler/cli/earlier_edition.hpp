// The earlier edition a command compares a sheet with (`diff --since`, `publish --since`,
// `sheet --since`): another spec file, or the spec as it was at a git revision.
#pragma once

#include <optional>
#include <string>

#include "qrsc/model/model.hpp"

namespace qrsc::cli {

// `since` is a spec file when one exists by that name, else a git revision (`v2.1`, `HEAD~3`)
// of the repository holding `spec`: its rules folder (the nearest enclosing folder named
// `rules`, else its own folder) is read as it was at the revision with `git show REV:PATH` into
// a scratch folder, removed afterwards, and the spec compiled from there, so the files it extends
// and applies are those of the revision too. The result's path names the revision
// ("rules/rff/1812-3-15mm.yaml at v2.1"). Errors are printed.
std::optional<Spec> compile_earlier_edition(const std::string& since, const Spec& spec);

}  // namespace qrsc::cli
