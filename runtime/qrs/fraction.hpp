// Exact rational numbers for fire points (halves and quarters) and distances (1.5").
#pragma once

#include <compare>
#include <cstdint>
#include <numeric>

namespace qrs {

class Fraction {
 public:
  constexpr Fraction() = default;
  constexpr Fraction(std::int64_t whole) : num_(whole), den_(1) {}  // NOLINT: implicit by design
  constexpr Fraction(std::int64_t num, std::int64_t den) : num_(num), den_(den) { normalize(); }

  [[nodiscard]] constexpr std::int64_t num() const { return num_; }
  [[nodiscard]] constexpr std::int64_t den() const { return den_; }
  [[nodiscard]] constexpr bool is_integer() const { return den_ == 1; }

  // "Round fractions down": the greatest integer not above the value.
  [[nodiscard]] constexpr std::int64_t floor() const {
    return num_ >= 0 ? num_ / den_ : -((-num_ + den_ - 1) / den_);
  }
  [[nodiscard]] constexpr std::int64_t ceil() const { return -Fraction(-num_, den_).floor(); }

  friend constexpr Fraction operator+(Fraction a, Fraction b) {
    return {a.num_ * b.den_ + b.num_ * a.den_, a.den_ * b.den_};
  }
  friend constexpr Fraction operator-(Fraction a, Fraction b) {
    return {a.num_ * b.den_ - b.num_ * a.den_, a.den_ * b.den_};
  }
  friend constexpr Fraction operator*(Fraction a, Fraction b) {
    return {a.num_ * b.num_, a.den_ * b.den_};
  }
  friend constexpr Fraction operator/(Fraction a, Fraction b) {
    return {a.num_ * b.den_, a.den_ * b.num_};
  }
  constexpr Fraction operator-() const { return {-num_, den_}; }
  constexpr Fraction& operator+=(Fraction o) { return *this = *this + o; }

  friend constexpr bool operator==(Fraction a, Fraction b) = default;
  friend constexpr std::strong_ordering operator<=>(Fraction a, Fraction b) {
    return a.num_ * b.den_ <=> b.num_ * a.den_;
  }

 private:
  constexpr void normalize() {
    if (den_ < 0) {
      num_ = -num_;
      den_ = -den_;
    }
    const std::int64_t g = std::gcd(num_ < 0 ? -num_ : num_, den_);
    if (g > 1) {
      num_ /= g;
      den_ /= g;
    }
  }
  std::int64_t num_ = 0;
  std::int64_t den_ = 1;
};

}  // namespace qrs
