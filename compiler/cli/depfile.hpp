// A dependency file in the Makefile syntax that gcc -MD writes and Ninja and CMake's DEPFILE
// read: the outputs, then every spec they were made from, so a build tool regenerates them when
// a parent or applied spec changes (qrsc build --depfile FILE).
#pragma once

#include <string>
#include <vector>

namespace qrsc::cli {

std::string make_depfile(const std::vector<std::string>& targets, const std::vector<std::string>& inputs);

}  // namespace qrsc::cli
