#include "qrsc/base/markdown.hpp"

#include <algorithm>
#include <cstddef>

namespace qrsc {

namespace {

bool line_break(char c) { return c == '\n' || c == '\r'; }

// Where the text opens a block, the characters that would open one: "# ", "> ", "- ", "+ ",
// "1. ", "1) ", "~~~", "===".
std::size_t block_marker_length(std::string_view t) {
  if (t.empty()) return 0;
  const char c = t[0];
  const bool spaced = t.size() == 1 || t[1] == ' ' || t[1] == '\t';
  if (c == '#' || c == '>' || c == '~' || c == '=' || ((c == '-' || c == '+') && spaced)) return 1;
  std::size_t digits = 0;
  while (digits < t.size() && digits < 10 && t[digits] >= '0' && t[digits] <= '9') ++digits;
  const bool marker = digits > 0 && digits < t.size() && (t[digits] == '.' || t[digits] == ')');
  if (marker && (digits + 1 == t.size() || t[digits + 1] == ' ' || t[digits + 1] == '\t')) return digits + 1;
  return 0;
}

}  // namespace

std::string markdown_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  std::size_t i = 0;
  for (; i < text.size() && (text[i] == ' ' || text[i] == '\t' || line_break(text[i])); ++i) {
    if (!(text[i] == '\n' && i > 0 && text[i - 1] == '\r')) out += line_break(text[i]) ? ' ' : text[i];
  }
  // A list marker's digits stay as they are; its '.' or ')' (or the one marker character) is escaped.
  if (const std::size_t marker = block_marker_length(text.substr(i)); marker > 0) {
    out.append(text.substr(i, marker - 1));
    out += '\\';
    out += text[i + marker - 1];
    i += marker;
  }
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (line_break(c)) {
      if (!(c == '\n' && i > 0 && text[i - 1] == '\r')) out += ' ';
      continue;
    }
    switch (c) {
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '<':
      case '&':
      case '~':
      case '|': out += '\\'; break;
      default: break;
    }
    out += c;
  }
  return out;
}

std::string markdown_code(std::string_view text) {
  std::string body;
  body.reserve(text.size());
  std::size_t run = 0, longest = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
    if (line_break(c)) {
      if (!(c == '\n' && i > 0 && text[i - 1] == '\r')) body += ' ';
    } else {
      body += c;
    }
  }
  const std::string fence(longest + 1, '`');
  // A span that starts or ends with a backtick needs a space between it and the fence (which
  // CommonMark then strips).
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

}  // namespace qrsc
