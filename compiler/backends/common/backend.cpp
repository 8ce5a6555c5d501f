#include "qrsc/backends/common/backend.hpp"

namespace qrsc {

std::vector<OutputFile> one_output(std::string path, std::string content) {
  std::vector<OutputFile> out(1);
  out[0].path = std::move(path);
  out[0].content = std::move(content);
  return out;
}

std::vector<OutputFile> Backend::sheet_files(const Spec& spec, Diagnostics& diags) const {
  return reported([&] { return emit(spec); }, diags);
}

std::vector<OutputFile> Backend::run_files(const std::vector<const Spec*>& specs, Diagnostics& diags) const {
  return reported([&] { return emit_run(specs); }, diags);
}

std::unique_ptr<Backend> make_backend(const BackendInfo& info, const BackendOptions& options, Diagnostics& diags) {
  return reported([&] { return info.make(options); }, diags);
}

std::vector<OutputFile> Backend::emit_run(const std::vector<const Spec*>& /*specs*/) const { return {}; }

void Backend::check(const Spec& /*spec*/, Diagnostics& /*diags*/) const {}

std::vector<std::string> Backend::files_read(const Spec& /*spec*/) const { return {}; }

std::string sheet_file_id(const Spec& spec) {
  std::string out;
  for (const char c : spec.id) out += (c == '-' || c == '.') ? '_' : c;
  return out;
}

}  // namespace qrsc
