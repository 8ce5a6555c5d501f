// An enumeration named by a table of names in its order (kTableKindNames, kCellTypeNames, ...):
// the one lookup from a name in a spec or a layout to the value.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace qrsc {

template <class Enum, std::size_t N>
std::optional<Enum> enum_named(const std::array<const char*, N>& names, std::string_view name) {
  for (std::size_t i = 0; i < N; ++i) {
    if (name == names[i]) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

}  // namespace qrsc
