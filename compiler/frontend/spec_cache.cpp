#include "qrsc/frontend/spec_cache.hpp"

#include <algorithm>

#include "qrsc/frontend/canonical_path.hpp"
#include "qrsc/frontend/deprecated_spellings.hpp"
#include "qrsc/frontend/unchanged_nodes.hpp"

namespace qrsc {

const SpecCache::Parsed& SpecCache::parse(const std::filesystem::path& file) {
  const std::string key = canonical_path(file).string();
  if (const Parsed* p = find(parsed_, key)) return *p;
  Parsed p;
  if (const std::string* text = overlay_ ? overlay_(key) : nullptr) {
    p.tree = load_yaml_string(*text, file.string(), p.diags);
    p.bytes = text->size();
  } else {
    p.tree = load_yaml_file(file, p.diags, &p.bytes);
  }
  if (p.tree && !p.tree->is_map()) {
    p.diags.error(p.tree->loc, "a spec must be a map of keys (qrs: 1, title: ..., tables: ...)");
    p.tree = nullptr;
  }
  if (p.tree) {
    for (const OldSpelling& old : modernize_spellings(*p.tree)) warn_old_spelling(old, p.diags);
  }
  if (const auto before = previous_.find(key); before != previous_.end()) {
    p.tree = keep_unchanged(std::move(p.tree), before->second);
    previous_.erase(before);
  }
  return parsed_[key] = std::move(p);
}

void SpecCache::changed(const std::filesystem::path& file) {
  const std::string key = canonical_path(file).string();
  if (const auto it = parsed_.find(key); it != parsed_.end()) {
    if (it->second.tree) previous_[key] = it->second.tree;
    parsed_.erase(it);
  }
  std::erase_if(resolved_, [&](const auto& entry) {
    const auto& read = entry.second.resolution.lineage;
    return std::any_of(read.begin(), read.end(),
                       [&](const std::string& f) { return canonical_path(f).string() == key; });
  });
}

void SpecCache::forget_parsed_if_small(const std::filesystem::path& file) {
  const auto it = parsed_.find(canonical_path(file).string());
  if (it != parsed_.end() && it->second.bytes <= kSmallFile) parsed_.erase(it);
}

Resolution copy_of(const Resolution& r) {
  Resolution c = r;
  // Its top level only: the resolver copies a node before it changes one it did not make.
  if (r.tree) c.tree = std::make_shared<Node>(*r.tree);
  return c;
}

}  // namespace qrsc
