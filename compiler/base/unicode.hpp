// Characters of UTF-8 text: decoding one, and the ones a spec may not hold because they do not
// show what they are (C1 controls, invisible format characters). The reader refuses them in
// specs (yaml/source_tree.cpp); the C++ writer escapes them in anything else it copies, such
// as a file name (backends/cpp/cpp_names.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace qrsc {

// The code point of the UTF-8 sequence at byte `i` of `s` and its length in bytes, or nothing
// for bytes that are not UTF-8 (overlong forms, surrogates, beyond U+10FFFF, cut short).
struct Decoded {
  std::uint32_t cp = 0;
  std::size_t len = 0;
};
std::optional<Decoded> decode_utf8(std::string_view s, std::size_t i);

// U+0080..U+009F: valid UTF-8, but control characters.
constexpr bool c1_control(std::uint32_t cp) { return cp >= 0x80 && cp <= 0x9F; }

// The name of an invisible character that changes how the text around it reads (bidirectional
// embeddings, overrides, isolates and marks, zero-width characters, invisible operators), or
// null. Text holding one can show something other than what it holds, and code that carries
// one can read other than it compiles (GCC's -Wbidi-chars warns of the bidirectional ones).
const char* invisible_format_name(std::uint32_t cp);

// Every such character with its name, in code point order (the editors' JSON Schema excludes
// them from text as the reader does).
struct NamedCodePoint {
  std::uint32_t cp;
  const char* name;
};
std::span<const NamedCodePoint> invisible_format_characters();

}  // namespace qrsc
