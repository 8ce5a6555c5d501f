#include "template_store.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace qrsc {

// Defined in the file CMake generates from templates/.
const std::map<std::string_view, std::string_view>& embedded_templates();

namespace {

struct TemplateStore {
  std::optional<std::filesystem::path> dir;
  // Read from a folder, by the file's path: kept for the process (views of them are handed
  // out), so that a file is read once however often the folder is set.
  std::map<std::filesystem::path, std::string> read;
};

TemplateStore& store() {
  static TemplateStore s;
  return s;
}

}  // namespace

void set_template_dir(std::optional<std::filesystem::path> dir) {
  store().dir = std::move(dir);
}

std::string_view load_template(const std::string& name) {
  TemplateStore& s = store();
  if (!s.dir) {
    const auto& all = embedded_templates();
    const auto it = all.find(name);
    if (it == all.end()) throw std::runtime_error("template not found: " + name);
    return it->second;
  }
  const std::filesystem::path file = *s.dir / name;
  if (const auto it = s.read.find(file); it != s.read.end()) return it->second;
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("template not found: " + file.string());
  std::stringstream ss;
  ss << in.rdbuf();
  return s.read.emplace(file, ss.str()).first->second;
}

void throw_template_error(const std::string& name, const tmpl::mustache& t) {
  throw std::runtime_error(t.error_diagnostic(name));
}

}  // namespace qrsc
