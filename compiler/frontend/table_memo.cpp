#include "qrsc/frontend/table_memo.hpp"

#include <algorithm>
#include <functional>

#include "qrsc/frontend/unchanged_nodes.hpp"

namespace qrsc {

std::size_t TableMemo::KeyHash::operator()(const Key& k) const noexcept {
  const std::hash<const void*> h;
  return h(k.table) ^ (h(k.vocabularies) * 31) ^ (h(k.sources) * 961) ^ (std::hash<std::string>{}(k.figures) * 29791);
}

const TableMemo::Built* TableMemo::find(const Source& s) const {
  const auto it = built_.find(key_of(s));
  // The caller holds the nodes at these addresses: when the entry's are gone, these are others.
  return it == built_.end() || it->second.gone() ? nullptr : &it->second.built;
}

void TableMemo::keep(const Source& s, std::shared_ptr<const Table> t, std::vector<Diagnostic> diagnostics) {
  // A bound on what a run keeps, should a caller never forget.
  constexpr std::size_t kMaxTables = 20000;
  if (built_.size() >= kMaxTables) forget_unreachable();
  if (built_.size() >= kMaxTables) built_.clear();
  const auto watch = [](const NodePtr& n) { return Watched{n, n == nullptr}; };
  built_[key_of(s)] =
      Entry{watch(s.table), watch(s.vocabularies), watch(s.sources), Built{std::move(t), std::move(diagnostics)}};
}

NodePtr TableMemo::shared_reader(const NodePtr& n) {
  if (!n) return n;
  const auto it = std::find_if(readers_.begin(), readers_.end(), [&](const NodePtr& r) { return same_tree(r, n); });
  if (it != readers_.end()) return *it;
  // Few are ever in use at once (a sheet's and its variants'); the oldest goes first.
  constexpr std::size_t kMaxReaders = 32;
  if (readers_.size() >= kMaxReaders) readers_.erase(readers_.begin());
  readers_.push_back(n);
  return n;
}

void TableMemo::forget_unreachable() {
  std::erase_if(built_, [](const auto& e) { return e.second.gone(); });
}

}  // namespace qrsc
