// `--emit cpp`: a header of constexpr tables per sheet.
#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/cpp/emit_cpp.hpp"

namespace qrsc {

namespace {

class CppBackend final : public Backend {
 public:
  std::vector<OutputFile> emit(const Spec& spec) const override {
    return one_output(cpp_header_path(spec), emitter_.header(spec));
  }
  void check(const Spec& spec, Diagnostics& diags) const override { check_cpp_names(spec, diags, &shared_); }

 private:
  // The run's shared tables, numbered once for the header's reuse and the name checks.
  mutable SharedTableNumbers shared_tables_;
  mutable CppHeaderEmitter emitter_{&shared_tables_};      // rendering reuses the parsed template's state
  mutable SharedTableChecks shared_{&shared_tables_, {}};  // the shared tables whose names were checked
};

}  // namespace

const BackendInfo& cpp_backend() {
  static const BackendInfo info{
      "cpp",
      "C++20 header of constexpr tables and lookups",
      true,
      [](const BackendOptions&) -> std::unique_ptr<Backend> { return std::make_unique<CppBackend>(); },
      cpp_header_path,
      {}};
  return info;
}

}  // namespace qrsc
