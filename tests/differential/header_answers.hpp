// The generated headers' answers to the differential test's cases (tests/scripts/
// differential_test.py), as game code gets them: a table's lookup, part and column_for, and a
// modifier list's total({...}). The script writes a main program that includes every header
// and this file and routes each case to the table it names; this file holds what is the same
// for every table. One case a line on stdin, one answer a line on stdout.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "qrs/runtime.hpp"

namespace qrs_differential {

[[noreturn]] inline void fail(const std::string& why) {
  std::cerr << "header_answers: " << why << '\n';
  std::exit(2);
}

// A key as the script writes it: "7", "-3", "23/2".
inline qrs::Fraction parse_key(const std::string& s) {
  const std::size_t slash = s.find('/');
  if (slash == std::string::npos) return qrs::Fraction(std::stoll(s));
  return qrs::Fraction(std::stoll(s.substr(0, slash)), std::stoll(s.substr(slash + 1)));
}

// A modifier list's item by id, found in the header's own texts.
template <class List>
typename List::Modifier modifier_named(const std::string& id) {
  for (std::size_t i = 0; i < List::kTexts.size(); ++i) {
    if (List::kTexts[i].id == id) return static_cast<typename List::Modifier>(i);
  }
  fail("no modifier " + id);
}

// The list's total({...}) of the named modifiers, in the order named.
template <class List>
int list_total(const std::vector<std::string>& ids) {
  switch (ids.size()) {
    case 0: return 0;
    case 1: return List::total({modifier_named<List>(ids[0])});
    case 2: return List::total({modifier_named<List>(ids[0]), modifier_named<List>(ids[1])});
    case 3:
      return List::total({modifier_named<List>(ids[0]), modifier_named<List>(ids[1]), modifier_named<List>(ids[2])});
    default: fail("more than three modifiers of one list");
  }
}

// A band table whose rows carry a number (fire points): the number of the row the key
// selected, which game code adds (qrs/rff/procedures.hpp, fire_point_modifier).
template <class Rows>
int row_number(const std::vector<std::string>& ids) {
  if (ids.size() > 1) fail("more than one row of a band table of modifiers");
  for (const auto& id : ids) {
    for (const auto& r : Rows::kRows) {
      if (r.id == id) return r.number;
    }
    fail("no row " + id);
  }
  return 0;
}

// "ROW<TAB>COLUMN<TAB>NET<TAB>PART", ROW "-" when the lookup finds nothing (and PART empty
// then: the script's part is that of a row found).
template <class Table, class Found>
std::string band_answer(const Found& effect, std::string_view column, int net, std::string_view part) {
  std::ostringstream out;
  out << (effect ? Table::kRows[static_cast<std::size_t>(*effect)].id : std::string_view("-")) << '\t' << column << '\t'
      << net << '\t' << (effect ? part : std::string_view());
  return out.str();
}

// "ROW<TAB>COLUMN<TAB>CELL" for the column a distance falls in (a cell the sources do not give
// reads "?"), "-" when column_for finds none.
template <class Matrix>
std::string range_answer(const std::string& row_id, qrs::Fraction distance) {
  const auto column = Matrix::column_for(distance);
  if (!column) return "-";
  for (std::size_t r = 0; r < Matrix::kRowIds.size(); ++r) {
    if (Matrix::kRowIds[r] != row_id) continue;
    const auto& cell = Matrix::cell(static_cast<typename Matrix::Row>(r), *column);
    std::ostringstream out;
    out << row_id << '\t' << Matrix::kColumnIds[static_cast<std::size_t>(*column)] << '\t'
        << (cell.unknown ? std::string_view("?") : cell.notation);
    return out.str();
  }
  fail("no row " + row_id);
}

inline std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t at = 0;
  for (std::size_t tab; (tab = line.find('\t', at)) != std::string::npos; at = tab + 1)
    fields.push_back(line.substr(at, tab - at));
  fields.push_back(line.substr(at));
  return fields;
}

}  // namespace qrs_differential
