// The partials that draw one table as the printed sheet prints it (templates/html/partials/),
// shared by every page that shows a sheet's tables: the printed sheet and the web page.
#pragma once

#include <string>

#include "qrsc/backends/common/mustache.hpp"

namespace qrsc::html {

// The partials' names as templates use them ({{>partials/table}}).
inline constexpr const char* kTablePartials[] = {"partials/table",  "partials/bands",        "partials/modifiers",
                                                 "partials/matrix", "partials/list",         "partials/list_item",
                                                 "partials/facts",  "partials/unknown_note", "partials/pool_odds"};

// The template file of a partial's name under html/ ("partials/table" ->
// "html/partials/table.mustache"; a name with a '.' is the file's own: "sheet.css").
std::string partial_file(const std::string& name);
// Throws BackendError at the partial's own line and column when one does not parse.
void check_table_partials();
// Puts each table partial into `d` under its name, where the renderer looks partials up; the
// names hold a '/', which no data key has.
void set_table_partials(qrsc::tmpl::data& d);

}  // namespace qrsc::html
