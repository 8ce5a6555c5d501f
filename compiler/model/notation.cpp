#include "notation.hpp"

#include <fmt/format.h>

#include <cctype>
#include <regex>

namespace qrsc {

namespace {

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::optional<std::int64_t> parse_int(const std::string& s) {
  static const std::regex re(R"(^[+-]?\d+$)");
  if (!std::regex_match(s, re)) return std::nullopt;
  return std::stoll(s);
}

}  // namespace

std::optional<Fraction> parse_number(const std::string& raw) {
  const std::string s = trim(raw);
  std::smatch m;
  static const std::regex int_re(R"(^([+-]?)(\d+)$)");
  static const std::regex frac_re(R"(^([+-]?)(?:(\d+)\s+)?(\d+)/(\d+)$)");
  static const std::regex dec_re(R"(^([+-]?)(\d*)\.(\d+)$)");
  if (std::regex_match(s, m, int_re)) {
    const std::int64_t v = std::stoll(m[2]);
    return Fraction(m[1] == "-" ? -v : v);
  }
  if (std::regex_match(s, m, frac_re)) {
    const std::int64_t den = std::stoll(m[4]);
    if (den == 0) return std::nullopt;
    const std::int64_t whole = m[2].matched ? std::stoll(m[2]) : 0;
    const Fraction f = Fraction(whole) + Fraction(std::stoll(m[3]), den);
    return m[1] == "-" ? -f : f;
  }
  if (std::regex_match(s, m, dec_re)) {
    const std::string digits = m[3];
    if (digits.size() > 6) return std::nullopt;
    std::int64_t den = 1;
    for (std::size_t i = 0; i < digits.size(); ++i) den *= 10;
    const std::int64_t whole = m[2].length() ? std::stoll(m[2]) : 0;
    const Fraction f = Fraction(whole) + Fraction(std::stoll(digits), den);
    return m[1] == "-" ? -f : f;
  }
  return std::nullopt;
}

std::optional<Fraction> parse_distance(const std::string& raw) {
  const std::string s = trim(raw);
  if (s.size() < 3 || s.compare(s.size() - 2, 2, "in") != 0) return std::nullopt;
  return parse_number(s.substr(0, s.size() - 2));
}

std::string format_number(Fraction f) {
  if (f.is_integer()) return std::to_string(f.num());
  const bool neg = f < Fraction(0);
  const Fraction a = neg ? -f : f;
  const std::int64_t whole = a.floor();
  const Fraction rest = a - Fraction(whole);
  std::string out = neg ? "-" : "";
  if (whole != 0) out += std::to_string(whole) + " ";
  return out + std::to_string(rest.num()) + "/" + std::to_string(rest.den());
}

std::string format_signed(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

std::string format_inches(Fraction f) { return format_decimal(f) + "\""; }

std::string format_decimal(Fraction f) {
  // Halves and quarters read best as decimals on a sheet (1.5", 2.25").
  const Fraction scaled = f * Fraction(100);
  if (!scaled.is_integer()) return format_number(f);
  const std::int64_t hundredths = scaled.num() < 0 ? -scaled.num() : scaled.num();
  std::string s = (scaled.num() < 0 ? "-" : "") + std::to_string(hundredths / 100);
  const std::int64_t rem = hundredths % 100;
  if (rem != 0) s += rem % 10 == 0 ? fmt::format(".{}", rem / 10) : fmt::format(".{:02}", rem);
  return s;
}

BandParse parse_band(const std::string& raw, KeyType type) {
  const std::string s = trim(raw);
  BandParse out;
  std::smatch m;
  static const std::regex more_re(R"(^(\S+)\s+or\s+more$)");
  static const std::regex less_re(R"(^(\S+)\s+or\s+less$)");
  static const std::regex below_re(R"(^less\s+than\s+(.+)$)");
  static const std::regex atleast_re(R"(^at\s+least\s+(.+)$)");
  static const std::regex range_re(R"(^([+-]?\d+)\s*(?:-|to|–)\s*([+-]?\d+)$)");
  const auto number = [&](const std::string& t) { return parse_number(t); };
  const auto unit = type == KeyType::integer ? Fraction(1) : Fraction(0);
  if (s == "-" || s == "–") {
    out.band = qrs::band_none();
    return out;
  }
  if (std::regex_match(s, m, more_re)) {
    const auto v = number(m[1]);
    if (v) {
      out.band = qrs::band_from(*v);
      return out;
    }
  } else if (std::regex_match(s, m, less_re)) {
    const auto v = number(m[1]);
    if (v && type == KeyType::integer && v->is_integer()) {
      out.band = qrs::band_below(*v + unit);
      return out;
    }
    if (v) {
      out.error = "'or less' needs a whole die result; for fire points write 'less than N'";
      return out;
    }
  } else if (std::regex_match(s, m, below_re)) {
    if (const auto v = number(m[1])) {
      out.band = qrs::band_below(*v);
      return out;
    }
  } else if (std::regex_match(s, m, atleast_re)) {
    if (type != KeyType::fraction) {
      out.error = "'at least N' is for fire-point tables; for die results write 'N or more' or a range";
      return out;
    }
    if (const auto v = number(m[1])) {
      // The upper edge is the next row's start; the builder closes it.
      out.band = qrs::band_from(*v);
      return out;
    }
  } else if (std::regex_match(s, m, range_re)) {
    auto a = *parse_int(m[1]);
    auto b = *parse_int(m[2]);
    if (a > b) std::swap(a, b);
    out.band = qrs::band_between(Fraction(a), Fraction(b) + unit);
    return out;
  } else {
    // A list of consecutive values: "1, 2", "0, -1", "8, 9, 10", or one value "10".
    std::vector<std::int64_t> values;
    std::size_t start = 0;
    bool ok = true;
    while (start <= s.size()) {
      const std::size_t comma = s.find(',', start);
      const std::string part = trim(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      const auto v = parse_int(part);
      if (!v) {
        ok = false;
        break;
      }
      values.push_back(*v);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (ok && !values.empty()) {
      if (type == KeyType::fraction && values.size() == 1) {
        out.error = "a fire-point band needs 'at least N' or 'less than N'";
        return out;
      }
      std::sort(values.begin(), values.end());
      for (std::size_t i = 1; i < values.size(); ++i) {
        if (values[i] != values[i - 1] + 1) {
          out.error = "the values of a band must be consecutive";
          return out;
        }
      }
      out.band = qrs::band_between(Fraction(values.front()), Fraction(values.back()) + Fraction(1));
      return out;
    }
  }
  out.error =
      "cannot read band '" + s +
      "' (expected e.g. '8 or more', '3 - 7', '1, 2', '10', '-2 or less', '-', 'less than 1', 'at least 9')";
  return out;
}

std::string format_band(const qrs::Band& b, KeyType type) {
  if (!b.present) return "-";
  if (type == KeyType::fraction) {
    if (!b.has_lo) return "less than " + format_number(b.hi);
    if (!b.has_hi) return format_number(b.lo) + " or more";
    return format_number(b.lo) + " to less than " + format_number(b.hi);
  }
  if (!b.has_lo) return format_number(b.hi - Fraction(1)) + " or less";
  if (!b.has_hi) return format_number(b.lo) + " or more";
  const std::int64_t lo = b.lo.floor();
  const std::int64_t hi = b.hi.floor() - 1;
  if (lo == hi) return std::to_string(lo);
  if (hi == lo + 1) return fmt::format("{}, {}", lo, hi);
  return fmt::format("{} - {}", lo, hi);
}

TextParse parse_text(const std::string& text) {
  TextParse out;
  std::string literal;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '{') {
      const std::size_t close = text.find('}', i);
      if (close == std::string::npos) {
        out.error = "unclosed '{' in text (distances are written {2in})";
        return out;
      }
      const std::string inner = text.substr(i + 1, close - i - 1);
      const auto d = parse_distance(inner);
      if (!d) {
        out.error = "'{" + inner + "}' is not a distance (write e.g. {2in})";
        return out;
      }
      out.segments.push_back({literal, std::nullopt});
      literal.clear();
      out.segments.push_back({"", d});
      i = close;
      continue;
    }
    if (c == '"' && i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1]))) {
      out.warnings.push_back("bare inch mark in text: write the distance as {N" "in} so a scale can convert it");
    }
    literal += c;
  }
  if (!literal.empty() || out.segments.empty()) out.segments.push_back({literal, std::nullopt});
  return out;
}

