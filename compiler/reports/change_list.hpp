// A change list from one sheet to another (`qrsc diff`, `qrsc publish`): what analysis/diff
// found, summarized (diff.hpp: summarize_changes) and written as Markdown, HTML or JSON.
#pragma once

#include <string>
#include <vector>

#include "qrsc/analysis/diff.hpp"
#include "qrsc/base/expected.hpp"

namespace qrsc {

Expected<std::string> render_changes_markdown(const Spec& old_spec, const Spec& new_spec,
                                              const std::vector<Change>& changes,
                                              const ChangeListOptions& options = {});
Expected<std::string> render_changes_html(const Spec& old_spec, const Spec& new_spec,
                                          const std::vector<Change>& changes, const ChangeListOptions& options = {});
Expected<std::string> render_changes_json(const Spec& old_spec, const Spec& new_spec,
                                          const std::vector<Change>& changes, const ChangeListOptions& options = {});

}  // namespace qrsc
