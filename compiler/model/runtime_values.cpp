#include "qrsc/model/runtime_values.hpp"

namespace qrsc {

std::vector<qrs::Band> band_column(const BandTable& bt, std::size_t column) {
  std::vector<qrs::Band> bands;
  bands.reserve(bt.rows.size());
  for (const auto& r : bt.rows) bands.push_back(r.bands[column].band);
  return bands;
}

qrs::KeyDomain key_domain(const BandTable& bt) {
  return {bt.min.has_value(), bt.max.has_value(), bt.min.value_or(Fraction(0)), bt.max.value_or(Fraction(0)),
          bt.outside};
}

std::vector<qrs::Band> part_column(const BandTable& bt, std::size_t column) {
  std::vector<qrs::Band> bands;
  for (const auto& r : bt.rows) {
    for (const auto& p : r.parts) bands.push_back(p.bands[column].band);
  }
  return bands;
}

qrs::Modifier runtime_modifier(const ModifierTable& mt, const ModifierItem& m) {
  const bool grouped = m.group >= 0 && static_cast<std::size_t>(m.group) < mt.groups.size();
  return {static_cast<std::int16_t>(m.value.value_or(0)), m.factor.value_or(Fraction(1)),
          grouped ? static_cast<std::int16_t>(m.group) : qrs::kNoGroup,
          grouped && mt.groups[static_cast<std::size_t>(m.group)].exclusive, static_cast<std::int16_t>(m.at_most)};
}

std::vector<qrs::Modifier> runtime_modifiers(const ModifierTable& mt) {
  std::vector<qrs::Modifier> mods;
  mods.reserve(mt.items.size());
  for (const auto& m : mt.items) mods.push_back(runtime_modifier(mt, m));
  return mods;
}

std::optional<std::vector<Fraction>> column_ranges(const std::vector<Column>& columns) {
  if (columns.empty()) return std::nullopt;
  std::vector<Fraction> ranges;
  for (const auto& c : columns) {
    if (!c.range) return std::nullopt;
    ranges.push_back(*c.range);
  }
  return ranges;
}

}  // namespace qrsc
