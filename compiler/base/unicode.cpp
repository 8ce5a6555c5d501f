#include "unicode.hpp"

namespace qrsc {

std::optional<Decoded> decode_utf8(std::string_view s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  Decoded d;
  if (c < 0x80) return Decoded{c, 1};
  if ((c & 0xE0) == 0xC0) {
    d = {c & 0x1Fu, 2};
  } else if ((c & 0xF0) == 0xE0) {
    d = {c & 0x0Fu, 3};
  } else if ((c & 0xF8) == 0xF0) {
    d = {c & 0x07u, 4};
  } else {
    return std::nullopt;
  }
  if (i + d.len > s.size()) return std::nullopt;
  for (std::size_t k = 1; k < d.len; ++k) {
    const unsigned char cc = static_cast<unsigned char>(s[i + k]);
    if ((cc & 0xC0) != 0x80) return std::nullopt;
    d.cp = (d.cp << 6) | (cc & 0x3Fu);
  }
  static constexpr std::uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (d.cp < kMin[d.len] || (d.cp >= 0xD800 && d.cp <= 0xDFFF) || d.cp > 0x10FFFF) return std::nullopt;
  return d;
}

const char* invisible_format_name(std::uint32_t cp) {
  switch (cp) {
    case 0x061C: return "ARABIC LETTER MARK";
    case 0x200B: return "ZERO WIDTH SPACE";
    case 0x200C: return "ZERO WIDTH NON-JOINER";
    case 0x200D: return "ZERO WIDTH JOINER";
    case 0x200E: return "LEFT-TO-RIGHT MARK";
    case 0x200F: return "RIGHT-TO-LEFT MARK";
    case 0x202A: return "LEFT-TO-RIGHT EMBEDDING";
    case 0x202B: return "RIGHT-TO-LEFT EMBEDDING";
    case 0x202C: return "POP DIRECTIONAL FORMATTING";
    case 0x202D: return "LEFT-TO-RIGHT OVERRIDE";
    case 0x202E: return "RIGHT-TO-LEFT OVERRIDE";
    case 0x2060: return "WORD JOINER";
    case 0x2061: return "FUNCTION APPLICATION";
    case 0x2062: return "INVISIBLE TIMES";
    case 0x2063: return "INVISIBLE SEPARATOR";
    case 0x2064: return "INVISIBLE PLUS";
    case 0x2066: return "LEFT-TO-RIGHT ISOLATE";
    case 0x2067: return "RIGHT-TO-LEFT ISOLATE";
    case 0x2068: return "FIRST STRONG ISOLATE";
    case 0x2069: return "POP DIRECTIONAL ISOLATE";
    case 0xFEFF: return "ZERO WIDTH NO-BREAK SPACE";
    default: return nullptr;
  }
}

}  // namespace qrsc
