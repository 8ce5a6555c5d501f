#include "qrsc/model/notation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "qrs/number_text.hpp"
#include "qrsc/base/diagnostics.hpp"
#include "qrsc/base/enum_names.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/base/trim.hpp"

namespace qrsc {

// The readers say why a text is not a notation; their public faces (parse_band, parse_text,
// parse_cell) make that an error with no place, which their caller places at the text.
using BandRead = Expected<qrs::Band, std::string>;
using CellRead = Expected<CellValue, std::string>;

template <class T>
Expected<T> unplaced(Expected<T, std::string> read) {
  if (!read) return program_error(read.error());
  return std::move(*read);
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string trim(const std::string& s) { return std::string(trim_blanks(s)); }

// A hand-written scanner over one notation (no std::regex: its backtracking recurses once
// per character and overflows the stack on long input). Each reader advances only on success.
class Scan {
 public:
  explicit Scan(const std::string& s) : s_(s) {}
  [[nodiscard]] bool done() const { return i_ == s_.size(); }
  [[nodiscard]] std::size_t pos() const { return i_; }
  [[nodiscard]] std::string rest() const { return s_.substr(i_); }
  bool spaces() {  // any number of spaces; true when there was at least one
    const std::size_t from = i_;
    while (i_ < s_.size() && is_blank(s_[i_])) ++i_;
    return i_ > from;
  }
  bool lit(const std::string& t) {
    if (s_.compare(i_, t.size(), t) != 0) return false;
    i_ += t.size();
    return true;
  }
  char sign() {  // '+', '-' or 0
    if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) return s_[i_++];
    return 0;
  }
  // A run of digits (at least one); `out` is its text.
  bool digits(std::string& out) {
    const std::size_t from = i_;
    while (i_ < s_.size() && is_digit(s_[i_])) ++i_;
    out = s_.substr(from, i_ - from);
    return i_ > from;
  }
  // Digits with an optional decimal part ("12", "1.5"): the text.
  bool decimal(std::string& out) {
    const std::size_t from = i_;
    std::string d;
    if (!digits(d)) return false;
    if (i_ + 1 < s_.size() && s_[i_] == '.' && is_digit(s_[i_ + 1])) {
      ++i_;
      digits(d);
    }
    out = s_.substr(from, i_ - from);
    return true;
  }

 private:
  const std::string& s_;
  std::size_t i_ = 0;
};

// The value of a run of digits, or nothing (with the reason) above `max`.
std::optional<std::int64_t> digits_value(const std::string& d, std::int64_t max, const char* what, std::string* why) {
  std::int64_t v = 0;
  for (const char c : d) {
    v = v * 10 + (c - '0');
    if (v > max) {
      if (why) *why = fmt::format("{} out of range (at most {})", what, max);
      return std::nullopt;
    }
  }
  return v;
}

std::optional<std::int64_t> parse_int(const std::string& s, std::string* why = nullptr) {
  Scan sc(s);
  const char sign = sc.sign();
  std::string d;
  if (!sc.digits(d) || !sc.done()) return std::nullopt;
  const auto v = digits_value(d, limits::kMaxMagnitude, "number", why);
  if (!v) return std::nullopt;
  return sign == '-' ? -*v : *v;
}

}  // namespace

std::optional<std::int64_t> parse_whole(const std::string& text, std::string* why) {
  return parse_int(trim(text), why);
}

std::optional<RollNotation> parse_roll(std::string_view text) {
  // A number of 1 to `max_digits` digits without a leading zero, or nothing.
  const auto number = [](std::string_view digits, std::size_t max_digits) -> std::optional<int> {
    if (digits.empty() || digits.size() > max_digits || digits[0] == '0') return std::nullopt;
    int n = 0;
    for (const char c : digits) {
      if (c < '0' || c > '9') return std::nullopt;
      n = n * 10 + (c - '0');
    }
    return n;
  };
  const std::size_t d = text.find('d');
  if (d == std::string_view::npos) return std::nullopt;
  const auto sides = number(text.substr(d + 1), 3);
  const auto count = d == 0 ? std::optional<int>(1) : number(text.substr(0, d), 2);
  if (!sides || !count) return std::nullopt;
  const std::string_view after = text.substr(d + 1);
  if (d == 0 && after.size() == 2 && after[0] == after[1] && after[0] >= '2') {
    return RollNotation{2, after[0] - '0', true};
  }
  return RollNotation{*count, *sides, false};
}

