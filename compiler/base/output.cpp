#include "output.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <system_error>

namespace qrsc {

namespace fs = std::filesystem;

namespace {
bool same_content(const fs::path& p, const std::string& content) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str() == content;
}
}  // namespace

std::string write_files_atomically(const std::vector<PendingFile>& files) {
  std::vector<std::pair<fs::path, fs::path>> staged;  // temporary -> target
  const auto cleanup = [&] {
    std::error_code ec;
    for (const auto& [tmp, target] : staged) fs::remove(tmp, ec);
  };
  for (const auto& f : files) {
    if (same_content(f.path, f.content)) continue;
    std::error_code ec;
    if (f.path.has_parent_path()) fs::create_directories(f.path.parent_path(), ec);
    if (ec) {
      cleanup();
      return "cannot create folder " + f.path.parent_path().string() + ": " + ec.message();
    }
    const fs::path tmp = f.path.string() + ".tmp" + std::to_string(::getpid());
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << f.content;
    out.close();
    if (!out) {
      fs::remove(tmp, ec);
      cleanup();
      return "cannot write " + tmp.string();
    }
    staged.emplace_back(tmp, f.path);
  }
  for (const auto& [tmp, target] : staged) {
    std::error_code ec;
    fs::rename(tmp, target, ec);
    if (ec) {
      cleanup();
      return "cannot replace " + target.string() + ": " + ec.message();
    }
  }
  return {};
}

}  // namespace qrsc
