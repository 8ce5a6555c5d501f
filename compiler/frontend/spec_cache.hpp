// What one run of qrsc has read, resolved and built, so that each spec file is parsed once,
// each parent resolved once and each shared table built once however many specs of the run use
// them: a run over a sheet and its 1,000 variants parses, resolves and builds the sheet once.
// Results are shared, never changed: the resolver copies a node before it changes one it did
// not make (copy-on-write); the diagnostics a result had are replayed with it, so every spec
// still reports the problems of its parents.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <unordered_map>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/frontend/derived_nodes.hpp"
#include "qrsc/frontend/resolve.hpp"
#include "qrsc/frontend/table_memo.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

class SpecCache {
 public:
  // A spec file as parsed (null tree when it could not be), keyed by its canonical path.
  struct Parsed {
    NodePtr tree;
    Diagnostics diags;
    std::size_t bytes = std::numeric_limits<std::size_t>::max();  // the text read (none: never small)
  };
  // A spec resolved with its parents and applied specs; only successes are kept (a failure may
  // depend on where it was reached from, as a cycle does).
  struct Resolved {
    Resolution resolution;
    Diagnostics diags;
    std::size_t files = 0;  // spec files its resolution loaded (limits::kMaxSpecFiles)
  };

  // The text of a spec file that is not what its disk holds (an editor's unsaved document),
  // by the file's canonical path; null: read the file.
  using Overlay = std::function<const std::string*(const std::filesystem::path& canonical)>;
  // Asked first for every file parsed from now on.
  void set_overlay(Overlay overlay) { overlay_ = std::move(overlay); }
  // Forgets what was made of `file` (its text changed): its parsed tree, and the resolutions
  // that read it (an edit of a variant keeps its parents' resolutions). The next parse of the
  // file shares the nodes of this one that the new text leaves as they were (keep_unchanged),
  // so what was made of them is found again.
  void changed(const std::filesystem::path& file);

  // The file parsed, the first time it is asked for (a spec must be a map).
  const Parsed& parse(const std::filesystem::path& file);
  // Drops a small file's parsed tree once compiled (a variant's, typically), to be parsed again
  // should a later spec of the run extend it in turn: a run's memory does not grow with its
  // variants, at the cost of parsing again at most kSmallFile bytes now and then.
  static constexpr std::size_t kSmallFile = 8 * 1024;
  void forget_parsed_if_small(const std::filesystem::path& file);
  [[nodiscard]] const Resolved* resolved(const std::string& key) const { return find(resolved_, key); }
  void keep_resolved(const std::string& key, Resolved r) { resolved_[key] = std::move(r); }
  // The tables built so far, by what they were built from.
  TableMemo& tables() { return tables_; }
  // Tables renamed, converted and patched so far, by what they were made from.
  DerivedNodes& derived() { return derived_; }
  // Lets go of what was made of nodes that are gone.
  void forget_unreachable() {
    tables_.forget_unreachable();
    derived_.forget_unreachable();
  }

 private:
  template <class Map>
  static const typename Map::mapped_type* find(const Map& m, const std::string& key) {
    const auto it = m.find(key);
    return it == m.end() ? nullptr : &it->second;
  }
  std::unordered_map<std::string, Parsed> parsed_;
  std::unordered_map<std::string, Resolved> resolved_;
  std::unordered_map<std::string, NodePtr> previous_;  // the last parse of a changed file
  TableMemo tables_;
  DerivedNodes derived_;
  Overlay overlay_;
};

// A copy of `r` with a top level of its own (what lies below is shared; see Resolver::owned).
Resolution copy_of(const Resolution& r);

}  // namespace qrsc