namespace {

// parse_int for a value that must be a C++ int.
std::optional<int> parse_small_int(const std::string& s, std::string* why = nullptr) {
  const auto v = parse_int(s, why);
  return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
}

}  // namespace

qrs::text::NumberLimits number_limits() { return {limits::kMaxMagnitude, limits::kMaxDenominator}; }

std::optional<Fraction> typed_number(const qrs::text::TypedNumber& n, std::string* why) {
  using qrs::text::NumberError;
  if (n.ok()) return Fraction(n.num, n.den);
  if (why) {
    const auto over = [](const char* what, std::int64_t max) {
      return fmt::format("{} out of range (at most {})", what, max);
    };
    switch (n.error) {
      case NumberError::number:
      case NumberError::too_large: *why = over("number", limits::kMaxMagnitude); break;
      case NumberError::numerator: *why = over("numerator", limits::kMaxMagnitude); break;
      case NumberError::denominator: *why = over("denominator", limits::kMaxDenominator); break;
      case NumberError::decimal_part: *why = over("decimal part", limits::kMaxDenominator); break;
      case NumberError::decimal_places: *why = "at most six decimal places"; break;
      case NumberError::zero_denominator: *why = "the denominator is zero"; break;
      case NumberError::none:
      case NumberError::syntax: break;
    }
  }
  return std::nullopt;
}

std::optional<Fraction> parse_number(const std::string& raw, std::string* why) {
  return typed_number(qrs::text::read_number(raw, number_limits()), why);
}

std::optional<std::string> distance_number(const std::string& raw) {
  const std::string s = trim(raw);
  for (const char* unit : kInchUnits) {
    const std::string u = unit;
    if (s.size() <= u.size() || s.compare(s.size() - u.size(), u.size(), u) != 0) continue;
    const std::string number = trim(s.substr(0, s.size() - u.size()));
    // The number ends in a digit: "1 in" and "1in", never "1 pin" or "twin".
    if (!number.empty() && std::isdigit(static_cast<unsigned char>(number.back()))) return number;
  }
  return std::nullopt;
}

std::optional<Fraction> parse_distance(const std::string& raw, std::string* why) {
  const auto number = distance_number(raw);
  return number ? parse_number(*number, why) : std::nullopt;
}

