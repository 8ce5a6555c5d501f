// The sheet backend: one self-contained, printable HTML file per spec, rendered from the
// templates under templates/html/. Which table goes on which page, in which column and under
// which section heading is data (templates/html/layouts.yaml, chosen by spec.system); every
// table is drawn by the partial of its kind.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model.hpp"

namespace qrsc {

enum class Paper { letter, a4 };
std::optional<Paper> paper_from(const std::string& name);  // "letter", "a4"

std::string emit_html_sheet(const Spec& spec, Paper paper);
// The page listing every sheet (title, edition, scale), linking to html_sheet_path of each.
std::string emit_html_index(const std::vector<Spec>& specs);
// The sheet's path under the output folder: beside the header, <system>/<file id>.html
std::string html_sheet_path(const Spec& spec);
// The number of printed pages the layout intends for this spec (pages with content), or
// nothing when its layout flows over as many pages as it needs.
std::optional<int> html_sheet_page_count(const Spec& spec);

}  // namespace qrsc
