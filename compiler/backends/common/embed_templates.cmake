# Writes OUT: a C++ file holding every file under DIR as a string, keyed by its relative path.
file(GLOB_RECURSE files RELATIVE "${DIR}" "${DIR}/*")
list(SORT files)
set(body "")
foreach(f IN LISTS files)
  file(READ "${DIR}/${f}" content HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
  string(APPEND body "  {\"${f}\", bytes_to_string({${bytes}})},\n")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from templates/ by cmake/embed_templates.cmake. Do not edit.
#include <initializer_list>
#include <map>
#include <string>

namespace qrsc {
namespace {
std::string bytes_to_string(std::initializer_list<unsigned char> b) { return std::string(b.begin(), b.end()); }
}  // namespace
const std::map<std::string, std::string>& embedded_templates() {
  static const std::map<std::string, std::string> all = {
${body}  };
  return all;
}
}  // namespace qrsc
")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
