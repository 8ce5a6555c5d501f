// A short fingerprint of some bytes (FNV-1a, 64 bits, as 16 hex digits): it tells a changed file
// from an unchanged one for a build's bookkeeping; it is not a defence against anyone.
#pragma once

#include <string>
#include <string_view>

namespace qrsc::cli {

std::string fingerprint(std::string_view bytes);

}  // namespace qrsc::cli
