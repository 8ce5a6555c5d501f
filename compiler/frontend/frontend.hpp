// The front end: load a spec file, resolve its parents, build and check the model.
#pragma once

#include <filesystem>
#include <optional>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

class SpecCache;

// `search` is where `extends:` and `apply:` look for the specs they name (spec_search_path.hpp).
// `cache` is what this run has parsed and resolved (spec_cache.hpp): give every compile of a
// run the same one, so each file is parsed and each parent resolved once. Without one, the
// call has its own.
std::optional<Spec> compile_spec(const std::filesystem::path& file, Diagnostics& diags,
                                 const SpecSearchPath& search = {}, SpecCache* cache = nullptr);
// The baseline of a variant (see resolve_baseline), as a model; nothing for a root spec.
std::optional<Spec> compile_baseline(const std::filesystem::path& file, Diagnostics& diags,
                                     const SpecSearchPath& search = {}, SpecCache* cache = nullptr);
// The spec path as shown in outputs: relative to the nearest `rules` folder when there is one.
std::string display_path(const std::filesystem::path& file);

}  // namespace qrsc
