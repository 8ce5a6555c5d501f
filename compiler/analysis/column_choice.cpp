#include "qrsc/analysis/column_choice.hpp"

#include <fmt/format.h>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/runtime_values.hpp"
#include "qrsc/model/words.hpp"

namespace qrsc {

namespace {

// A distance as a user types it: 4, 4", 4in, 4 in, 1.5", 1 1/2in (the runtime's reader, which
// the web page's distance fields use too).
std::optional<Fraction> typed_distance(const std::string& s) {
  return typed_number(qrs::text::read_distance(s, number_limits()));
}

Expected<ColumnChoice> at_distance(const std::vector<Column>& columns, const std::vector<Fraction>& ranges, Fraction d,
                                   const std::string& table) {
  const std::size_t c = qrs::range_column(ranges, d);
  if (c == qrs::npos) {
    std::vector<std::string> printed;
    for (const Fraction r : ranges) printed.push_back(format_inches(r));
    return program_error(fmt::format("table '{}' has no column at {} (its ranges are: {})", table, format_inches(d),
                                     fmt::join(printed, ", ")));
  }
  if (ranges[c] == d) return ColumnChoice{c, {}};
  return ColumnChoice{c,
                      fmt::format("{} is read in the {} column of table '{}' ('{}'), the nearest range at or beyond it",
                                  format_inches(d), format_inches(ranges[c]), table, columns[c].id)};
}

}  // namespace

Expected<ColumnChoice> choose_column(const Spec& spec, const std::string& vocabulary,
                                     const std::vector<Column>& columns, const std::string& wanted,
                                     const std::string& table) {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].id == wanted || same_ignoring_case(columns[i].name, wanted)) return ColumnChoice{i, {}};
  }
  if (const auto ranges = column_ranges(columns)) {
    if (const auto d = typed_distance(wanted)) return at_distance(columns, *ranges, *d, table);
  }
  if (const Vocabulary* v = spec.vocabulary(vocabulary)) {
    for (const auto& term : v->terms) {
      if (term.old_id.empty() || (term.old_id != wanted && !same_ignoring_case(term.old_name, wanted))) continue;
      for (std::size_t i = 0; i < columns.size(); ++i) {
        if (columns[i].id == term.id) {
          return ColumnChoice{i, fmt::format("'{}' is the parent sheet's {}; this sheet calls it {} ('{}')", wanted,
                                             term.old_name, term.name, term.id)};
        }
      }
    }
  }
  std::vector<std::string> ids;
  for (const auto& c : columns) ids.push_back(c.id);
  return program_error(not_found(fmt::format("table '{}' has no column '{}'", table, wanted), wanted, ids, "columns"));
}

std::string not_found(const std::string& what, const std::string& word, const std::vector<std::string>& names,
                      const std::string& plural) {
  return fmt::format("{} (its {} are: {})", with_suggestion(what, word, names), plural, fmt::join(names, ", "));
}

}  // namespace qrsc
