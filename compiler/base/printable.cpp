#include "qrsc/base/printable.hpp"

#include <fmt/format.h>

namespace qrsc {

namespace {

// The length of the UTF-8 sequence at text[i] (1-4), or 0 when it is not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto b = static_cast<unsigned char>(text[i]);
  std::size_t n = 0;
  unsigned min = 0;
  if (b < 0x80) return 1;
  if ((b & 0xE0) == 0xC0)
    n = 2, min = 0x80;
  else if ((b & 0xF0) == 0xE0)
    n = 3, min = 0x800;
  else if ((b & 0xF8) == 0xF0)
    n = 4, min = 0x10000;
  else
    return 0;
  if (i + n > text.size()) return 0;
  unsigned cp = b & (0xFF >> (n + 1));
  for (std::size_t k = 1; k < n; ++k) {
    const auto c = static_cast<unsigned char>(text[i + k]);
    if ((c & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (c & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

// A C1 control character (U+0080..U+009F), as its two UTF-8 bytes.
bool is_c1(std::string_view text, std::size_t i, std::size_t n) {
  return n == 2 && static_cast<unsigned char>(text[i]) == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_length(text, i);
    if (n == 1 && b >= 0x20 && b != 0x7F) {
      out += text[i];
    } else if (n == 1) {
      switch (b) {
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default: out += fmt::format("\\x{:02x}", b);
      }
    } else if (n == 0 || is_c1(text, i, n)) {
      for (std::size_t k = 0; k < (n == 0 ? 1 : n); ++k)
        out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i + k]));
      i += n == 0 ? 1 : n;
      continue;
    } else {
      out.append(text.substr(i, n));
    }
    i += n == 0 ? 1 : n;
  }
  return out;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_length(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

bool has_control_character(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x20 || b == 0x7F) return true;
    const std::size_t n = utf8_length(text, i);
    if (n > 1 && is_c1(text, i, n)) return true;
    i += n == 0 ? 1 : n;
  }
  return false;
}

}  // namespace qrsc
