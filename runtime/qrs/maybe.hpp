// What a generated lookup returns when it may find nothing: std::optional's interface for the
// small value types of the tables (enums), without instantiating std::optional for each of
// them. Those instantiations were a quarter of the cost of including every generated header
// (docs/benchmarks.md). A Maybe converts to std::optional where a program keeps one.
#pragma once

#include <optional>

namespace qrs {

template <class T>
class Maybe {
 public:
  constexpr Maybe() noexcept = default;
  constexpr Maybe(std::nullopt_t) noexcept {}  // NOLINT: implicit, as std::optional's
  constexpr Maybe(T value) noexcept : value_(value), found_(true) {}  // NOLINT: implicit, as std::optional's

  [[nodiscard]] constexpr bool has_value() const noexcept { return found_; }
  constexpr explicit operator bool() const noexcept { return found_; }
  // Precondition: has_value() (as std::optional's operator*).
  [[nodiscard]] constexpr T operator*() const noexcept { return value_; }
  [[nodiscard]] constexpr T value() const noexcept { return value_; }
  [[nodiscard]] constexpr T value_or(T otherwise) const noexcept { return found_ ? value_ : otherwise; }
  constexpr operator std::optional<T>() const {  // NOLINT: implicit, so that std::optional<T> x = lookup(...) works
    return found_ ? std::optional<T>(value_) : std::nullopt;
  }

  friend constexpr bool operator==(const Maybe& a, const Maybe& b) noexcept {
    return a.found_ == b.found_ && (!a.found_ || a.value_ == b.value_);
  }
  friend constexpr bool operator==(const Maybe& a, const T& b) noexcept { return a.found_ && a.value_ == b; }
  friend constexpr bool operator==(const Maybe& a, std::nullopt_t) noexcept { return !a.found_; }

 private:
  T value_{};
  bool found_ = false;
};

}  // namespace qrs
