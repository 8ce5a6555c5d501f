#include "qrsc/cli/backend_choice.hpp"

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/cli/compile.hpp"

namespace qrsc::cli {

std::string backend_names() {
  std::string out;
  for (const BackendInfo* b : all_backends()) out += (out.empty() ? "" : ", ") + std::string(b->name);
  return out;
}

std::optional<std::vector<const BackendInfo*>> chosen_backends(const std::vector<std::string>& names) {
  std::vector<const BackendInfo*> out;
  for (const BackendInfo* b : all_backends()) {
    if (names.empty() && b->by_default) out.push_back(b);
  }
  for (const auto& name : names) {
    const BackendInfo* info = find_backend(name);
    if (!info) {
      std::vector<std::string> known;
      for (const BackendInfo* b : all_backends()) known.emplace_back(b->name);
      print_error(with_suggestion("unknown output '" + name + "'", name, known) + " (outputs: " + backend_names() +
                  ")");
      return std::nullopt;
    }
    out.push_back(info);
  }
  return out;
}

}  // namespace qrsc::cli
