#include "qrsc/backends/common/shared_tables.hpp"

#include <algorithm>

namespace qrsc {

std::uint64_t SharedTableNumbers::number(const Table& t) {
  std::weak_ptr<const Table> owner = t.weak_from_this();
  if (owner.expired()) return 0;
  const auto same_owner = [&owner](const Entry& e) {
    return !e.owner.owner_before(owner) && !owner.owner_before(e.owner);
  };
  auto it = entries_.find(&t);
  if (it != entries_.end() && !it->second.owner.expired() && same_owner(it->second)) return it->second.number;
  if (entries_.size() >= prune_at_) {
    std::erase_if(entries_, [](const auto& e) { return e.second.owner.expired(); });
    prune_at_ = std::max<std::size_t>(256, 2 * entries_.size());
    it = entries_.find(&t);
  }
  const Entry fresh{std::move(owner), ++last_};
  if (it == entries_.end()) {
    entries_.emplace(&t, fresh);
  } else {
    it->second = fresh;  // a table gone, and this one built at its address
  }
  return last_;
}

std::string SharedTableNumbers::key(const Table& t) {
  const std::uint64_t n = number(t);
  return n == 0 ? std::string() : std::to_string(n);
}

}  // namespace qrsc
