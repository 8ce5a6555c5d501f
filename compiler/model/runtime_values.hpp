// A table's data as the runtime's values (runtime/qrs/): what a generated header holds. The C++
// backend writes them into the header; the analyses run the runtime's own algorithms over
// them (band search, modifier accumulation, range columns, odds), so that what qrsc answers is
// what the header answers.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "qrs/band.hpp"
#include "qrs/modifiers.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// One column of a band table: each row's band, in row order (a header's kBands[column]).
std::vector<qrs::Band> band_column(const BandTable& bt, std::size_t column);
// The key's range and what a result past it means (a header's kDomain).
qrs::KeyDomain key_domain(const BandTable& bt);
// The parts of every row, in row order, in one column (a header's kPartBands[column]).
std::vector<qrs::Band> part_column(const BandTable& bt, std::size_t column);

// A modifier list's item (a header's kModifiers[i]): a factor-only item adds 0.
qrs::Modifier runtime_modifier(const ModifierTable& mt, const ModifierItem& m);
std::vector<qrs::Modifier> runtime_modifiers(const ModifierTable& mt);

// Each column's range in inches when every column is a range column (a matrix's kColumnRanges,
// for column_for), else nothing.
std::optional<std::vector<Fraction>> column_ranges(const std::vector<Column>& columns);

}  // namespace qrsc
