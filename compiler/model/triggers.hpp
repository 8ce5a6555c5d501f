// The effects a base roll of a band table triggers (list sections with `trigger: {table, base}`,
// "on a base die result of 10"): `lookup` shows those a roll fires, `odds` gives their odds.
#pragma once

#include <string>
#include <vector>

#include "qrsc/model/model.hpp"

namespace qrsc {

struct Trigger {
  const Table* table = nullptr;  // the list table that holds the section
  const ListSection* section = nullptr;
};

// The sections whose trigger names `table`, in the sheet's order.
std::vector<Trigger> triggers_on(const Spec& spec, const std::string& table);

// A section's items in the sheet's words, one after another.
std::string section_text(const ListSection& section);

}  // namespace qrsc
