#include "templates.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace qrsc {

// Defined in the file CMake generates from templates/.
const std::map<std::string, std::string>& embedded_templates();

namespace {
std::optional<std::filesystem::path>& template_dir() {
  static std::optional<std::filesystem::path> dir;
  return dir;
}
}  // namespace

void set_template_dir(std::optional<std::filesystem::path> dir) { template_dir() = std::move(dir); }

std::string load_template(const std::string& name) {
  if (template_dir()) {
    std::ifstream in(*template_dir() / name, std::ios::binary);
    if (!in) throw std::runtime_error("template not found: " + (*template_dir() / name).string());
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  const auto& all = embedded_templates();
  const auto it = all.find(name);
  if (it == all.end()) throw std::runtime_error("template not found: " + name);
  return it->second;
}

}  // namespace qrsc
