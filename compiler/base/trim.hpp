// Text without the blanks around it, as every reader of a written value takes it (a notation, a
// mustache tag's name, a term of a share): spaces, tabs and line breaks, std::isspace's set in
// the C locale.
#pragma once

#include <string_view>

namespace qrsc {

constexpr bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

constexpr std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace qrsc