bool looks_like_distance(const std::string& raw) {
  const std::string s = trim(raw);
  if (!s.empty() && s.back() == '"') return true;
  // A word that is a unit or begins as one ("inch", "inchh", "inches"), or a number run into "in".
  std::string word;
  char before = ' ';
  for (std::size_t i = 0; i <= s.size(); ++i) {
    const char c = i < s.size() ? static_cast<char>(std::tolower(static_cast<unsigned char>(s[i]))) : ' ';
    if (std::isalpha(static_cast<unsigned char>(c))) {
      if (word.empty()) before = i > 0 ? s[i - 1] : ' ';
      word += c;
      continue;
    }
    if (word.rfind("inch", 0) == 0 || (word == "in" && std::isdigit(static_cast<unsigned char>(before)))) return true;
    word.clear();
  }
  return false;
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

std::optional<DistanceStyle> distance_style_from(const std::string& name) {
  return enum_named<DistanceStyle>(kDistanceStyleNames, name);
}

std::string format_distance(Fraction f, DistanceStyle style) {
  return style == DistanceStyle::fraction ? format_number(f) : format_decimal(f);
}

std::string format_inches(Fraction f, DistanceStyle style) { return format_distance(f, style) + "\""; }

std::string format_decimal(Fraction f) {
  // Halves and quarters read best as decimals on a sheet (1.5", 2.25"). Exactly when the
  // denominator divides 100; computed from the whole part and the remainder, so it cannot
  // overflow whatever the value.
  if (100 % f.den() != 0) return format_number(f);
  const bool neg = f < Fraction(0);
  const std::int64_t whole = neg ? -f.ceil() : f.floor();
  const std::int64_t rem_num = neg ? -(f.num() % f.den()) : f.num() % f.den();
  const std::int64_t rem = rem_num * (100 / f.den());  // hundredths, 0..99
  std::string s = (neg ? "-" : "") + std::to_string(whole);
  if (rem != 0) s += rem % 10 == 0 ? fmt::format(".{}", rem / 10) : fmt::format(".{:02}", rem);
  return s;
}

namespace {
// The words of a band notation split at spaces, the text after the first `n` words, and the
// words before the last `n`.
std::vector<std::string> words_of(const std::string& s) {
  std::vector<std::string> out;
  Scan sc(s);
  while (!sc.done()) {
    sc.spaces();
    const std::size_t from = sc.pos();
    while (!sc.done() && !is_blank(s[sc.pos()])) sc.lit(std::string(1, s[sc.pos()]));
    if (sc.pos() > from) out.push_back(s.substr(from, sc.pos() - from));
  }
  return out;
}
std::string after_words(const std::string& s, std::size_t n) {
  Scan sc(s);
  for (std::size_t k = 0; k < n; ++k) {
    while (!sc.done() && !is_blank(s[sc.pos()])) sc.lit(std::string(1, s[sc.pos()]));
    sc.spaces();
  }
  return sc.rest();
}
// The words before the last `n`, joined by single spaces ("2 1/2 or more", 2: "2 1/2").
std::string before_words(const std::string& s, std::size_t n) {
  const std::vector<std::string> w = words_of(s);
  std::string out;
  for (std::size_t k = 0; k + n < w.size(); ++k) out += (k == 0 ? "" : " ") + w[k];
  return out;
}
// "3 - 7", "3-7", "3 to 7", "3 – 7", "-2 - 0": the two ends, or nothing.
std::optional<std::pair<std::string, std::string>> range_ends(const std::string& s) {
  Scan sc(s);
  std::string a, b;
  const char sa = sc.sign();
  if (!sc.digits(a)) return std::nullopt;
  sc.spaces();
  if (!sc.lit("-") && !sc.lit("to") && !sc.lit("\xE2\x80\x93")) return std::nullopt;
  sc.spaces();
  const char sb = sc.sign();
  if (!sc.digits(b) || !sc.done()) return std::nullopt;
  return std::pair{(sa ? std::string(1, sa) : "") + a, (sb ? std::string(1, sb) : "") + b};
}

// One exact comparison of a fraction key: "more than 1", "at least 1" (lower edges), "less
// than 2", "at most 2" (upper edges). `known` is false when the words are none of these.
struct Comparison {
  bool known = false;
  bool lower = false;   // a lower edge
  bool strict = false;  // "more than", "less than": the edge itself is not in the band
  std::optional<Fraction> value;
};
Comparison comparison(const std::string& text, std::string& why) {
  const std::vector<std::string> w = words_of(text);
  Comparison c;
  if (w.size() < 3) return c;
  const std::string two = w[0] + " " + w[1];
  if (two == "more than" || two == "at least") {
    c = {true, true, two == "more than", {}};
  } else if (two == "less than" || two == "at most") {
    c = {true, false, two == "less than", {}};
  } else {
    return c;
  }
  c.value = parse_number(after_words(text, 2), &why);
  return c;
}

// "more than 1 and less than 2", "at least 1 and at most 2": a lower and an upper comparison;
// nothing when the text has no " and ".
std::optional<BandRead> exact_range(const std::string& s, KeyType type) {
  const std::size_t and_at = s.find(" and ");
  if (and_at == std::string::npos) return std::nullopt;
  std::string why;
  const Comparison lo = comparison(trim(s.substr(0, and_at)), why);
  const Comparison hi = comparison(trim(s.substr(and_at + 5)), why);
  if (!lo.known || !hi.known || !lo.lower || hi.lower) return std::nullopt;
  if (type != KeyType::fraction) {
    return BandRead(
        std::string("'more than', 'at most' and ranges of comparisons are for fraction keys; for an integer key "
                    "write a range such as '3 - 7'"));
  }
  if (!lo.value || !hi.value)
    return BandRead(why.empty() ? std::string("expected a number after each comparison") : why);
  const qrs::Band b = qrs::band_exact(true, *lo.value, lo.strict, true, *hi.value, !hi.strict);
  if (!(qrs::lower_cut(b) < qrs::upper_cut(b))) {
    return BandRead("band '" + s + "' holds no key: its lower edge is not below its upper edge");
  }
  return BandRead(b);
}
}  // namespace

static BandRead read_band(const std::string& raw, KeyType type) {
  const std::string s = trim(raw);
  std::string why;
  const auto number = [&](const std::string& t) { return parse_number(t, &why); };
  const auto unit = type == KeyType::integer ? Fraction(1) : Fraction(0);
  if (s == "-" || s == "\xE2\x80\x93") {
    return qrs::band_none();
  }
  const std::vector<std::string> w = words_of(s);
  const auto range = range_ends(s);
  const auto fraction_only = [&](const char* words) {
    return BandRead(std::string("'") + words +
                    "' is for fraction keys; for an integer key write 'N or more', 'N or less' or a range");
  };
  if (s.size() <= 200) {  // a band of two comparisons is short; a hostile one is not scanned twice
    if (auto both = exact_range(s, type)) return *both;
  }
  if (s == "equal") {  // a ratio of exactly 1:1
    if (type != KeyType::fraction) return fraction_only("equal");
    return qrs::band_exact(true, Fraction(1), false, true, Fraction(1), true);
  }
  if (w.size() >= 2 && w[0] == "exactly") {
    if (type != KeyType::fraction) return fraction_only("exactly N");
    if (const auto v = number(after_words(s, 1))) return qrs::band_exact(true, *v, false, true, *v, true);
  } else if (w.size() >= 3 && w[0] == "more" && w[1] == "than") {
    if (type != KeyType::fraction) return fraction_only("more than N");
    // The upper edge is the next row's start; the builder closes it.
    if (const auto v = number(after_words(s, 2))) return qrs::band_exact(true, *v, true, false, Fraction(0), false);
  } else if (w.size() >= 3 && w[0] == "at" && w[1] == "most") {
    if (type != KeyType::fraction) return fraction_only("at most N");
    if (const auto v = number(after_words(s, 2))) return qrs::band_exact(false, Fraction(0), false, true, *v, true);
  } else if (w.size() >= 3 && w[w.size() - 2] == "or" && w.back() == "more") {
    // "8 or more", and for a fraction key "3/2 or more" or "2 1/2 or more"
    if (const auto v = number(before_words(s, 2))) {
      return qrs::band_from(*v);
    }
  } else if (w.size() >= 3 && w[w.size() - 2] == "or" && w.back() == "less") {
    const auto v = number(before_words(s, 2));
    if (v && type == KeyType::integer && v->is_integer()) {
      return qrs::band_below(*v + unit);
    }
    if (v) {
      return std::string("'or less' needs a whole number and an integer key; for a fraction key write 'less than N'");
    }
  } else if (w.size() >= 3 && w[0] == "less" && w[1] == "than") {
    if (const auto v = number(after_words(s, 2))) {
      return qrs::band_below(*v);
    }
  } else if (w.size() >= 3 && w[0] == "at" && w[1] == "least") {
    if (type != KeyType::fraction) {
      return std::string("'at least N' is for fraction keys; for an integer key write 'N or more' or a range");
    }
    if (const auto v = number(after_words(s, 2))) {
      // The upper edge is the next row's start; the builder closes it.
      return qrs::band_from(*v);
    }
  } else if (range) {
    auto a = parse_int(range->first, &why);
    auto b = parse_int(range->second, &why);
    if (a && b) {
      if (*a > *b) std::swap(a, b);
      return qrs::band_between(Fraction(*a), Fraction(*b) + unit);
    }
  } else {
    // A list of consecutive values: "1, 2", "0, -1", "8, 9, 10", or one value "10".
    std::vector<std::int64_t> values;
    std::size_t start = 0;
    bool ok = true;
    while (start <= s.size()) {
      const std::size_t comma = s.find(',', start);
      const std::string part = trim(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      const auto v = parse_int(part, &why);
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
        return std::string("a band of a fraction key needs 'at least N' or 'less than N'");
      }
      std::sort(values.begin(), values.end());
      for (std::size_t i = 1; i < values.size(); ++i) {
        if (values[i] != values[i - 1] + 1) {
          return std::string("the values of a band must be consecutive");
        }
      }
      return qrs::band_between(Fraction(values.front()), Fraction(values.back()) + Fraction(1));
    }
  }
  const std::string shown = s.size() > 80 ? s.substr(0, 80) + "..." : s;  // a hostile band can be 16 KB
  if (!why.empty()) {
    return std::string("band '" + shown + "': " + why);
  }
  return "cannot read band '" + shown +
         "' (expected e.g. '8 or more', '3 - 7', '1, 2', '10', '-2 or less', '-', 'less than 1', 'at least 9', "
         "'more than 1 and less than 2', 'at most 2', 'exactly 3/2', 'equal')";
}

std::string format_band(const qrs::Band& b, KeyType type) {
  if (!b.present) return "-";
  if (type == KeyType::fraction) {
    const std::string lower = (b.lo_open ? "more than " : "at least ") + format_number(b.lo);
    const std::string upper = (b.hi_closed ? "at most " : "less than ") + format_number(b.hi);
    if (b.has_lo && b.has_hi && !b.lo_open && b.hi_closed && b.lo == b.hi) {
      return "exactly " + format_number(b.lo);
    }
    if (!b.exact_edges()) {
      if (!b.has_lo) return "less than " + format_number(b.hi);
      if (!b.has_hi) return format_number(b.lo) + " or more";
      return format_number(b.lo) + " to less than " + format_number(b.hi);
    }
    if (!b.has_lo) return upper;
    if (!b.has_hi) return lower;
    return lower + " and " + upper;
  }
  if (!b.has_lo) return format_number(b.hi - Fraction(1)) + " or less";
  if (!b.has_hi) return format_number(b.lo) + " or more";
  const std::int64_t lo = b.lo.floor();
  const std::int64_t hi = b.hi.floor() - 1;
  if (lo == hi) return std::to_string(lo);
  if (hi == lo + 1) return fmt::format("{}, {}", lo, hi);
  return fmt::format("{} - {}", lo, hi);
}

static Expected<TextParse, std::string> read_text(const std::string& text,
                                                  const std::vector<TextReference>& references) {
  TextParse out;
  std::string literal;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '{') {
      const std::size_t close = text.find('}', i);
      if (close == std::string::npos) return std::string("unclosed '{' in text (distances are written {2in})");
      const std::string inner = text.substr(i + 1, close - i - 1);
      if (inner.rfind(kScaleReference, 0) == 0) {
        const auto found =
            std::find_if(references.begin(), references.end(), [&](const TextReference& r) { return r.name == inner; });
        if (found == references.end()) {
          std::vector<std::string> names;
          for (const auto& r : references) names.push_back(r.name);
          return with_suggestion("unknown reference '{" + inner + "}'", inner, names);
        }
        literal += found->value;
        i = close;
        continue;
      }
      std::string why;
      const auto d = parse_distance(inner, &why);
      if (!d) return "'{" + inner + "}' is not a distance (" + (why.empty() ? "write e.g. {2in}" : why) + ")";
      out.segments.push_back({literal, std::nullopt});
      literal.clear();
      out.segments.push_back({"", d});
      i = close;
      continue;
    }
    if (c == '"' && i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1]))) {
      out.warnings.push_back(
          "bare inch mark in text: write the distance as {N"
          "in} so a scale can convert it");
    }
    literal += c;
  }
  if (!literal.empty() || out.segments.empty()) out.segments.push_back({literal, std::nullopt});
  return out;
}

