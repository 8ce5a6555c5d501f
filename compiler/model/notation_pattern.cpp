#include "qrsc/model/notation_pattern.hpp"

#include <array>

#include "qrsc/base/limits.hpp"

namespace qrsc::pattern {

namespace {

// The digits of a whole number from 0 to `max`, a power of ten (leading zeros allowed).
std::string up_to(std::int64_t max) {
  const std::string digits = std::to_string(max);
  return "0*(?:[0-9]{1," + std::to_string(digits.size() - 1) + "}|" + digits + ")";
}

std::string whole() { return up_to(limits::kMaxMagnitude); }
std::string decimal() { return whole() + "(?:\\.[0-9]{1,6})?|\\.[0-9]{1,6}"; }
// An exact number without its sign: 3, 1.5, .25, 1/2, 1 1/2 (a denominator is never zero).
std::string unsigned_number() {
  const std::string denominator = "0*(?:[1-9][0-9]{0," +
                                  std::to_string(std::to_string(limits::kMaxDenominator).size() - 2) + "}|" +
                                  std::to_string(limits::kMaxDenominator) + ")";
  return decimal() + "|(?:" + whole() + " +)?" + whole() + "/" + denominator;
}
std::string signed_number() { return "[+-]?(?:" + unsigned_number() + ")"; }
std::string signed_whole() { return "[+-]?" + whole(); }

// The whole text, spaces around it allowed (the readers trim them).
std::string anchored(const std::string& inner) { return "^ *(?:" + inner + ") *$"; }

}  // namespace

std::string band() {
  const std::string n = signed_number(), i = signed_whole();
  const std::string lower = "(?:more +than|at +least) +(?:" + n + ")", upper = "(?:less +than|at +most) +(?:" + n + ")";
  return anchored("-|\u2013|equal|exactly +(?:" + n + ")|(?:" + n + ") +or +(?:more|less)|" + lower + "(?: +and +" +
                  upper + ")?|" + upper + "|" + i + " *(?:-|to|\u2013) *" + i + "|" + i + "(?: *, *" + i + ")*");
}

std::string band_cell() { return "^(?:\\?|" + band().substr(1, band().size() - 2) + ")$"; }

std::string number() { return anchored(signed_number()); }

std::string positive_number() {
  // Not a zero: 0, 0.0, .0, 0/5, 0 0/5.
  return "^ *\\+?(?!(?:0*(?:\\.0*)?|(?:0* +)?0+/[0-9]+) *$)(?:" + unsigned_number() + ") *$";
}

std::string whole_number() { return anchored(signed_whole()); }

std::string distance() {
  std::string units;  // the notation's inch units, as alternatives
  for (const char* u : kInchUnits) units += (units.empty() ? "" : "|") + std::string(u);
  return anchored("(?:" + signed_number() + ") *(?:" + units + ")");
}

std::string roll() { return "^(?:[1-9][0-9]?)?d[1-9][0-9]{0,2}$"; }

std::string cell(CellType type) {
  // A rate's numbers begin with a digit ("12 / 16", "x1.5"), as the reader scans them.
  const std::string w = whole(), dec = whole() + "(?:\\.[0-9]{1,6})?", nonneg = "\\+?(?:" + unsigned_number() + ")";
  // What a cell of each type may hold, in CellType's order ("" for any text).
  const std::array<std::string, kCellTypeNames.size()> of_type = {
      "",
      signed_whole(),
      nonneg,
      "-|(?:" + dec + ") */ *(?:" + dec + ")|(?:x|\u00d7) *(?:" + dec + ")|" + nonneg,
      "[Xx]|[Mm](?: *[+-] *" + w + ")?|" + w,
      w + "/(?:" + w + "/" + w + "|-/?" + w + ")"};
  const std::string& p = of_type[static_cast<std::size_t>(type)];
  // '?' alone: the reader takes it before it trims a value.
  return p.empty() ? p : "^(?:\\?| *(?:" + p + ") *)$";
}

}  // namespace qrsc::pattern
