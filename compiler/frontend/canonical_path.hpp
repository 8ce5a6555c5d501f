// A path's canonical form (std::filesystem::weakly_canonical), worked out once per path in a
// run: each costs a readlink per folder of the path and the front end asks for the same few
// many times (cache keys, cycle checks, display names, search roots).
#pragma once

#include <filesystem>
#include <system_error>

namespace qrsc {

// As std::filesystem::weakly_canonical(p, ec); failures are not remembered.
std::filesystem::path canonical_path(const std::filesystem::path& p, std::error_code& ec);
std::filesystem::path canonical_path(const std::filesystem::path& p);  // throws as weakly_canonical does

}  // namespace qrsc
