// Which column of a table a user means (`qrsc lookup --column`, `qrsc odds --column`), and the
// message for a name that is not there.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/expected.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

struct ColumnChoice {
  std::size_t index = 0;
  std::string note;  // something the user should know about the choice (a renamed term, a distance read in a range)
};

// A column by id, by printed name (any case), by a distance ("6in", "6\"") on a table of range
// columns, or by the parent sheet's name of a renamed term (with a note saying so). A distance
// selects the column a header's column_for selects (qrs::range_column: the nearest range at or
// beyond it), with a note when that range is not the distance itself.
// Without one, the message for the user says why.
Expected<ColumnChoice> choose_column(const Spec& spec, const std::string& vocabulary,
                                     const std::vector<Column>& columns, const std::string& wanted,
                                     const std::string& table);

// "no X 'word'", with a did-you-mean when one name is close, then every name ("its columns
// are: ...").
std::string not_found(const std::string& what, const std::string& word, const std::vector<std::string>& names,
                      const std::string& plural);

}  // namespace qrsc
