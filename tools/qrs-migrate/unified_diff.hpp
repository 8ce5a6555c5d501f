// `--dry-run` output: a unified diff (3 lines of context) between a file and its migration.
#pragma once

#include <string>

namespace qrs_migrate {

std::string unified_diff(const std::string& path, const std::string& before, const std::string& after);

}  // namespace qrs_migrate
