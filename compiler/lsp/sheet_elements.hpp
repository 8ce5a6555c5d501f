// The parts of a sheet an author can point at (source documents, vocabularies and their terms,
// tables, columns, rows, bands, parts, modifiers and their groups, cells, list sections and
// items, facts, errata), each with where it was written, its place in the sheet
// ("table/row/column", as errata cover it; "source:ID", "vocabulary:ID/TERM" for what is no
// table's) and its value as the sheet prints it.
#pragma once

#include <functional>
#include <string>

#include "qrsc/model/model.hpp"

namespace qrsc::lsp {

struct SheetElement {
  std::string what;   // "row 'r1' of table 't1'"
  std::string value;  // as the sheet prints it
  std::string path;   // table, table/row or table/row/column
  Loc loc;
  // Its one value is written after `loc` on the same line, not at it (a column's `range:`, a
  // fact's `value:`): a conversion of that value is this element's.
  bool value_follows = false;
  // A row of a band table: the table, and the row's place in it (for its odds).
  const BandTable* band_table = nullptr;
  std::size_t row = 0;
};

// Calls `f` with every element of the sheet.
void for_each_element(const Spec& spec, const std::function<void(const SheetElement&)>& f);

}  // namespace qrsc::lsp
