# Writes OUT: a C++ file holding every file under DIR as a string, keyed by its relative path.
file(GLOB_RECURSE files RELATIVE "${DIR}" "${DIR}/*")
list(SORT files)
# Each file is an array of bytes in the program's read-only data, viewed in place: nothing is
# copied when a template is used.
set(arrays "")
set(body "")
set(i 0)
foreach(f IN LISTS files)
  file(READ "${DIR}/${f}" content HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
  string(APPEND arrays "constexpr unsigned char k${i}[] = {${bytes}};\n")
  string(APPEND body "      {\"${f}\", view(k${i}, sizeof k${i})},\n")
  math(EXPR i "${i} + 1")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from templates/ by cmake/embed_templates.cmake. Do not edit.
#include <cstddef>
#include <map>
#include <string_view>

namespace qrsc {
namespace {
${arrays}
std::string_view view(const unsigned char* bytes, std::size_t size) {
  return {reinterpret_cast<const char*>(bytes), size};
}
}  // namespace
const std::map<std::string_view, std::string_view>& embedded_templates() {
  static const std::map<std::string_view, std::string_view> all = {
${body}  };
  return all;
}
}  // namespace qrsc
")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
