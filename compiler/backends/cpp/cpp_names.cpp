#include "cpp_names.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>

namespace qrsc {

std::string cpp_identifier(const std::string& id) {
  static const std::set<std::string> kKeywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
      "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
      "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
      "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
      "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq", "std", "qrs",
      // Lower-case macros the header's own includes (or -std=gnu++20) may define.
      "offsetof", "assert", "errno", "stdin", "stdout", "stderr", "unix", "linux"};
  std::string out;
  for (char c : id) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "n" + out;
  if (kKeywords.count(out)) out += '_';
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

std::string cpp_string(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '?': out += "\\?"; break;  // no trigraph or digraph surprises
      default:
        if (c < 0x20 || c == 0x7F) {
          out += fmt::format("\\{:03o}", c);
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

std::string cpp_enum_type(std::size_t count) { return count <= 256 ? "unsigned char" : "unsigned short"; }

// A whole number as Fraction{n}: no normalization for the compiler to run, which counts
// against its constexpr step limit in the largest tables.
std::string cpp_fraction(Fraction f) {
  return f.is_integer() ? fmt::format("qrs::Fraction{{{}}}", f.num()) : fmt::format("qrs::Fraction{{{}, {}}}", f.num(), f.den());
}

}  // namespace qrsc
