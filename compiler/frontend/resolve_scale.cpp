// Scale conversion: every inherited distance times the factor, and overrides of converted values.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/described_walk.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "qrsc/frontend/resolver.hpp"
#include "qrsc/frontend/schema.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/model/words.hpp"

namespace qrsc::resolving {

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// Replaces every number ("12", "1.5") in text by f(number); a number f leaves alone (nothing)
// keeps its text. A hand-written scan: std::regex recurses per character and overflows the
// stack on long text.
std::string map_numbers(const std::string& text,
                        const std::function<std::optional<std::string>(const std::string&)>& f) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!is_digit(text[i])) {
      out += text[i++];
      continue;
    }
    std::size_t e = i;
    while (e < text.size() && is_digit(text[e])) ++e;
    if (e + 1 < text.size() && text[e] == '.' && is_digit(text[e + 1])) {
      ++e;
      while (e < text.size() && is_digit(text[e])) ++e;
    }
    const std::string number = text.substr(i, e - i);
    out += f(number).value_or(number);
    i = e;
  }
  return out;
}
// Replaces every distance "{Nin}" in text by f(N); f returning nothing keeps the text.
std::string map_distances(const std::string& text,
                          const std::function<std::optional<std::string>(const std::string&)>& f) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t open = text.find('{', i);
    if (open == std::string::npos) break;
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    out += text.substr(i, open - i);
    const std::string inner = text.substr(open + 1, close - open - 1);
    const auto number = distance_number(inner);
    if (!number) {
      out += '{';  // not a distance: go on after the brace
      i = open + 1;
      continue;
    }
    const auto replaced = f(*number);
    out += replaced ? "{" + *replaced + "in}" : text.substr(open, close - open + 1);
    i = close + 1;
  }
  return out + text.substr(i);
}
}  // namespace

void Resolver::convert_scalar(Node& n, bool rate_cell) {
  const std::string before = n.scalar;
  const auto scaled = [&](const std::string& number) -> std::optional<std::string> {
    const auto v = parse_number(number);  // a number beyond the limits stays as written (and is reported later)
    if (!v) return std::nullopt;
    return format_number(scale_value(*v, factor_, rounding_));
  };
  try {
    if (const auto d = parse_distance(n.scalar)) {
      n.scalar = format_number(scale_value(*d, factor_, rounding_)) + "in";
    } else if (rate_cell) {
      // Every number in a rate cell is inches, except a multiplier such as x1.5.
      if (n.scalar.find('x') == std::string::npos && n.scalar.find("\xC3\x97") == std::string::npos) {
        n.scalar = map_numbers(n.scalar, scaled);
      }
    } else if (n.scalar.find('{') != std::string::npos) {
      n.scalar = map_distances(n.scalar, scaled);
    }
  } catch (const qrs::FractionOverflow&) {
    diags_->error(
        n.loc, "'" + before + "' times the scale factor " + format_number(factor_) + " does not fit 64-bit arithmetic");
    n.scalar = before;
  }
  if (n.scalar != before && n.converted_from().empty()) n.set_converted_from(before);
}

void Resolver::convert(Node& map, const format::Place& place) {
  // Every value of the sheet's data, by its key in the format's description: not the author's
  // notes, a source's note or any other plain string (a URL, a file name, an override's reason).
  // A matrix of rates (the table's `cell`): its cells are rates, written alone or as a cell's `value`.
  const NodePtr cell = place.is("table") ? map.get("cell") : nullptr;
  const bool rate_matrix = cell && cell->is_scalar() && cell->scalar == "rate";
  DescribedVisit visit;
  visit.scalar = [&](Node& n, const format::Key& key, const format::Place& in, const Node*) {
    if (key.type == format::Type::notes || key.type == format::Type::string) return;
    convert_scalar(n, rate_matrix && (key.type == format::Type::cells || in.is("cell")));
  };
  walk_described(map, place, visit, place.is("table") ? &map : nullptr);
}

void Resolver::replaced(const Node& old_value, const Node& new_value, const std::string& reason, Resolution& out) {
  if (old_value.converted_from().empty()) return;
  // Named relative to the rules root: outputs never carry a path of the machine that made them.
  Loc where = old_value.loc;
  if (where.file) where.file = std::make_shared<const std::string>(display_path(*where.file));
  const std::string what =
      fmt::format("{} (converted from {} to {}) is set to {}", where.str(), old_value.converted_from(),
                  old_value.scalar, new_value.is_scalar() ? new_value.scalar : std::string("a new value"));
  if (reason.empty()) {
    diags_->warning(new_value.loc, "this replaces a converted distance without an 'override' reason (" +
                                       old_value.converted_from() + " x " + format_decimal(factor_) + " = " +
                                       old_value.scalar + ")");
  }
  out.scaled.push_back(
      {what, {Provenance::Kind::overridden, reason.empty() ? "(no reason given)" : reason}, new_value.loc, {}});
}

}  // namespace qrsc::resolving
