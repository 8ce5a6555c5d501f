// A value, or the error that says why there is none: how a step that can fail returns (C++23's
// std::expected, with the error a Diagnostic). Every error of qrsc reaches the command line as a
// Diagnostic, from a spec's Diagnostics or from an Expected, and is printed one way
// (format_diagnostic); none is a string that means failure when it is not empty, and none is an
// exception that leaves the library that raised it.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "qrsc/base/diagnostics.hpp"

namespace qrsc {

// E is a Diagnostic everywhere a step reports to another: with the place where the step knows
// it, or none (program_error). Only the notation readers inside model/notation.cpp say why a
// text fails as a bare message (E = std::string) before their public faces make it a Diagnostic
// with no place, which the caller places at the text.
template <class T, class E = Diagnostic>
class [[nodiscard]] Expected {
  static_assert(!std::is_same_v<T, E>, "a value and an error of one type cannot be told apart");

 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit, as std::expected
  Expected(E error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT
  [[nodiscard]] bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& operator*() { return std::get<0>(v_); }
  const T& operator*() const { return std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  [[nodiscard]] const E& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, E> v_;
};

template <class E>
class [[nodiscard]] Expected<void, E> {
 public:
  Expected() = default;
  Expected(E error) : error_(std::move(error)), ok_(false) {}  // NOLINT
  [[nodiscard]] bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  [[nodiscard]] const E& error() const { return error_; }

 private:
  E error_{};
  bool ok_ = true;
};

}  // namespace qrsc
