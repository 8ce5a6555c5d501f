#include "backend.hpp"

namespace qrsc {

std::vector<OutputFile> Backend::emit_run(const std::vector<const Spec*>& /*specs*/) const { return {}; }

void Backend::check(const Spec& /*spec*/, Diagnostics& /*diags*/) const {}

std::string sheet_file_id(const Spec& spec) {
  std::string out;
  for (const char c : spec.id) out += (c == '-' || c == '.') ? '_' : c;
  return out;
}

}  // namespace qrsc
