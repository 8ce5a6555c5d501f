// A dependency file in the Makefile syntax that gcc -MD writes and GNU make, Ninja and CMake's
// DEPFILE read: the outputs, then every spec they were made from, so a build tool regenerates them
// when a parent or applied spec changes (qrsc build --depfile FILE).
#pragma once

#include <string>
#include <vector>

namespace qrsc::cli {

struct Depfile {
  std::string text;
  // Paths make and Ninja cannot both read back (a control character or a backslash); the depfile
  // is not written when there is one.
  std::vector<std::string> unwritable;
};

Depfile make_depfile(const std::vector<std::string>& targets, const std::vector<std::string>& inputs);

}  // namespace qrsc::cli
