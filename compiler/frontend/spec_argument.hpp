// A spec named on a command line (qrsc, qrs-migrate): a file, or a name (`acw-2.1-15mm`,
// `rff/acw-2.1-15mm`) found in ./rules, the -I folders, QRS_PATH and the installed specs, in
// that order. One rule for every tool, so a name that works with qrsc works with all of them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/expected.hpp"
#include "qrsc/frontend/spec_search_path.hpp"

namespace qrsc {

// The search path of a command line: the -I folders, then QRS_PATH's, then the published specs
// installed beside the running executable (<prefix>/share/qrs/rules for <prefix>/bin/<tool>;
// none in a build tree).
SpecSearchPath command_line_search_path(std::vector<std::filesystem::path> include_dirs);

// The folders a spec name on the command line is looked up in, in order: ./rules when there is
// one, then `search`'s.
std::vector<std::filesystem::path> command_line_roots(const SpecSearchPath& search);

// Every spec name under `root` (its path under the root without .yaml: "rff/acw-2.1-15mm").
std::vector<std::string> spec_names_under(const std::filesystem::path& root);

// The spec file `arg` names, or an error that lists every place looked and the closest name seen.
Expected<std::string> spec_argument(const std::string& arg, const SpecSearchPath& search);

}  // namespace qrsc
