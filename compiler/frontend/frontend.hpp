// The front end: load a spec file, resolve its parents, build and check the model.
#pragma once

#include <filesystem>
#include <optional>

#include "diagnostics.hpp"
#include "model.hpp"
#include "spec_search_path.hpp"

namespace qrsc {

// `search` is where `extends:` and `apply:` look for the specs they name (spec_search_path.hpp).
std::optional<Spec> compile_spec(const std::filesystem::path& file, Diagnostics& diags, const SpecSearchPath& search = {});
// The baseline of a variant (see resolve_baseline), as a model; nothing for a root spec.
std::optional<Spec> compile_baseline(const std::filesystem::path& file, Diagnostics& diags,
                                    const SpecSearchPath& search = {});
// The spec path as shown in outputs: relative to the nearest `rules` folder when there is one.
std::string display_path(const std::filesystem::path& file);

}  // namespace qrsc
