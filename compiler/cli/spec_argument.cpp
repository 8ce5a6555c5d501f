#include "spec_argument.hpp"

#include <algorithm>
#include <iostream>
#include <system_error>

#include "compile.hpp"
#include "diagnostics.hpp"

namespace qrsc::cli {

namespace fs = std::filesystem;

namespace {

bool is_spec_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && p.extension() == ".yaml";
}

}  // namespace

std::optional<std::string> spec_argument(const std::string& arg, const SpecSearchPath& search) {
  std::error_code ec;
  if (fs::exists(arg, ec)) return arg;  // a file (or something the front end will refuse, with a reason)
  std::vector<fs::path> roots;
  if (fs::is_directory("rules", ec)) roots.emplace_back("rules");
  roots.insert(roots.end(), search.include_dirs.begin(), search.include_dirs.end());
  if (!search.installed.empty()) roots.push_back(search.installed);
  const std::string name = arg.size() > 5 && arg.ends_with(".yaml") ? arg.substr(0, arg.size() - 5) : arg;
  const bool safe = !name.empty() && name.find("..") == std::string::npos && name[0] != '/';
  std::vector<std::string> seen;
  for (const auto& root : roots) {
    if (!safe) break;
    // A path under the root ("rff/acw-2.1-15mm"), or a file name anywhere under it ("acw-2.1-15mm").
    if (const fs::path direct = root / (name + ".yaml"); is_spec_file(direct)) return direct.string();
    std::vector<fs::path> found;
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
      if (!is_spec_file(it->path())) continue;
      seen.push_back(it->path().stem().string());
      if (it->path().stem() == name) found.push_back(it->path());
    }
    std::sort(found.begin(), found.end());
    if (found.size() == 1) return found.front().string();
    if (found.size() > 1) {
      std::string names;
      for (const auto& f : found) names += ' ' + fs::relative(f, root, ec).replace_extension().string();
      print_error("spec name '" + arg + "' is ambiguous in " + root.string() + ":" + names +
                  " (name one by its path under the rules folder)");
      return std::nullopt;
    }
  }
  std::string looked;
  for (const auto& r : roots) looked += (looked.empty() ? "" : ", ") + r.string();
  print_error(with_suggestion("no spec file or spec named '" + arg + "'", name, seen) +
              (roots.empty() ? std::string(" (no rules folder here; give a file, or -I DIR)") : " (looked in " + looked + ")"));
  return std::nullopt;
}

}  // namespace qrsc::cli
