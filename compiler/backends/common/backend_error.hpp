// What a backend cannot make (a template that does not parse, a sheet that does not fit its
// page, a tool that cannot run). It is thrown inside the backends' code, where it arises deep in
// rendering, and caught where that code is entered (the Backend interface, make_backend, the
// documents of reports/), which hand it on as a Diagnostic in an Expected or a Diagnostics: no
// exception leaves the library that entered the backends' code.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "qrsc/base/expected.hpp"

namespace qrsc {

// An error and the notes that explain it (a sheet that does not fit: a note per table).
struct BackendError {
  std::vector<Diagnostic> diagnostics;
};

[[noreturn]] inline void backend_error(std::vector<Diagnostic> error_and_notes) {
  throw BackendError{std::move(error_and_notes)};
}
[[noreturn]] inline void backend_error(Diagnostic diagnostic) {
  backend_error(std::vector<Diagnostic>{std::move(diagnostic)});
}
// An error at no place in a file: printed "qrsc: error: MESSAGE".
[[noreturn]] inline void backend_error(std::string message) { backend_error(program_error(std::move(message))); }

// make(), a step of the backends' code, as an Expected: its value, or the error of the
// BackendError it threw (the steps guarded this way have no notes to add).
template <class Make>
auto guarded(Make&& make) -> Expected<decltype(make())> {
  try {
    return make();
  } catch (const BackendError& e) {
    return e.diagnostics.front();
  }
}

// make() as a value, or T{} with the BackendError's diagnostics added to `diags`.
template <class Make>
auto reported(Make&& make, Diagnostics& diags) -> decltype(make()) {
  try {
    return make();
  } catch (const BackendError& e) {
    for (const Diagnostic& d : e.diagnostics) diags.add(d);
    return {};
  }
}

}  // namespace qrsc
