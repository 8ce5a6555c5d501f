// The mustache data of one table, built by the function of its kind (bands, modifiers, matrix,
// list, facts); templates/html/partials/<kind>.mustache draws it.
#pragma once

#include <kainjow/mustache.hpp>

#include "change_marks.hpp"
#include "model.hpp"

namespace qrsc::html {

namespace mst = kainjow::mustache;

inline mst::data list_of() { return mst::data(mst::data::type::list); }

// `split` > 1 prints a long table in that many blocks side by side; `marks` (or nullptr) are
// the change marks printed beside what each erratum covers.
mst::data table_data(const Table& t, bool show_title, int split, const ChangeMarks* marks);

}  // namespace qrsc::html
