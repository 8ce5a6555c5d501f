// A number or a distance as a person types one: the one reader of both, used by qrsc (a spec's
// numbers, lookup's distances) and by the web page through its module (a distance typed in).
//   number:   "3", "-2", "+1", "1.5", ".25", "1/2", "1 1/2" (spaces around it ignored)
//   distance: a number, then optionally '"', "in" or "″" ("4", "4in", "4 in", "1 1/2\"")
// No allocation, no exceptions: it compiles into the WebAssembly module as it is.
#pragma once

#include <cstdint>
#include <string_view>

namespace qrs::text {

// Why a text is not a number: not written as one, or a part of it beyond the limits.
enum class NumberError {
  none,
  syntax,
  number,          // the whole part beyond the largest magnitude
  numerator,       // a fraction's numerator beyond the largest magnitude
  denominator,     // a denominator beyond the largest denominator
  decimal_part,    // the decimals beyond the largest denominator
  decimal_places,  // more than six decimals
  zero_denominator,
  too_large,  // the value beyond the largest magnitude
};

// The largest whole part and denominator a number may have (qrsc's limits on every input).
struct NumberLimits {
  std::int64_t magnitude;
  std::int64_t denominator;
};

// The value num/den (not reduced; den > 0), or the error.
struct TypedNumber {
  NumberError error = NumberError::syntax;
  std::int64_t num = 0;
  std::int64_t den = 1;
  [[nodiscard]] constexpr bool ok() const { return error == NumberError::none; }
};

namespace detail {

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

constexpr std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// The run of digits at the start of `s` (possibly empty), taken off it.
constexpr std::string_view take_digits(std::string_view& s) {
  std::size_t n = 0;
  while (n < s.size() && is_digit(s[n])) ++n;
  const std::string_view d = s.substr(0, n);
  s.remove_prefix(n);
  return d;
}

// The value of a run of digits, or -1 above `max`.
constexpr std::int64_t digits_value(std::string_view d, std::int64_t max) {
  std::int64_t v = 0;
  for (const char c : d) {
    v = v * 10 + (c - '0');
    if (v > max) return -1;
  }
  return v;
}

}  // namespace detail

constexpr TypedNumber read_number(std::string_view text, NumberLimits limits) {
  using namespace detail;
  std::string_view s = trimmed(text);
  const bool negative = !s.empty() && s.front() == '-';
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
  const auto value = [&](std::int64_t num, std::int64_t den) {
    return TypedNumber{NumberError::none, negative ? -num : num, den};
  };
  const std::string_view a = take_digits(s);
  if (!a.empty() && s.empty()) {  // "3", "-2", "+1"
    const std::int64_t v = digits_value(a, limits.magnitude);
    return v < 0 ? TypedNumber{NumberError::number} : value(v, 1);
  }
  if (!s.empty() && s.front() == '.') {  // "1.5", ".25": at most six decimals
    s.remove_prefix(1);
    const std::string_view d = take_digits(s);
    if (d.empty() || !s.empty()) return {};
    if (d.size() > 6) return {NumberError::decimal_places};
    const std::int64_t whole = a.empty() ? 0 : digits_value(a, limits.magnitude);
    const std::int64_t part = digits_value(d, limits.denominator);
    if (part < 0) return {NumberError::decimal_part};
    if (whole < 0) return {NumberError::number};
    std::int64_t den = 1;
    for (std::size_t i = 0; i < d.size(); ++i) den *= 10;
    return value(whole * den + part, den);
  }
  if (a.empty()) return {};
  // "1/2" or "1 1/2"
  std::string_view whole_digits, num_digits = a;
  if (!s.empty() && is_space(s.front())) {
    s = trimmed(s);
    whole_digits = a;
    num_digits = take_digits(s);
    if (num_digits.empty()) return {};
  }
  if (s.empty() || s.front() != '/') return {};
  s.remove_prefix(1);
  const std::string_view den_digits = take_digits(s);
  if (den_digits.empty() || !s.empty()) return {};
  const std::int64_t whole = whole_digits.empty() ? 0 : digits_value(whole_digits, limits.magnitude);
  const std::int64_t num = digits_value(num_digits, limits.magnitude);
  const std::int64_t den = digits_value(den_digits, limits.denominator);
  // The last part out of range is the one named, as each is read in turn.
  if (den < 0) return {NumberError::denominator};
  if (num < 0) return {NumberError::numerator};
  if (whole < 0) return {NumberError::number};
  if (den == 0) return {NumberError::zero_denominator};
  const std::int64_t n = whole * den + num;  // at most 10^9 * 10^6 + 10^9: no overflow
  if (n > limits.magnitude * den) return {NumberError::too_large};
  return value(n, den);
}

// A distance in inches as a person types it (lookup's column, the page's distance fields).
constexpr TypedNumber read_distance(std::string_view s, NumberLimits limits) {
  for (const std::string_view unit : {std::string_view("\""), std::string_view("in"), std::string_view("\u2033")}) {
    if (s.size() > unit.size() && s.substr(s.size() - unit.size()) == unit) {
      s.remove_suffix(unit.size());
      break;
    }
  }
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return read_number(s, limits);
}

}  // namespace qrs::text
