// The C++ backend's renderer: one header per spec, from templates/cpp/sheet.hpp.mustache.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>

#include "qrsc/backends/common/mustache.hpp"
#include "qrsc/backends/common/shared_tables.hpp"
#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// Parses the header template once; renders it for as many sheets as a run has. A table the
// run's specs share renders once (mst::generated_list), known by its number in `shared` (the
// run's numbering, kept by the caller; a one-off emitter numbers its own).
class CppHeaderEmitter {
 public:
  explicit CppHeaderEmitter(SharedTableNumbers* shared = nullptr);  // throws BackendError for a bad template
  CppHeaderEmitter(const CppHeaderEmitter&) = delete;
  CppHeaderEmitter& operator=(const CppHeaderEmitter&) = delete;
  std::string header(const Spec& spec);

 private:
  tmpl::mustache tmpl_;
  SharedTableNumbers own_;
  SharedTableNumbers* shared_;
};

// One header, with a renderer of its own (tests, one-off uses).
std::string emit_cpp_header(const Spec& spec);
// The header's path under the output folder: <system>/<file id>.hpp
std::string cpp_header_path(const Spec& spec);
std::string cpp_namespace(const Spec& spec);
// Two ids that become the same C++ name in one scope (after mangling: "a_b" and "a__b" are
// both the type AB, "3" and "n3" both n3, a table called "name" and the function name()).
// With `shared`, the names inside a table another spec of the run shares are checked once:
// the tables found clean are remembered there.
struct SharedTableChecks {
  SharedTableNumbers* numbers;              // the run's numbering of its shared tables
  std::unordered_set<std::uint64_t> clean;  // numbers of the tables whose names were found clean
};
void check_cpp_names(const Spec& spec, Diagnostics& diags, SharedTableChecks* shared = nullptr);

}  // namespace qrsc
