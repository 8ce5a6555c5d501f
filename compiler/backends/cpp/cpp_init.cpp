#include "qrsc/backends/cpp/cpp_init.hpp"

#include <fmt/format.h>

#include <utility>

#include "qrsc/backends/cpp/cpp_names.hpp"

namespace qrsc {

CppInit& CppInit::add(std::string_view value, bool is_default) {
  if (!std::exchange(empty_, false)) text_ += ", ";
  text_ += value;
  if (!is_default) needed_end_ = text_.size();
  return *this;
}

CppInit& CppInit::text(const std::string& s) { return add(cpp_text(s), s.empty()); }

std::string CppInit::str() const {
  std::string out;
  out.reserve(needed_end_ + 1);
  out.append(text_, 0, needed_end_);
  out += '}';
  return out;
}

std::string cpp_text(const std::string& s) {
  if (s.empty()) return "{}";
  std::string out;
  out.reserve(s.size() + 4);
  out += '"';
  out += cpp_string(s);
  out += "\"sv";
  return out;
}

// A qrs::Fraction converts from an integer: cheaper for the compilers than naming the type.
std::string cpp_number(Fraction f) { return f.is_integer() ? std::to_string(f.num()) : cpp_fraction(f); }

std::string cpp_bool(bool b) { return b ? "true" : "false"; }

std::string cpp_band(const qrs::Band& b) {
  if (!b.present) return "qrs::band_none()";
  if (b.exact_edges()) {
    return fmt::format("qrs::band_exact({}, {}, {}, {}, {}, {})", cpp_bool(b.has_lo), cpp_number(b.lo),
                       cpp_bool(b.lo_open), cpp_bool(b.has_hi), cpp_number(b.hi), cpp_bool(b.hi_closed));
  }
  if (b.has_lo && b.has_hi) return fmt::format("qrs::band_between({}, {})", cpp_number(b.lo), cpp_number(b.hi));
  if (b.has_lo) return fmt::format("qrs::band_from({})", cpp_number(b.lo));
  if (b.has_hi) return fmt::format("qrs::band_below({})", cpp_number(b.hi));
  return "qrs::Band{true, false, false, {}, {}}";
}

namespace {

// The value of a typed cell, as a qrs::Text, qrs::Rate, ... initializer.
std::string cell_value(const MatrixCell& c, CellType type) {
  const CellValue& v = c.value;
  CppInit init;
  switch (type) {
    case CellType::text: init.add(cpp_bool(c.present), !c.present); break;
    case CellType::integer:
      init.add(cpp_bool(v.integer.present), !v.integer.present)
          .add(std::to_string(v.integer.value), v.integer.value == 0);
      break;
    case CellType::fraction:
      init.add(cpp_bool(v.fraction.in_range), !v.fraction.in_range)
          .add(cpp_number(v.fraction.amount), v.fraction.amount == Fraction(0));
      break;
    case CellType::rate: {
      const qrs::Rate none;
      init.add(cpp_bool(v.rate.present), !v.rate.present)
          .add(cpp_bool(v.rate.has_double_quick), !v.rate.has_double_quick)
          .add(cpp_bool(v.rate.is_multiplier), !v.rate.is_multiplier)
          .add(cpp_number(v.rate.full), v.rate.full == none.full)
          .add(cpp_number(v.rate.double_quick), v.rate.double_quick == none.double_quick)
          .add(cpp_number(v.rate.multiplier), v.rate.multiplier == none.multiplier);
      break;
    }
    case CellType::dice: {
      init.add(fmt::format("qrs::Dice::Kind::{}", kDiceKindNames[static_cast<std::size_t>(v.dice.kind)]),
               v.dice.kind == qrs::Dice::Kind::blank)
          .add(std::to_string(v.dice.offset), v.dice.offset == 0);
      break;
    }
    case CellType::levels:
      init.add(cpp_bool(v.levels.present), !v.levels.present)
          .add(cpp_bool(v.levels.has_worn), !v.levels.has_worn)
          .add(std::to_string(v.levels.start), v.levels.start == 0)
          .add(std::to_string(v.levels.worn), v.levels.worn == 0)
          .add(std::to_string(v.levels.spent), v.levels.spent == 0);
      break;
  }
  return init.str();
}

}  // namespace

std::string cpp_cell(const MatrixCell& c, CellType type) {
  const std::string value = cell_value(c, type);
  return CppInit().text(c.notation).add(value, value == "{}").add(cpp_bool(c.unknown), !c.unknown).str();
}

const char* cpp_cell_type(CellType t) {
  static const char* kTypes[] = {"qrs::Text", "qrs::Integer", "qrs::Amount", "qrs::Rate", "qrs::Dice", "qrs::Levels"};
  return kTypes[static_cast<int>(t)];
}

}  // namespace qrsc
