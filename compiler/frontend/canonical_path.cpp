#include "qrsc/frontend/canonical_path.hpp"

#include <mutex>
#include <string>
#include <unordered_map>

namespace qrsc {

namespace fs = std::filesystem;

namespace {
struct Known {
  std::mutex lock;
  std::unordered_map<std::string, fs::path> by_path;
};
Known& known() {
  static Known k;
  return k;
}
}  // namespace

fs::path canonical_path(const fs::path& p, std::error_code& ec) {
  ec.clear();
  Known& k = known();
  {
    const std::lock_guard<std::mutex> hold(k.lock);
    if (const auto it = k.by_path.find(p.native()); it != k.by_path.end()) return it->second;
  }
  fs::path c = fs::weakly_canonical(p, ec);
  if (ec) return c;
  const std::lock_guard<std::mutex> hold(k.lock);
  k.by_path.emplace(p.native(), c);
  return c;
}

fs::path canonical_path(const fs::path& p) {
  std::error_code ec;
  fs::path c = canonical_path(p, ec);
  if (ec) throw fs::filesystem_error("cannot make the path canonical", p, ec);
  return c;
}

}  // namespace qrsc
