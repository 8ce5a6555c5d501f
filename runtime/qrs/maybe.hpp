// What a generated lookup returns when it may find nothing: std::optional's interface for the
// small value types of the tables (enums), without instantiating std::optional for each of
// them. Those instantiations would be a quarter of the cost of including every generated header
// (docs/benchmarks.md). A Maybe converts to std::optional where a program keeps one.
//
// Nor does this header include <optional> (a tenth of that cost again): it meets std::nullopt
// and std::optional in templates, deduced where a program uses them, and a program that names
// std::nullopt includes <optional> itself.
#pragma once

#include <type_traits>

namespace qrs {

// std::nullopt_t as the standard describes it, an empty class type with no default
// constructor that is not an aggregate, recognised without naming it.
template <class N>
concept NullOpt = std::is_empty_v<N> && !std::is_default_constructible_v<N> && !std::is_aggregate_v<N>;

template <class T>
class Maybe {
 public:
  constexpr Maybe() noexcept = default;
  template <NullOpt N>
  constexpr Maybe(N) noexcept {}  // NOLINT: implicit, as std::optional's from std::nullopt
  constexpr Maybe(T value) noexcept : value_(value), found_(true) {}  // NOLINT: implicit, as std::optional's

  [[nodiscard]] constexpr bool has_value() const noexcept { return found_; }
  constexpr explicit operator bool() const noexcept { return found_; }
  // Precondition: has_value() (as std::optional's operator*).
  [[nodiscard]] constexpr T operator*() const noexcept { return value_; }
  [[nodiscard]] constexpr T value() const noexcept { return value_; }
  [[nodiscard]] constexpr T value_or(T otherwise) const noexcept { return found_ ? value_ : otherwise; }
  // To std::optional<T> (the template deduced from the type converted to), so that
  // `std::optional<T> x = lookup(...)` works.
  template <template <class> class Optional>
  requires requires(Optional<T> o) {
    o.has_value();
    o.reset();
  }
  constexpr operator Optional<T>() const {  // NOLINT: implicit, as converting to std::optional should be
    return found_ ? Optional<T>(value_) : Optional<T>();
  }

  friend constexpr bool operator==(const Maybe& a, const Maybe& b) noexcept {
    return a.found_ == b.found_ && (!a.found_ || a.value_ == b.value_);
  }
  friend constexpr bool operator==(const Maybe& a, const T& b) noexcept { return a.found_ && a.value_ == b; }
  template <NullOpt N>
  friend constexpr bool operator==(const Maybe& a, N) noexcept {
    return !a.found_;
  }

 private:
  T value_{};
  bool found_ = false;
};

}  // namespace qrs
