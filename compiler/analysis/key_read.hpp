// A modified result read as a band table reads it: through the key's domain (key.min, key.max,
// key.outside; qrs::KeyDomain::read), as a generated header's lookup and the web page's module
// read it. `qrsc lookup` (a single roll and an opposed one) and `qrsc odds` ask here.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "qrsc/model/model.hpp"

namespace qrsc {

struct KeyRead {
  std::optional<Fraction> at;  // the key read; nothing past the range (no row reads it)
  std::string note;            // what the answer says of a clamped result
};
KeyRead read_key(const BandTable& bt, Fraction result);

// The row a result reads in a column, or qrs::npos.
std::size_t row_read(const BandTable& bt, std::size_t column, Fraction result);

}  // namespace qrsc
