// The outputs a command line selects with --emit (qrsc build, qrsc outputs).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qrsc/backends/registry.hpp"

namespace qrsc::cli {

// Every output's name, comma-separated (for --help and errors).
std::string backend_names();

// The backends `names` select (the default ones when empty), or nothing with an error printed
// that names the closest output.
std::optional<std::vector<const BackendInfo*>> chosen_backends(const std::vector<std::string>& names);

}  // namespace qrsc::cli
