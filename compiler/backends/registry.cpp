// The registered backends: backend_list.inc is generated from QRSC_BACKENDS in CMakeLists.txt
// beside this file, so adding a backend never touches this file.
#include "qrsc/backends/registry.hpp"

namespace qrsc {

#define QRSC_BACKEND(name) const BackendInfo& name##_backend();
#include "backend_list.inc"
#undef QRSC_BACKEND

const std::vector<const BackendInfo*>& all_backends() {
  static const std::vector<const BackendInfo*> all = {
#define QRSC_BACKEND(name) &name##_backend(),
#include "backend_list.inc"
#undef QRSC_BACKEND
  };
  return all;
}

const BackendInfo* find_backend(std::string_view name) {
  for (const BackendInfo* b : all_backends()) {
    if (b->name == name) return b;
  }
  return nullptr;
}

}  // namespace qrsc
