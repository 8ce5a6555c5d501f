// The mustache data of one table, built by the function of its kind (bands, modifiers, matrix,
// list, facts); templates/html/partials/<kind>.mustache draws it.
#pragma once

#include "qrsc/backends/common/mustache_data.hpp"
#include "qrsc/backends/html/change_marks.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc::html {

namespace mst = qrsc::tmpl;

using qrsc::append;
using qrsc::list_of;
using qrsc::put;

// How a table is printed on one sheet: `marks` (or nullptr) are the change marks printed beside
// what each erratum covers; `sources` the spec's documents, which a footnote cites by title;
// `distances` how the layout writes a distance, in cells and in text alike.
struct TablePrint {
  const ChangeMarks* marks = nullptr;
  const std::vector<SourceDoc>& sources;
  DistanceStyle distances = DistanceStyle::decimal;
  const Spec* spec = nullptr;  // the sheet, for the titles of the tables a table names
};

// What a table prints of other tables (its roll's line, which may name their titles): part of
// the key its shared rendering is reused by, since a variant may change them and not the table.
std::string names_printed(const Table& t, const Spec* spec);

// A table's columns by name, as its heading prints them ({name} each).
mst::data column_names(const std::vector<Column>& columns);

// `split` > 1 prints a long table in that many blocks side by side.
mst::data table_data(const Table& t, bool show_title, int split, const TablePrint& print);

}  // namespace qrsc::html