std::optional<CellType> cell_type_from(const std::string& name) {
  static const std::pair<const char*, CellType> kTypes[] = {
      {"text", CellType::text}, {"integer", CellType::integer}, {"fire_points", CellType::fire_points},
      {"rate", CellType::rate}, {"dice", CellType::dice},       {"levels", CellType::levels}};
  for (const auto& [n, t] : kTypes) {
    if (name == n) return t;
  }
  return std::nullopt;
}

const char* cell_type_name(CellType t) {
  static const char* kNames[] = {"text", "integer", "fire_points", "rate", "dice", "levels"};
  return kNames[static_cast<int>(t)];
}

CellParse parse_cell(const std::string& raw, CellType type) {
  const std::string s = trim(raw);
  CellParse out;
  std::smatch m;
  switch (type) {
    case CellType::text:
      return out;
    case CellType::integer:
      if (const auto v = parse_int(s)) {
        out.integer = {true, static_cast<int>(*v)};
        return out;
      }
      out.error = "expected a whole number";
      return out;
    case CellType::fire_points:
      if (const auto v = parse_number(s); v && *v >= Fraction(0)) {
        out.fire_points = {true, *v};
        return out;
      }
      out.error = "expected fire points such as 2, 1/2 or 1 1/2";
      return out;
    case CellType::rate: {
      static const std::regex pair_re(R"(^(\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)$)");
      static const std::regex mult_re(R"(^[x×]\s*(\d+(?:\.\d+)?)$)");
      if (std::regex_match(s, m, pair_re)) {
        out.rate.present = true;
        out.rate.has_double_quick = true;
        out.rate.full = *parse_number(m[1]);
        out.rate.double_quick = *parse_number(m[2]);
        return out;
      }
      if (std::regex_match(s, m, mult_re)) {
        out.rate.present = true;
        out.rate.is_multiplier = true;
        out.rate.multiplier = *parse_number(m[1]);
        return out;
      }
      if (const auto v = parse_number(s); v && *v >= Fraction(0)) {
        out.rate.present = true;
        out.rate.full = *v;
        return out;
      }
      if (s == "-") return out;
      out.error = "expected a rate such as '12 / 16', '16' or 'x1.5'";
      return out;
    }
    case CellType::dice: {
      static const std::regex morale_re(R"(^[Mm]\s*(?:([+-])\s*(\d+))?$)");
      if (s == "X" || s == "x") {
        out.dice = {qrs::Dice::Kind::cannot, 0};
        return out;
      }
      if (std::regex_match(s, m, morale_re)) {
        const int off = m[2].matched ? std::stoi(m[2]) : 0;
        out.dice = {qrs::Dice::Kind::morale, m[1] == "-" ? -off : off};
        return out;
      }
      if (const auto v = parse_int(s); v && *v >= 0) {
        out.dice = {qrs::Dice::Kind::fixed, static_cast<int>(*v)};
        return out;
      }
      out.error = "expected dice such as 'M', 'M-2', 'M+1', '2' or 'X'";
      return out;
    }
    case CellType::levels: {
      static const std::regex three_re(R"(^(\d+)/(\d+)/(\d+)$)");
      static const std::regex two_re(R"(^(\d+)/-/?(\d+)$)");
      if (std::regex_match(s, m, three_re)) {
        out.levels = {true, true, std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
      } else if (std::regex_match(s, m, two_re)) {
        out.levels = {true, false, std::stoi(m[1]), 0, std::stoi(m[2])};
      } else {
        out.error = "expected stands fresh/worn/spent such as '3/2/1' or '2/-1'";
        return out;
      }
      const auto& l = out.levels;
      if (!(l.spent < (l.has_worn ? l.worn : l.start) && (!l.has_worn || l.worn < l.start))) {
        out.error = "levels must decrease: fresh > worn > spent";
      }
      return out;
    }
  }
  return out;
}

}  // namespace qrsc
