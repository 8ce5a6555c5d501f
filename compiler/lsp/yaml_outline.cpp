#include "qrsc/lsp/yaml_outline.hpp"

#include <algorithm>
#include <cctype>

#include "qrsc/lsp/text_position.hpp"

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

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }
bool is_id_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

std::string flow_value(std::string_view l, std::string_view key) {
  for (std::size_t i = 0; i < l.size(); ++i) {
    if (l[i] != '{' && l[i] != ',') continue;
    std::size_t j = i + 1;
    while (j < l.size() && is_space(l[j])) ++j;
    if (l.substr(j, key.size()) != key || j + key.size() >= l.size() || l[j + key.size()] != ':') continue;
    j += key.size() + 1;
    while (j < l.size() && is_space(l[j])) ++j;
    if (j < l.size() && (l[j] == '"' || l[j] == '\'')) ++j;  // a quoted id: the id inside
    std::size_t end = j;
    while (end < l.size() && is_id_char(l[end])) ++end;
    if (end > j) return std::string(l.substr(j, end - j));
  }
  return "";
}

Outline::Outline(std::string_view text) : lines_(text) {
  const auto n = static_cast<std::size_t>(lines_.lines());
  indent_.assign(n, -1);
  previous_.assign(n, -1);
  shallower_.assign(n, -1);
  std::vector<int> open;  // lines above, indented strictly more each (a monotonic stack)
  int last = -1;
  for (std::size_t i = 0; i < n; ++i) {
    previous_[i] = last;
    const LineShape s = shape_of(lines_.line(static_cast<int>(i)));
    if (!s.content) continue;
    indent_[i] = s.dash >= 0 ? s.dash : s.key_column;
    while (!open.empty() && indent_[static_cast<std::size_t>(open.back())] >= indent_[i]) open.pop_back();
    shallower_[i] = open.empty() ? -1 : open.back();
    open.push_back(static_cast<int>(i));
    last = static_cast<int>(i);
  }
}

std::vector<OutlineStep> Outline::above(int line, int column) const {
  std::vector<OutlineStep> steps;
  if (line < 0 || line >= lines_.lines()) return steps;
  int limit = column;
  // Upwards from `line`: a line indented at least `limit` is not a step, nor is any line between
  // it and the nearest line above indented less than it.
  for (int i = previous_[static_cast<std::size_t>(line)]; i >= 0 && limit > 0;) {
    const auto at = static_cast<std::size_t>(i);
    if (indent_[at] >= limit) {
      i = shallower_[at];
      continue;
    }
    const LineShape s = shape_of(lines_.line(i));
    if (s.dash >= 0) {
      if (s.key_column < limit && !s.key.empty()) steps.push_back({s.key, i, s.key_column});
      steps.push_back({"", i, s.dash});
      limit = s.dash;
    } else {
      if (s.key.empty()) break;  // a scalar line above: not a structure this reader knows
      steps.push_back({s.key, i, s.key_column});
      limit = s.key_column;
    }
    i = previous_[at];
  }
  return {steps.rbegin(), steps.rend()};
}

std::string Outline::entry_value(int line, int dash_column, std::string_view key) const {
  const auto [memo, fresh] = values_.try_emplace({line, std::string(key)});
  if (!fresh) return memo->second;
  std::string& value = memo->second;
  if (value = flow_value(lines_.line(line), key); !value.empty()) return value;
  for (int i = line; i >= 0 && i < lines_.lines(); ++i) {
    const std::string_view l = lines_.line(i);
    const LineShape s = shape_of(l);
    if (!s.content) continue;
    if (i > line && (s.dash >= 0 ? s.dash : s.key_column) <= dash_column) break;  // the next entry, or above
    if (s.key != key || s.key_column != dash_column + 2) continue;
    std::string_view rest = l.substr(static_cast<std::size_t>(s.key_column) + key.size() + 1);
    const std::size_t begin = rest.find_first_not_of(' ');
    if (begin == std::string_view::npos) return value;
    rest.remove_prefix(begin);
    rest = rest.substr(0, rest.find_first_of(" #"));
    // A quoted id ("id: \"x\"") is the id inside its quotes.
    if (rest.size() >= 2 && (rest.front() == '"' || rest.front() == '\'') && rest.back() == rest.front()) {
      rest = rest.substr(1, rest.size() - 2);
    }
    return value = std::string(rest);
  }
  return value;
}

std::vector<OutlineStep> outline_above(std::string_view text, int line, int column) {
  return Outline(text).above(line, column);
}

std::string entry_value(std::string_view text, int line, int dash_column, std::string_view key) {
  return Outline(text).entry_value(line, dash_column, key);
}

std::string value_of_entry_at(const Outline& outline, int line, std::string_view list, std::string_view key) {
  const std::string_view l = outline.lines().line(line);
  const std::size_t first = l.find_first_not_of(' ');
  auto steps = outline.above(line, first == std::string_view::npos ? 0 : static_cast<int>(first));
  const bool entry_here = first != std::string_view::npos && l[first] == '-';
  if (entry_here) steps.push_back({"", line, static_cast<int>(first)});
  for (std::size_t i = 0; i + 1 < steps.size(); ++i) {
    if (steps[i].key == list && steps[i + 1].key.empty()) {
      return outline.entry_value(steps[i + 1].line, steps[i + 1].column, key);
    }
  }
  return "";
}

std::string table_at(const Outline& outline, int line) { return value_of_entry_at(outline, line, "tables", "id"); }

std::string table_at(std::string_view text, int line) { return table_at(Outline(text), line); }

}  // namespace qrsc::lsp
