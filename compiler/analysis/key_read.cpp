#include "qrsc/analysis/key_read.hpp"

#include <fmt/format.h>

#include "qrsc/model/runtime_values.hpp"

namespace qrsc {

KeyRead read_key(const BandTable& bt, Fraction result) {
  const qrs::KeyDomain domain = key_domain(bt);
  const qrs::Maybe<Fraction> at = domain.read(result);
  KeyRead r;
  if (!at) return r;
  r.at = *at;
  if (*at != result) {
    r.note = fmt::format("{} is read as {}, the {} of the key's range (key.outside: clamp)", format_number(result),
                         format_number(*at), domain.below(result) ? "start" : "end");
  }
  return r;
}

std::size_t row_read(const BandTable& bt, std::size_t column, Fraction result) {
  const qrs::Maybe<Fraction> at = key_domain(bt).read(result);
  return at ? qrs::find_band(band_column(bt, column), *at) : qrs::npos;
}

}  // namespace qrsc
