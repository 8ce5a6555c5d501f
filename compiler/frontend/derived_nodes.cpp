#include "qrsc/frontend/derived_nodes.hpp"

namespace qrsc {

NodePtr DerivedNodes::find(const NodePtr& from, const std::string& transformation, const NodePtr& with) const {
  const auto it = made_.find({from.get(), with.get(), transformation});
  if (it == made_.end() || it->second.gone()) return nullptr;
  return it->second.made;
}

void DerivedNodes::keep(const NodePtr& from, const std::string& transformation, NodePtr made, const NodePtr& with) {
  // A bound on what a run keeps, should a caller never forget.
  constexpr std::size_t kMaxNodes = 20000;
  if (made_.size() >= kMaxNodes) forget_unreachable();
  if (made_.size() >= kMaxNodes) made_.clear();
  made_[{from.get(), with.get(), transformation}] = Entry{from, with, with == nullptr, std::move(made)};
}

void DerivedNodes::forget_unreachable() {
  std::erase_if(made_, [](const auto& e) { return e.second.gone(); });
}

}  // namespace qrsc
