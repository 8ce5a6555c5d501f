#include "table_memo.hpp"

#include <atomic>
#include <functional>

namespace qrsc {

std::size_t TableMemo::KeyHash::operator()(const Key& k) const noexcept {
  const std::hash<const void*> h;
  return h(k.table) ^ (h(k.vocabularies) * 31) ^ (h(k.sources) * 961);
}

const TableMemo::Built* TableMemo::find(const Source& s) const {
  const auto it = built_.find(key_of(s));
  return it == built_.end() ? nullptr : &it->second;
}

void TableMemo::keep(Source s, std::shared_ptr<const Table> t, std::vector<Diagnostic> diagnostics) {
  // A bound on what a run keeps: every variant adds the few tables it changed.
  constexpr std::size_t kMaxTables = 20000;
  if (built_.size() >= kMaxTables) built_.clear();
  const Key k = key_of(s);
  built_[k] = Built{std::move(s), std::move(t), std::move(diagnostics)};
}

std::uint64_t TableMemo::next_build_id() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

}  // namespace qrsc