std::optional<CellType> cell_type_from(const std::string& name) { return enum_named<CellType>(kCellTypeNames, name); }

const char* cell_type_name(CellType t) { return kCellTypeNames[static_cast<std::size_t>(t)]; }

namespace {

// Each reader returns the cell's value with its part set, or what was expected (or why a number
// was refused: out of range).
CellRead refused(const std::string& why, const char* expected) { return why.empty() ? std::string(expected) : why; }

CellRead read_integer_cell(const std::string& s) {
  std::string why;
  CellValue out;
  const auto v = parse_small_int(s, &why);
  if (!v) return refused(why, "expected a whole number");
  out.integer = {true, *v};
  return out;
}

CellRead read_fraction_cell(const std::string& s) {
  std::string why;
  CellValue out;
  // Never negative, nor written with a minus sign ("-0").
  const auto v = s.starts_with('-') ? std::nullopt : parse_number(s, &why);
  if (!v || *v < Fraction(0)) return refused(why, "expected a fraction such as 2, 1/2 or 1 1/2");
  out.fraction = {true, *v};
  return out;
}

// "12 / 16" (full / double quick), "16", "x1.5" (a multiple of the base rate) or "-" (none).
CellRead read_rate_cell(const std::string& s) {
  std::string why;
  CellValue out;
  Scan pair(s);
  std::string a, b;
  if (pair.decimal(a) && (pair.spaces(), pair.lit("/")) && (pair.spaces(), pair.decimal(b)) && pair.done()) {
    const auto full = parse_number(a, &why), dq = parse_number(b, &why);
    if (full && dq) {
      out.rate.present = true;
      out.rate.has_double_quick = true;
      out.rate.full = *full;
      out.rate.double_quick = *dq;
      return out;
    }
  }
  Scan mult(s);
  if ((mult.lit("x") || mult.lit("\xC3\x97")) && (mult.spaces(), mult.decimal(a)) && mult.done()) {
    if (const auto f = parse_number(a, &why)) {
      out.rate.present = true;
      out.rate.is_multiplier = true;
      out.rate.multiplier = *f;
      return out;
    }
  }
  if (const auto v = s.starts_with('-') ? std::nullopt : parse_number(s, &why); v && *v >= Fraction(0)) {
    out.rate.present = true;
    out.rate.full = *v;
    return out;
  }
  if (s != "-") return refused(why, "expected a rate such as '12 / 16', '16' or 'x1.5'");
  return out;  // no rate
}

// "X" (cannot), "M", "M-2", "M+1" (relative to a base) or a number of dice.
CellRead read_dice_cell(const std::string& s) {
  std::string why;
  CellValue out;
  if (s == "X" || s == "x") {
    out.dice = {qrs::Dice::Kind::cannot, 0};
    return out;
  }
  Scan relative(s);
  if (relative.lit("M") || relative.lit("m")) {
    relative.spaces();
    if (relative.done()) {
      out.dice = {qrs::Dice::Kind::relative, 0};
      return out;
    }
    const char sign = relative.sign();
    std::string d;
    if (sign && (relative.spaces(), relative.digits(d)) && relative.done()) {
      if (const auto off = parse_small_int(d, &why)) {
        out.dice = {qrs::Dice::Kind::relative, sign == '-' ? -*off : *off};
        return out;
      }
    }
  }
  // A number of dice is its digits alone: "+1" is neither a count nor relative to M ("M+1").
  if (const auto v = !s.empty() && is_digit(s[0]) ? parse_small_int(s, &why) : std::nullopt; v && *v >= 0) {
    out.dice = {qrs::Dice::Kind::fixed, *v};
    return out;
  }
  return refused(why, "expected dice such as 'M', 'M-2', 'M+1', '2' or 'X'");
}

// "3/2/1" (fresh/worn/spent) or "2/-1", "2/-/1" (no worn level), decreasing.
CellRead read_levels_cell(const std::string& s) {
  std::string why;
  CellValue out;
  Scan sc(s);
  std::string a, b, c;
  bool has_worn = false;
  if (sc.digits(a) && sc.lit("/")) {
    if (sc.digits(b) && sc.lit("/") && sc.digits(c) && sc.done()) {
      has_worn = true;
    } else if (b.empty() && sc.lit("-") && (sc.lit("/"), sc.digits(c)) && sc.done()) {
      b = "0";
    } else {
      a.clear();
    }
  } else {
    a.clear();
  }
  std::optional<int> start, worn, spent;
  if (!a.empty()) {
    start = parse_small_int(a, &why);
    worn = parse_small_int(b, &why);
    spent = parse_small_int(c, &why);
  }
  if (!start || !worn || !spent) {
    return refused(why, "expected levels first/second/last such as '3/2/1' or '2/-1'");
  }
  out.levels = {true, has_worn, *start, *worn, *spent};
  const auto& l = out.levels;
  if (!(l.spent < (l.has_worn ? l.worn : l.start) && (!l.has_worn || l.worn < l.start))) {
    return std::string("levels must decrease: fresh > worn > spent");
  }
  return out;
}

}  // namespace

static CellRead read_cell(const std::string& raw, CellType type) {
  const std::string s = trim(raw);
  switch (type) {
    case CellType::text: return CellValue{};
    case CellType::integer: return read_integer_cell(s);
    case CellType::fraction: return read_fraction_cell(s);
    case CellType::rate: return read_rate_cell(s);
    case CellType::dice: return read_dice_cell(s);
    case CellType::levels: return read_levels_cell(s);
  }
  return CellValue{};
}

BandParse parse_band(const std::string& text, KeyType type) { return unplaced(read_band(text, type)); }

Expected<TextParse> parse_text(const std::string& text, const std::vector<TextReference>& references) {
  return unplaced(read_text(text, references));
}

CellParse parse_cell(const std::string& text, CellType type) { return unplaced(read_cell(text, type)); }

}  // namespace qrsc
