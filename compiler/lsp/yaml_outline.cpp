#include "yaml_outline.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

#include "text_position.hpp"

namespace qrsc::lsp {

namespace {

struct LineShape {
  bool content = false;  // not blank, not a comment
  int dash = -1;         // the column of "- ", or -1
  int key_column = 0;    // where its key (or its flow entry) starts
  std::string key;       // the key it states, if any ("rows" of "rows:")
};

LineShape shape_of(std::string_view l) {
  LineShape s;
  std::size_t i = l.find_first_not_of(' ');
  if (i == std::string_view::npos || l[i] == '#') return s;
  s.content = true;
  if (l[i] == '-' && (i + 1 == l.size() || l[i + 1] == ' ')) {
    s.dash = static_cast<int>(i);
    i = l.find_first_not_of(' ', i + 1);
    if (i == std::string_view::npos) i = l.size();
  }
  s.key_column = static_cast<int>(i);
  std::size_t end = i;
  while (end < l.size() && (std::isalnum(static_cast<unsigned char>(l[end])) || l[end] == '_' || l[end] == '-')) ++end;
  if (end > i && end < l.size() && l[end] == ':' && (end + 1 == l.size() || l[end + 1] == ' ')) {
    s.key = std::string(l.substr(i, end - i));
  }
  return s;
}

}  // namespace

std::vector<OutlineStep> outline_above(std::string_view text, int line, int column) {
  std::vector<OutlineStep> steps;
  int limit = column;
  // The lines above, walked upwards from the start of `line`.
  std::size_t start = 0;
  for (int i = 0; i < line; ++i) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  for (int i = line - 1; i >= 0 && limit > 0; --i) {
    const std::size_t end = start - 1;  // the line break that ends line i
    const std::size_t before = end == 0 ? std::string_view::npos : text.rfind('\n', end - 1);
    start = before == std::string_view::npos ? 0 : before + 1;
    std::string_view l = text.substr(start, end - start);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    const LineShape s = shape_of(l);
    if (!s.content) continue;
    if (s.dash >= 0 && s.dash < limit) {
      if (s.key_column < limit && !s.key.empty()) steps.push_back({s.key, i, s.key_column});
      steps.push_back({"", i, s.dash});
      limit = s.dash;
    } else if (s.dash < 0 && s.key_column < limit) {
      if (s.key.empty()) break;  // a scalar line above: not a structure this reader knows
      steps.push_back({s.key, i, s.key_column});
      limit = s.key_column;
    }
  }
  return {steps.rbegin(), steps.rend()};
}

std::string entry_value(std::string_view text, int line, int dash_column, std::string_view key) {
  const std::string own(line_of(text, line));
  std::smatch m;
  if (std::regex_search(own, m, std::regex("[{,]\\s*" + std::string(key) + ":\\s*([A-Za-z0-9_]+)"))) return m[1];
  std::size_t start = 0;
  for (int i = 0; i < line && start <= text.size(); ++i) start = std::min(text.find('\n', start), text.size()) + 1;
  for (int i = line; start <= text.size(); ++i) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view l = text.substr(start, end - start);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    start = end + 1;
    const LineShape s = shape_of(l);
    if (!s.content) continue;
    if (i > line && (s.dash >= 0 ? s.dash : s.key_column) <= dash_column) break;  // the next entry, or above
    if (s.key != key || s.key_column != dash_column + 2) continue;
    std::string_view value = l.substr(static_cast<std::size_t>(s.key_column) + key.size() + 1);
    const std::size_t begin = value.find_first_not_of(' ');
    if (begin == std::string_view::npos) return "";
    value.remove_prefix(begin);
    return std::string(value.substr(0, value.find_first_of(" #")));
  }
  return "";
}

std::string table_at(std::string_view text, int line) {
  const std::string_view l = line_of(text, line);
  const std::size_t first = l.find_first_not_of(' ');
  auto steps = outline_above(text, line, first == std::string_view::npos ? 0 : static_cast<int>(first));
  const bool entry_here = first != std::string_view::npos && l[first] == '-';
  if (entry_here) steps.push_back({"", line, static_cast<int>(first)});
  for (std::size_t i = 0; i + 1 < steps.size(); ++i) {
    if (steps[i].key == "tables" && steps[i + 1].key.empty()) {
      return entry_value(text, steps[i + 1].line, steps[i + 1].column, "id");
    }
  }
  return "";
}

}  // namespace qrsc::lsp
