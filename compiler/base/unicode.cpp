#include "qrsc/base/unicode.hpp"

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

namespace {
constexpr NamedCodePoint kInvisibleFormat[] = {
    {0x061C, "ARABIC LETTER MARK"},      {0x200B, "ZERO WIDTH SPACE"},        {0x200C, "ZERO WIDTH NON-JOINER"},
    {0x200D, "ZERO WIDTH JOINER"},       {0x200E, "LEFT-TO-RIGHT MARK"},      {0x200F, "RIGHT-TO-LEFT MARK"},
    {0x202A, "LEFT-TO-RIGHT EMBEDDING"}, {0x202B, "RIGHT-TO-LEFT EMBEDDING"}, {0x202C, "POP DIRECTIONAL FORMATTING"},
    {0x202D, "LEFT-TO-RIGHT OVERRIDE"},  {0x202E, "RIGHT-TO-LEFT OVERRIDE"},  {0x2060, "WORD JOINER"},
    {0x2061, "FUNCTION APPLICATION"},    {0x2062, "INVISIBLE TIMES"},         {0x2063, "INVISIBLE SEPARATOR"},
    {0x2064, "INVISIBLE PLUS"},          {0x2066, "LEFT-TO-RIGHT ISOLATE"},   {0x2067, "RIGHT-TO-LEFT ISOLATE"},
    {0x2068, "FIRST STRONG ISOLATE"},    {0x2069, "POP DIRECTIONAL ISOLATE"}, {0xFEFF, "ZERO WIDTH NO-BREAK SPACE"},
};
}  // namespace

std::span<const NamedCodePoint> invisible_format_characters() { return kInvisibleFormat; }

const char* invisible_format_name(std::uint32_t cp) {
  for (const NamedCodePoint& c : kInvisibleFormat) {
    if (c.cp == cp) return c.name;
  }
  return nullptr;
}

}  // namespace qrsc
