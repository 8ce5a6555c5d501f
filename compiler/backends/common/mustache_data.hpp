// Building kainjow::mustache data without copies. The library's set(), push_back() and <<
// copy the whole value they are given, so a table's rows built into a list and the list
// into a table were copied once per level: at thousands of rows, copying and freeing those
// trees cost more than rendering them. put() and append() move the value in instead.
#pragma once

#include <kainjow/mustache.hpp>
#include <string>
#include <utility>

namespace qrsc {

namespace mst = kainjow::mustache;

inline mst::data list_of() { return mst::data(mst::data::type::list); }

// object[key] = value, moved. The library has no move-in, so a cheap placeholder is set and
// then move-assigned (the stored value is not const; only the accessor is).
inline void put(mst::data& object, const std::string& key, mst::data&& value) {
  object.set(key, mst::data(false));
  if (const mst::data* slot = object.get(key)) *const_cast<mst::data*>(slot) = std::move(value);
}

// list.push_back(value), moved. The library's move constructor is not noexcept, so a
// growing std::vector would copy every element it holds (whole subtrees) on each reallocation;
// the list grows here by moving its elements into a vector of twice the capacity instead.
inline void append(mst::data& list, mst::data&& value) {
  if (!list.is_list()) return;
  auto& items = const_cast<mst::list&>(list.list_value());
  if (items.size() == items.capacity()) {
    mst::list bigger;
    bigger.reserve(items.size() < 4 ? 8 : items.size() * 2);
    for (auto& item : items) bigger.emplace_back(std::move(item));  // within capacity: no copy
    items.swap(bigger);
  }
  items.emplace_back(std::move(value));
}

}  // namespace qrsc
