// What a spec's text says around a line, read from its indentation alone: the keys from the top
// of the document down to the line, as an editor needs them while the text does not parse.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace qrsc::lsp {

// One step from the document's top down to a line: a key, or an entry of the list above.
struct OutlineStep {
  std::string key;  // empty: a list entry
  int line = 0;     // where the step is written (0-based)
  int column = 0;   // its key's (or its dash's) column
};

// The steps that hold a key at `column` of `line` (the lines above it, read by indentation).
std::vector<OutlineStep> outline_above(std::string_view text, int line, int column);

// The value of `key` within the list entry whose dash is at `dash_column` of `line`, written
// on the entry's own lines ("kind: bands", or "{ id: x, kind: bands }"); "" when absent.
std::string entry_value(std::string_view text, int line, int dash_column, std::string_view key);

// The id of the table whose entry (under `tables:`) holds `line`, or "".
std::string table_at(std::string_view text, int line);

}  // namespace qrsc::lsp
