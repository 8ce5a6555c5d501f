// The backends' templates: read from a templates folder when one is given, otherwise the
// copies embedded at build time (so an installed qrsc needs no data files). Each template is
// read once per run and kept.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "qrsc/backends/common/mustache.hpp"

namespace qrsc {

// Sets the folder templates are read from (qrsc --templates DIR), and forgets what was read.
void set_template_dir(std::optional<std::filesystem::path> dir);
// The text of a template such as "cpp/sheet.hpp.mustache"; throws BackendError (backend.hpp) if
// it is absent or cannot be read. The text is the program's own (embedded) or kept for the run:
// the view stays valid.
std::string_view load_template(const std::string& name);
// Throws BackendError for an invalid template, at NAME:LINE:COL.
[[noreturn]] void template_error(const std::string& name, const tmpl::mustache& t);

}  // namespace qrsc
