// The emitters' templates: read from a templates folder when one is given, otherwise the
// copies embedded at build time (so an installed qrsc needs no data files).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace qrsc {

// Sets the folder templates are read from (qrsc --templates DIR).
void set_template_dir(std::optional<std::filesystem::path> dir);
// The text of a template such as "cpp/sheet.hpp.mustache"; throws std::runtime_error if absent.
std::string load_template(const std::string& name);

}  // namespace qrsc
