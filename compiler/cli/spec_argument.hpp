// A spec on the command line: a file, or a name (`acw-2.1-15mm`, `rff/acw-2.1-15mm`) found in
// ./rules, the -I folders, QRS_PATH and the installed specs, in that order.
#pragma once

#include <optional>
#include <string>

#include "spec_search_path.hpp"

namespace qrsc::cli {

// The spec file `arg` names, or nothing with an error printed that lists every place looked
// and the closest name seen.
std::optional<std::string> spec_argument(const std::string& arg, const SpecSearchPath& search);

}  // namespace qrsc::cli
