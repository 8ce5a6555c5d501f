#include "qrsc/lsp/text_position.hpp"

#include <algorithm>

namespace qrsc::lsp {

namespace fs = std::filesystem;

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The UTF-8 sequence length a lead byte starts (1 for a stray byte: it counts as one character).
std::size_t sequence_length(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '/' || c == '-';
}

}  // namespace

std::optional<fs::path> path_of_uri(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.substr(0, kScheme.size()) != kScheme) return std::nullopt;
  uri.remove_prefix(kScheme.size());
  std::string path;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && hex_digit(uri[i + 1]) >= 0 && hex_digit(uri[i + 2]) >= 0) {
      path.push_back(static_cast<char>(hex_digit(uri[i + 1]) * 16 + hex_digit(uri[i + 2])));
      i += 2;
    } else {
      path.push_back(uri[i]);
    }
  }
  return fs::path(path);
}

std::string uri_of_path(const fs::path& path) {
  static const char* kHex = "0123456789ABCDEF";
  std::string uri = "file://";
  for (const char ch : path.generic_string()) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '-' ||
        c == '_' || c == '.' || c == '~') {
      uri.push_back(ch);
    } else {
      uri += {'%', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return uri;
}

namespace {
// The line starting at byte `start` of `text`, without its line break.
std::string_view line_from(std::string_view text, std::size_t start) {
  std::string_view l = text.substr(start, text.find('\n', start) - start);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}
}  // namespace

std::string_view line_of(std::string_view text, int line) {
  std::size_t start = 0;
  for (int i = 0; i < line; ++i) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  return line_from(text, start);
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (std::size_t nl = text.find('\n'); nl != std::string_view::npos; nl = text.find('\n', nl + 1))
    starts_.push_back(nl + 1);
}

std::string_view LineIndex::line(int line) const {
  if (line < 0 || line >= lines()) return {};
  return line_from(text_, starts_[static_cast<std::size_t>(line)]);
}

int LineCursor::character(std::size_t byte) {
  if (byte < byte_) {
    byte_ = 0;
    units_ = 0;
  }
  while (byte_ < std::min(byte, line_.size())) {
    const std::size_t n = sequence_length(static_cast<unsigned char>(line_[byte_]));
    units_ += n == 4 ? 2 : 1;
    byte_ += n;
  }
  return units_;
}

nlohmann::json position_on_line(std::string_view l, int line, std::size_t byte) {
  return {{"line", std::max(line, 0)}, {"character", LineCursor(l).character(byte)}};
}

nlohmann::json position(std::string_view text, int line, std::size_t byte) {
  return position_on_line(line_of(text, line), line, byte);
}

std::size_t byte_of(std::string_view text, int line, int character) {
  const std::string_view l = line_of(text, line);
  std::size_t i = 0;
  for (int units = 0; i < l.size() && units < character;) {
    const std::size_t n = sequence_length(static_cast<unsigned char>(l[i]));
    units += n == 4 ? 2 : 1;
    i += n;
  }
  return std::min(i, l.size());
}

namespace {
// token_range on the location's line, `l`.
nlohmann::json token_range_on_line(std::string_view l, const Loc& loc) {
  const int line = std::max(loc.line - 1, 0);
  // The column counts characters: its byte.
  std::size_t begin = 0;
  for (int c = 1; c < loc.col && begin < l.size(); ++c) begin += sequence_length(static_cast<unsigned char>(l[begin]));
  begin = std::min(begin, l.size());
  std::size_t end = begin;
  if (begin < l.size() && (l[begin] == '"' || l[begin] == '\'')) {
    const std::size_t close = l.find(l[begin], begin + 1);
    end = close == std::string_view::npos ? l.size() : close + 1;
  } else {
    while (end < l.size() && l[end] != ',' && l[end] != ']' && l[end] != '}' && l[end] != '#' &&
           !(l[end] == ':' && (end + 1 == l.size() || l[end + 1] == ' '))) {
      ++end;
    }
    while (end > begin && l[end - 1] == ' ') --end;
  }
  if (end == begin && end < l.size()) ++end;  // at least one character where there is one
  if (loc.line == 0) end = l.size();
  return {{"start", position_on_line(l, line, begin)}, {"end", position_on_line(l, line, end)}};
}
}  // namespace

nlohmann::json token_range(std::string_view text, const Loc& loc) {
  return token_range_on_line(line_of(text, std::max(loc.line - 1, 0)), loc);
}

nlohmann::json token_range(const LineIndex& lines, const Loc& loc) {
  return token_range_on_line(lines.line(std::max(loc.line - 1, 0)), loc);
}

std::string word_at(std::string_view line, std::size_t byte) {
  byte = std::min(byte, line.size());
  std::size_t begin = byte, end = byte;
  while (begin > 0 && is_word_char(line[begin - 1])) --begin;
  while (end < line.size() && is_word_char(line[end])) ++end;
  return std::string(line.substr(begin, end - begin));
}

}  // namespace qrsc::lsp
