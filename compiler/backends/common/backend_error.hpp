// What a backend cannot make (a template that does not parse, a sheet that does not fit its
// page, a tool that cannot run). It is thrown inside the backends' code, where it arises deep in
// rendering, and caught where that code is entered (the Backend interface, make_backend, the
// documents of reports/), which hand it on as a Diagnostic in an Expected or a Diagnostics: no
// exception leaves the library that entered the backends' code.
#pragma once

#include <string>
#include <utility>

#include "expected.hpp"

namespace qrsc {

struct BackendError {
  Diagnostic diagnostic;
};

[[noreturn]] inline void backend_error(Diagnostic diagnostic) { throw BackendError{std::move(diagnostic)}; }
// An error at no place in a file: printed "qrsc: error: MESSAGE".
[[noreturn]] inline void backend_error(std::string message) { backend_error(program_error(std::move(message))); }

// make(), a step of the backends' code, as an Expected: its value, or the BackendError it threw.
template <class Make>
auto guarded(Make&& make) -> Expected<decltype(make())> {
  try {
    return make();
  } catch (const BackendError& e) {
    return e.diagnostic;
  }
}

}  // namespace qrsc
