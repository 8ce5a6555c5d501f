// A value, or the error that says why there is none: how a step that can fail returns (C++23's
// std::expected, with the error a Diagnostic). Every error of qrsc reaches the command line as a
// Diagnostic, from a spec's Diagnostics or from an Expected, and is printed one way
// (format_diagnostic); none is a string that means failure when it is not empty, and none is an
// exception that leaves the library that raised it.
#pragma once

#include <string>
#include <utility>
#include <variant>

#include "diagnostics.hpp"

namespace qrsc {

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}                 // NOLINT: implicit, as std::expected
  Expected(Diagnostic error) : v_(std::move(error)) {}        // NOLINT
  [[nodiscard]] bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& operator*() { return std::get<0>(v_); }
  const T& operator*() const { return std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  [[nodiscard]] const Diagnostic& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Diagnostic> v_;
};

template <>
class [[nodiscard]] Expected<void> {
 public:
  Expected() = default;
  Expected(Diagnostic error) : error_(std::move(error)), ok_(false) {}  // NOLINT
  [[nodiscard]] bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  [[nodiscard]] const Diagnostic& error() const { return error_; }

 private:
  Diagnostic error_;
  bool ok_ = true;
};

}  // namespace qrsc
