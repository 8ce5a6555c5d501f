#include "qrsc/cli/fingerprint.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace qrsc::cli {

std::string fingerprint(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ULL;
  for (const unsigned char c : bytes) h = (h ^ c) * 1099511628211ULL;
  return fmt::format("{:016x}", h);
}

}  // namespace qrsc::cli
