// Exact rational numbers for fire points (halves and quarters) and distances (1.5").
#pragma once

// Every generated header includes this file: INT64_MIN and __builtin_abort rather than
// <limits> and <cstdlib>, which would add a tenth to the cost of including them all.
#include <compare>
#include <cstdint>
#include <exception>

namespace qrs {

// What a Fraction operation throws at run time when its result does not fit 64 bits (or a
// denominator is zero). Its own type rather than std::overflow_error: <stdexcept> brings in
// <string>, which would double the cost of including a generated header (docs/benchmarks.md).
class FractionOverflow : public std::exception {
 public:
  [[nodiscard]] const char* what() const noexcept override { return "qrs::Fraction: result does not fit 64 bits"; }
};

namespace detail {

// Reached only when a result does not fit 64 bits (or a denominator is zero). Not constexpr:
// in a constant expression (every generated table) the call makes the expression ill-formed,
// so an overflow is a compile error; at run time it throws, or aborts without exceptions.
[[noreturn]] inline void fraction_overflow() {
#if defined(__cpp_exceptions)
  throw FractionOverflow();
#else
  __builtin_abort();
#endif
}

constexpr std::int64_t checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) fraction_overflow();
  return r;
}
constexpr std::int64_t checked_sub(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_sub_overflow(a, b, &r)) fraction_overflow();
  return r;
}
constexpr std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) fraction_overflow();
  return r;
}
constexpr std::int64_t checked_neg(std::int64_t a) { return checked_sub(0, a); }

// Euclid's algorithm on magnitudes (never INT64_MIN, which Fraction refuses). Plain, so that a
// table of thousands of fractions stays within clang's constexpr step limit (std::gcd's binary
// algorithm costs several times the steps).
constexpr std::int64_t gcd(std::int64_t a, std::int64_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b != 0) {
    const std::int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

}  // namespace detail

class Fraction {
 public:
  constexpr Fraction() = default;
  constexpr Fraction(std::int64_t whole) : num_(whole), den_(1) {  // NOLINT: implicit by design
    // INT64_MIN has no negation (and std::gcd of it is undefined): refused like an overflow.
    if (whole == INT64_MIN) detail::fraction_overflow();
  }
  constexpr Fraction(std::int64_t num, std::int64_t den) : num_(num), den_(den) { normalize(); }

  [[nodiscard]] constexpr std::int64_t num() const { return num_; }
  [[nodiscard]] constexpr std::int64_t den() const { return den_; }
  [[nodiscard]] constexpr bool is_integer() const { return den_ == 1; }

  // "Round fractions down": the greatest integer not above the value.
  [[nodiscard]] constexpr std::int64_t floor() const {
    const std::int64_t q = num_ / den_;
    return (num_ % den_ != 0 && num_ < 0) ? q - 1 : q;
  }
  [[nodiscard]] constexpr std::int64_t ceil() const {
    const std::int64_t q = num_ / den_;
    return (num_ % den_ != 0 && num_ > 0) ? q + 1 : q;
  }

  // Sums over the least common denominator, every step checked.
  friend constexpr Fraction operator+(Fraction a, Fraction b) {
    const std::int64_t g = detail::gcd(a.den_, b.den_);
    const std::int64_t num =
        detail::checked_add(detail::checked_mul(a.num_, b.den_ / g), detail::checked_mul(b.num_, a.den_ / g));
    return {num, detail::checked_mul(a.den_ / g, b.den_)};
  }
  friend constexpr Fraction operator-(Fraction a, Fraction b) { return a + -b; }
  // Products cross-reduced first, so that a result that fits never overflows on the way.
  friend constexpr Fraction operator*(Fraction a, Fraction b) {
    const std::int64_t g1 = gcd_abs(a.num_, b.den_);
    const std::int64_t g2 = gcd_abs(b.num_, a.den_);
    return {detail::checked_mul(a.num_ / g1, b.num_ / g2), detail::checked_mul(a.den_ / g2, b.den_ / g1)};
  }
  friend constexpr Fraction operator/(Fraction a, Fraction b) {
    if (b.num_ == 0) detail::fraction_overflow();
    return a * Fraction(b.den_, b.num_);
  }
  constexpr Fraction operator-() const { return {detail::checked_neg(num_), den_}; }
  constexpr Fraction& operator+=(Fraction o) { return *this = *this + o; }

  friend constexpr bool operator==(Fraction a, Fraction b) = default;
  // Exact for every pair, without overflow: the whole parts first, then the remainders.
  friend constexpr std::strong_ordering operator<=>(Fraction a, Fraction b) {
    if (a.den_ == 1 && b.den_ == 1) return a.num_ <=> b.num_;  // whole numbers: the common case, kept cheap
    const std::int64_t fa = a.floor(), fb = b.floor();
    if (fa != fb) return fa <=> fb;
    // Same whole part: compare the remainders (0 <= r < den).
    const std::int64_t ra = a.num_ % a.den_ < 0 ? a.num_ % a.den_ + a.den_ : a.num_ % a.den_;
    const std::int64_t rb = b.num_ % b.den_ < 0 ? b.num_ % b.den_ + b.den_ : b.num_ % b.den_;
    return compare_remainders(ra, a.den_, rb, b.den_);
  }

 private:
  static constexpr std::int64_t gcd_abs(std::int64_t a, std::int64_t b) {
    const std::int64_t g = detail::gcd(a, b);
    return g == 0 ? 1 : g;
  }
  // ra/da <=> rb/db for 0 <= ra < da, 0 <= rb < db.
  static constexpr std::strong_ordering compare_remainders(std::int64_t ra, std::int64_t da, std::int64_t rb,
                                                           std::int64_t db) {
    std::int64_t pa = 0, pb = 0;  // the cross products, when they fit
    if (!__builtin_mul_overflow(ra, db, &pa) && !__builtin_mul_overflow(rb, da, &pb)) return pa <=> pb;
    if (ra == 0 || rb == 0) return ra <=> rb;
    // ra/da < rb/db  <=>  db/rb < da/ra : compare the reciprocals (whole parts, then remainders).
    const Fraction inv_a(da, ra), inv_b(db, rb);
    return inv_b <=> inv_a;
  }
  constexpr void normalize() {
    if (den_ == 0) detail::fraction_overflow();
    if (num_ == INT64_MIN || den_ == INT64_MIN) {
      detail::fraction_overflow();
    }
    if (den_ == 1) return;  // whole numbers (most of every table): no gcd, few constexpr steps
    if (den_ < 0) {
      num_ = -num_;
      den_ = -den_;
    }
    const std::int64_t g = detail::gcd(num_, den_);
    if (g > 1) {
      num_ /= g;
      den_ /= g;
    }
  }
  std::int64_t num_ = 0;
  std::int64_t den_ = 1;
};

}  // namespace qrs
