// Building template data: shorthands the backends share (qrsc's mustache, mustache.hpp, moves
// every value in; these name what the data is for).
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "qrsc/backends/common/mustache.hpp"

namespace qrsc {

namespace mst = qrsc::tmpl;

inline mst::data list_of() { return mst::data(mst::data::type::list); }

// object[key] = value, moved.
inline void put(mst::data& object, std::string_view key, mst::data&& value) { object.set(key, std::move(value)); }

// list.push_back(value), moved.
inline void append(mst::data& list, mst::data&& value) { list.push_back(std::move(value)); }

}  // namespace qrsc
