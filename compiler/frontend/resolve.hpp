// Resolves a spec with its parents: extends, apply, renames, scale conversion and patches.
// The result is one tree in which every node still knows the file it came from.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

struct Resolution {
  NodePtr tree;
  std::vector<std::string> lineage;     // spec files, the compiled one first
  std::vector<Rename> renames;          // every rename along the chain, oldest first
  std::vector<ScaledValue> scaled;      // converted and overridden distances
  std::map<std::string, Loc> removals;  // the entries this spec's own patches remove (Spec::removed_at)
  std::optional<Fraction> factor;
  std::string rounding;
};

class SpecCache;

// `cache` holds what this run has already parsed and resolved (spec_cache.hpp); it is filled
// as specs are resolved. The result's tree is the caller's to change.
Resolution resolve_spec(const std::filesystem::path& file, Diagnostics& diags, const SpecSearchPath& search,
                        SpecCache& cache);
// What the spec's own changes (and the specs it applies) are measured against: the parent
// with renames and scale conversion applied. No tree when the spec has no parent.
Resolution resolve_baseline(const std::filesystem::path& file, Diagnostics& diags, const SpecSearchPath& search,
                            SpecCache& cache);

}  // namespace qrsc
