#include "derived_nodes.hpp"

namespace qrsc {

NodePtr DerivedNodes::find(const NodePtr& from, const std::string& transformation) const {
  const auto it = made_.find({from.get(), transformation});
  if (it == made_.end() || it->second.from.expired()) return nullptr;
  return it->second.made;
}

void DerivedNodes::keep(const NodePtr& from, const std::string& transformation, NodePtr made) {
  // A bound on what a run keeps, should a caller never forget.
  constexpr std::size_t kMaxNodes = 20000;
  if (made_.size() >= kMaxNodes) forget_unreachable();
  if (made_.size() >= kMaxNodes) made_.clear();
  made_[{from.get(), transformation}] = Entry{from, std::move(made)};
}

void DerivedNodes::forget_unreachable() {
  std::erase_if(made_, [](const auto& e) { return e.second.from.expired(); });
}

}  // namespace qrsc
