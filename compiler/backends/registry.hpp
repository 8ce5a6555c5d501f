// The registered backends, found by name (qrsc build --emit). The list is QRSC_BACKENDS in
// CMakeLists.txt beside this file.
#pragma once

#include <string_view>
#include <vector>

#include "qrsc/backends/common/backend.hpp"

namespace qrsc {

// Every registered backend, in registration order.
const std::vector<const BackendInfo*>& all_backends();
// The backend called `name`, or nullptr.
const BackendInfo* find_backend(std::string_view name);

}  // namespace qrsc
