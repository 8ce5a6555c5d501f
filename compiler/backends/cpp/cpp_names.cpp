#include "qrsc/backends/cpp/cpp_names.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string_view>

#include "qrsc/base/unicode.hpp"

namespace qrsc {

std::string cpp_identifier(const std::string& id) {
  // C++'s keywords, the namespaces `std` and `qrs`, and the lower-case macros the header's own
  // includes (or -std=gnu++20) may define (assert, errno, linux, offsetof, stderr, stdin, stdout,
  // unix); sorted, for a binary search.
  static constexpr std::string_view kKeywords[] = {"alignas",
                                                   "alignof",
                                                   "and",
                                                   "and_eq",
                                                   "asm",
                                                   "assert",
                                                   "auto",
                                                   "bitand",
                                                   "bitor",
                                                   "bool",
                                                   "break",
                                                   "case",
                                                   "catch",
                                                   "char",
                                                   "char16_t",
                                                   "char32_t",
                                                   "char8_t",
                                                   "class",
                                                   "co_await",
                                                   "co_return",
                                                   "co_yield",
                                                   "compl",
                                                   "concept",
                                                   "const",
                                                   "const_cast",
                                                   "consteval",
                                                   "constexpr",
                                                   "constinit",
                                                   "continue",
                                                   "decltype",
                                                   "default",
                                                   "delete",
                                                   "do",
                                                   "double",
                                                   "dynamic_cast",
                                                   "else",
                                                   "enum",
                                                   "errno",
                                                   "explicit",
                                                   "export",
                                                   "extern",
                                                   "false",
                                                   "float",
                                                   "for",
                                                   "friend",
                                                   "goto",
                                                   "if",
                                                   "inline",
                                                   "int",
                                                   "linux",
                                                   "long",
                                                   "mutable",
                                                   "namespace",
                                                   "new",
                                                   "noexcept",
                                                   "not",
                                                   "not_eq",
                                                   "nullptr",
                                                   "offsetof",
                                                   "operator",
                                                   "or",
                                                   "or_eq",
                                                   "private",
                                                   "protected",
                                                   "public",
                                                   "qrs",
                                                   "register",
                                                   "reinterpret_cast",
                                                   "requires",
                                                   "return",
                                                   "short",
                                                   "signed",
                                                   "sizeof",
                                                   "static",
                                                   "static_assert",
                                                   "static_cast",
                                                   "std",
                                                   "stderr",
                                                   "stdin",
                                                   "stdout",
                                                   "struct",
                                                   "switch",
                                                   "template",
                                                   "this",
                                                   "thread_local",
                                                   "throw",
                                                   "true",
                                                   "try",
                                                   "typedef",
                                                   "typeid",
                                                   "typename",
                                                   "union",
                                                   "unix",
                                                   "unsigned",
                                                   "using",
                                                   "virtual",
                                                   "void",
                                                   "volatile",
                                                   "wchar_t",
                                                   "while",
                                                   "xor",
                                                   "xor_eq"};
  static_assert(std::is_sorted(std::begin(kKeywords), std::end(kKeywords)));
  std::string out = id;
  for (char& c : out) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!word) c = '_';
  }
  if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out.insert(0, 1, 'n');
  if (std::binary_search(std::begin(kKeywords), std::end(kKeywords), std::string_view(out))) out += '_';
  return out;
}

std::string cpp_type_name(const std::string& id) {
  std::string out;
  bool upper = true;
  for (char c : id) {
    if (c == '_' || c == '-' || c == '.') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "T" + out;
  return out;
}

namespace {
// Characters a C++ string literal must not hold as they are: quotes, backslashes, control
// characters, and '?' (no trigraph or digraph surprises).
constexpr bool needs_escape(unsigned char c) { return c < 0x20 || c == 0x7F || c == '\\' || c == '"' || c == '?'; }
}  // namespace

std::string cpp_string(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  std::size_t run = 0;  // start of the characters copied as they are, in one append
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      // A C1 control or an invisible format character (a file name can hold one; a spec's text
      // cannot) as a universal character name: the same string, but nothing in the source that
      // reads other than it is (GCC's -Wbidi-chars).
      const auto d = decode_utf8(text, i);
      if (d && (c1_control(d->cp) || invisible_format_name(d->cp))) {
        out.append(text, run, i - run);
        out += fmt::format("\\u{:04X}", d->cp);
        i += d->len - 1;
        run = i + 1;
      }
      continue;
    }
    if (!needs_escape(c)) continue;
    out.append(text, run, i - run);
    run = i + 1;
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '?': out += "\\?"; break;
      default: out += fmt::format("\\{:03o}", c);
    }
  }
  out.append(text, run, std::string::npos);
  return out;
}

std::string cpp_enum_type(std::size_t count) { return count <= 256 ? "unsigned char" : "unsigned short"; }

// A whole number as Fraction{n}: no normalization for the compiler to run, which counts
// against its constexpr step limit in the largest tables.
std::string cpp_fraction(Fraction f) {
  return f.is_integer() ? fmt::format("qrs::Fraction{{{}}}", f.num())
                        : fmt::format("qrs::Fraction{{{}, {}}}", f.num(), f.den());
}

}  // namespace qrsc
