// What a spec's text says around a line, read from its indentation alone: the keys from the top
// of the document down to the line, as an editor needs them while the text does not parse.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "qrsc/lsp/text_position.hpp"

namespace qrsc::lsp {

// One step from the document's top down to a line: a key, or an entry of the list above.
struct OutlineStep {
  std::string key;  // empty: a list entry
  int line = 0;     // where the step is written (0-based)
  int column = 0;   // its key's (or its dash's) column
};

// A text read once for its outline: each line's indentation (the column of its dash, else of
// its key) and, for each line, the nearest line above indented less. A walk up the outline then
// visits only the lines it keeps, so asking of every line of a text costs time linear in it.
class Outline {
 public:
  explicit Outline(std::string_view text);
  [[nodiscard]] const LineIndex& lines() const { return lines_; }
  // The steps that hold a key at `column` of `line` (the lines above it, read by indentation).
  [[nodiscard]] std::vector<OutlineStep> above(int line, int column) const;
  // The value of `key` within the list entry whose dash is at `dash_column` of `line`, written
  // on the entry's own lines ("kind: bands", or "{ id: x, kind: bands }"); "" when absent.
  // Each entry's answer is remembered: asked again, it is not read again.
  [[nodiscard]] std::string entry_value(int line, int dash_column, std::string_view key) const;

 private:
  LineIndex lines_;
  std::vector<int> indent_;     // per line: its dash's or key's column; -1 for a blank or comment line
  std::vector<int> previous_;   // per line: the nearest line above that is not blank or a comment (-1: none)
  std::vector<int> shallower_;  // per line: the nearest such line above indented less (-1: none)
  mutable std::map<std::pair<int, std::string>, std::string> values_;  // entry_value's answers
};

// The id that is the value of `key` in a flow map written on the line `l` ("{ id: x, kind:
// bands }", "{ table: \"t\", row: r }": the first "{" or "," followed by "key:" and an id,
// plain or quoted), "" when there is none. One pass: each character is looked at a bounded
// number of times.
std::string flow_value(std::string_view l, std::string_view key);

// One question of a text read for it alone (Outline's, for a text asked once).
std::vector<OutlineStep> outline_above(std::string_view text, int line, int column);
std::string entry_value(std::string_view text, int line, int dash_column, std::string_view key);

// The value of `key` in the entry of the first list `list` above `line` that holds it
// (`tables`, `vocabularies`, `renames`: "vocabulary" of the rename a line is in), or "".
std::string value_of_entry_at(const Outline& outline, int line, std::string_view list, std::string_view key);
// The id of the table whose entry (under `tables:`) holds `line`, or "".
std::string table_at(const Outline& outline, int line);
std::string table_at(std::string_view text, int line);

}  // namespace qrsc::lsp
