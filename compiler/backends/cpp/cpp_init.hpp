// The data of a generated header as brace initializers that the compilers read cheaply: every
// program that includes the header parses them (docs/benchmarks.md, "Include cost"). Element
// types are not named (the array says them), whole numbers are plain integers where a
// qrs::Fraction is initialized, empty texts are {}, and the members at the end that keep their
// default are left out.
#pragma once

#include <string>
#include <string_view>

#include "qrs/band.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// One brace initializer of an aggregate, its members in declaration order.
class CppInit {
 public:
  // A member's initializer; `is_default` when it equals the member's default initializer.
  CppInit& add(std::string_view value, bool is_default = false);
  CppInit& text(const std::string& s);  // a std::string_view member, default empty
  std::string str() const;              // "{a, b}", the defaults at the end left out; "{}" for none

 private:
  // "{a, b, c" as added; the initializer ends after the last value that is not a default.
  std::string text_ = "{";
  std::size_t needed_end_ = 1;
  bool empty_ = true;
};

std::string cpp_text(const std::string& s);  // "..."sv, or {} for an empty text
std::string cpp_number(Fraction f);          // a whole number as itself, else "qrs::Fraction{1, 2}"
std::string cpp_bool(bool b);
std::string cpp_band(const qrs::Band& b);                  // "qrs::band_between(3, 8)", ...
std::string cpp_cell(const MatrixCell& c, CellType type);  // a qrs::Cell<...> of the cell's type
const char* cpp_cell_type(CellType t);                     // "qrs::Rate", ...

}  // namespace qrsc
