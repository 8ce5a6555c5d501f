#include "template_store.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace qrsc {

// Defined in the file CMake generates from templates/.
const std::map<std::string, std::string>& embedded_templates();

namespace {

struct TemplateStore {
  std::optional<std::filesystem::path> dir;
  std::map<std::string, std::string> read;  // from `dir`, by name
};

TemplateStore& store() {
  static TemplateStore s;
  return s;
}

}  // namespace

void set_template_dir(std::optional<std::filesystem::path> dir) {
  store().dir = std::move(dir);
  store().read.clear();
}

const std::string& load_template(const std::string& name) {
  TemplateStore& s = store();
  if (!s.dir) {
    const auto& all = embedded_templates();
    const auto it = all.find(name);
    if (it == all.end()) throw std::runtime_error("template not found: " + name);
    return it->second;
  }
  if (const auto it = s.read.find(name); it != s.read.end()) return it->second;
  std::ifstream in(*s.dir / name, std::ios::binary);
  if (!in) throw std::runtime_error("template not found: " + (*s.dir / name).string());
  std::stringstream ss;
  ss << in.rdbuf();
  return s.read.emplace(name, ss.str()).first->second;
}

void throw_template_error(const std::string& name, const tmpl::mustache& t) {
  throw std::runtime_error(t.error_diagnostic(name));
}

}  // namespace qrsc
