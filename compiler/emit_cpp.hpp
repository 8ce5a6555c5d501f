// The C++ backend: one header per spec, rendered from templates/cpp/sheet.hpp.mustache.
#pragma once

#include <string>

#include "model.hpp"

namespace qrsc {

std::string emit_cpp_header(const Spec& spec);
// The header's path under the output folder: <system>/<id with - and . as _>.hpp
std::string cpp_header_path(const Spec& spec);
std::string cpp_namespace(const Spec& spec);

}  // namespace qrsc
