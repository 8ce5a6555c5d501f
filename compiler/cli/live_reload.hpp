// What makes a sheet reload itself in the browser while qrsc build --watch runs: each HTML
// output carries a small script and gets a sibling NAME.reload.js, which holds a fingerprint of
// the page and changes exactly when the page does. The page loads that file again every second
// (a script element, which works from file://, where fetch does not) and reloads itself when the
// fingerprint differs from its own. Only watch mode adds them: a normal build's pages are
// unchanged.
#pragma once

#include <vector>

#include "qrsc/backends/common/backend.hpp"

namespace qrsc::cli {

// `files` with the script in each HTML file and each one's NAME.reload.js added.
std::vector<OutputFile> with_live_reload(std::vector<OutputFile> files);

}  // namespace qrsc::cli
