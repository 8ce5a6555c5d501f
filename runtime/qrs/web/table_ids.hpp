// The ids of the tables a system procedure reads, as its web ABI gives them to the page
// (qrs_fire_tables, qrs_melee_tables): space-separated, NUL-terminated, in the order the
// procedure names them, so that the page finds each table's section by its data-id.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string_view>

namespace qrs::web {

// Writes the ids into `text` and returns it. An id is a spec id (at most 64 characters,
// docs/spec-format.md's limits): N = 65 per id holds them, each separator and the NUL.
template <std::size_t N>
const char* table_ids(char (&text)[N], std::initializer_list<std::string_view> ids) {
  std::size_t at = 0;
  for (const std::string_view id : ids) {
    if (at != 0 && at + 1 < N) text[at++] = ' ';
    for (const char c : id) {
      if (at + 1 < N) text[at++] = c;
    }
  }
  text[at] = '\0';
  return text;
}

}  // namespace qrs::web
