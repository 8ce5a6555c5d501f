#include "qrsc/model/written_cells.hpp"

#include "qrsc/model/notation.hpp"

namespace qrsc {

std::string written_band(const BandCell& c, KeyType type) {
  if (c.unknown) return kUnknownNotation;
  return c.notation.empty() ? format_band(c.band, type) : c.notation;
}

bool has_band(const BandCell& c) { return c.unknown || c.band.present; }

std::string written_cell(const MatrixCell& c) {
  if (c.unknown) return kUnknownNotation;
  return c.present ? c.notation : std::string();
}

std::string cell_in_words(const MatrixCell& c) {
  std::string written = written_cell(c);
  return written.empty() ? "(blank)" : written;
}

}  // namespace qrsc
